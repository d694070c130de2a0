// Package nodetest finds node and the repository's pinned LangGraph JS
// packages for tests that compare the engine with the real library. Without
// them such a test skips with a one-line reason; with SCENARIO_REQUIRE_NODE=1
// (set by .ci/run) the skip is a failure instead, so CI never skips them.
package nodetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// RequireEnv makes a missing node or package a failure instead of a skip.
const RequireEnv = "SCENARIO_REQUIRE_NODE"

// Env is where the real library lives for a test.
type Env struct {
	// Node is the path of the node binary.
	Node string
	// Root is the repository root, whose node_modules holds the pinned
	// @langchain/langgraph and @langchain/core (package.json, package-lock.json).
	Root string
}

// NodePath is the NODE_PATH that resolves the pinned packages from a
// script outside the repository's root.
func (e Env) NodePath() string { return filepath.Join(e.Root, "node_modules") }

// Require returns the environment, or skips (fails under
// SCENARIO_REQUIRE_NODE=1) naming what is missing and the command that
// installs it.
func Require(t testing.TB) Env {
	t.Helper()
	env, why := find()
	if why != "" {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%s (%s=1 makes this a failure)", why, RequireEnv)
		}
		t.Skip(why)
	}
	return env
}

// Lookup returns the environment when node and the packages are there, for
// a test that runs with or without them; under SCENARIO_REQUIRE_NODE=1 a
// missing one fails the test.
func Lookup(t testing.TB) (Env, bool) {
	t.Helper()
	env, why := find()
	if why != "" {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%s (%s=1 makes this a failure)", why, RequireEnv)
		}
		return Env{}, false
	}
	return env, true
}

func find() (Env, string) {
	root := repoRoot()
	node, err := exec.LookPath("node")
	if err != nil {
		return Env{}, "needs node ≥ 20 on PATH to compare with LangGraph JS (bash .ci/run installs what it needs)"
	}
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		return Env{}, "node --version failed: " + err.Error()
	}
	v := strings.TrimPrefix(strings.TrimSpace(string(out)), "v")
	if major, _ := strconv.Atoi(strings.SplitN(v, ".", 2)[0]); major < 20 {
		return Env{}, "needs node ≥ 20 to compare with LangGraph JS, found " + strings.TrimSpace(string(out))
	}
	for _, pkg := range []string{"@langchain/langgraph", "@langchain/core"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", filepath.FromSlash(pkg), "package.json")); err != nil {
			return Env{}, "needs " + pkg + " in " + filepath.Join(root, "node_modules") + ": run npm ci in " + root
		}
	}
	return Env{Node: node, Root: root}, ""
}

// repoRoot is the directory of the module's go.mod, found from this file.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}
