package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// TestPythonProfile: a Python project that depends on llmfy, and not on
// LangGraph, is llmfy's; any other is langgraph-py's.
func TestPythonProfile(t *testing.T) {
	for _, tc := range []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"requirements.txt": "llmfy==0.11.0\npydantic\n"}, "llmfy"},
		{map[string]string{"requirements.txt": "  LLMfy>=0.11 ; python_version >= '3.11'\n"}, "llmfy"},
		{map[string]string{"requirements.txt": "llmfy[openai]~=0.11\n"}, "llmfy"},
		{map[string]string{"requirements.txt": "llmfy\n"}, "llmfy"},
		{map[string]string{"pyproject.toml": "[project]\nname = \"support\"\ndependencies = [\n  \"llmfy>=0.11\",\n  \"pydantic\",\n]\n"}, "llmfy"},
		{map[string]string{"pyproject.toml": "[tool.poetry.dependencies]\npython = \"^3.11\"\nllmfy = \"^0.11\"\n"}, "llmfy"},
		{map[string]string{"pyproject.toml": "[project]\ndependencies = [\"llmfy\", \"langgraph\"]\n"}, "langgraph-py"},
		{map[string]string{"requirements.txt": "langgraph\nlangchain-core\n"}, "langgraph-py"},
		{map[string]string{"requirements.txt": "# llmfy later\nlanggraph\n"}, "langgraph-py"},
		{map[string]string{"requirements.txt": "llmfy-tools\n"}, "langgraph-py"},
		{map[string]string{"requirements.txt": ""}, "langgraph-py"},
	} {
		dir := writeFiles(t, t.TempDir(), tc.files)
		if got := pythonProfile(dir); got != tc.want {
			t.Errorf("pythonProfile(%v) = %q; want %q", tc.files, got, tc.want)
		}
		if got := suiteProfile(dir); got != tc.want {
			t.Errorf("suiteProfile(%v) = %q; want %q", tc.files, got, tc.want)
		}
	}
}

// TestInitLlmfyProject: init in the tests/ directory of a Python project
// whose requirements.txt names llmfy writes an llmfy suite (scenario.yaml's
// profile and python:, the workflow installing the project's packages for
// --runtime llmfy) whose example passes; a scenario on the project's own
// flow that names no profile takes the suite's llmfy, and runs on llmfy.
func TestInitLlmfyProject(t *testing.T) {
	project := writeFiles(t, t.TempDir(), map[string]string{"requirements.txt": "llmfy==0.11.0\n"})
	dir := filepath.Join(project, "tests")
	var out bytes.Buffer
	if err := runInit(dir, &out); err != nil {
		t.Fatal(err)
	}
	conf := readFile(t, dir, "scenario.yaml")
	for _, want := range []string{"profile: llmfy", "python: ../.venv/bin/python"} {
		if !strings.Contains(conf, want) {
			t.Errorf("scenario.yaml of an llmfy project has no %q:\n%s", want, conf)
		}
	}
	wf := readFile(t, dir, ".github/workflows/scenarios.yml")
	for _, want := range []string{"Install the Python packages (llmfy for --runtime llmfy)", "cd .. && python -m venv .venv && .venv/bin/pip install -r requirements.txt"} {
		if !strings.Contains(wf, want) {
			t.Errorf("the workflow of an llmfy project has no %q:\n%s", want, wf)
		}
	}
	if feature := readFile(t, dir, "features/example.feature"); !strings.Contains(feature, `Given the "llmfy" profile`) {
		t.Errorf("the example is not llmfy's:\n%s", feature)
	}
	wantCode(t, runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress"), exitPassed)

	// the project's own flow, in a scenario that names no profile
	python := toolchain.LlmfyPython(t)
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "llmfy", "support.py"))
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"agent/support.py": string(src),
		"features/support.feature": `Feature: support
  Scenario: classify tags the question
    Given the graph from "agent/support.py:flow"
    And the input state:
      """json
      {"question": "my refund is late", "tags": ["vip"]}
      """
    When node "classify" runs
    Then field "tags" should equal ["late", "refund", "vip"]
`,
	})
	r := runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress", "--python", python, "--runtime", "llmfy")
	wantCode(t, r, exitPassed)
	r = runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress", "--allow-skips", "features/support.feature")
	wantCode(t, r, exitPassed)
	wantContains(t, r, "run it with --runtime llmfy")
}
