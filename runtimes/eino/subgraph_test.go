package eino_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/eino"
)

// counter is the outer graph's local state.
type counter struct {
	Visits int `json:"visits"`
}

// buildNested is a graph whose middle node is a subgraph: count, sub
// (inner: double), count again.
func buildNested(*eino.Env) (*compose.Graph[map[string]any, map[string]any], error) {
	count := compose.InvokableLambda(func(ctx context.Context, in map[string]any) (map[string]any, error) {
		err := compose.ProcessState(ctx, func(_ context.Context, c *counter) error { c.Visits++; return nil })
		return in, err
	})
	inner := compose.NewGraph[map[string]any, map[string]any]()
	if err := inner.AddLambdaNode("double", compose.InvokableLambda(func(_ context.Context, in map[string]any) (map[string]any, error) {
		return map[string]any{"n": in["n"].(float64) * 2}, nil
	})); err != nil {
		return nil, err
	}
	_ = inner.AddEdge(compose.START, "double")
	_ = inner.AddEdge("double", compose.END)
	g := compose.NewGraph[map[string]any, map[string]any](compose.WithGenLocalState(func(context.Context) *counter { return &counter{} }))
	_ = g.AddLambdaNode("count", count)
	_ = g.AddGraphNode("sub", inner)
	_ = g.AddLambdaNode("count_again", count)
	_ = g.AddEdge(compose.START, "count")
	_ = g.AddEdge("count", "sub")
	_ = g.AddEdge("sub", "count_again")
	return g, g.AddEdge("count_again", compose.END)
}

// TestSubgraphNodeRuns: a subgraph is one task of its superstep, its inner
// nodes are not the parent's, and the parent's local state is seeded once
// (from the thread's) and read at the parent's end, not the subgraph's.
func TestSubgraphNodeRuns(t *testing.T) {
	s, err := (&eino.Graph{Build: buildNested}).Open(engine.GraphSpec{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.(engine.GraphRunner).RunGraph(&engine.GraphRunRequest{
		Before: map[string]any{"local": map[string]any{"visits": 5.0}},
		Input:  &engine.Checked{Value: map[string]any{"n": 3.0}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(res.Values); got != `{"local":{"visits":7},"n":6}` {
		t.Errorf("the state after the run: %s", got)
	}
	var steps [][]string
	for _, st := range res.Steps {
		steps = append(steps, st.Nodes)
	}
	if got := jsonOf(steps); got != `[["count"],["sub"],["count_again"]]` {
		t.Errorf("the supersteps: %s", got)
	}
	// the same step-level: the subgraph node runs alone, the counter kept
	out, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{"n": 4.0, "local": map[string]any{"visits": 1.0}},
		Outputs: []engine.NodeOutput{{Node: "sub", Run: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(out.Values); got != `{"local":{"visits":1},"n":8}` {
		t.Errorf("the state after the subgraph's step: %s", got)
	}
}
