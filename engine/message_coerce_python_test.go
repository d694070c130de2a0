package engine

import (
	"bytes"
	"encoding/json"
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

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

// jsonLoadsScript prints what json.loads makes of each JSON-encoded text
// of stdin, strict and not, or "error" with its message.
const jsonLoadsScript = `
import json, sys
for line in sys.stdin:
    text = json.loads(line)
    out = []
    for strict in (True, False):
        try:
            out.append({"value": json.loads(text, strict=strict)})
        except json.JSONDecodeError as e:
            out.append({"error": str(e)})
    print(json.dumps(out))
`

var pyJSONTexts = []string{
	`{"a": 1, "a": [2, 2.5, -0, 1e3]}`, ` [true, false, null, "x\u00e9\ud83d\ude00"] `, `"tab	in"`, "\"nl\nin\"",
	`{bad`, ``, `[1,]`, `{"a" 1}`, `[1] 2`, `"\x"`, `"\u12"`, `01`, `-`, `1.`, `.5`, `1e`, `tru`,
	`{"a": {"b": []}}`, `"\ud83d\u0041"`, `"\ud83d\u00zz"`, `"\/\b\f\r\t\""`, `[1 2]`, `{"a": 1,}`,
}

// TestPyJSONLoads compares pyJSONLoads with Python's json.loads on texts it
// reads and texts it refuses (the same value, or an error at the same
// place).
func TestPyJSONLoads(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	var input strings.Builder
	for _, text := range pyJSONTexts {
		b, _ := json.Marshal(text)
		input.Write(append(b, '\n'))
	}
	cmd := exec.Command(python, "-c", jsonLoadsScript)
	cmd.Stdin = strings.NewReader(input.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("json.loads: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(pyJSONTexts) {
		t.Fatalf("json.loads answered %d lines for %d texts", len(lines), len(pyJSONTexts))
	}
	for i, text := range pyJSONTexts {
		var real []map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &real); err != nil {
			t.Fatal(err)
		}
		for j, strict := range []bool{true, false} {
			got, syntax, _ := pyJSONLoads(text, strict)
			if want, refused := real[j]["error"]; refused {
				if syntax != want {
					t.Errorf("json.loads(%q, strict=%v): got %v (%q), want the error %q", text, strict, got, syntax, want)
				}
				continue
			}
			if syntax != "" || !Equal(got, real[j]["value"]) {
				t.Errorf("json.loads(%q, strict=%v) = %v (%q), want %v", text, strict, got, syntax, real[j]["value"])
			}
		}
	}
}

// TestPyJSONLoadsNotJSON: what json.loads reads and JSON cannot hold is
// reported, not returned as if it were a value.
func TestPyJSONLoadsNotJSON(t *testing.T) {
	for _, text := range []string{`NaN`, `[Infinity]`, `{"a": -Infinity}`, `1e400`, `9007199254740993`, `-9007199254740992`} {
		if _, syntax, notJSON := pyJSONLoads(text, true); syntax != "" || notJSON == "" {
			t.Errorf("pyJSONLoads(%q): syntax %q, notJSON %q; want it read and reported", text, syntax, notJSON)
		}
	}
	if v, _, notJSON := pyJSONLoads(`[9007199254740991, 1e308]`, true); notJSON != "" || !Equal(v, []any{9007199254740991.0, 1e308}) {
		t.Errorf("pyJSONLoads of the largest safe integer and float: %v (%q)", v, notJSON)
	}
	if v, _, _ := pyJSONLoads(`NaN`, true); !math.IsNaN(v.(float64)) {
		t.Errorf("pyJSONLoads(NaN) = %v", v)
	}
}

// FuzzPyJSONLoads: no text makes pyJSONLoads panic, and what is JSON it
// reads as encoding/json does (where the value is one JSON can hold).
func FuzzPyJSONLoads(f *testing.F) {
	for _, text := range pyJSONTexts {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, syntax, notJSON := pyJSONLoads(text, true)
		if !json.Valid([]byte(text)) || !utf8.ValidString(text) {
			// the harness's strings are UTF-8, as a Python str is text
			return
		}
		if syntax != "" {
			t.Fatalf("pyJSONLoads(%q): %s; the text is JSON", text, syntax)
		}
		var want any
		if err := json.Unmarshal([]byte(text), &want); err == nil && notJSON == "" && !Equal(got, want) {
			t.Fatalf("pyJSONLoads(%q) = %v, encoding/json reads %v", text, got, want)
		}
	})
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
