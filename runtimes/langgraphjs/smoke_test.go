package langgraphjs

import (
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/nodetest"
)

func TestSmoke(t *testing.T) {
	env := nodetest.Require(t)
	b, err := Start(env.Root, Options{Node: env.Node})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s, err := b.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Fields: []engine.FieldSpec{{Name: "x", Reducer: "last-value"}, {Name: "m", Reducer: "messages", Default: []any{}, HasDefault: true}}})
	if err != nil {
		t.Fatal(err)
	}
	in, _ := engine.DecodeJSONOrdered(`{"x": 1, "m": "hi"}`, engine.Source{})
	r, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: in})
	t.Logf("%+v %v", r, err)
	out, _ := engine.DecodeJSONOrdered(`{"x": 2, "m": ["ai", "yo"]}`, engine.Source{})
	r, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: r.Values, NextID: r.NextID, Outputs: []engine.NodeOutput{{Node: "a", Output: out}, {Node: "b", Output: nil}}})
	t.Logf("%+v %v", r, err)
}
