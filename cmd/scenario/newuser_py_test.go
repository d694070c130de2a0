package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/internal/toolchain"
	"gopkg.in/yaml.v3"
)

// TestNewPythonTeam runs a suite as a Python team gets it today, not with
// the versions this repository pins: a project whose requirements.txt
// names langgraph and langchain-core unpinned, a suite scaffolded by init
// in its tests/ directory, the .venv made by the install step of the
// workflow init wrote (the newest packages the package index serves), and
// the scaffold's example with the bundled langgraph-py features checked
// side by side with the built-in engine. Skips when the package index
// cannot be reached, except under SCENARIO_REQUIRE_NETWORK=1, which .ci/run
// sets.
func TestNewPythonTeam(t *testing.T) {
	if testing.Short() {
		t.Skip("installs packages from the Python package index; skipped with -short")
	}
	repo := toolchain.RepoRoot()
	python := toolchain.Python(t, t.TempDir()) // python3 on PATH, as a new team has it
	bash := toolchain.OnPath(t, "bash", toolchain.RequirePython)
	project := t.TempDir()
	writeFiles(t, project, map[string]string{"requirements.txt": "langgraph\nlangchain-core\n"})
	dir := filepath.Join(project, "tests")
	if err := runInit(dir, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	conf, err := os.ReadFile(filepath.Join(dir, "scenario.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"profile: langgraph-py", "python: ../.venv/bin/python"} {
		if !strings.Contains(string(conf), want) {
			t.Fatalf("init's scenario.yaml in a Python project has no %q:\n%s", want, conf)
		}
	}
	// the check job's install step, as CI runs it, with setup-python's
	// python on PATH
	data, err := os.ReadFile(filepath.Join(dir, ".github", "workflows", "scenarios.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf ghWorkflow
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	install := ""
	for _, step := range wf.Jobs["check"].Steps {
		if strings.Contains(step.Name, "Python packages") {
			install = step.Run
		}
	}
	if install == "" {
		t.Fatalf("the check job installs no Python packages:\n%s", data)
	}
	shims := t.TempDir()
	if err := os.Symlink(python, filepath.Join(shims, "python")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-c", "set -e\n"+install)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+shims+string(os.PathListSeparator)+os.Getenv("PATH"), "PIP_DISABLE_PIP_VERSION_CHECK=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		if env.On("SCENARIO_REQUIRE_NETWORK") {
			t.Fatalf("SCENARIO_REQUIRE_NETWORK is set and the workflow's install step failed: %s: %v\n%s", install, err, out)
		}
		t.Skipf("the workflow's install step failed (SCENARIO_REQUIRE_NETWORK=1 fails instead): %s: %s", install, strings.TrimSpace(string(out)))
	}
	versions, _ := exec.Command(filepath.Join(project, ".venv", "bin", "pip"), "list", "--disable-pip-version-check").CombinedOutput()
	t.Logf("installed:\n%s", versions)
	for _, f := range []string{"features/langgraph_py.feature", "golden/langgraph_py/messages-as-langchain-core-python-makes-them.json", "scenarios/graphs/agent/defaults.py"} {
		data, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		writeFiles(t, dir, map[string]string{f: string(data)})
	}
	// the one scenario on a graph of its own, without a schema, runs on
	// langgraph-py alone, and counts there: nothing is skipped
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-py")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "langgraph-py: langgraph ", "1 scenario ran on langgraph-py alone: on its own graph, with no schema",
		"check: all scenarios pass and every golden file is current")
	wantNotContains(t, r, "skipped")
}
