package eino_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/stateharness/scenario/runtimes/eino"
)

// orderState is the orders graph's local state.
type orderState struct {
	Messages []*schema.Message `json:"messages"`
	Visits   int               `json:"visits"`
}

// lookupArgs are lookup_order's arguments.
type lookupArgs struct {
	Order string `json:"order"`
}

// lookupOrder is the graph's real tool.
func lookupOrder() tool.InvokableTool {
	t, err := utils.InferTool("lookup_order", "Looks an order up", func(_ context.Context, a lookupArgs) (string, error) {
		return "order " + a.Order + " is in transit", nil
	})
	if err != nil {
		panic(err)
	}
	return t
}

// buildOrders is a Go team's eino graph: two loaders fan in to prep, an
// agent that calls the chat model with the local state's messages, a
// branch to eino's tools node or to finish.
//
//	START → load_user, load_order → prep → agent ⇄ tools; agent → finish → END
func buildOrders(env *eino.Env) (*compose.Graph[map[string]any, map[string]any], error) {
	g := compose.NewGraph[map[string]any, map[string]any](compose.WithGenLocalState(func(context.Context) *orderState { return &orderState{} }))
	lambda := func(f func(context.Context, map[string]any) (map[string]any, error)) *compose.Lambda {
		return compose.InvokableLambda(f)
	}
	lookup := lookupOrder()
	info, err := lookup.Info(context.Background())
	if err != nil {
		return nil, err
	}
	chat, err := env.Model.WithTools([]*schema.ToolInfo{info})
	if err != nil {
		return nil, err
	}
	tools, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{Tools: []tool.BaseTool{env.Tool(lookup)}})
	if err != nil {
		return nil, err
	}
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(g.AddLambdaNode("load_user", lambda(func(_ context.Context, in map[string]any) (map[string]any, error) {
		return map[string]any{"user": "ann", "question": in["question"]}, nil
	})))
	must(g.AddLambdaNode("load_order", lambda(func(_ context.Context, in map[string]any) (map[string]any, error) {
		q, _ := in["question"].(string)
		order := "none"
		if i := strings.Index(q, "A-"); i >= 0 {
			order = strings.Fields(q[i:])[0]
		}
		return map[string]any{"order": strings.TrimRight(order, "?.")}, nil
	})))
	must(g.AddLambdaNode("prep", lambda(func(_ context.Context, in map[string]any) (map[string]any, error) {
		return map[string]any{"messages": []*schema.Message{
			schema.SystemMessage(fmt.Sprintf("user %v, order %v", in["user"], in["order"])),
			schema.UserMessage(fmt.Sprint(in["question"])),
		}}, nil
	})))
	// the agent's state handler keeps the conversation in the local state
	must(g.AddLambdaNode("agent", lambda(func(ctx context.Context, in map[string]any) (map[string]any, error) {
		var msgs []*schema.Message
		if err := compose.ProcessState(ctx, func(_ context.Context, st *orderState) error {
			msgs = append(msgs, st.Messages...)
			return nil
		}); err != nil {
			return nil, err
		}
		reply, err := chat.Generate(ctx, msgs)
		if err != nil {
			return nil, err
		}
		return map[string]any{"reply": reply}, nil
	}), compose.WithStatePreHandler(func(_ context.Context, in map[string]any, st *orderState) (map[string]any, error) {
		if m, ok := in["messages"].([]*schema.Message); ok {
			st.Messages = append(st.Messages, m...)
		}
		st.Visits++
		return in, nil
	}), compose.WithStatePostHandler(func(_ context.Context, out map[string]any, st *orderState) (map[string]any, error) {
		if m, ok := out["reply"].(*schema.Message); ok {
			st.Messages = append(st.Messages, m)
		}
		return out, nil
	})))
	must(g.AddToolsNode("tools", tools, compose.WithInputKey("reply"), compose.WithOutputKey("messages")))
	must(g.AddLambdaNode("finish", lambda(func(ctx context.Context, in map[string]any) (map[string]any, error) {
		reply, _ := in["reply"].(*schema.Message)
		out := map[string]any{"answer": reply.Content}
		err := compose.ProcessState(ctx, func(_ context.Context, st *orderState) error {
			out["turns"] = st.Visits
			return nil
		})
		return out, err
	})))
	must(g.AddEdge(compose.START, "load_user"))
	must(g.AddEdge(compose.START, "load_order"))
	must(g.AddEdge("load_user", "prep"))
	must(g.AddEdge("load_order", "prep"))
	must(g.AddEdge("prep", "agent"))
	must(g.AddBranch("agent", compose.NewGraphBranch(func(_ context.Context, in map[string]any) (string, error) {
		if reply, _ := in["reply"].(*schema.Message); reply != nil && len(reply.ToolCalls) > 0 {
			return "tools", nil
		}
		return "finish", nil
	}, map[string]bool{"tools": true, "finish": true})))
	must(g.AddEdge("tools", "agent"))
	must(g.AddEdge("finish", compose.END))
	return g, nil
}

// orders is the graph as scenarios name it.
func orders() *eino.Graph {
	return &eino.Graph{Build: buildOrders, Types: map[string]any{
		"reply":    (*schema.Message)(nil),
		"messages": []*schema.Message(nil),
	}, Channels: []string{"answer", "order", "question", "turns", "user"}}
}

// jsonOf is v as JSON with sorted keys, for comparisons.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	var plain any
	if json.Unmarshal(b, &plain) != nil {
		return string(b)
	}
	b, _ = json.Marshal(plain)
	return string(b)
}
