package langgraphpy

import (
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/benchcommit"
)

// BenchmarkCommitSmallState measures one step commit's round trip on a
// small state (docs/reference.md, Runtimes: about two milliseconds at most on Python); it
// reports the median as well as the mean.
func BenchmarkCommitSmallState(b *testing.B) {
	br := bridgeFor(b)
	s, err := br.Open(engine.GraphSpec{Profile: Profile, IDPrefix: "auto-", Fields: []engine.FieldSpec{
		{Name: "messages", Reducer: "messages", Default: []any{}, HasDefault: true},
		{Name: "count", Reducer: "sum", Default: 0.0, HasDefault: true},
		{Name: "status", Reducer: "last-value"},
	}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	before := map[string]any{
		"messages": []any{
			map[string]any{"type": "human", "content": "hello", "id": "auto-1"},
			map[string]any{"type": "ai", "content": "hi there", "id": "auto-2"},
		},
		"count":  1.0,
		"status": "started",
	}
	out, err := engine.DecodeJSONOrdered(`{"messages": {"role": "assistant", "content": "done"}, "count": 1, "status": "done"}`, engine.Source{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	req := &engine.CommitRequest{Kind: engine.CommitStep, Before: before, NextID: 2, Outputs: []engine.NodeOutput{{Node: "agent", Output: out}}}
	// warm up: the graph compiles on its first commit
	benchcommit.Run(b, s, req, 50)
}
