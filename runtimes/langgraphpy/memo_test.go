package langgraphpy

import (
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// TestPoolHeldMessages: a messages field with no default holds its first
// write as the dicts it was given, which the next commit coerces again
// (content [] becomes ""), and which only the process that answered the
// first write knows. A second scenario with the same first write, on the
// pool's other process, gets the same state from its next commit as the
// first scenario: the first write's answer is not given from memory.
func TestPoolHeldMessages(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := toolchain.RepoRoot()
	p, err := bridge.NewPool(2, func() (*bridge.Bridge, error) { return Start(root, Options{Python: python}) })
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Wait()
	if p.Size() != 2 {
		// its second process failed to start: a fault, which NewPool says on stderr
		t.Fatalf("the pool has %d processes; the test needs 2", p.Size())
	}
	spec := engine.GraphSpec{Profile: Profile, IDPrefix: "auto-", Fields: []engine.FieldSpec{{Name: "messages", Reducer: "messages", Scope: engine.ScopeThread}}}
	first := func(s engine.Session, id string) any {
		t.Helper()
		r1, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: ordered(t, `{"messages": [{"type": "human", "content": [], "id": "m1"}]}`)})
		if err != nil {
			t.Fatal(err)
		}
		r2, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, NextID: r1.NextID, Before: r1.Values,
			Outputs: []engine.NodeOutput{{Node: "a", Output: ordered(t, `{"messages": [{"type": "ai", "content": "hi", "id": "`+id+`"}]}`)}}})
		if err != nil {
			t.Fatal(err)
		}
		return r2.Values["messages"].([]any)[0].(map[string]any)["content"]
	}
	// both open at once: one on each process
	a, err := p.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := p.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got := first(a, "m2"); got != "" {
		t.Fatalf("the first message's content is %#v after the second commit; want \"\", as add_messages coerces a dict again", got)
	}
	if got := first(b, "m3"); got != "" {
		t.Errorf("on the other process, the first message's content is %#v after the second commit; want \"\", as on the first", got)
	}
}
