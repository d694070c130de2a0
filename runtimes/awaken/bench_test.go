package awaken

import (
	"sort"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
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
	for i := 0; i < 50; i++ {
		if _, err := s.Commit(req); err != nil {
			b.Fatal(err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := s.Commit(req); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
}
