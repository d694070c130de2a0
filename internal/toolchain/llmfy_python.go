package toolchain

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// LlmfyPython returns the repository's Python (as Python finds it) when it
// imports the llmfy pinned in runtimes/llmfy/requirements.txt; else the
// test skips naming the command that installs it (fails under
// SCENARIO_REQUIRE_PYTHON=1).
func LlmfyPython(t testing.TB) string {
	t.Helper()
	root := RepoRoot()
	python := Python(t, root)
	want := pinned(filepath.Join(root, "runtimes", "llmfy", "requirements.txt"), "llmfy")
	out, err := exec.Command(python, "-c", "from importlib.metadata import version; import llmfy.flow_engine; print(version('llmfy'))").Output()
	got := strings.TrimSpace(string(out))
	why := ""
	if err != nil || got != want {
		if err != nil {
			got = "none importable"
		}
		why = "needs llmfy " + want + " in " + python + " (found " + got + "): python3 -m venv .venv && .venv/bin/pip install -r runtimes/llmfy/requirements.txt"
	}
	require(t, RequirePython, why)
	return python
}

// pinned is a package's version in a requirements file (pkg==version), or
// "?".
func pinned(file, pkg string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), pkg+"=="); ok {
			return v
		}
	}
	return "?"
}
