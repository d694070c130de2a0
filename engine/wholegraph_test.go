package engine

import (
	"errors"
	"strings"
	"testing"
)

// runnerRuntime loads an own graph whose sessions run it whole: each run
// uses calls replies and ends with the state it is given.
type runnerRuntime struct {
	ownRuntime
	calls int
	reqs  []GraphRunRequest
}

type runnerSession struct {
	ownSession
	r *runnerRuntime
}

func (r *runnerRuntime) Open(GraphSpec) (Session, error) {
	r.opened++
	return runnerSession{ownSession{fakeSession{&r.fakeRuntime}, &r.ownRuntime}, r}, nil
}

func (s runnerSession) RunGraph(req *GraphRunRequest) (*GraphRunResult, error) {
	s.r.reqs = append(s.r.reqs, *req)
	if s.r.calls > len(req.Replies) {
		return nil, &Error{Code: ModelScriptExhausted, Message: "superstep 1, node \"agent\": past the end"}
	}
	out := &GraphRunResult{Values: map[string]any{"status": "done"}, NextID: req.NextID + 1, Steps: []GraphStep{{Step: 1, Nodes: []string{"agent"}}}, Next: []string{}}
	for i := 0; i < s.r.calls; i++ {
		out.Calls = append(out.Calls, ModelCall{Step: 1, Node: "agent", Reply: req.Offset + i + 1})
	}
	return out, nil
}

// TestRunGraph: a whole-graph run sets the thread's state to the graph's
// at its end, sends each run the replies earlier runs left, and counts
// the replies no run used (MODEL_SCRIPT_UNUSED); a run that fails uses
// up the script, its own error being the scenario's.
func TestRunGraph(t *testing.T) {
	rt := &runnerRuntime{ownRuntime: ownRuntime{channels: []string{"status"}, nodes: []string{"agent"}}, calls: 1}
	g := mustGraph(t, nil, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{rt}})
	g.SetModelReplies([]any{"one", "two", map[string]any{"content": "three"}})
	if _, err := g.RunGraph("main", Checked{Value: map[string]any{"status": "new"}}, 0); err != nil {
		t.Fatal(err)
	}
	if got := g.State("main"); got["status"] != "done" || g.Revision("main") != 1 {
		t.Fatalf("state %v revision %d; want the run's end, revision 1", got, g.Revision("main"))
	}
	if _, err := g.RunGraph("main", Checked{Value: map[string]any{}}, 0); err != nil {
		t.Fatal(err)
	}
	second := rt.reqs[1]
	if second.Offset != 1 || len(second.Replies) != 2 || second.Before["status"] != "done" || second.NextID != 1 {
		t.Errorf("the second run got offset %d, %d replies, before %v, nextID %d; want 1, 2, the first's end, 1", second.Offset, len(second.Replies), second.Before, second.NextID)
	}
	if n := len(g.ModelCalls()); n != 2 {
		t.Errorf("%d model calls; want 2", n)
	}
	err := g.UnusedReplies()
	if CodeOf(err) != ModelScriptUnused || !strings.Contains(err.Error(), `reply 3: {"content":"three"}`) || !strings.Contains(err.Error(), `after superstep 1, node "agent"`) {
		t.Errorf("UnusedReplies: %v; want MODEL_SCRIPT_UNUSED naming reply 3 and the last call", err)
	}
	rt.calls = 2
	if _, err := g.RunGraph("main", Checked{Value: map[string]any{}}, 0); CodeOf(err) != ModelScriptExhausted {
		t.Fatalf("a run past the script: %v; want MODEL_SCRIPT_EXHAUSTED", err)
	}
	if err := g.UnusedReplies(); err != nil {
		t.Errorf("after a failed run: %v; want no unused replies", err)
	}
}

// TestRunGraphNeedsAnOwnGraphAndARunner: without an own graph a run is a
// RUNTIME_ERROR saying what to add; on a runtime that cannot run a graph
// whole, the scenario is skipped (Unsupported).
func TestRunGraphNeedsAnOwnGraphAndARunner(t *testing.T) {
	g := mustGraph(t, nil, Options{})
	if _, err := g.RunGraph("main", Checked{Value: map[string]any{}}, 0); CodeOf(err) != RuntimeError || !strings.Contains(err.Error(), "Given the graph from") {
		t.Errorf("no own graph: %v", err)
	}
	rt := &ownRuntime{channels: []string{"status"}, nodes: []string{"agent"}}
	g = mustGraph(t, nil, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{rt}})
	var u *Unsupported
	if _, err := g.RunGraph("main", Checked{Value: map[string]any{}}, 0); !errors.As(err, &u) {
		t.Errorf("a runtime without RunGraph: %v; want *Unsupported", err)
	}
}
