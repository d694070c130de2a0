package record

import (
	"testing"

	"github.com/stateharness/scenario/engine"
)

// TestComparableSerialisedMessages: every message class of langchain-core's
// serialised form compares as its plain form, a chunk as the message it
// adds up to, empty fields left out.
func TestComparableSerialisedMessages(t *testing.T) {
	for class, want := range map[string]string{
		"HumanMessage":         `{"type": "human", "content": "x", "id": "1"}`,
		"AIMessageChunk":       `{"type": "ai", "content": "x", "id": "1"}`,
		"FunctionMessage":      `{"type": "function", "content": "x", "id": "1", "name": "f"}`,
		"FunctionMessageChunk": `{"type": "function", "content": "x", "id": "1", "name": "f"}`,
		"ToolMessage":          `{"type": "tool", "content": "x", "id": "1", "tool_call_id": "c"}`,
		"RemoveMessage":        `{"type": "remove", "id": "1"}`,
	} {
		kwargs := map[string]any{"content": "x", "id": "1", "type": "ignored", "additional_kwargs": map[string]any{}}
		switch class {
		case "FunctionMessage", "FunctionMessageChunk":
			kwargs["name"] = "f"
		case "ToolMessage":
			kwargs["tool_call_id"] = "c"
		case "RemoveMessage":
			kwargs["content"] = ""
		}
		v := map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"langchain_core", "messages", class}, "kwargs": kwargs}
		w, err := engine.DecodeJSONOrdered(want, engine.Source{Name: "want"})
		if err != nil {
			t.Fatal(err)
		}
		if got := comparable(v); !engine.Equal(got, w.Value) {
			t.Errorf("%s: %v, want %s", class, got, want)
		}
		if !isMessage(v) || !isMessage(w.Value) {
			t.Errorf("%s: not told as a message", class)
		}
	}
}

// TestComparableKeepsEmptyContent: a model's tool call has content "";
// the content stays (a message without one is refused by Python and given
// [] by JS), while its other empty fields go.
func TestComparableKeepsEmptyContent(t *testing.T) {
	v := map[string]any{"lc": 1.0, "type": "constructor", "id": []any{"langchain_core", "messages", "AIMessage"}, "kwargs": map[string]any{
		"content": "", "id": "ai-1", "invalid_tool_calls": []any{}, "additional_kwargs": map[string]any{},
		"tool_calls": []any{map[string]any{"name": "search", "args": map[string]any{}, "id": "call-1"}},
	}}
	want := map[string]any{"type": "ai", "content": "", "id": "ai-1", "tool_calls": []any{map[string]any{"name": "search", "args": map[string]any{}, "id": "call-1"}}}
	if got := comparable(v); !engine.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}
