package engine

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// toolNodeScript runs each JSON line of stdin as the return of a tool
// that LangGraph Python's ToolNode calls, and prints the content of the
// ToolMessage it makes, as JSON.
const toolNodeScript = `
import json, sys
from langchain_core.messages import AIMessage
from langchain_core.tools import tool
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode
for line in sys.stdin:
    value = json.loads(line)
    @tool
    def t() -> object:
        """returns the scripted value"""
        return value
    graph = StateGraph(MessagesState).add_node("tools", ToolNode([t])).add_edge(START, "tools").compile()
    out = graph.invoke({"messages": [AIMessage("", tool_calls=[{"name": "t", "args": {}, "id": "c1"}])]})
    print(json.dumps(out["messages"][-1].content))
`

// TestToolContentAsToolNodeWritesIt compares the langgraph-py profile's
// tool message content with what the real ToolNode writes for the same
// result (langgraph 1.2.24, langchain-core 1.8.3).
func TestToolContentAsToolNodeWritesIt(t *testing.T) {
	results := []string{
		`"plain"`, `""`, `"line\nbreak \"q\" é ☃ \u0001"`,
		// [] is left out: ToolNode's message keeps content [], which the
		// harness's message dict cannot (langchain-core reads a dict's
		// empty content as ""); docs/reference.md says so
		`{"b": 1, "a": [1.5, {"z": null, "y": "<&>"}], "1": 0}`, `{}`,
		`0`, `-3`, `2.5`, `1e300`, `0.0001`, `123456789012`, `true`, `false`, `null`,
		`["a", "b"]`, `[1, {"type": "text", "text": "x"}]`,
		`[{"type": "text", "text": "hi"}, {"type": "image_url", "image_url": {"url": "u"}}]`,
		`[{"type": "text", "text": "hi"}, {"type": "other"}]`, `[{"text": "no type"}]`,
		`{"lg_name": "Command", "update": {"x": 1}}`, `{"type": "text", "text": "one block"}`,
		`{"ü": "ß", "tab": "\t", "nul": "\u0000", "del": "\u007f", "sep": "\u2028"}`,
	}
	python := toolchain.LangGraphPython(t)
	cmd := exec.Command(python, "-c", toolNodeScript)
	cmd.Stdin = strings.NewReader(strings.Join(results, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ToolNode: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(results) {
		t.Fatalf("ToolNode answered %d lines for %d results:\n%s", len(lines), len(results), out)
	}
	s, err := SchemaFromValue(ordered(t, `{"fields": {"messages": {"reducer": "messages", "type": "array"}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	for i, result := range results {
		g := mustGraph(t, s, Options{Profile: "langgraph-py"})
		if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
			t.Fatal(err)
		}
		if err := g.ToolCall("main", "t", "", ordered(t, result)); err != nil {
			t.Fatalf("%s: %v", result, err)
		}
		msgs := g.State("main")["messages"].([]any)
		got := msgs[len(msgs)-1].(map[string]any)["content"]
		var raw any
		if err := json.Unmarshal([]byte(lines[i]), &raw); err != nil {
			t.Fatal(err)
		}
		want, err := Normalize(raw)
		if err != nil {
			t.Fatal(err)
		}
		if !Equal(got, want) {
			t.Errorf("tool result %s: content %s, ToolNode writes %s", result, compactJSON(got), lines[i])
		}
	}
}
