package engine

import (
	"fmt"
	"strings"
)

// Whole-graph runs (docs/reference.md, Whole-graph runs): the scenario's
// own graph runs end to end on the runtime that loaded it, its chat models
// answering from the scenario's script.

// GraphRunner is a session that can run the scenario's own graph as a
// whole. It is optional: a runtime whose sessions lack it cannot run a
// graph whole.
type GraphRunner interface {
	RunGraph(r *GraphRunRequest) (*GraphRunResult, error)
}

// GraphRunRequest is one whole-graph run as a runtime receives it.
type GraphRunRequest struct {
	// Before is the thread's state before the run; nil for a new thread.
	Before map[string]any
	Input  Checked
	// Replies are the model script's replies not used yet; Offset is how
	// many an earlier run of the scenario used.
	Replies []any
	Offset  int
	// RecursionLimit is the run's, or 0 for the library's.
	RecursionLimit int
	// NextID is the number of the last generated message id so far.
	NextID int
}

// GraphRunResult is a runtime's answer to a whole-graph run.
type GraphRunResult struct {
	// Values is the graph's state at the end of the run.
	Values map[string]any
	NextID int
	// Steps are the parent graph's supersteps, from 1 (the input's is
	// none).
	Steps []GraphStep
	// Next are the nodes the run would run next (none: it ended).
	Next []string
	// Calls are the chat-model calls the run made, in order.
	Calls []ModelCall
}

// GraphStep is one superstep of a whole-graph run: the nodes that ran in
// it, in name order, and the state after it.
type GraphStep struct {
	Step  int
	Nodes []string
	// State is the graph's state after the superstep, or nil when the
	// runtime did not give it.
	State map[string]any
}

// ModelCall is one chat-model call of a whole-graph run: the superstep and
// node that made it and the reply it got (1-based, in the scenario's
// script).
type ModelCall struct {
	Step  int
	Node  string
	Reply int
}

// wholeRun is what the scenario's whole-graph runs have done so far.
type wholeRun struct {
	script []any
	used   int
	last   *GraphRunResult
	calls  []ModelCall
}

// SetModelReplies sets the scenario's model script (Given the model
// replies:).
func (g *Graph) SetModelReplies(replies []any) {
	g.whole.script, g.whole.used = replies, 0
}

// RunGraph runs the scenario's own graph whole on the thread from input;
// the thread's state becomes the graph's state at the end of the run.
func (g *Graph) RunGraph(threadID string, input Checked, recursionLimit int) (*GraphRunResult, error) {
	if g.graphRef == "" {
		return nil, &Error{Code: RuntimeError, Message: `a whole-graph run needs the scenario's own graph: add Given the graph from "<module>:<export>"`}
	}
	if err := g.open(); err != nil {
		return nil, err
	}
	var runner GraphRunner
	name := ""
	for _, s := range g.sessions {
		if r, ok := s.s.(GraphRunner); ok {
			runner, name = r, s.name
			break
		}
	}
	if runner == nil {
		cannot := builtinName
		if len(g.sessions) > 0 {
			cannot = g.sessions[0].name
		}
		return nil, &Unsupported{Runtime: cannot, Reason: fmt.Sprintf("the scenario runs its own graph %q whole, which only langgraph-js runs yet", g.graphRef), Graph: g.graphRef}
	}
	v, order, err := normalizeOrdered(input.Value)
	if err != nil {
		return nil, err
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected the input to be an object, received %s", TypeName(v))}
	}
	if input.Order != nil {
		order = input.Order
	}
	req := &GraphRunRequest{Input: Checked{Value: v, Order: order}, Replies: g.whole.script[g.whole.used:], Offset: g.whole.used, RecursionLimit: recursionLimit, NextID: g.nextID}
	th, existing := g.threads[threadID]
	if existing {
		req.Before = th.values
	}
	out, err := runner.RunGraph(req)
	if err != nil {
		// a run that failed says why itself (past the script's end, a node
		// that threw): its unused replies would only repeat it
		g.whole.used = len(g.whole.script)
		return nil, err
	}
	if out == nil || out.Values == nil {
		return nil, &Error{Code: RuntimeError, Message: name + " gave no state for the run"}
	}
	next := &thread{values: out.Values, revision: 1}
	if existing {
		next.revision = th.revision + 1
	}
	g.threads[threadID] = next
	g.nextID = out.NextID
	g.whole.used += len(out.Calls)
	g.whole.last = out
	g.whole.calls = append(g.whole.calls, out.Calls...)
	return out, nil
}

// LastRun is the scenario's last whole-graph run, or nil.
func (g *Graph) LastRun() *GraphRunResult { return g.whole.last }

// ModelCalls are the chat-model calls of the scenario's whole-graph runs.
func (g *Graph) ModelCalls() []ModelCall { return append([]ModelCall(nil), g.whole.calls...) }

// UnusedReplies is the MODEL_SCRIPT_UNUSED error of a scenario whose
// model script has replies no run used, or nil.
func (g *Graph) UnusedReplies() error {
	w := &g.whole
	if w.used >= len(w.script) {
		return nil
	}
	where := "before any run"
	if n := len(w.calls); n > 0 {
		c := w.calls[n-1]
		where = fmt.Sprintf("after superstep %d, node %q made the last call", c.Step, c.Node)
	}
	first := compactJSON(w.script[w.used])
	return &Error{Code: ModelScriptUnused, Message: fmt.Sprintf("the scenario ended with %d of the model's %d replies unused (%s); the first unused, reply %d: %s. Remove it from \"Given the model replies:\", or find why the graph stopped calling the model", len(w.script)-w.used, len(w.script), where, w.used+1, strings.TrimSpace(first))}
}
