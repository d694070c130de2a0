package main

import (
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// Side by side, a scenario on its own graph with a schema is compared on
// the schema's fields: a schema whose reducer is not the graph's channel's
// (replace, where the graph concatenates) is RUNTIME_DISAGREEMENT at the
// field, on the real LangGraph JS; on langgraph-js alone the graph's
// channel decides and the scenario passes.
func TestOwnGraphSchemaIsComparedSideBySide(t *testing.T) {
	node := toolchain.Node(t)
	dir := newSuite(t, map[string]string{
		"src/graph.mjs": jsGraphModule,
		"features/own.feature": `Feature: own graph
  Scenario: a schema that contradicts the graph's reducer
    Given the graph from "src/graph.mjs:graph"
    And the state schema:
      | field | type  | reducer | default |
      | notes | array | replace | []      |
    And the input state:
      """json
      {"notes": ["a"]}
      """
    When node "close" runs
    Then field "notes" should equal ["a", "closed after 1"]
`,
	})
	linkNodeModules(t, node, dir)
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitPassed)
	r = runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-js")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "features/own.feature:11: RUNTIME_DISAGREEMENT", "$.notes[0]\n", `langgraph-js: "a"`, `builtin: (absent)`,
		"a field whose reducer or default differs from the graph's channel disagrees")
	wantNotContains(t, r, "skipped on a runtime", "ran on langgraph-js alone")
}
