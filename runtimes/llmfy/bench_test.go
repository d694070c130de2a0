package llmfy

import (
	"sort"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
)

// BenchmarkCommitSmallState measures one step commit's round trip on a
// small state: a real FlowEngine.invoke of one node, with the JSON both
// ways; it reports the median as well as the mean.
func BenchmarkCommitSmallState(b *testing.B) {
	br := bridgeFor(b)
	s, err := br.Open(engine.GraphSpec{Profile: Profile, IDPrefix: "auto-", Fields: []engine.FieldSpec{
		{Name: "messages", Reducer: "append"},
		{Name: "count", Reducer: "sum"},
		{Name: "status", Reducer: "replace"},
	}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	before := map[string]any{
		"messages": []any{"user: hello", "agent: hi there"},
		"count":    1.0,
		"status":   "started",
	}
	out, err := engine.DecodeJSONOrdered(`{"messages": ["agent: done"], "count": 1, "status": "done"}`, engine.Source{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	req := &engine.CommitRequest{Kind: engine.CommitStep, Before: before, Outputs: []engine.NodeOutput{{Node: "agent", Output: out}}}
	// warm up: the flow is built on its first commit
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
