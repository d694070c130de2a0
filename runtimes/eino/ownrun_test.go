package eino_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/callbacks"
	"github.com/cloudwego/eino/components/model"
	einotool "github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/eino"
)

// fakeModel is the test's own chat model, as a team fakes one: replies in
// order, no script, no harness.
type fakeModel struct {
	mu      sync.Mutex
	replies []*schema.Message
}

func (m *fakeModel) Generate(context.Context, []*schema.Message, ...model.Option) (*schema.Message, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.replies) == 0 {
		return nil, errors.New("fake model: no reply left")
	}
	r := m.replies[0]
	m.replies = m.replies[1:]
	return r, nil
}

func (m *fakeModel) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	r, err := m.Generate(ctx, in, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{r}), nil
}

func (m *fakeModel) WithTools([]*schema.ToolInfo) (model.ToolCallingChatModel, error) { return m, nil }

// ownRun runs the orders graph with eino's Invoke and the fake model, as
// the team's own test would: its output, its local state at the end and
// the nodes in the order they started.
func ownRun(t *testing.T, question string, replies []*schema.Message) (map[string]any, *orderState, []string) {
	t.Helper()
	env := &eino.Env{Model: &fakeModel{replies: replies}, Tool: func(t einotool.InvokableTool) einotool.InvokableTool { return t }}
	g, err := buildOrders(env)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Compile(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []string
	var local *orderState
	h := callbacks.NewHandlerBuilder().OnStartFn(func(ctx context.Context, info *callbacks.RunInfo, _ callbacks.CallbackInput) context.Context {
		return ctx
	}).OnEndFn(func(ctx context.Context, info *callbacks.RunInfo, _ callbacks.CallbackOutput) context.Context {
		if info.Component == compose.ComponentOfGraph {
			_ = compose.ProcessState(ctx, func(_ context.Context, st *orderState) error { local = st; return nil })
		}
		return ctx
	}).Build()
	opts := []compose.Option{compose.WithCallbacks(h)}
	for _, n := range []string{"load_user", "load_order", "prep", "agent", "tools", "finish"} {
		opts = append(opts, compose.WithCallbacks(callbacks.NewHandlerBuilder().OnStartFn(func(ctx context.Context, info *callbacks.RunInfo, _ callbacks.CallbackInput) context.Context {
			if info.Component != "Tool" {
				mu.Lock()
				order = append(order, n)
				mu.Unlock()
			}
			return ctx
		}).Build()).DesignateNode(n))
	}
	out, err := r.Invoke(context.Background(), map[string]any{"question": question}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return out, local, order
}

// harnessRun runs the same graph through the adapter's whole-graph run,
// with the same replies as a scenario's script.
func harnessRun(t *testing.T, question string, replies []any) *engine.GraphRunResult {
	t.Helper()
	s, err := orders().Open(engine.GraphSpec{Graph: "eino:orders"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.(engine.GraphRunner).RunGraph(&engine.GraphRunRequest{
		Input: &engine.Checked{Value: map[string]any{"question": question}},
		Model: engine.ScriptPart{Items: replies},
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestWholeRunAgreesWithEinosOwnRun: the adapter's run of the orders graph
// (the one orders_run.feature asserts) ends with eino's own run's output
// and local state, and its supersteps hold eino's nodes in eino's order.
func TestWholeRunAgreesWithEinosOwnRun(t *testing.T) {
	call := schema.ToolCall{ID: "call-1", Type: "function", Function: schema.FunctionCall{Name: "lookup_order", Arguments: `{"order":"A-17"}`}}
	for _, tc := range []struct {
		name    string
		replies []*schema.Message
		script  []any
	}{
		{"answers at once", []*schema.Message{schema.AssistantMessage("Hello ann.", nil)}, []any{"Hello ann."}},
		{"calls the tool once", []*schema.Message{schema.AssistantMessage("", []schema.ToolCall{call}), schema.AssistantMessage("It is in transit.", nil)},
			[]any{map[string]any{"content": "", "tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}}, "It is in transit."}},
		{"eino's own shape in the script", []*schema.Message{schema.AssistantMessage("", []schema.ToolCall{call}), schema.AssistantMessage("", []schema.ToolCall{call}), schema.AssistantMessage("Twice.", nil)},
			[]any{map[string]any{"content": "", "tool_calls": []any{map[string]any{"id": "call-1", "type": "function", "function": map[string]any{"name": "lookup_order", "arguments": `{"order":"A-17"}`}}}},
				map[string]any{"content": "", "tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}}, "Twice."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, local, order := ownRun(t, "Where is A-17?", tc.replies)
			res := harnessRun(t, "Where is A-17?", tc.script)
			want := map[string]any{}
			for k, v := range out {
				want[k] = v
			}
			want["local"] = local
			if jsonOf(want) != jsonOf(res.Values) {
				t.Errorf("the final state differs\n eino: %s\n harness: %s", jsonOf(want), jsonOf(res.Values))
			}
			var ran []string
			for _, st := range res.Steps {
				// eino starts a superstep's tasks in no fixed order
				ran = append(ran, st.Nodes...)
			}
			if !sameSteps(order, res.Steps) {
				t.Errorf("the supersteps %v do not hold eino's nodes in eino's order %v", ran, order)
			}
			if len(res.Calls) != len(tc.script) {
				t.Errorf("%d model calls, want %d", len(res.Calls), len(tc.script))
			}
		})
	}
}

// sameSteps: order is the steps' nodes, each step's in some order.
func sameSteps(order []string, steps []engine.GraphStep) bool {
	i := 0
	for _, st := range steps {
		if i+len(st.Nodes) > len(order) {
			return false
		}
		got := slices.Sorted(slices.Values(order[i : i+len(st.Nodes)]))
		if !slices.Equal(got, st.Nodes) {
			return false
		}
		i += len(st.Nodes)
	}
	return i == len(order)
}

// regexpDup is eino's duplicated-key refusal.
var regexpDup = regexp.MustCompile(`\(values merge map\) duplicated key \('([^']*)'\) found`)

// fanIn runs outs through a graph of the test's own, each node's output
// feeding join, and gives what join received or eino's error.
func fanIn(outs map[string]map[string]any) (map[string]any, error) {
	g := compose.NewGraph[map[string]any, map[string]any]()
	if err := g.AddLambdaNode("join", compose.InvokableLambda(func(_ context.Context, in map[string]any) (map[string]any, error) { return in, nil })); err != nil {
		return nil, err
	}
	_ = g.AddEdge("join", compose.END)
	for name, out := range outs {
		_ = g.AddLambdaNode(name, compose.InvokableLambda(func(context.Context, map[string]any) (map[string]any, error) { return out, nil }))
		_ = g.AddEdge(compose.START, name)
		_ = g.AddEdge(name, "join")
	}
	r, err := g.Compile(context.Background())
	if err != nil {
		return nil, err
	}
	return r.Invoke(context.Background(), map[string]any{})
}

// TestDuplicateKeyFailsAsEinoFails: eino's own run of two branches that
// write "notes" fails with the message the adapter's step quotes.
func TestDuplicateKeyFailsAsEinoFails(t *testing.T) {
	_, einoErr := fanIn(map[string]map[string]any{"a": {"notes": "x"}, "b": {"notes": "y", "c": 1.0}})
	if einoErr == nil || !strings.Contains(einoErr.Error(), "(values merge map) duplicated key ('notes') found") {
		t.Fatalf("eino's own run: %v", einoErr)
	}
	s, err := orders().Open(engine.GraphSpec{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{}, Outputs: []engine.NodeOutput{
		{Node: "a", Output: map[string]any{"notes": "x"}}, {Node: "b", Output: map[string]any{"notes": "y", "c": 1.0}}}})
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != engine.InvalidConcurrentGraphUpdate || !strings.Contains(e.Message, "(values merge map) duplicated key ('notes') found") {
		t.Fatalf("the adapter's step: %v", err)
	}
}

// TestRandomStepsAgreeWithEino is the differential test: random steps of
// two to four nodes, each returning a few of a handful of keys, through the
// adapter and through eino's own fan-in; outcomes and states must agree.
func TestRandomStepsAgreeWithEino(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	s, err := orders().Open(engine.GraphSpec{})
	if err != nil {
		t.Fatal(err)
	}
	failed, passed := 0, 0
	for i := range 300 {
		n := 2 + rng.IntN(3)
		outs := map[string]map[string]any{}
		var step []engine.NodeOutput
		for j := range n {
			out := map[string]any{}
			for range rng.IntN(3) {
				out[keys[rng.IntN(len(keys))]] = float64(rng.IntN(10))
			}
			name := fmt.Sprintf("n%d", j)
			outs[name] = out
			step = append(step, engine.NodeOutput{Node: name, Output: out})
		}
		want, wantErr := fanIn(outs)
		got, gotErr := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{"z": 1.0}, Outputs: step})
		switch {
		case (wantErr == nil) != (gotErr == nil):
			t.Fatalf("case %d %s: eino: %v; adapter: %v", i, jsonOf(outs), wantErr, gotErr)
		case wantErr != nil:
			// eino names one of the keys written twice, in map order; the
			// adapter names them all
			m := regexpDup.FindStringSubmatch(wantErr.Error())
			if m == nil || !strings.Contains(gotErr.Error(), "INVALID_CONCURRENT_GRAPH_UPDATE") || !strings.Contains(gotErr.Error(), "duplicated key") || !regexp.MustCompile(`\b`+m[1]+`\b`).MatchString(gotErr.Error()) {
				t.Fatalf("case %d %s: eino: %v; adapter: %v", i, jsonOf(outs), wantErr, gotErr)
			}
			failed++
		default:
			if jsonOf(want) != jsonOf(got.Values) {
				t.Fatalf("case %d %s: eino: %s; adapter: %s", i, jsonOf(outs), jsonOf(want), jsonOf(got.Values))
			}
			passed++
		}
	}
	t.Logf("300 random steps: %d merged alike, %d refused alike", passed, failed)
	if failed == 0 || passed == 0 {
		t.Errorf("the cases covered one outcome only: %d merged, %d refused", passed, failed)
	}
}
