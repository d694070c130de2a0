package toolchain

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// LangGraphPython returns the repository's Python (as Python finds it)
// when it imports the langgraph pinned in runtimes/langgraphpy/
// requirements.txt, and langchain-core; else the test skips naming the
// command that installs them (fails under SCENARIO_REQUIRE_PYTHON=1).
func LangGraphPython(t testing.TB) string {
	t.Helper()
	root := RepoRoot()
	python := Python(t, root)
	want := pinned(filepath.Join(root, "runtimes", "langgraphpy", "requirements.txt"), "langgraph")
	out, err := exec.Command(python, "-c", "from importlib.metadata import version; import langgraph.graph, langchain_core; print(version('langgraph'))").Output()
	got := strings.TrimSpace(string(out))
	why := ""
	if err != nil || got != want {
		if err != nil {
			got = "none importable"
		}
		why = "needs langgraph " + want + " in " + python + " (found " + got + "): python3 -m venv .venv && .venv/bin/pip install -r runtimes/langgraphpy/requirements.txt"
	}
	require(t, RequirePython, why)
	return python
}
