package eino_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/callbacks"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/stateharness/scenario"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/eino"
)

// reactState is the react graph's local state: the whole conversation.
type reactState struct {
	History []*schema.Message `json:"history"`
}

// buildReact is eino's ReAct shape: the chat model itself is a node (its
// input and output under keys of the graph's map), its state pre-handler
// hands it the history, the tools node answers its calls.
func buildReact(env *eino.Env) (*compose.Graph[map[string]any, map[string]any], error) {
	ctx := context.Background()
	lookup := lookupOrder()
	info, err := lookup.Info(ctx)
	if err != nil {
		return nil, err
	}
	chat, err := env.Model.WithTools([]*schema.ToolInfo{info})
	if err != nil {
		return nil, err
	}
	tools, err := compose.NewToolNode(ctx, &compose.ToolsNodeConfig{Tools: []tool.BaseTool{env.Tool(lookup)}})
	if err != nil {
		return nil, err
	}
	g := compose.NewGraph[map[string]any, map[string]any](compose.WithGenLocalState(func(context.Context) *reactState { return &reactState{} }))
	if err := g.AddChatModelNode("model", chat, compose.WithInputKey("messages"), compose.WithOutputKey("reply"),
		// with input and output keys, eino hands the handlers the graph's maps
		compose.WithStatePreHandler(func(_ context.Context, in map[string]any, s *reactState) (map[string]any, error) {
			s.History = append(s.History, in["messages"].([]*schema.Message)...)
			return map[string]any{"messages": s.History}, nil
		}),
		compose.WithStatePostHandler(func(_ context.Context, out map[string]any, s *reactState) (map[string]any, error) {
			s.History = append(s.History, out["reply"].(*schema.Message))
			return out, nil
		})); err != nil {
		return nil, err
	}
	if err := g.AddToolsNode("tools", tools, compose.WithInputKey("reply"), compose.WithOutputKey("messages")); err != nil {
		return nil, err
	}
	if err := g.AddEdge(compose.START, "model"); err != nil {
		return nil, err
	}
	if err := g.AddBranch("model", compose.NewGraphBranch(func(_ context.Context, out map[string]any) (string, error) {
		if len(out["reply"].(*schema.Message).ToolCalls) > 0 {
			return "tools", nil
		}
		return compose.END, nil
	}, map[string]bool{"tools": true, compose.END: true})); err != nil {
		return nil, err
	}
	return g, g.AddEdge("tools", "model")
}

// TestReactGraph runs testdata/react on the ReAct-shaped graph.
func TestReactGraph(t *testing.T) {
	graph := &eino.Graph{Build: buildReact, Types: map[string]any{"messages": []*schema.Message(nil), "reply": (*schema.Message)(nil)}}
	scenario.Run(t, scenario.Options{Root: "testdata/react", Graphs: map[string]scenario.Runtime{"eino:react": graph}})
}

// TestReactRunAgreesWithEinosOwnRun: the adapter's run of the react graph
// ends with the output and local state of eino's own Invoke with a fake
// model.
func TestReactRunAgreesWithEinosOwnRun(t *testing.T) {
	call := schema.ToolCall{ID: "call-1", Type: "function", Function: schema.FunctionCall{Name: "lookup_order", Arguments: `{"order":"A-17"}`}}
	g, err := buildReact(&eino.Env{Model: &fakeModel{replies: []*schema.Message{schema.AssistantMessage("", []schema.ToolCall{call}), schema.AssistantMessage("It is in transit.", nil)}},
		Tool: func(t tool.InvokableTool) tool.InvokableTool { return t }})
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Compile(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var local *reactState
	h := callbacks.NewHandlerBuilder().OnEndFn(func(ctx context.Context, info *callbacks.RunInfo, _ callbacks.CallbackOutput) context.Context {
		if info.Component == compose.ComponentOfGraph {
			_ = compose.ProcessState(ctx, func(_ context.Context, s *reactState) error { local = s; return nil })
		}
		return ctx
	}).Build()
	out, err := r.Invoke(context.Background(), map[string]any{"messages": []*schema.Message{schema.UserMessage("Where is A-17?")}}, compose.WithCallbacks(h))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"reply": out["reply"], "local": local}

	s, err := (&eino.Graph{Build: buildReact, Types: map[string]any{"messages": []*schema.Message(nil), "reply": (*schema.Message)(nil)}}).Open(engine.GraphSpec{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.(engine.GraphRunner).RunGraph(&engine.GraphRunRequest{
		Input: &engine.Checked{Value: map[string]any{"messages": []any{map[string]any{"role": "user", "content": "Where is A-17?"}}}},
		Model: engine.ScriptPart{Items: []any{map[string]any{"content": "", "tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}}, "It is in transit."}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(want) != jsonOf(res.Values) {
		t.Errorf("the final state differs\n eino: %s\n harness: %s", jsonOf(want), jsonOf(res.Values))
	}
}
