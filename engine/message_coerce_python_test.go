package engine

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// addMessagesScript runs add_messages' coercion (_coerce_to_messages, what
// add_messages calls on its right argument before it merges) on each JSON
// line of stdin and prints the message as the harness writes it
// (runtimes/pybridge/scenario_messages.py, whose directory is its
// argument), or {"refused": ...}.
const addMessagesScript = `
import json, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
from scenario_messages import plain_message
from langgraph.graph.message import _coerce_to_messages
for line in sys.stdin:
    try:
        m = _coerce_to_messages([json.loads(line)])[0]
    except Exception as e:
        print(json.dumps({"refused": type(e).__name__ + ": " + str(e).split("\n")[0]}))
        continue
    print(json.dumps(plain_message(m)))
`

// pyMessageForms are message-likes of every form _convert_to_message
// reads or refuses: serialised envelopes, function messages, tool calls in
// both forms, raw tool calls in additional_kwargs, ids and tool_call_ids of
// every kind.
var pyMessageForms = []string{
	`{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "HumanMessage"], "kwargs": {"content": "hi", "type": "human", "id": "1"}}`,
	`{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessage"], "kwargs": {"content": "", "type": "ai", "tool_calls": [{"name": "f", "args": {"a": 1}, "id": "c", "type": "tool_call"}], "invalid_tool_calls": [], "usage_metadata": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}}}`,
	`{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "ToolMessage"], "kwargs": {"content": "r", "type": "tool", "tool_call_id": "t", "artifact": {"a": 1}, "status": "error"}}`,
	`{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "FunctionMessage"], "kwargs": {"content": ["a", {"type": "text", "text": "t"}], "type": "function", "name": "f"}}`,
	`{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "SystemMessage"], "kwargs": {"content": "s", "type": "system"}}`,
	`{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessageChunk"], "kwargs": {"content": "x", "type": "AIMessageChunk"}}`,
	`{"lc": 1, "type": "constructor", "id": ["HumanMessageChunk"], "kwargs": {"content": "y"}}`,
	`{"lc": true, "type": "constructor", "id": ["HumanMessage"], "kwargs": {"content": "y", "role": "ai"}}`,
	`{"lc": 2, "type": "constructor", "id": ["HumanMessage"], "kwargs": {"content": "y"}}`,
	`{"lc": 1, "type": "constructor", "id": ["HumanMessage"], "kwargs": {"lc": 1, "type": "constructor", "id": ["AIMessage"], "kwargs": {"content": "n"}}}`,
	`{"lc": 1, "type": "constructor", "id": ["HumanMessage"], "kwargs": {}}`,
	`{"lc": 1, "type": "constructor", "id": ["foo", "ChatPromptValue"], "kwargs": {"content": "y"}}`,
	`{"lc": 1, "type": "constructor", "id": ["foo", "ChatPromptValue"], "kwargs": {}, "content": "z", "role": "user"}`,
	`{"lc": 1, "type": "constructor", "id": [["HumanMessage"]], "kwargs": {"content": "y"}}`,
	`{"lc": 1, "type": "constructor", "id": [], "kwargs": {"content": "y"}, "role": "user", "content": "z"}`,
	`{"lc": 1, "type": "secret", "id": ["OPENAI_API_KEY"]}`,
	`{"role": "function", "name": "f", "content": "x"}`,
	`{"type": "function", "content": "x"}`,
	`{"type": "function", "content": "x", "name": 3}`,
	`{"type": "function", "content": null, "name": "f", "status": "error", "tool_call_id": "t"}`,
	`["function", "x"]`,
	`{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{\"a\":1}"}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{bad"}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "[1]"}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"id": null, "function": {"name": "f", "arguments": {"a": 2}}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "f", "arguments": "{}"}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{\"a\": \"x\ny\", \"a\": 2}"}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "function": "f"}]}`,
	`{"role": "user", "content": "", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{\"a\":1}"}}]}`,
	`{"role": "user", "content": "", "tool_calls": "ab"}`,
	`{"role": "user", "content": "", "tool_calls": 3}`,
	`{"role": "user", "content": "", "tool_calls": ["function"]}`,
	`{"role": "assistant", "content": "", "tool_calls": "ab"}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"name": "f", "args": {}, "id": "c", "type": "bogus", "extras": {}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"name": "f", "args": {}, "id": "c", "foo": 1}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"name": "f", "args": {}}]}`,
	`{"role": "assistant", "content": "", "tool_calls": [{"name": "f", "args": {}, "id": 4}]}`,
	`{"type": "ai", "content": "", "additional_kwargs": {"tool_calls": [{"id": "c", "function": {"name": null, "arguments": "0"}}, {"id": "d", "function": {"name": "g", "arguments": "{bad"}}]}}`,
	`{"type": "ai", "content": "", "additional_kwargs": {"tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{\"a\": \"\u0001\"}"}}]}}`,
	`{"type": "ai", "content": "", "additional_kwargs": {"tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "[1]"}}]}}`,
	`{"type": "ai", "content": "", "additional_kwargs": {"tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{bad"}}, 5]}}`,
	`{"type": "ai", "content": "", "tool_calls": [], "additional_kwargs": {"tool_calls": [{"function": {"name": "f", "arguments": "{}"}}]}}`,
	`{"type": "human", "content": "", "additional_kwargs": {"tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{bad"}}]}}`,
	`{"type": "human", "content": "x", "additional_kwargs": [["a", 1], "bc"], "a": 0}`,
	`{"type": "human", "content": "x", "additional_kwargs": []}`,
	`{"type": "human", "content": "x", "additional_kwargs": ""}`,
	`{"type": "human", "content": "x", "additional_kwargs": "ab"}`,
	`{"type": "human", "content": "x", "additional_kwargs": [["a", 1, 2]]}`,
	`{"type": "human", "content": "x", "additional_kwargs": [3]}`,
	`{"type": "human", "content": "x", "additional_kwargs": null}`,
	`{"type": "human", "content": "x", "additional_kwargs": [[["k"], 1]]}`,
	`{"type": "human", "content": "x", "response_metadata": [["a", 1]]}`,
	`{"type": "human", "content": "x", "response_metadata": []}`,
	`{"type": "human", "content": "x", "id": 5}`,
	`{"type": "human", "content": "x", "id": 2.5}`,
	`{"type": "human", "content": "x", "id": true}`,
	`{"type": "remove", "content": "", "id": 5}`,
	`{"type": "tool", "content": "x", "tool_call_id": 5}`,
	`{"type": "tool", "content": "x", "tool_call_id": true}`,
	`{"type": "tool", "content": "x", "tool_call_id": null}`,
}

// TestCoerceMessagePyAsAddMessages compares the langgraph-py profile's
// reading of each form with the real add_messages' coercion (langgraph 1.2.24,
// langchain-core 1.8.3): the same message, or both refuse.
func TestCoerceMessagePyAsAddMessages(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	cmd := exec.Command(python, "-c", addMessagesScript, filepath.Join(toolchain.RepoRoot(), "runtimes", "pybridge"))
	cmd.Stdin = strings.NewReader(strings.Join(pyMessageForms, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("add_messages: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(pyMessageForms) {
		t.Fatalf("add_messages answered %d lines for %d forms:\n%s", len(lines), len(pyMessageForms), out)
	}
	for i, form := range pyMessageForms {
		var in, real any
		if err := json.Unmarshal([]byte(form), &in); err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		if err := json.Unmarshal([]byte(lines[i]), &real); err != nil {
			t.Fatal(err)
		}
		got, why := coerceMessagePy(in)
		refused, isRefusal := real.(map[string]any)["refused"]
		switch {
		case isRefusal && why == "":
			t.Errorf("%s: read as %s; add_messages refuses it (%s)", form, compactJSON(got.m), refused)
		case !isRefusal && why != "":
			t.Errorf("%s: refused (%s); add_messages reads %s", form, why, lines[i])
		case !isRefusal && !Equal(got.m, real):
			t.Errorf("%s: read as %s; add_messages reads %s", form, compactJSON(got.m), lines[i])
		}
	}
}

// FuzzCoerceMessagePy: no JSON value makes the langgraph-py coercion
// panic, and a message it reads is a JSON value whose id, when it has one,
// is a str.
func FuzzCoerceMessagePy(f *testing.F) {
	for _, form := range pyMessageForms {
		f.Add(form)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := DecodeJSON([]byte(text), Source{})
		if err != nil {
			return
		}
		msg, why := coerceMessagePy(v)
		if why != "" {
			return
		}
		if err := Validate(msg.m); err != nil {
			t.Fatalf("coerceMessagePy(%s) = %v, not a JSON value: %v", text, msg.m, err)
		}
		if id, has := msg.m["id"]; has {
			if _, isStr := id.(string); !isStr {
				t.Fatalf("coerceMessagePy(%s) has the id %v", text, id)
			}
		}
	})
}
