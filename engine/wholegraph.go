package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Whole-graph runs (docs/reference.md, Whole-graph runs): the scenario's
// own graph runs end to end on the runtime that loaded it, its chat
// models answering from the scenario's scripts.

// GraphRunner is a session that can run the scenario's own graph as a
// whole. It is optional: a runtime whose sessions lack it cannot run a
// graph whole.
type GraphRunner interface {
	RunGraph(r *GraphRunRequest) (*GraphRunResult, error)
}

// GraphRunRequest is one whole-graph run as a runtime receives it.
type GraphRunRequest struct {
	// Thread is the scenario's thread the run is on. With Continue the
	// run goes on from the thread the runtime's last run on it left (its
	// checkpoints, pending interrupts and next nodes); without it, from a
	// fresh thread holding Before (nil for a new thread).
	Thread   string
	Continue bool
	Before   map[string]any
	// Input is the run's input, or nil for a run with no input (the
	// thread's pending next nodes, or a resume).
	Input *Checked
	// Resume answers the thread's pending interrupts; Command is a
	// Command of the library's (resume, update, goto).
	Resume  *Resume
	Command *GraphCommand
	// Model is what is left of the default model script.
	Model ScriptPart
	// NodeReplies are the model scripts of single nodes, Returns the
	// outputs of scripted nodes, Tools the answers of scripted tools:
	// each what earlier runs left.
	NodeReplies map[string]ScriptPart
	Returns     map[string]ScriptPart
	Tools       map[string]ToolScript
	// RecursionLimit is the run's, or 0 for the library's.
	RecursionLimit int
	// NextID is the number of the last generated message id so far.
	NextID int
}

// ScriptPart is what is left of a script: its items not used yet, and
// how many earlier runs used (the answer's numbers count from it).
type ScriptPart struct {
	Items []any
	// Orders are the key orders of Items as the scenario wrote them
	// (nil, or an element nil: sorted), for a runtime that serialises them.
	Orders []*KeyOrder
	Offset int
}

// ToolScript is a scripted tool's answers: InTurn, the N-th call gets the
// N-th; else every call gets the first.
type ToolScript struct {
	ScriptPart
	InTurn bool
}

// Resume answers pending interrupts: Value the one pending, or ByID each
// by the id the run gave it (interrupt-N).
type Resume struct {
	Value any
	ByID  map[string]any
}

// GraphCommand is a run's Command: Resume (when HasResume), Update (nil:
// none) and Goto (none: empty).
type GraphCommand struct {
	Resume    any
	HasResume bool
	Update    map[string]any
	Goto      []string
}

// GraphRunResult is a runtime's answer to a whole-graph run.
type GraphRunResult struct {
	// Values is the graph's state at the end of the run.
	Values map[string]any
	NextID int
	// Steps are the parent graph's supersteps, from 1 (the input's is
	// none).
	Steps []GraphStep
	// Next are the nodes the run would run next (none: it ended or is
	// interrupted); Interrupts those pending at its end.
	Next       []string
	Interrupts []GraphInterrupt
	// Calls are the chat-model calls the run made, in order; Returns the
	// visits of scripted nodes; ToolCalls the calls of scripted tools.
	Calls     []ModelCall
	Returns   []ScriptedVisit
	ToolCalls []ScriptedToolCall
}

// GraphStep is one superstep of a whole-graph run: the nodes that ran in
// it, in name order, their tasks and the state after it.
type GraphStep struct {
	Step  int
	Nodes []string
	// State is the graph's state after the superstep, or nil when the
	// runtime did not give it.
	State map[string]any
	Tasks []GraphTask
}

// GraphTask is one node's run within a superstep: the writes it made and,
// for a node that is a subgraph, the subgraph's own supersteps.
type GraphTask struct {
	Node   string
	Writes []GraphWrite
	Steps  []GraphStep
}

// GraphWrite is one channel write of a task, before its reducer merged it.
type GraphWrite struct {
	Channel string
	Value   any
}

// GraphInterrupt is an interrupt pending at the end of a run: the id a
// resume names it by (interrupt-N), the node that raised it and its value.
type GraphInterrupt struct {
	ID    string
	Node  string
	Value any
}

// ModelCall is one chat-model call of a whole-graph run: the superstep and
// node that made it, the reply it got (1-based, in its script), the
// script (a node's own, or "" for the default) and the last message the
// model was given (nil when the runtime did not say).
type ModelCall struct {
	Step   int
	Node   string
	Reply  int
	Script string
	Last   any
}

// ScriptedVisit is one visit of a scripted node: the output it returned
// (1-based).
type ScriptedVisit struct {
	Step  int
	Node  string
	Index int
}

// ScriptedToolCall is one call of a scripted tool: the answer it got
// (1-based).
type ScriptedToolCall struct {
	Step   int
	Node   string
	Tool   string
	Answer int
}

// GraphRun is a whole-graph run as a scenario asks for it.
type GraphRun struct {
	// Input is the run's input; nil runs with no input.
	Input          *Checked
	Resume         *Resume
	Command        *GraphCommand
	RecursionLimit int
}

// script is one of the scenario's scripts and how much of it the runs
// used.
type script struct {
	items  []any
	orders []*KeyOrder
	used   int
	inTurn bool
}

// add adds items to the end of the script, with their key order.
func (s *script) add(items []any, order *KeyOrder) {
	s.items = append(s.items, items...)
	for range items {
		s.orders = append(s.orders, order)
	}
}

// rest is what is left of the script, or the whole of it (whole).
func (s *script) rest(whole bool) ScriptPart {
	if whole {
		return ScriptPart{Items: s.items, Orders: s.orders}
	}
	n := min(s.used, len(s.items))
	return ScriptPart{Items: s.items[n:], Orders: s.orders[n:], Offset: s.used}
}

// wholeRun is what the scenario's whole-graph runs have done so far.
type wholeRun struct {
	model   script
	nodes   map[string]*script
	returns map[string]*script
	tools   map[string]*script
	last    *GraphRunResult
	calls   []ModelCall
	// left is, per thread, the revision the last whole run on it left:
	// the runtime's own thread is still that thread while it holds;
	// pending its interrupts.
	left    map[string]int
	pending map[string][]GraphInterrupt
}

// AddModelReplies adds replies to the end of the scenario's model script
// (Given the model replies:); order is their key order as written.
func (g *Graph) AddModelReplies(replies []any, order *KeyOrder) {
	g.whole.model.add(replies, order)
}

// AddNodeReplies adds replies to the model script of the calls made
// inside node (Given the model replies to node "<name>":).
func (g *Graph) AddNodeReplies(node string, replies []any, order *KeyOrder) {
	addScript(&g.whole.nodes, node).add(replies, order)
}

// AddNodeReturns makes node a scripted node, adding outputs to its
// script: its N-th visit returns the N-th output (Given node "<name>"
// returns, in turn:).
func (g *Graph) AddNodeReturns(node string, outputs []any, order *KeyOrder) {
	addScript(&g.whole.returns, node).add(outputs, order)
}

// SetToolAnswers makes tool a scripted tool (Given tool "<name>"
// answers:): inTurn, the N-th call gets the N-th answer; else every call
// gets answers[0].
func (g *Graph) SetToolAnswers(tool string, answers []any, inTurn bool, order *KeyOrder) {
	if g.whole.tools == nil {
		g.whole.tools = map[string]*script{}
	}
	s := &script{inTurn: inTurn}
	s.add(answers, order)
	g.whole.tools[tool] = s
}

// Interrupts are the interrupts pending on the thread after the last
// whole-graph run on it.
func (g *Graph) Interrupts(threadID string) []GraphInterrupt {
	return g.whole.pending[threadID]
}

// addScript is m's script of name, made when it has none.
func addScript(m *map[string]*script, name string) *script {
	if *m == nil {
		*m = map[string]*script{}
	}
	if (*m)[name] == nil {
		(*m)[name] = &script{}
	}
	return (*m)[name]
}

// parts is what is left of each script of m.
func parts(m map[string]*script) map[string]ScriptPart {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]ScriptPart, len(m))
	for name, s := range m {
		out[name] = s.rest(false)
	}
	return out
}

// RunGraph runs the scenario's own graph whole on the thread; the
// thread's state becomes the graph's state at the end of the run.
func (g *Graph) RunGraph(threadID string, run GraphRun) (*GraphRunResult, error) {
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
		return nil, &Unsupported{Runtime: cannot, Reason: fmt.Sprintf("the scenario runs its own graph %q whole, which langgraph-js, langgraph-py, llmfy and the Go graphs of Options.Graphs do", g.graphRef), Graph: g.graphRef}
	}
	req := &GraphRunRequest{Thread: threadID, Resume: run.Resume, Command: run.Command, RecursionLimit: run.RecursionLimit, NextID: g.nextID}
	if run.Input != nil {
		in, err := objectInput(*run.Input)
		if err != nil {
			return nil, err
		}
		req.Input = &in
	}
	if run.Command != nil && run.Command.Update != nil {
		in, err := objectInput(Checked{Value: run.Command.Update})
		if err != nil {
			return nil, err
		}
		run.Command.Update = in.Value.(map[string]any)
	}
	w := &g.whole
	req.Model = w.model.rest(false)
	req.NodeReplies, req.Returns = parts(w.nodes), parts(w.returns)
	if len(w.tools) > 0 {
		req.Tools = map[string]ToolScript{}
		for name, s := range w.tools {
			req.Tools[name] = ToolScript{ScriptPart: s.rest(!s.inTurn), InTurn: s.inTurn}
		}
	}
	th, existing := g.threads[threadID]
	if existing {
		rev, ran := w.left[threadID]
		req.Continue = ran && rev == th.revision
		if !req.Continue {
			req.Before = th.values
		}
	}
	var start map[string]any
	if existing {
		start = th.values
	}
	out, err := runner.RunGraph(req)
	if err == nil && out != nil && out.Values != nil {
		err = g.reapplyRun(name, start, run, out)
	}
	if err != nil {
		// a run that failed says why itself (past the script's end, a node
		// that threw): its unused items would only repeat it
		w.useAll()
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
	if w.left == nil {
		w.left, w.pending = map[string]int{}, map[string][]GraphInterrupt{}
	}
	w.left[threadID] = next.revision
	w.pending[threadID] = out.Interrupts
	g.nextID = out.NextID
	for _, c := range out.Calls {
		if s := w.nodes[c.Script]; c.Script != "" && s != nil {
			s.used++
		} else {
			w.model.used++
		}
	}
	for _, v := range out.Returns {
		if s := w.returns[v.Node]; s != nil {
			s.used++
		}
	}
	for _, c := range out.ToolCalls {
		if s := w.tools[c.Tool]; s != nil {
			s.used++
		}
	}
	w.last = out
	w.calls = append(w.calls, out.Calls...)
	g.recordRun(threadID, next.revision, out)
	return out, nil
}

// objectInput is a run's input normalized, which must be an object.
func objectInput(input Checked) (Checked, error) {
	v, order, err := normalizeOrdered(input.Value)
	if err != nil {
		return Checked{}, err
	}
	if _, ok := v.(map[string]any); !ok {
		return Checked{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected the input to be an object, received %s", TypeName(v))}
	}
	if input.Order != nil {
		order = input.Order
	}
	return Checked{Value: v, Order: order}, nil
}

// useAll marks every script used: a failed run's error is the scenario's.
func (w *wholeRun) useAll() {
	w.model.used = len(w.model.items)
	for _, m := range []map[string]*script{w.nodes, w.returns, w.tools} {
		for _, s := range m {
			s.used = len(s.items)
		}
	}
}

// LastRun is the scenario's last whole-graph run, or nil.
func (g *Graph) LastRun() *GraphRunResult { return g.whole.last }

// ModelCalls are the chat-model calls of the scenario's whole-graph runs.
func (g *Graph) ModelCalls() []ModelCall { return append([]ModelCall(nil), g.whole.calls...) }

// UnusedReplies is the error of a scenario whose scripts have items no
// run used, or nil: MODEL_SCRIPT_UNUSED for the model's replies (the
// default script first, then the nodes' in name order), then
// NODE_SCRIPT_UNUSED and TOOL_SCRIPT_UNUSED for the outputs of scripted
// nodes and the answers, in turn, of scripted tools.
func (g *Graph) UnusedReplies() error {
	w := &g.whole
	where := "before any run"
	if n := len(w.calls); n > 0 {
		c := w.calls[n-1]
		where = fmt.Sprintf("after superstep %d, node %q made the last call", c.Step, c.Node)
	}
	if w.model.used < len(w.model.items) {
		return unused(ModelScriptUnused, "the model's %d replies", "reply", w.model, where, `Remove it from "Given the model replies:", or find why the graph stopped calling the model`)
	}
	for _, node := range slices.Sorted(maps.Keys(w.nodes)) {
		if s := *w.nodes[node]; s.used < len(s.items) {
			return unused(ModelScriptUnused, fmt.Sprintf("the model's %%d replies to node %q", node), "reply", s, where, fmt.Sprintf("Remove it from Given the model replies to node %q:, or find why the node stopped calling the model", node))
		}
	}
	for _, node := range slices.Sorted(maps.Keys(w.returns)) {
		if s := *w.returns[node]; s.used < len(s.items) {
			return unused(NodeScriptUnused, fmt.Sprintf("node %q's %%d outputs", node), "output", s, "the node ran fewer times than its script", fmt.Sprintf("Remove it from Given node %q returns, in turn:, or find why the graph stopped visiting the node", node))
		}
	}
	for _, tool := range slices.Sorted(maps.Keys(w.tools)) {
		if s := *w.tools[tool]; s.inTurn && s.used < len(s.items) {
			return unused(ToolScriptUnused, fmt.Sprintf("tool %q's %%d answers", tool), "answer", s, "the tool was called fewer times than its script", fmt.Sprintf("Remove it from Given tool %q answers, in turn:, or find why the model stopped calling the tool", tool))
		}
	}
	return nil
}

// unused is code's error for script s, what naming it with a %d for its
// length ("the model's %d replies").
func unused(code Code, what, item string, s script, where, do string) error {
	first := strings.TrimSpace(compactJSON(s.items[s.used]))
	return &Error{Code: code, Message: fmt.Sprintf("the scenario ended with %d of %s unused (%s); the first unused, %s %d: %s. %s", len(s.items)-s.used, fmt.Sprintf(what, len(s.items)), where, item, s.used+1, first, do)}
}

// recordRun appends a whole-graph run's supersteps to the trace, the
// state after each (the runtime's, or the run's end for the last).
func (g *Graph) recordRun(threadID string, revision int, out *GraphRunResult) {
	for i, st := range out.Steps {
		last := i == len(out.Steps)-1
		state := st.State
		if state == nil && last {
			state = out.Values
		}
		r := &RunStep{Step: st, Calls: out.Calls, Last: last}
		if last {
			r.Next, r.Interrupts = out.Next, out.Interrupts
		}
		g.trace = append(g.trace, Commit{Thread: threadID, Revision: revision, Source: "run", State: state, Run: r})
	}
}

// Reply is the n-th reply (1-based) of a model script: the default one
// (node ""), or node's own.
func (g *Graph) Reply(node string, n int) (any, bool) {
	s := &g.whole.model
	if node != "" {
		if s = g.whole.nodes[node]; s == nil {
			return nil, false
		}
	}
	if n < 1 || n > len(s.items) {
		return nil, false
	}
	return s.items[n-1], true
}
