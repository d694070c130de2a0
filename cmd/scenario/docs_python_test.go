package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// readmeStateScenario writes to every field of the README's State that
// has a reducer: each must merge, on the exported schema and on the graph
// LangGraph compiles from State alike.
const readmeStateScenario = `
  Scenario: each reducer of the state merges a node's output
    Given the input state:
      """json
      {"messages": [{"type": "human", "content": "my parcel is late", "id": "m1"}], "notes": ["first"], "turns": 1}
      """
    When node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "sorry to hear that", "id": "m2"}], "notes": ["second"], "turns": 1}
      """
    Then field "notes" should equal ["first", "second"]
    And field "turns" should equal 2
    And field "messages[0].content" should equal "my parcel is late"
    And field "messages[1].content" should equal "sorry to hear that"
`

// The README blocks of "For Python teams" that
// TestReadmePythonStateKeepsItsReducers runs: the state, the scenario's
// Background on its export, the commands.
const (
	readmeStateMarker      = "class State(BaseModel):"
	readmeBackgroundMarker = `And the state schema from "scenarios/schemas/state.schema.json"`
	readmeExportMarker     = ".venv/bin/python -m agent.export_schema"
)

// pythonFileHeader is the comment that names where a part of a Python
// block lives: "# agent/state.py".
var pythonFileHeader = regexp.MustCompile(`^# ([\w/]+\.py)\b`)

// pythonFiles splits a Python block at its "# path.py" comments.
func pythonFiles(t *testing.T, b docBlock) map[string]string {
	t.Helper()
	files := map[string]string{}
	name := ""
	for _, line := range strings.SplitAfter(b.text, "\n") {
		if m := pythonFileHeader.FindStringSubmatch(line); m != nil {
			name = m[1]
		}
		if name == "" {
			if strings.TrimSpace(line) != "" {
				t.Fatalf("%s: a line before the first # <file>.py comment: %q", b, line)
			}
			continue
		}
		files[name] += line
	}
	return files
}

// TestReadmePythonStateKeepsItsReducers takes the README's Python state
// as a team copies it into agent/state.py and agent/export_schema.py, runs
// the README's commands (the export, scenario.yaml, check on builtin and
// langgraph-py) in that project, and wants every reducer the exported
// schema declares (x-reducer) to be the channel LangGraph compiles from
// State: a reducer LangGraph never sees would pass every scenario on the
// schema while the agent's state keeps only the last write.
func TestReadmePythonStateKeepsItsReducers(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := toolchain.RepoRoot()
	state := docBlockOf(t, "README.md", "python", readmeStateMarker)
	background := docBlockOf(t, "README.md", "gherkin", readmeBackgroundMarker)
	commands := docBlockOf(t, "README.md", "sh", readmeExportMarker)
	graph, err := os.ReadFile(filepath.Join(root, "cmd", "scenario", "testdata", "docs", "graph.py"))
	if err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	files := pythonFiles(t, state)
	if files["agent/state.py"] == "" || files["agent/export_schema.py"] == "" {
		t.Fatalf("%s names no agent/state.py and agent/export_schema.py: %v", state, files)
	}
	files["agent/graph.py"] = string(graph)
	files["features/state.feature"] = featureOf(background) + readmeStateScenario
	writeFiles(t, project, files)

	// the README's commands, from the project's root: the export, the
	// suite's scenario.yaml, check side by side with LangGraph Python
	runShellBlock(t, newDocFixtures(t, root), commands, project)
	schema := filepath.Join(project, "scenarios", "schemas", "state.schema.json")
	if _, err := os.Stat(schema); err != nil {
		t.Fatalf("%s wrote no %s: %v", commands, schema, err)
	}

	// the same scenario on the graph LangGraph compiles from State, which
	// only langgraph-py runs
	writeFiles(t, project, map[string]string{"features/graph.feature": "Feature: the README's State compiled by LangGraph\n\n  Background:\n    Given the \"langgraph-py\" profile\n    And the graph from \"agent/graph.py:graph\"\n" + readmeStateScenario})
	if r := runCLIAt(t, project, nil, []string{"check", "--runtime", "langgraph-py", "--format", "progress"}); r.code != exitPassed {
		t.Errorf("the scenario on the exported schema and on StateGraph(State) of %s: check --runtime langgraph-py exits %d:\n%s", state, r.code, r.all())
	}

	cmd := exec.Command(python, filepath.Join(root, "cmd", "scenario", "testdata", "docs", "channels.py"), "agent.state", schema)
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "PYTHONPATH="+project)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("compiling %s's State into a StateGraph: %v\n%s%s", state, err, out, stderrOf(err))
	}
	var res struct {
		Checked  int
		Problems []string
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("channels.py: %v\n%s", err, out)
	}
	if res.Checked < 3 {
		t.Errorf("%s: the exported schema declares %d reducers (x-reducer), want messages, notes and turns", state, res.Checked)
	}
	for _, p := range res.Problems {
		t.Errorf("%s: %s (LangGraph takes a field's reducer from the last item of Annotated[...]: write Field(...) before the reducer)", state, p)
	}
}

// stderrOf is what a failed command wrote on stderr.
func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
