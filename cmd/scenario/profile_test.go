package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// A scenario that chooses no profile takes its own graph's: a .py LangGraph
// graph is langgraph-py, before --profile and scenario.yaml's profile,
// which are defaults for scenarios without a graph of their own. A
// scenario's own choice still has to fit its graph.
func TestAGraphGivesItsScenariosItsProfile(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	feature := strings.ReplaceAll(ownGraphScenarios, "%GRAPH%", "agent/graph.py:graph")
	for _, tc := range []struct {
		conf string
		args []string
	}{
		{"", []string{"--runtime", "langgraph-py"}},
		{"profile: langgraph\n", []string{"--runtime", "builtin,langgraph-py"}},
		{"profile: awaken\n", []string{"--runtime", "langgraph-py", "--profile", "dawn"}},
	} {
		dir := newSuite(t, map[string]string{
			"agent/graph.py":             pyGraphModule,
			"features/own_graph.feature": feature,
			"scenario.yaml":              tc.conf,
		})
		if err := os.Symlink(filepath.Dir(filepath.Dir(python)), filepath.Join(dir, ".venv")); err != nil {
			t.Fatal(err)
		}
		r := runCLI(t, append(suiteArgs("check", dir), tc.args...)...)
		wantCode(t, r, exitPassed)
		wantContains(t, r, "2 scenarios (2 passed)")
	}
	// a scenario that chooses another profile than its graph's is told so
	dir := newSuite(t, map[string]string{
		"agent/graph.py": pyGraphModule,
		"features/own_graph.feature": `Feature: F
  Scenario: dawn on a Python graph
    Given the "dawn" profile
    And the graph from "agent/graph.py:graph"
`,
	})
	if err := os.Symlink(filepath.Dir(filepath.Dir(python)), filepath.Join(dir, ".venv")); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-py")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, `features/own_graph.feature:4: SCHEMA_INVALID: the scenario's own graph "agent/graph.py:graph" is a LangGraph Python graph, so its profile is langgraph-py, not dawn`)
}

// record --graph on a .py graph writes a scenario of the graph's profile,
// langgraph-py, in a suite whose scenario.yaml names another default (as
// init writes it in a JavaScript project): the default is for scenarios
// without a graph of their own.
func TestRecordAPythonGraphInASuiteOfAnotherProfile(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	dir := newSuite(t, map[string]string{
		"agent/chat.py":  testdataFile(t, "chat_graph.py"),
		"runs/chat.json": testdataFile(t, "chat_py_input.json"),
		"scenario.yaml":  "profile: langgraph\npython: " + python + "\n",
	})
	r := runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, "agent/chat.py")+":graph", "--steps", "--input", filepath.Join(dir, "runs/chat.json"))
	wantCode(t, r, exitPassed)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/chat.feature"))
	if !strings.Contains(string(feature), `Given the "langgraph-py" profile`) {
		t.Errorf("the recorded feature is not of the langgraph-py profile:\n%s", feature)
	}
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-py")...), exitPassed)
}
