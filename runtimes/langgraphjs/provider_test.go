package langgraphjs_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/openaistub"
	"github.com/stateharness/scenario/internal/toolchain"
)

// providerGraph is scenarios/graphs/provider.mjs, or a skip (a failure
// under SCENARIO_REQUIRE_NODE=1) when node_modules lacks @langchain/openai.
func providerGraph(t *testing.T) string {
	t.Helper()
	env := toolchain.Node(t)
	if _, err := os.Stat(filepath.Join(env.NodePath(), "@langchain", "openai", "package.json")); err != nil {
		why := "needs @langchain/openai (package.json) in node_modules: npm ci"
		if os.Getenv(toolchain.RequireNode) == "1" {
			t.Fatalf("%s (%s=1 makes this a failure)", why, toolchain.RequireNode)
		}
		t.Skip(why)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "provider.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestProviderStubCatchesARealCall is the check the scripted runs' test
// rests on (openaistub.Refusing: a call that escaped the script hits it):
// the graph of scenarios/graphs/provider.mjs run by the library itself,
// with no script, sends its model call to the stub, invoke and stream
// both, and fails at once on its answer.
func TestProviderStubCatchesARealCall(t *testing.T) {
	graph := providerGraph(t)
	env := toolchain.Node(t)
	stub := openaistub.Refusing(t)
	dir := writeSuite(t, map[string]string{"graphs/provider.mjs": graph})
	script := `const { graph, streamed } = await import(process.argv[1]);
for (const [name, g] of [["graph", graph], ["streamed", streamed]]) {
  try {
    await g.invoke({ messages: [{ type: "human", content: "Where is order A-17?", id: "m-1" }] });
    console.log(name + ": answered");
  } catch (e) {
    console.log(name + ": " + e.constructor.name + ": " + e.message);
  }
}
`
	cmd := exec.Command(env.Node, "--input-type=module", "-e", script, filepath.Join(dir, "graphs", "provider.mjs"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the library's own run: %v\n%s", err, stderr.String())
	}
	for _, want := range []string{"graph: BadRequestError", "streamed: BadRequestError", "the scenario's stub of OpenAI was called"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the library's own run does not say %s:\n%s", want, out)
		}
	}
	if hits := stub.Hits(); len(hits) != 2 || hits[0] != "POST /chat/completions" || hits[1] != "POST /chat/completions" {
		t.Errorf("the stub was called %v; want the two runs' POST /chat/completions", hits)
	}
}

// TestWholeGraphScriptsARealProviderClass runs the ReAct graph whose
// model is ChatOpenAI (scenarios/graphs/provider.mjs) whole, through the
// CLI's runner: through its invoke and through its stream, the model
// answers from the script, the tool runs, the run ends; a call past the
// script is MODEL_SCRIPT_EXHAUSTED. OpenAI's stub is never called.
func TestWholeGraphScriptsARealProviderClass(t *testing.T) {
	graph := providerGraph(t)
	stub := openaistub.Refusing(t)
	run := func(export string) string {
		return `    Given the graph from "graphs/provider.mjs:` + export + `"
    And the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | tools |
      | 3    | agent |
    And the run should have ended
    And the model should have been called 2 times
    And node "tools" should have run 1 times
    And the state should contain:
      """
      messages:
        - {type: human, id: m-1}
        - {type: ai, tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
        - {type: tool, tool_call_id: call-1, content: "order A-17: shipped on 2026-03-02"}
        - {type: ai, content: Order A-17 shipped on 2 March.}
      """
    And the state after step 1 should contain:
      """
      messages: [{id: m-1}, {type: ai, tool_calls: [{id: call-1}]}]
      """
`
	}
	dir := writeSuite(t, map[string]string{
		"graphs/provider.mjs": graph,
		"features/provider.feature": `Feature: a real provider class answers from the script
  Scenario: invoke
` + run("graph") + `
  Scenario: stream
` + run("streamed") + `
  Scenario: a call past the script
    Given the graph from "graphs/provider.mjs:graph"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is order A-17?", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 3, node \"agent\""

  Scenario: a streamed call past the script
    # (under stream the error names no superstep yet: the call's config is not where the script reads it)
    Given the graph from "graphs/provider.mjs:streamed"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is order A-17?", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 3, node \"agent\""
`,
	})
	status, report := runSuite(t, dir)
	if status != 0 || !strings.Contains(report, "4 scenarios (4 passed)") {
		t.Errorf("status %d; want 0, four scenarios passed:\n%s", status, report)
	}
	if hits := stub.Hits(); len(hits) != 0 {
		t.Errorf("the scripted runs called OpenAI's stub: %v", hits)
	}
}

// TestProviderRunAgreesWithTheLibrarysOwnRun holds the expectations of
// TestWholeGraphScriptsARealProviderClass to the library's own run of
// scenarios/graphs/provider.mjs, its ChatOpenAI answered over HTTP with
// the same replies, through invoke and through stream: the same
// messages, in order, with the same tool calls.
func TestProviderRunAgreesWithTheLibrarysOwnRun(t *testing.T) {
	graph := providerGraph(t)
	env := toolchain.Node(t)
	call := map[string]any{"id": "call-1", "type": "function", "function": map[string]any{"name": "lookup_order", "arguments": `{"order":"A-17"}`}}
	openaistub.Answering(t, call, "Order A-17 shipped on 2 March.", call, "Order A-17 shipped on 2 March.")
	dir := writeSuite(t, map[string]string{"graphs/provider.mjs": graph})
	script := `const { graph, streamed } = await import(process.argv[1]);
const out = {};
for (const [name, g] of [["graph", graph], ["streamed", streamed]]) {
  const { messages } = await g.invoke({ messages: [{ type: "human", content: "Where is order A-17?", id: "m-1" }] });
  out[name] = messages.map((m) => ({ type: m._getType(), content: m.content, tool_calls: m.tool_calls?.map(({ name, args, id }) => ({ name, args, id })), tool_call_id: m.tool_call_id }));
}
console.log(JSON.stringify(out));
`
	cmd := exec.Command(env.Node, "--input-type=module", "-e", script, filepath.Join(dir, "graphs", "provider.mjs"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the library's own run: %v\n%s", err, stderr.String())
	}
	var runs map[string][]map[string]any
	if err := json.Unmarshal(out, &runs); err != nil {
		t.Fatalf("the library's own run printed %s: %v", out, err)
	}
	// the messages the scenarios of TestWholeGraphScriptsARealProviderClass expect
	want := []map[string]any{
		{"type": "human", "content": "Where is order A-17?"},
		{"type": "ai", "content": "", "tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}},
		{"type": "tool", "content": "order A-17: shipped on 2026-03-02", "tool_call_id": "call-1"},
		{"type": "ai", "content": "Order A-17 shipped on 2 March."},
	}
	for _, name := range []string{"graph", "streamed"} {
		got := runs[name]
		if len(got) != len(want) {
			t.Errorf("%s: the library's run ended with %d messages, the scenarios expect %d: %s", name, len(got), len(want), out)
			continue
		}
		for i, w := range want {
			for k, v := range w {
				if !engine.Equal(got[i][k], v) {
					t.Errorf("%s: message %d's %s is %v in the library's run, the scenarios expect %v", name, i, k, got[i][k], v)
				}
			}
		}
	}
}
