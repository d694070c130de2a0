package main

import (
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// toolStepFeature runs `When tool "lookup" is called with:` on the
// scenario's own graph ref, with no Go tool of that name: line 9.
func toolStepFeature(ref string) string {
	return `Feature: Tools of the team's own graph

  Scenario: a tool of the graph is called
    Given the graph from "` + ref + `"
    And the input state:
      """json
      {"notes": ["a"]}
      """
    When tool "lookup" is called with:
      """json
      {"order": "A-17"}
      """
`
}

// On a JS or Python own graph, `When tool ... is called with:` of a tool
// that is no Go tool says what answers the graph's tools on that runtime
// (When tool ... returns:, or the graph's own tool node), not to register a
// Go tool the graph never calls.
func TestOwnGraphToolStepSaysWhatApplies(t *testing.T) {
	t.Run("langgraph-js", func(t *testing.T) {
		env := toolchain.Node(t)
		dir := newSuite(t, map[string]string{
			"features/with_tools.feature":    toolStepFeature("graph.mjs:graph"),
			"features/without_tools.feature": toolStepFeature("graph.mjs:plain"),
			"graph.mjs": `import { Annotation, StateGraph } from "@langchain/langgraph";
const State = Annotation.Root({ notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
export const graph = new StateGraph(State).addNode("agent", () => ({})).addNode("tools", () => ({})).addEdge("__start__", "agent").addEdge("agent", "tools").compile();
export const plain = new StateGraph(State).addNode("agent", () => ({})).addNode("act", () => ({})).addEdge("__start__", "agent").addEdge("agent", "act").compile();
`,
		})
		linkNodeModules(t, env, dir)
		r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...)
		wantCode(t, r, exitFailed)
		out := r.all()
		for _, want := range []string{
			`features/with_tools.feature:9: tool "lookup" is not a Go tool (Options.Tools), and the scenario runs on its own LangGraph JS graph "graph.mjs:graph", whose tools are JavaScript the harness cannot call: give the tool's answer with When tool "lookup" returns: (or with call id "<id>" returns:), or let the graph's tool node answer the model's pending calls with When node "tools" runs`,
			`features/without_tools.feature:9: tool "lookup" is not a Go tool (Options.Tools), and the scenario runs on its own LangGraph JS graph "graph.mjs:plain", whose tools are JavaScript the harness cannot call: give the tool's answer with When tool "lookup" returns: (or with call id "<id>" returns:), or let the graph's tool node answer the model's pending calls with When node "<its name>" runs (the graph's nodes: agent, act)`,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("the output lacks\n%s\n%s", want, out)
			}
		}
		if strings.Contains(out, "add it to Options.Tools") {
			t.Errorf("the output tells a JS graph's team to register a Go tool:\n%s", out)
		}
	})
	t.Run("langgraph-py", func(t *testing.T) {
		python := toolchain.LangGraphPython(t)
		dir := newSuite(t, map[string]string{
			"features/with_tools.feature": strings.Replace(toolStepFeature("agent/graph.py:graph"), "    Given the graph", "    Given the \"langgraph-py\" profile\n    And the graph", 1),
			"agent/graph.py": `import operator
from typing import Annotated

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict


class State(TypedDict):
    notes: Annotated[list, operator.add]


graph = StateGraph(State).add_node("agent", lambda s: {}).add_node("tools", lambda s: {}).add_edge(START, "agent").add_edge("agent", "tools").compile()
`,
			"scenario.yaml": "python: " + python + "\n",
		})
		r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-py")...)
		wantCode(t, r, exitFailed)
		want := `features/with_tools.feature:10: tool "lookup" is not a Go tool (Options.Tools), and the scenario runs on its own LangGraph Python graph "agent/graph.py:graph", whose tools are Python the harness cannot call: give the tool's answer with When tool "lookup" returns: (or with call id "<id>" returns:), or let the graph's tool node answer the model's pending calls with When node "tools" runs`
		if out := r.all(); !strings.Contains(out, want) {
			t.Errorf("the output lacks\n%s\n%s", want, out)
		}
	})
}
