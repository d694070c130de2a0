package engine

import (
	"testing"
)

func TestTypeStart(t *testing.T) {
	for _, tc := range []struct {
		typ  Type
		want any
		ok   bool
	}{
		{Type{Base: "array"}, []any{}, true},
		{Type{Base: "object"}, map[string]any{}, true},
		{Type{Base: "integer"}, 0.0, true},
		{Type{Base: "number"}, 0.0, true},
		{Type{Base: "string"}, "", true},
		{Type{Base: "boolean"}, false, true},
		{Type{Base: "any"}, nil, false},
		{Type{Base: "array", Nullable: true}, nil, false},
	} {
		got, ok := typeStart(tc.typ)
		if ok != tc.ok || !Equal(got, tc.want) {
			t.Errorf("typeStart(%s) = %v, %v; want %v, %v", tc.typ, got, ok, tc.want, tc.ok)
		}
	}
}

func TestOverwritePy(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want any
		ok   bool
	}{
		{map[string]any{"__overwrite__": 1.0}, 1.0, true},
		{map[string]any{"__overwrite__": 1.0, "note": "x"}, nil, false},
		{map[string]any{"type": "__overwrite__", "value": 2.0, "note": "x"}, 2.0, true},
		{map[string]any{"type": "__overwrite__"}, nil, false},
	} {
		got, ok := overwritePy(tc.v)
		if ok != tc.ok || !Equal(got, tc.want) {
			t.Errorf("overwritePy(%v) = %v, %v; want %v, %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}

func TestCoerceMessagePy(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want map[string]any // nil: refused
	}{
		{"hi", map[string]any{"type": "human", "content": "hi"}},
		{[]any{"user", "hi"}, map[string]any{"type": "human", "content": "hi"}},
		{[]any{"user", "hi", "x"}, nil},
		{map[string]any{"role": "assistant", "content": nil, "lang": "en"}, map[string]any{"type": "ai", "content": "", "additional_kwargs": map[string]any{"lang": "en"}}},
		{map[string]any{"role": "user", "type": "ai", "content": "x"}, map[string]any{"type": "human", "content": "x", "additional_kwargs": map[string]any{"type": "ai"}}},
		{map[string]any{"type": "tool", "content": 42.0, "tool_call_id": "t"}, map[string]any{"type": "tool", "content": "42", "tool_call_id": "t", "status": "success"}},
		{map[string]any{"type": "developer", "content": "d"}, map[string]any{"type": "system", "content": "d", "additional_kwargs": map[string]any{"__openai_role__": "developer"}}},
		{map[string]any{"type": "remove", "id": "m1"}, nil},
		{map[string]any{"type": "remove", "id": "m1", "content": ""}, map[string]any{"type": "remove", "id": "m1"}},
		{map[string]any{"role": "bogus", "content": "c"}, nil},
		{nil, nil},
		// a serialised message: its kwargs as a dict of the class's type
		{map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"langchain", "schema", "messages", "HumanMessage"}, "kwargs": map[string]any{"content": "hi", "type": "human", "id": "1"}}, map[string]any{"type": "human", "content": "hi", "id": "1"}},
		{map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"AIMessageChunk"}, "kwargs": map[string]any{"content": "x"}}, map[string]any{"type": "ai", "content": "x"}},
		{map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"AIMessageChunk"}, "kwargs": map[string]any{"content": "x", "type": "AIMessageChunk"}}, nil},
		{map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"ChatPromptValue"}, "kwargs": map[string]any{"content": "x"}}, nil},
		{map[string]any{"role": "function", "name": "f", "content": "x"}, map[string]any{"type": "function", "content": "x", "name": "f"}},
		{map[string]any{"role": "function", "content": "x"}, nil},
		{map[string]any{"role": "assistant", "content": "", "tool_calls": []any{map[string]any{"id": "c", "type": "function", "function": map[string]any{"name": "f", "arguments": `{"a":1}`}}}},
			map[string]any{"type": "ai", "content": "", "tool_calls": []any{map[string]any{"name": "f", "args": map[string]any{"a": 1.0}, "id": "c", "type": "tool_call"}}}},
		{map[string]any{"role": "assistant", "content": "", "tool_calls": []any{map[string]any{"id": "c", "function": map[string]any{"name": "f", "arguments": `{bad`}}}}, nil},
		{map[string]any{"role": "ai", "content": "", "additional_kwargs": map[string]any{"tool_calls": []any{map[string]any{"id": "c", "function": map[string]any{"name": "f", "arguments": `{bad`}}}}},
			map[string]any{"type": "ai", "content": "", "additional_kwargs": map[string]any{"tool_calls": []any{map[string]any{"id": "c", "function": map[string]any{"name": "f", "arguments": `{bad`}}}},
				"invalid_tool_calls": []any{map[string]any{"type": "invalid_tool_call", "name": "f", "args": `{bad`, "id": "c", "error": nil}}}},
		{map[string]any{"type": "human", "content": "x", "id": 5.0}, map[string]any{"type": "human", "content": "x", "id": "5"}},
		{map[string]any{"type": "human", "content": "x", "id": true}, nil},
		{map[string]any{"type": "tool", "content": "x", "tool_call_id": true}, map[string]any{"type": "tool", "content": "x", "tool_call_id": "True", "status": "success"}},
	} {
		got, why := coerceMessagePy(tc.in)
		switch {
		case tc.want == nil && why == "":
			t.Errorf("coerceMessagePy(%v) = %v, want a refusal", tc.in, got.m)
		case tc.want != nil && (why != "" || !Equal(got.m, tc.want)):
			t.Errorf("coerceMessagePy(%v) = %v (%s), want %v", tc.in, got.m, why, tc.want)
		}
	}
}
