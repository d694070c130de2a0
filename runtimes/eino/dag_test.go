package eino_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/eino"
)

// buildDAG is a graph in eino's DAG mode: join waits for both branches,
// the long one (a, b) and the short one (c).
func buildDAG(*eino.Env) (*compose.Graph[map[string]any, map[string]any], error) {
	g := compose.NewGraph[map[string]any, map[string]any]()
	node := func(key string, f func(map[string]any) map[string]any) {
		if err := g.AddLambdaNode(key, compose.InvokableLambda(func(_ context.Context, in map[string]any) (map[string]any, error) { return f(in), nil })); err != nil {
			panic(err)
		}
	}
	node("a", func(in map[string]any) map[string]any { return map[string]any{"x": in["n"].(float64) + 1} })
	node("b", func(in map[string]any) map[string]any { return map[string]any{"x": in["x"].(float64) * 10} })
	node("c", func(in map[string]any) map[string]any { return map[string]any{"y": in["n"].(float64) - 1} })
	node("join", func(in map[string]any) map[string]any {
		return map[string]any{"sum": in["x"].(float64) + in["y"].(float64)}
	})
	for _, e := range [][2]string{{compose.START, "a"}, {"a", "b"}, {"b", "join"}, {compose.START, "c"}, {"c", "join"}, {"join", compose.END}} {
		if err := g.AddEdge(e[0], e[1]); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// TestDAGModeRunAgreesWithEino: in DAG mode join runs once, after both
// branches, with the sum eino's own run gives, in a superstep after b's.
func TestDAGModeRunAgreesWithEino(t *testing.T) {
	dag := []compose.GraphCompileOption{compose.WithNodeTriggerMode(compose.AllPredecessor)}
	g, err := buildDAG(nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Compile(context.Background(), dag...)
	if err != nil {
		t.Fatal(err)
	}
	want, err := r.Invoke(context.Background(), map[string]any{"n": 2.0})
	if err != nil {
		t.Fatal(err)
	}
	s, err := (&eino.Graph{Build: buildDAG, CompileOptions: dag}).Open(engine.GraphSpec{})
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		res, err := s.(engine.GraphRunner).RunGraph(&engine.GraphRunRequest{Input: &engine.Checked{Value: map[string]any{"n": 2.0}}})
		if err != nil {
			t.Fatal(err)
		}
		if jsonOf(res.Values) != jsonOf(want) || jsonOf(want) != `{"sum":31}` {
			t.Fatalf("eino: %s; harness: %s", jsonOf(want), jsonOf(res.Values))
		}
		var steps [][]string
		for _, st := range res.Steps {
			steps = append(steps, st.Nodes)
		}
		if jsonOf(steps) != `[["a","c"],["b"],["join"]]` {
			t.Fatalf("the supersteps: %s", jsonOf(steps))
		}
	}
}
