package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/internal/toolchain"
)

// TestNewPythonTeam runs the bundled langgraph-py features on what a
// Python team installs today, not the versions this repository pins: a
// fresh venv with `pip install langgraph langchain-core` (the newest the
// package index serves), named by scenario.yaml's python:, side by side
// with the built-in engine. Skips when the package index cannot be
// reached, except under SCENARIO_REQUIRE_NETWORK=1, which .ci/run sets.
func TestNewPythonTeam(t *testing.T) {
	if testing.Short() {
		t.Skip("installs packages from the Python package index; skipped with -short")
	}
	repo := toolchain.RepoRoot()
	python := toolchain.Python(t, t.TempDir()) // python3 on PATH, as a new team has it
	dir := t.TempDir()
	sh := func(timeout time.Duration, name string, args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := sh(time.Minute, python, "-m", "venv", ".venv"); err != nil {
		t.Fatalf("python3 -m venv .venv: %v\n%s", err, out)
	}
	pip := filepath.Join(dir, ".venv", "bin", "pip")
	if out, err := sh(5*time.Minute, pip, "install", "-q", "--disable-pip-version-check", "langgraph", "langchain-core"); err != nil {
		if env.On("SCENARIO_REQUIRE_NETWORK") {
			t.Fatalf("SCENARIO_REQUIRE_NETWORK is set and pip install langgraph langchain-core failed: %v\n%s", err, out)
		}
		t.Skipf("pip install langgraph langchain-core failed (SCENARIO_REQUIRE_NETWORK=1 fails instead): %s", strings.TrimSpace(out))
	}
	versions, _ := sh(time.Minute, pip, "list", "--disable-pip-version-check")
	t.Logf("installed:\n%s", versions)
	for _, f := range []string{"features/langgraph_py.feature", "golden/langgraph_py/messages-as-langchain-core-python-makes-them.json"} {
		data, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		writeFiles(t, dir, map[string]string{f: string(data)})
	}
	writeFiles(t, dir, map[string]string{"scenario.yaml": "python: .venv/bin/python\n"})
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-py")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "langgraph-py: langgraph ")
}
