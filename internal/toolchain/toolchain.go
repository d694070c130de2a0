// Package toolchain finds the toolchains that tests comparing the engine
// with real runtimes need: Node with the repository's pinned LangGraph JS
// packages, Python, Cargo. Without one such a test skips with a one-line
// reason; with SCENARIO_REQUIRE_NODE=1, SCENARIO_REQUIRE_PYTHON=1 or
// SCENARIO_REQUIRE_CARGO=1 (.ci/run sets those CI provides) the skip is a
// failure instead, so CI never skips them.
//
//	env := toolchain.Node(t)              // env.Node, env.Root
//	python := toolchain.Python(t, root)   // root/.venv's python, else python3
//	cargo := toolchain.Cargo(t)
package toolchain

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// require skips the test with why, or fails it when the environment
// variable env is 1; an empty why lets the test go on.
func require(t testing.TB, env, why string) {
	t.Helper()
	if why == "" {
		return
	}
	if os.Getenv(env) == "1" {
		t.Fatalf("%s (%s=1 makes this a failure)", why, env)
	}
	t.Skip(why)
}

// RepoRoot is the directory of the module's go.mod, found from this file.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// OnPath returns the program name on PATH, or skips the test saying it is
// missing (fails when the environment variable env is 1: the test's
// toolchain is required, so its helpers are too).
func OnPath(t testing.TB, name, env string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		require(t, env, name+" is not on PATH")
	}
	return p
}
