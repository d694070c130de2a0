package eino_test

import (
	"context"
	"testing"

	einotool "github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/eino"
)

// benchReplies is one tool call, then an answer.
func benchReplies() []*schema.Message {
	call := schema.ToolCall{ID: "call-1", Type: "function", Function: schema.FunctionCall{Name: "lookup_order", Arguments: `{"order":"A-17"}`}}
	return []*schema.Message{schema.AssistantMessage("", []schema.ToolCall{call}), schema.AssistantMessage("It is in transit.", nil)}
}

// BenchmarkOwnInvoke is the orders graph's own Invoke with a fake model,
// compiled once.
func BenchmarkOwnInvoke(b *testing.B) {
	m := &fakeModel{}
	g, err := buildOrders(&eino.Env{Model: m, Tool: func(t einotool.InvokableTool) einotool.InvokableTool { return t }})
	if err != nil {
		b.Fatal(err)
	}
	r, err := g.Compile(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		m.replies = benchReplies()
		if _, err := r.Invoke(context.Background(), map[string]any{"question": "Where is A-17?"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAdapterRun is the same run through the adapter's whole-graph
// run (scripted model, supersteps, local state), opened once.
func BenchmarkAdapterRun(b *testing.B) {
	s, err := orders().Open(engine.GraphSpec{})
	if err != nil {
		b.Fatal(err)
	}
	script := []any{map[string]any{"content": "", "tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}}, "It is in transit."}
	for b.Loop() {
		if _, err := s.(engine.GraphRunner).RunGraph(&engine.GraphRunRequest{Input: &engine.Checked{Value: map[string]any{"question": "Where is A-17?"}}, Model: engine.ScriptPart{Items: script}}); err != nil {
			b.Fatal(err)
		}
	}
}
