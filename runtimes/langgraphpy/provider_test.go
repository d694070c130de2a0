package langgraphpy_test

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
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
)

// providerSuite is a suite holding scenarios/graphs/provider.py as
// graphs/provider.py, and the Python that imports langchain-openai; it
// skips (fails under SCENARIO_REQUIRE_PYTHON=1) without them.
func providerSuite(t *testing.T, files map[string]string) (string, string) {
	t.Helper()
	python := toolchain.LangGraphPython(t)
	if out, err := exec.Command(python, "-c", "import langchain_openai").CombinedOutput(); err != nil {
		why := "needs langchain-openai in " + python + " (" + strings.TrimSpace(string(out)) + "): .venv/bin/pip install -r runtimes/langgraphpy/requirements.txt"
		if os.Getenv(toolchain.RequirePython) == "1" {
			t.Fatalf("%s (%s=1 makes this a failure)", why, toolchain.RequirePython)
		}
		t.Skip(why)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "provider.py"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files["graphs/provider.py"] = string(src)
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, python
}

// TestProviderStubCatchesARealCall is the check the scripted runs' test
// rests on (openaistub.Refusing: a call that escaped the script hits it):
// the graphs of scenarios/graphs/provider.py run by the library itself,
// with no script, send their model call to the stub, invoke and stream
// both, and fail at once on its answer.
func TestProviderStubCatchesARealCall(t *testing.T) {
	dir, python := providerSuite(t, map[string]string{})
	stub := openaistub.Refusing(t)
	script := `import sys
sys.path.insert(0, sys.argv[1])
from provider import graph, streamed
for name, g in (("graph", graph), ("streamed", streamed)):
    try:
        g.invoke({"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]})
        print(name + ": answered")
    except Exception as e:
        print(name + ": " + type(e).__name__ + ": " + str(e))
`
	cmd := exec.Command(python, "-c", script, filepath.Join(dir, "graphs"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the library's own run: %v\n%s", err, stderr.String())
	}
	// langchain-openai words the 400 as an error of its own class
	for _, name := range []string{"graph", "streamed"} {
		if !strings.Contains(string(out), name+": ") || !strings.Contains(strings.SplitN(strings.SplitN(string(out), name+": ", 2)[1], "\n", 2)[0], "400 - the scenario's stub of OpenAI was called") {
			t.Errorf("the library's own run of %s does not end on the stub's 400:\n%s", name, out)
		}
	}
	if hits := stub.Hits(); len(hits) != 2 || hits[0] != "POST /chat/completions" || hits[1] != "POST /chat/completions" {
		t.Errorf("the stub was called %v; want the two runs' POST /chat/completions", hits)
	}
}

// TestWholeGraphScriptsARealProviderClass runs the ReAct graph whose
// model is ChatOpenAI (scenarios/graphs/provider.py) whole, through the
// CLI's runner on langgraph-py: through its invoke and through its
// stream, the model answers from the script, the tool runs, the run
// ends; a call past the script is MODEL_SCRIPT_EXHAUSTED. OpenAI's stub is
// never called. While langgraph-py does not run a graph whole the test
// skips saying so, and fails under SCENARIO_REQUIRE_PYTHON=1.
func TestWholeGraphScriptsARealProviderClass(t *testing.T) {
	run := func(export string) string {
		return `    Given the graph from "graphs/provider.py:` + export + `"
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
	past := func(export string) string {
		return `    Given the graph from "graphs/provider.py:` + export + `"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is order A-17?", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 3, node \"agent\""
`
	}
	dir, python := providerSuite(t, map[string]string{
		"features/provider.feature": "Feature: a real provider class answers from the script\n" +
			"  Scenario: invoke\n" + run("graph") +
			"\n  Scenario: stream\n" + run("streamed") +
			"\n  Scenario: a call past the script\n" + past("graph") +
			"\n  Scenario: a streamed call past the script\n" + past("streamed"),
	})
	stub := openaistub.Refusing(t)
	var out bytes.Buffer
	res, err := runner.Run(runner.Config{Root: dir, Runtime: langgraphpy.Name, Python: python, Format: "pretty", NoColor: true, Output: &out})
	if err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, unsupported := range []string{`unknown op \"run\"`, `unknown op "run"`, "which only langgraph-js runs yet"} {
		if strings.Contains(report, unsupported) && os.Getenv(toolchain.RequirePython) != "1" {
			t.Skipf("langgraph-py does not run a graph whole yet (it answers %s)", unsupported)
		}
	}
	if res.Status != 0 || !strings.Contains(report, "4 scenarios (4 passed)") {
		t.Errorf("status %d; want 0, four scenarios passed:\n%s", res.Status, report)
	}
	if hits := stub.Hits(); len(hits) != 0 {
		t.Errorf("the scripted runs called OpenAI's stub: %v", hits)
	}
}

// TestProviderRunAgreesWithTheLibrarysOwnRun holds the expectations of
// TestWholeGraphScriptsARealProviderClass to the library's own run of
// scenarios/graphs/provider.py, its ChatOpenAI answered over HTTP with the
// same replies, through invoke and through stream: the same messages, in
// order, with the same tool calls.
func TestProviderRunAgreesWithTheLibrarysOwnRun(t *testing.T) {
	dir, python := providerSuite(t, map[string]string{})
	call := map[string]any{"id": "call-1", "type": "function", "function": map[string]any{"name": "lookup_order", "arguments": `{"order":"A-17"}`}}
	openaistub.Answering(t, call, "Order A-17 shipped on 2 March.", call, "Order A-17 shipped on 2 March.")
	script := `import json, sys
sys.path.insert(0, sys.argv[1])
from provider import graph, streamed
out = {}
for name, g in (("graph", graph), ("streamed", streamed)):
    messages = g.invoke({"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]})["messages"]
    out[name] = [{"type": m.type, "content": m.content, "tool_calls": [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in getattr(m, "tool_calls", None) or []],
                  "tool_call_id": getattr(m, "tool_call_id", None)} for m in messages]
print(json.dumps(out))
`
	cmd := exec.Command(python, "-c", script, filepath.Join(dir, "graphs"))
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
