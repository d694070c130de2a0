package awaken

import (
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/benchcommit"
)

// BenchmarkCommitSmallState measures one step commit's round trip on a
// small state: a fresh store, the state restored, two nodes' commands
// merged and committed, the state exported; it reports the median as well
// as the mean.
func BenchmarkCommitSmallState(b *testing.B) {
	br := bridgeFor(b)
	s, err := br.Open(engine.GraphSpec{Profile: Profile, Fields: []engine.FieldSpec{
		{Name: "history", Reducer: "append", Scope: engine.ScopeThread, Default: []any{}, HasDefault: true},
		{Name: "count", Reducer: "sum", Merge: engine.Commutative, Scope: engine.ScopeRun},
		{Name: "status", Reducer: "replace", Scope: engine.ScopeRun},
	}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	before := map[string]any{"history": []any{"q1", "a1"}, "count": 1.0, "status": "started"}
	a, err := engine.DecodeJSONOrdered(`{"history": ["a2"], "count": 1, "status": "done"}`, engine.Source{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	req := &engine.CommitRequest{Kind: engine.CommitStep, Before: before, Outputs: []engine.NodeOutput{
		{Node: "agent", Output: a}, {Node: "counter", Output: map[string]any{"count": 2.0}},
	}}
	benchcommit.Run(b, s, req, 50)
}
