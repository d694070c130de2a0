package llmfy

import (
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/benchcommit"
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
	benchcommit.Run(b, s, req, 50)
}
