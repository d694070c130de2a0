package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

const suiteGraphFeature = `Feature: Suite graph

  Scenario: on the suite's graph
    Given the input state:
      """json
      {"notes": ["a"]}
      """
    When node "note" returns:
      """json
      {"notes": ["b"]}
      """
    Then field "notes" should equal ["a", "b"]

  @no-graph
  Scenario: on a graph of its schema
    Given the state schema:
      | field  | type   |
      | status | string |
    And the input state:
      """json
      {"status": "idle"}
      """
    When node "agent" returns:
      """json
      {"status": "done"}
      """
    Then field "status" should equal "done"
`

const suiteGraphModule = `import { Annotation, StateGraph } from "@langchain/langgraph";
const State = Annotation.Root({ notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
export const graph = new StateGraph(State).addNode("note", () => ({})).addEdge("__start__", "note").compile();
`

// A scenario tagged @no-graph leaves scenario.yaml's graph: its graph is
// built from its schema, so the built-in engine runs it; the others need
// langgraph-js.
func TestNoGraphTagOptsOutOfTheSuiteGraph(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"scenario.yaml":          "graph: graph.mjs:graph\n",
		"graph.mjs":              suiteGraphModule,
		"features/suite.feature": suiteGraphFeature,
	})
	r := runCLI(t, suiteArgs("run", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "2 scenarios (1 passed, 1 skipped)", "1× not run: builtin cannot run this scenario: the scenario runs on its own graph \"graph.mjs:graph\"")

	env, ok := toolchain.LookupNode(t)
	if !ok {
		return
	}
	linkNodeModules(t, env, dir)
	for _, rt := range []string{"langgraph-js", "builtin,langgraph-js"} {
		r = runCLI(t, append(suiteArgs("run", dir), "--runtime", rt)...)
		wantCode(t, r, exitPassed)
		wantContains(t, r, "2 scenarios (2 passed)")
		if rt != "langgraph-js" {
			// side by side, the suite graph's scenario, which has no schema,
			// runs on langgraph-js alone and counts there
			wantContains(t, r, "1 scenario ran on langgraph-js alone")
		}
	}
}

// The example init writes keeps passing when the team names its own graph
// in scenario.yaml, on the built-in engine and on langgraph-js.
func TestInitExampleRunsWithASuiteGraph(t *testing.T) {
	dir := t.TempDir()
	if err := runInit(dir, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	conf, err := os.ReadFile(filepath.Join(dir, "scenario.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"scenario.yaml": string(conf) + "graph: graph.mjs:graph\n", "graph.mjs": suiteGraphModule})
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
	env, ok := toolchain.LookupNode(t)
	if !ok {
		return
	}
	linkNodeModules(t, env, dir)
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "1 scenarios (1 passed)")
}
