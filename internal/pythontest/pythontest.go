// Package pythontest finds a Python with the pinned LangGraph Python
// (runtimes/langgraphpy/requirements.txt) for tests that compare the engine
// with the real library. Without it such a test skips with a one-line
// reason; with SCENARIO_REQUIRE_PYTHON=1 (set by .ci/run) the skip is a
// failure instead, so CI never skips them. It is the Python twin of
// internal/nodetest, until the two become one toolchain helper.
package pythontest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// RequireEnv makes a missing Python or package a failure instead of a skip.
const RequireEnv = "SCENARIO_REQUIRE_PYTHON"

// Env is where the real library lives for a test.
type Env struct {
	// Python is the interpreter that imports langgraph: the repository's
	// .venv/bin/python when there is one, else python3 on PATH.
	Python string
	// Root is the repository root.
	Root string
}

// Require returns the environment, or skips (fails under
// SCENARIO_REQUIRE_PYTHON=1) naming what is missing and how to install it.
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

const install = "python3 -m venv .venv && .venv/bin/pip install -r runtimes/langgraphpy/requirements.txt"

func find() (Env, string) {
	root := repoRoot()
	py := filepath.Join(root, ".venv", "bin", "python")
	if _, err := os.Stat(py); err != nil {
		if py, err = exec.LookPath("python3"); err != nil {
			return Env{}, "needs Python ≥ 3.10 with langgraph to compare with LangGraph Python: " + install
		}
	}
	out, err := exec.Command(py, "-c", "import langgraph.graph, langchain_core; from importlib.metadata import version; print(version('langgraph'))").Output()
	if err != nil {
		return Env{}, "needs langgraph importable from " + py + ": " + install
	}
	if v := strings.TrimSpace(string(out)); v != pinned(root) {
		return Env{}, "needs langgraph " + pinned(root) + " (requirements.txt), found " + v + " in " + py + ": " + install
	}
	return Env{Python: py, Root: root}, ""
}

// pinned is langgraph's version in requirements.txt.
func pinned(root string) string {
	b, err := os.ReadFile(filepath.Join(root, "runtimes", "langgraphpy", "requirements.txt"))
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "langgraph=="); ok {
			return v
		}
	}
	return "?"
}

func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}
