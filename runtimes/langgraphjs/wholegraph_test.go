package langgraphjs_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// TestWholeGraphAgreesWithTheLibrarysOwnRun runs scenarios/graphs/react.mjs
// as LangGraph runs it, with its own fake chat model giving the replies
// features/wholegraph_js.feature scripts, and holds the feature's
// expectations to that run: the supersteps (read from the checkpoints'
// history, not the debug stream the bridge reads) and the final state
// (the golden file; the library's random message ids are the harness's
// auto-N, in order), the nodes' run counts, the state after each
// superstep, the looping run's recursion limit, and where the graph of
// scenarios/graphs/reviewed.mjs stops (features/wholegraph_next_js.feature).
func TestWholeGraphAgreesWithTheLibrarysOwnRun(t *testing.T) {
	env := toolchain.Node(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(env.Node, filepath.Join("testdata", "wholegraph_direct.mjs"), root)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the library's own run: %v\n%s", err, stderr.String())
	}
	var direct struct {
		Steps []struct {
			Step  int      `json:"step"`
			Nodes []string `json:"nodes"`
		} `json:"steps"`
		States [][]string `json:"states"`
		Loop   struct {
			Error string   `json:"error"`
			Steps []string `json:"steps"`
			Next  []string `json:"next"`
		} `json:"loop"`
		Review struct {
			Next []string `json:"next"`
			Left int      `json:"left"`
		} `json:"review"`
		Values any `json:"values"`
		Left   int `json:"left"`
	}
	if err := json.Unmarshal(out, &direct); err != nil {
		t.Fatalf("the library's own run printed %s: %v", out, err)
	}
	// the feature's `Then the steps should be:` table and model calls
	want := [][]string{{"agent"}, {"tools"}, {"agent"}}
	if len(direct.Steps) != len(want) {
		t.Fatalf("the library ran %d supersteps, the feature expects %d: %+v", len(direct.Steps), len(want), direct.Steps)
	}
	for i, s := range direct.Steps {
		if s.Step != i+1 || strings.Join(s.Nodes, ",") != strings.Join(want[i], ",") {
			t.Errorf("superstep %d: the library ran %d %v, the feature expects %d %v", i+1, s.Step, s.Nodes, i+1, want[i])
		}
	}
	// the feature's `Then node "<name>" should have run <n> times`
	runs := map[string]int{}
	for _, s := range direct.Steps {
		for _, n := range s.Nodes {
			runs[n]++
		}
	}
	if runs["agent"] != 2 || runs["tools"] != 1 {
		t.Errorf("the library ran agent %d times and tools %d times; the feature expects 2 and 1", runs["agent"], runs["tools"])
	}
	// the feature's `Then the state after step <n> should contain:` (the
	// messages' types after each superstep)
	wantStates := []string{"human,ai", "human,ai,tool", "human,ai,tool,ai"}
	for i, w := range wantStates {
		if i >= len(direct.States) || strings.Join(direct.States[i], ",") != w {
			t.Errorf("after superstep %d the library's state holds messages %v, the feature expects %s", i+1, direct.States, w)
		}
	}
	// the feature's recursion-limit scenario: GRAPH_RECURSION_LIMIT after
	// supersteps 1 to 4, agent next
	if l := direct.Loop; l.Error != "GRAPH_RECURSION_LIMIT" || strings.Join(l.Steps, " ") != "agent tools agent tools" || strings.Join(l.Next, ",") != "agent" {
		t.Errorf("the library's looping run at limit 4: %+v; the feature expects GRAPH_RECURSION_LIMIT after agent, tools, agent, tools, agent next", l)
	}
	// features/wholegraph_next_js.feature: the reviewed graph stops before
	// its tool node, its one reply used
	if r := direct.Review; strings.Join(r.Next, ",") != "tools" || r.Left != 0 {
		t.Errorf("the library's run of the reviewed graph: next %v, %d replies left; the feature expects tools next, none left", r.Next, r.Left)
	}
	if direct.Left != 0 {
		t.Errorf("the library's model left %d replies; the feature expects both used", direct.Left)
	}
	golden, err := os.ReadFile(filepath.Join(root, "golden", "wholegraph_js", "the-agent-calls-a-tool-then-answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	var wantState any
	if err := json.Unmarshal(golden, &wantState); err != nil {
		t.Fatal(err)
	}
	got := renameUUIDs(t, direct.Values)
	if !engine.Equal(got, wantState) {
		g, _ := json.MarshalIndent(got, "", "  ")
		t.Errorf("the library's final state is not the feature's golden file:\n%s\nwant:\n%s", g, golden)
	}
}

var uuidRe = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// renameUUIDs gives the messages' generated ids the harness's names,
// auto-1, auto-2, ... in order.
func renameUUIDs(t *testing.T, v any) any {
	t.Helper()
	state, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("the library's state is %T", v)
	}
	msgs, _ := state["messages"].([]any)
	n := 0
	for _, m := range msgs {
		obj, _ := m.(map[string]any)
		if id, ok := obj["id"].(string); ok && uuidRe.MatchString(id) {
			n++
			obj["id"] = "auto-" + strconv.Itoa(n)
		}
	}
	return state
}

// TestModelScriptUnusedFailsTheScenario: replies no model call used fail
// the scenario at its end with MODEL_SCRIPT_UNUSED, naming the first
// unused reply and the last call, and the run's status is a failure.
func TestModelScriptUnusedFailsTheScenario(t *testing.T) {
	react, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "react.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeSuite(t, map[string]string{
		"graphs/react.mjs": string(react),
		"features/long.feature": `Feature: a script too long
  Scenario: one reply too many
    Given the graph from "graphs/react.mjs:graph"
    And the model replies:
      """
      - Hello.
      - Anything else?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
    And the model should have been called 1 times
`,
	})
	status, report := runSuite(t, dir)
	if status != 1 {
		t.Fatalf("status %d; want 1 (the scenario fails):\n%s", status, report)
	}
	for _, want := range []string{"features/long.feature:2: MODEL_SCRIPT_UNUSED", "1 of the model's 2 replies unused", `after superstep 1, node "agent" made the last call`, `reply 2: "Anything else?"`, "1 scenarios (1 failed)"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report does not mention %s:\n%s", want, report)
		}
	}
}

// TestWholeGraphModelPaths: the script answers a chat model however the
// graph calls it and wherever the class comes from: stream() in a node of
// an ES module, invoke() in a CommonJS module (the other instance of
// @langchain/core); a run that reaches interrupt() stops there, the node
// next; a node that throws is
// NODE_ERROR with the suite's file and line.
func TestWholeGraphModelPaths(t *testing.T) {
	dir := writeSuite(t, map[string]string{
		"graphs/stream.mjs": `import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { MessagesAnnotation, StateGraph, START, END, interrupt } from "@langchain/langgraph";
class Never extends BaseChatModel {
  _llmType() { return "never"; }
  async _generate() { throw new Error("the real model was called"); }
}
const model = new Never({});
async function talk(state) {
  let text = "";
  for await (const chunk of await model.stream(state.messages)) text += chunk.content;
  return { messages: [{ type: "ai", content: text.toUpperCase(), id: "a-1" }] };
}
export const graph = new StateGraph(MessagesAnnotation).addNode("talk", talk).addEdge(START, "talk").addEdge("talk", END).compile();
export const broken = new StateGraph(MessagesAnnotation)
  .addNode("fail", () => { throw new Error("the order service is down"); })
  .addEdge(START, "fail").addEdge("fail", END).compile();
export const paused = new StateGraph(MessagesAnnotation)
  .addNode("ask", () => ({ messages: [{ type: "ai", content: String(interrupt("which order?")), id: "a-2" }] }))
  .addEdge(START, "ask").addEdge("ask", END).compile();
`,
		"graphs/common.cjs": `const { BaseChatModel } = require("@langchain/core/language_models/chat_models");
const { MessagesAnnotation, StateGraph, START, END } = require("@langchain/langgraph");
class Never extends BaseChatModel {
  _llmType() { return "never"; }
  async _generate() { throw new Error("the real model was called"); }
}
const model = new Never({});
exports.graph = new StateGraph(MessagesAnnotation)
  .addNode("first", async (s) => ({ messages: [await model.invoke(s.messages)] }))
  .addNode("second", async (s) => ({ messages: [await model.invoke(s.messages)] }))
  .addEdge(START, "first").addEdge("first", "second").addEdge("second", END).compile();
`,
		"features/paths.feature": `Feature: model paths
  Scenario: stream
    Given the graph from "graphs/stream.mjs:graph"
    And the model replies:
      """
      - hello
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | talk  |
    And the run should have ended
    And field "messages[1].content" should equal "HELLO"

  Scenario: commonjs
    Given the graph from "graphs/common.cjs:graph"
    And the model replies:
      """
      - {content: one, id: r-1}
      - {content: two, id: r-2}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the steps should be:
      | step | nodes  |
      | 1    | first  |
      | 2    | second |
    And the model should have been called 2 times
    And the state should contain:
      """
      messages: [{id: m-1}, {id: r-1, content: one}, {id: r-2, content: two}]
      """

  Scenario: interrupt
    Given the graph from "graphs/stream.mjs:paused"
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the next nodes should be "ask"

  Scenario: a node that throws
    Given the graph from "graphs/stream.mjs:broken"
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "NODE_ERROR" mentioning "node \"fail\" threw Error: the order service is down (at graphs/stream.mjs:"
`,
	})
	status, report := runSuite(t, dir)
	if status != 0 || !strings.Contains(report, "4 scenarios (4 passed)") {
		t.Fatalf("status %d; want 0, four scenarios passed:\n%s", status, report)
	}
}

// TestWholeGraphAssertionsSayWhatCame: each whole-graph assertion that
// fails names what the scenario expected and what the run did.
func TestWholeGraphAssertionsSayWhatCame(t *testing.T) {
	react, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "react.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	run := `    Given the graph from "graphs/react.mjs:graph"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      - Shipped.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
`
	cases := map[string]string{
		`    Then node "agent" should have run 3 times`:                                                                       `node "agent" ran 2 times, expected 3: it ran in supersteps 1, 3`,
		`    Then node "planner" should have run 1 times`:                                                                     `node "planner" is not a node of the graph (its nodes: agent, tools)`,
		"    Then the state after step 1 should contain:\n      \"\"\"\n      messages: [{}, {}, {type: tool}]\n      \"\"\"": "after superstep 1 (agent): the state does not contain the expected value at $.messages\n    want: [{},{},{\"type\":\"tool\"}]",
		"    Then the state after step 4 should contain:\n      \"\"\"\n      messages: []\n      \"\"\"":                     "the run had 3 supersteps, numbered from 1: there is no step 4",
	}
	for step, want := range cases {
		dir := writeSuite(t, map[string]string{
			"graphs/react.mjs":      string(react),
			"features/fail.feature": "Feature: fails\n  Scenario: one\n" + run + step + "\n",
		})
		status, report := runSuite(t, dir)
		if status != 1 || !strings.Contains(report, want) {
			t.Errorf("%s: status %d, want 1 and a report mentioning %s:\n%s", strings.TrimSpace(step), status, want, report)
		}
	}
}

// TestScriptsUnusedFailTheScenario: a scripted node's outputs and a
// tool's answers in turn that no visit or call used fail the scenario at
// its end, NODE_SCRIPT_UNUSED and TOOL_SCRIPT_UNUSED, naming the first
// one unused.
func TestScriptsUnusedFailTheScenario(t *testing.T) {
	graphs := map[string]string{}
	for _, name := range []string{"fake.mjs", "shop.mjs", "handoff.mjs"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", name))
		if err != nil {
			t.Fatal(err)
		}
		graphs["graphs/"+name] = string(b)
	}
	cases := map[string]struct{ feature, want string }{
		"node": {`Feature: node outputs left
  Scenario: one output too many
    Given the graph from "graphs/handoff.mjs:graph"
    And node "triage" returns, in turn:
      """
      - {lg_name: Command, goto: sales, update: {desk: sales}}
      - {lg_name: Command, goto: refunds, update: {desk: refunds}}
      """
    And the model replies:
      """
      - Which plan?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the run should have ended
`, "NODE_SCRIPT_UNUSED"},
		"tool": {`Feature: tool answers left
  Scenario: one answer too many
    Given the graph from "graphs/shop.mjs:graph"
    And tool "lookup_order" answers, in turn:
      """
      - shipped
      - lost
      """
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      - Shipped.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the run should have ended
`, "TOOL_SCRIPT_UNUSED"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			files := map[string]string{"features/left.feature": c.feature}
			for k, v := range graphs {
				files[k] = v
			}
			status, report := runSuite(t, writeSuite(t, files))
			if status != 1 || !strings.Contains(report, "features/left.feature:2: "+c.want) {
				t.Errorf("status %d; want 1 and %s at the scenario's line:\n%s", status, c.want, report)
			}
		})
	}
}
