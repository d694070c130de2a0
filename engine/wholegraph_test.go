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
	if s.r.calls > len(req.Model.Items) {
		return nil, &Error{Code: ModelScriptExhausted, Message: "superstep 1, node \"agent\": past the end"}
	}
	out := &GraphRunResult{Values: map[string]any{"status": "done"}, NextID: req.NextID + 1, Steps: []GraphStep{{Step: 1, Nodes: []string{"agent"}}}, Next: []string{}}
	for i := 0; i < s.r.calls; i++ {
		out.Calls = append(out.Calls, ModelCall{Step: 1, Node: "agent", Reply: req.Model.Offset + i + 1})
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
	g.AddModelReplies([]any{"one", "two", map[string]any{"content": "three"}}, nil)
	if _, err := g.RunGraph("main", GraphRun{Input: &Checked{Value: map[string]any{"status": "new"}}}); err != nil {
		t.Fatal(err)
	}
	if got := g.State("main"); got["status"] != "done" || g.Revision("main") != 1 {
		t.Fatalf("state %v revision %d; want the run's end, revision 1", got, g.Revision("main"))
	}
	if _, err := g.RunGraph("main", GraphRun{Input: &Checked{Value: map[string]any{}}}); err != nil {
		t.Fatal(err)
	}
	second := rt.reqs[1]
	if second.Model.Offset != 1 || len(second.Model.Items) != 2 || !second.Continue || second.Before != nil || second.Thread != "main" || second.NextID != 1 {
		t.Errorf("the second run got offset %d, %d replies, continue %v, before %v, thread %q, nextID %d; want 1, 2, the first run's thread continued, 1", second.Model.Offset, len(second.Model.Items), second.Continue, second.Before, second.Thread, second.NextID)
	}
	if n := len(g.ModelCalls()); n != 2 {
		t.Errorf("%d model calls; want 2", n)
	}
	err := g.UnusedReplies()
	if CodeOf(err) != ModelScriptUnused || !strings.Contains(err.Error(), `reply 3: {"content":"three"}`) || !strings.Contains(err.Error(), `after superstep 1, node "agent"`) {
		t.Errorf("UnusedReplies: %v; want MODEL_SCRIPT_UNUSED naming reply 3 and the last call", err)
	}
	rt.calls = 2
	if _, err := g.RunGraph("main", GraphRun{Input: &Checked{Value: map[string]any{}}}); CodeOf(err) != ModelScriptExhausted {
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
	if _, err := g.RunGraph("main", GraphRun{Input: &Checked{Value: map[string]any{}}}); CodeOf(err) != RuntimeError || !strings.Contains(err.Error(), "Given the graph from") {
		t.Errorf("no own graph: %v", err)
	}
	rt := &ownRuntime{channels: []string{"status"}, nodes: []string{"agent"}}
	g = mustGraph(t, nil, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{rt}})
	var u *Unsupported
	if _, err := g.RunGraph("main", GraphRun{Input: &Checked{Value: map[string]any{}}}); !errors.As(err, &u) {
		t.Errorf("a runtime without RunGraph: %v; want *Unsupported", err)
	}
}

// scriptedRuntime answers a run with the result it is given, keeping the
// requests.
type scriptedRuntime struct {
	ownRuntime
	out  *GraphRunResult
	reqs []GraphRunRequest
}

type scriptedSession struct {
	ownSession
	r *scriptedRuntime
}

func (r *scriptedRuntime) Open(GraphSpec) (Session, error) {
	r.opened++
	return scriptedSession{ownSession{fakeSession{&r.fakeRuntime}, &r.ownRuntime}, r}, nil
}

func (s scriptedSession) RunGraph(req *GraphRunRequest) (*GraphRunResult, error) {
	s.r.reqs = append(s.r.reqs, *req)
	return s.r.out, nil
}

// TestRunGraphScripts: each script (a node's model replies, a scripted
// node's outputs, a tool's answers in turn) is sent from where earlier
// runs left it, counted from the run's answer, and one left unused fails
// the scenario with its own code; a tool answering every call is never
// used up.
func TestRunGraphScripts(t *testing.T) {
	rt := &scriptedRuntime{ownRuntime: ownRuntime{channels: []string{"status"}, nodes: []string{"agent", "review"}}}
	rt.out = &GraphRunResult{
		Values:    map[string]any{"status": "done"},
		Steps:     []GraphStep{{Step: 1, Nodes: []string{"agent"}, Tasks: []GraphTask{{Node: "agent", Writes: []GraphWrite{{Channel: "status", Value: "done"}}}}}},
		Calls:     []ModelCall{{Step: 1, Node: "agent", Reply: 1, Script: "agent"}},
		Returns:   []ScriptedVisit{{Step: 1, Node: "review", Index: 1}},
		ToolCalls: []ScriptedToolCall{{Step: 1, Node: "tools", Tool: "lookup", Answer: 1}, {Step: 1, Node: "tools", Tool: "always", Answer: 1}},
	}
	g := mustGraph(t, nil, Options{Graph: "graph.py:graph", Runtimes: []Runtime{rt}})
	g.AddNodeReplies("agent", []any{"a1", "a2"}, nil)
	g.AddNodeReturns("review", []any{map[string]any{"status": "ok"}, map[string]any{"status": "again"}}, nil)
	g.SetToolAnswers("lookup", []any{"first", "second"}, true, nil)
	g.SetToolAnswers("always", []any{"same"}, false, nil)
	for range 2 {
		if _, err := g.RunGraph("main", GraphRun{Input: &Checked{Value: map[string]any{}}}); err != nil {
			t.Fatal(err)
		}
	}
	second := rt.reqs[1]
	if p := second.NodeReplies["agent"]; p.Offset != 1 || len(p.Items) != 1 || p.Items[0] != "a2" {
		t.Errorf("node replies sent to the second run: %+v; want a2 at offset 1", p)
	}
	if p := second.Returns["review"]; p.Offset != 1 || len(p.Items) != 1 {
		t.Errorf("node outputs sent to the second run: %+v; want one, at offset 1", p)
	}
	if p := second.Tools["lookup"]; !p.InTurn || p.Offset != 1 || len(p.Items) != 1 || p.Items[0] != "second" {
		t.Errorf("tool answers in turn sent to the second run: %+v; want second at offset 1", p)
	}
	if p := second.Tools["always"]; p.InTurn || p.Offset != 0 || len(p.Items) != 1 {
		t.Errorf("a tool answering every call: %+v; want its answer whole", p)
	}
	if err := g.UnusedReplies(); err != nil {
		t.Errorf("every script used: %v", err)
	}
	g.SetToolAnswers("lookup", []any{"first", "second", "third"}, true, nil)
	if _, err := g.RunGraph("main", GraphRun{Input: &Checked{Value: map[string]any{}}}); err != nil {
		t.Fatal(err)
	}
	if err := g.UnusedReplies(); CodeOf(err) != ToolScriptUnused || !strings.Contains(err.Error(), `2 of tool "lookup"'s 3 answers unused`) {
		t.Errorf("a tool script set anew, one of its answers used: %v; want TOOL_SCRIPT_UNUSED", err)
	}
	trace := g.TraceValue().([]any)
	entry := trace[0].(map[string]any)
	tasks := entry["tasks"].([]any)
	if entry["source"] != "run" || entry["step"] != 1.0 || len(tasks) != 1 || tasks[0].(map[string]any)["model"] == nil {
		t.Errorf("the trace's first entry: %v; want superstep 1 of the run with its task and model call", entry)
	}
}

// TestRunGraphUnusedOrder: a tool's answers in turn left unused are
// TOOL_SCRIPT_UNUSED naming the first unused answer.
func TestRunGraphUnusedOrder(t *testing.T) {
	rt := &scriptedRuntime{ownRuntime: ownRuntime{channels: []string{"status"}, nodes: []string{"agent"}}}
	rt.out = &GraphRunResult{Values: map[string]any{}, ToolCalls: []ScriptedToolCall{{Step: 1, Node: "tools", Tool: "lookup", Answer: 1}}}
	g := mustGraph(t, nil, Options{Graph: "graph.py:graph", Runtimes: []Runtime{rt}})
	g.SetToolAnswers("lookup", []any{"first", "second"}, true, nil)
	if _, err := g.RunGraph("main", GraphRun{}); err != nil {
		t.Fatal(err)
	}
	err := g.UnusedReplies()
	if CodeOf(err) != ToolScriptUnused || !strings.Contains(err.Error(), `answer 2: "second"`) {
		t.Errorf("UnusedReplies: %v; want TOOL_SCRIPT_UNUSED naming answer 2", err)
	}
}

// TestRunGraphSideBySide: side by side with a schema, the built-in
// engine re-applies each superstep's writes to the state before it; a
// runtime whose state after a superstep is not the merge of its writes
// disagrees, naming the superstep.
func TestRunGraphSideBySide(t *testing.T) {
	s, err := SchemaFromValue(ordered(t, `{"fields": {"log": {"type": "array", "reducer": "append", "default": []}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	step := func(n int, node string, write any, after []any) GraphStep {
		return GraphStep{Step: n, Nodes: []string{node}, State: map[string]any{"log": after}, Tasks: []GraphTask{{Node: node, Writes: []GraphWrite{{Channel: "log", Value: write}}}}}
	}
	rt := &scriptedRuntime{ownRuntime: ownRuntime{channels: []string{"log"}, nodes: []string{"a", "b"}}}
	rt.out = &GraphRunResult{Values: map[string]any{"log": []any{"in", "a", "b"}}, Steps: []GraphStep{
		step(1, "a", []any{"a"}, []any{"in", "a"}),
		step(2, "b", []any{"b"}, []any{"in", "a", "b"}),
	}}
	g := mustGraph(t, s, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{Builtin(), rt}})
	in := ordered(t, `{"log": ["in"]}`)
	if _, err := g.RunGraph("main", GraphRun{Input: &in}); err != nil {
		t.Fatalf("a run whose supersteps merge as the schema says: %v", err)
	}
	// the runtime's second superstep replaced the log instead of appending
	rt.out.Steps[1] = step(2, "b", []any{"b"}, []any{"b"})
	g = mustGraph(t, s, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{Builtin(), rt}})
	_, err = g.RunGraph("main", GraphRun{Input: &in})
	if CodeOf(err) != RuntimeDisagreement || !strings.Contains(err.Error(), "superstep 2 (b)") || !strings.Contains(err.Error(), "$.log") {
		t.Fatalf("err = %v; want RUNTIME_DISAGREEMENT at superstep 2, $.log", err)
	}
}
