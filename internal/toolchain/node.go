package toolchain

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// RequireNode makes a missing node or package a failure instead of a skip.
const RequireNode = "SCENARIO_REQUIRE_NODE"

// NodeEnv is where the real LangGraph JS lives for a test.
type NodeEnv struct {
	// Node is the path of the node binary.
	Node string
	// Root is the repository root, whose node_modules holds the pinned
	// @langchain/langgraph and @langchain/core (package.json, package-lock.json).
	Root string
}

// NodePath is the NODE_PATH that resolves the pinned packages from a
// script outside the repository's root.
func (e NodeEnv) NodePath() string { return filepath.Join(e.Root, "node_modules") }

// Node returns node ≥ 20 and the repository's packages, or skips (fails
// under SCENARIO_REQUIRE_NODE=1) naming what is missing and the command
// that installs it.
func Node(t testing.TB) NodeEnv {
	t.Helper()
	env, why := findNode()
	require(t, RequireNode, why)
	return env
}

// LookupNode returns the environment when node and the packages are there,
// for a test that runs with or without them; under SCENARIO_REQUIRE_NODE=1
// a missing one fails the test.
func LookupNode(t testing.TB) (NodeEnv, bool) {
	t.Helper()
	env, why := findNode()
	if why != "" {
		if os.Getenv(RequireNode) == "1" {
			t.Fatalf("%s (%s=1 makes this a failure)", why, RequireNode)
		}
		return NodeEnv{}, false
	}
	return env, true
}

func findNode() (NodeEnv, string) {
	root := RepoRoot()
	node, err := exec.LookPath("node")
	if err != nil {
		return NodeEnv{}, "needs node ≥ 20 on PATH to compare with LangGraph JS (bash .ci/run installs what it needs)"
	}
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		return NodeEnv{}, "node --version failed: " + err.Error()
	}
	v := strings.TrimPrefix(strings.TrimSpace(string(out)), "v")
	if major, _ := strconv.Atoi(strings.SplitN(v, ".", 2)[0]); major < 20 {
		return NodeEnv{}, "needs node ≥ 20 to compare with LangGraph JS, found " + strings.TrimSpace(string(out))
	}
	for _, pkg := range []string{"@langchain/langgraph", "@langchain/core"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", filepath.FromSlash(pkg), "package.json")); err != nil {
			return NodeEnv{}, "needs " + pkg + " in " + filepath.Join(root, "node_modules") + ": run npm ci in " + root
		}
	}
	return NodeEnv{Node: node, Root: root}, ""
}
