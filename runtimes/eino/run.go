package eino

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/cloudwego/eino/callbacks"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/stateharness/scenario/engine"
)

// graphRun is one whole-graph run: its scripts, what it used of them and
// the supersteps eino ran.
type graphRun struct {
	s   *session
	req *engine.GraphRunRequest

	mu       sync.Mutex
	used     map[string]int // model replies used, by script ("" the default)
	toolUsed map[string]int
	calls    []engine.ModelCall
	tools    []engine.ScriptedToolCall
	failure  error // a script's error, which the run ends with
	blocks   []*block
	local    any // the local state at the end
}

// block is one superstep: its tasks in the order they started, the
// nodes that may run in the next, and the local state after it.
type block struct {
	tasks []*task
	next  map[string]bool
	local any
}

// task is one node's run in a superstep.
type task struct {
	node string
	step int
	out  any
	done bool
}

// marker is what a task's callbacks put in its context: the task, or
// nested for the callbacks of what runs inside it (a tool, a subgraph's
// nodes).
type marker struct {
	t      *task
	nested bool
}

type markerKey struct{}

func (s *session) current() *graphRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.run
}

// RunGraph runs the graph whole with eino's Invoke (package doc).
func (s *session) RunGraph(req *engine.GraphRunRequest) (*engine.GraphRunResult, error) {
	if req.Resume != nil || req.Command != nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: "eino: resuming an interrupted run is not supported by the eino runtime yet"}
	}
	ctx := context.Background()
	r := &graphRun{s: s, req: req, used: map[string]int{}, toolUsed: map[string]int{}}
	s.mu.Lock()
	s.run = r
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.run = nil
		s.mu.Unlock()
	}()
	state := map[string]any{}
	if req.Input != nil {
		in, err := plainMap(req.Input.Value, "the input")
		if err != nil {
			return nil, &engine.Error{Code: engine.InvalidNodeReturn, Path: engine.Root, Message: err.Error()}
		}
		state = in
	}
	input, err := typed(state, s.g.Types)
	if err != nil {
		return nil, err
	}
	var seed any
	if req.Before != nil {
		seed = req.Before[LocalField]
	}
	opts := []compose.Option{compose.WithCallbacks(r.graphHandler(seed))}
	for _, key := range s.Nodes() {
		opts = append(opts, compose.WithCallbacks(r.nodeHandler(key)).DesignateNode(key))
	}
	if req.RecursionLimit > 0 {
		opts = append(opts, compose.WithRuntimeMaxSteps(req.RecursionLimit))
	}
	out, err := s.runnable.Invoke(ctx, input, opts...)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failure != nil {
		return nil, r.failure
	}
	if err != nil {
		return nil, r.runErr(err)
	}
	values, err := plainMap(out, "the graph's output")
	if err != nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: err.Error()}
	}
	if r.local != nil {
		values[LocalField] = r.local
	}
	res := &engine.GraphRunResult{Values: values, NextID: req.NextID, Calls: r.calls, ToolCalls: r.tools}
	for i, b := range r.blocks {
		res.Steps = append(res.Steps, b.step(i+1))
	}
	return res, nil
}

// runErr is the error of a run eino ended with.
func (r *graphRun) runErr(err error) error {
	if errors.Is(err, compose.ErrExceedMaxSteps) {
		return &engine.Error{Code: engine.GraphRecursionLimit, Message: fmt.Sprintf("the run reached the recursion limit of %d supersteps without ending (eino: %v); the last supersteps: %s", r.req.RecursionLimit, nodeErr(err), r.lastSteps())}
	}
	step, node := len(r.blocks), ""
	if step > 0 {
		for _, t := range r.blocks[step-1].tasks {
			if !t.done {
				node = t.node
			}
		}
	}
	return &engine.Error{Code: engine.NodeError, Message: fmt.Sprintf("superstep %d, node %q: %v", step, node, nodeErr(err))}
}

// lastSteps names the nodes of the run's last three supersteps.
func (r *graphRun) lastSteps() string {
	var parts []string
	for i := max(0, len(r.blocks)-3); i < len(r.blocks); i++ {
		parts = append(parts, fmt.Sprintf("%d: %s", i+1, strings.Join(r.blocks[i].nodes(), ", ")))
	}
	return strings.Join(parts, "; ")
}

func (b *block) nodes() []string {
	var ns []string
	for _, t := range b.tasks {
		ns = append(ns, t.node)
	}
	slices.Sort(ns)
	return ns
}

// step is the superstep as the harness reports it.
func (b *block) step(n int) engine.GraphStep {
	st := engine.GraphStep{Step: n, Nodes: b.nodes(), State: map[string]any{}}
	tasks := slices.Clone(b.tasks)
	slices.SortStableFunc(tasks, func(x, y *task) int { return strings.Compare(x.node, y.node) })
	for _, t := range tasks {
		gt := engine.GraphTask{Node: t.node}
		if m, ok := t.out.(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				gt.Writes = append(gt.Writes, engine.GraphWrite{Channel: k, Value: m[k]})
				st.State[k] = m[k]
			}
		} else if t.out != nil {
			gt.Writes = append(gt.Writes, engine.GraphWrite{Channel: "(output)", Value: t.out})
		}
		st.Tasks = append(st.Tasks, gt)
	}
	if b.local != nil {
		st.State[LocalField] = b.local
	}
	return st
}

// graphKey marks the context of the run's graph ("top") and of the
// subgraphs it runs ("nested"), whose callbacks are the graph handler's
// too.
type graphKey struct{}

// graphHandler seeds the graph's local state as the run starts and reads
// it at the end: the run's own graph's, not a subgraph's.
func (r *graphRun) graphHandler(seed any) callbacks.Handler {
	keeps := r.s.info.GenStateFn != nil
	return callbacks.NewHandlerBuilder().OnStartFn(func(ctx context.Context, info *callbacks.RunInfo, _ callbacks.CallbackInput) context.Context {
		if info.Component != compose.ComponentOfGraph {
			return ctx
		}
		if ctx.Value(graphKey{}) != nil {
			return context.WithValue(ctx, graphKey{}, "nested")
		}
		if keeps {
			if err := seedLocal(ctx, seed); err != nil {
				r.fail(&engine.Error{Code: engine.RuntimeError, Message: "eino: seeding the local state: " + err.Error()})
			}
		}
		return context.WithValue(ctx, graphKey{}, "top")
	}).OnEndFn(func(ctx context.Context, info *callbacks.RunInfo, _ callbacks.CallbackOutput) context.Context {
		if info.Component != compose.ComponentOfGraph || ctx.Value(graphKey{}) != "top" || !keeps {
			return ctx
		}
		local, err := readLocal(ctx)
		r.mu.Lock()
		r.local = local
		if n := len(r.blocks); n > 0 {
			r.blocks[n-1].local = local
		}
		r.mu.Unlock()
		if err != nil {
			r.fail(&engine.Error{Code: engine.RuntimeError, Message: "eino: reading the local state: " + err.Error()})
		}
		return ctx
	}).Build()
}

// nodeHandler follows node key's tasks: which superstep each ran in and
// what it returned.
func (r *graphRun) nodeHandler(key string) callbacks.Handler {
	return callbacks.NewHandlerBuilder().OnStartFn(func(ctx context.Context, info *callbacks.RunInfo, _ callbacks.CallbackInput) context.Context {
		if ctx.Value(markerKey{}) != nil {
			return context.WithValue(ctx, markerKey{}, marker{nested: true, t: ctx.Value(markerKey{}).(marker).t})
		}
		return context.WithValue(ctx, markerKey{}, marker{t: r.start(ctx, key)})
	}).OnEndFn(func(ctx context.Context, info *callbacks.RunInfo, out callbacks.CallbackOutput) context.Context {
		m, ok := ctx.Value(markerKey{}).(marker)
		if !ok || m.nested {
			return ctx
		}
		if co := model.ConvCallbackOutput(out); co != nil && co.Message != nil && info.Component == "ChatModel" {
			out = co.Message
		}
		if k := r.s.info.Nodes[key].OutputKey; k != "" {
			// the node's output as the graph passes it on
			out = map[string]any{k: out}
		}
		v, err := plain(out)
		r.mu.Lock()
		m.t.done = true
		if err == nil {
			m.t.out = v
		}
		r.mu.Unlock()
		return ctx
	}).Build()
}

// start places a task of node in its superstep: eino's Pregel mode starts
// a superstep's tasks only after the last one's all ended, so a task
// belongs to the superstep under way when the steps before it led to its
// node, it has not run in it yet and no node of it leads to it; else it
// starts the next.
func (r *graphRun) start(ctx context.Context, node string) *task {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(r.blocks)
	var cur *block
	if n > 0 {
		cur = r.blocks[n-1]
	}
	joins := cur != nil && slices.IndexFunc(cur.tasks, func(t *task) bool { return t.node == node }) < 0
	if joins {
		led := r.s.successors(compose.START)
		if n > 1 {
			led = r.blocks[n-2].next
		}
		// a node never runs in the superstep of a node that leads to it
		// (in DAG mode it waits for it)
		joins = led[node] && !slices.ContainsFunc(cur.tasks, func(t *task) bool { return r.s.successors(t.node)[node] })
	}
	if !joins {
		if cur != nil && r.s.info.GenStateFn != nil {
			// the superstep before has ended, its state handlers with it
			cur.local, _ = readLocal(ctx)
		}
		cur = &block{}
		r.blocks = append(r.blocks, cur)
	}
	t := &task{node: node, step: len(r.blocks)}
	cur.tasks = append(cur.tasks, t)
	cur.next = map[string]bool{}
	for _, t := range cur.tasks {
		maps.Copy(cur.next, r.s.successors(t.node))
	}
	return t
}

// successors are the nodes a node's edges and branches may lead to.
func (s *session) successors(node string) map[string]bool {
	out := map[string]bool{}
	for _, n := range s.info.Edges[node] {
		out[n] = true
	}
	for _, b := range s.info.Branches[node] {
		maps.Copy(out, b.GetEndNode())
	}
	return out
}

// fail keeps the first script error of the run.
func (r *graphRun) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failure == nil {
		r.failure = err
	}
}

// where is the superstep and node of the task ctx is in.
func where(ctx context.Context) (int, string) {
	if m, ok := ctx.Value(markerKey{}).(marker); ok && m.t != nil {
		return m.t.step, m.t.node
	}
	return 0, ""
}

// reply answers one model call from its node's script, else the default.
func (r *graphRun) reply(ctx context.Context, input []*schema.Message, tools []string, bound bool) (*schema.Message, error) {
	step, node := where(ctx)
	r.mu.Lock()
	part, name := r.req.Model, ""
	if p, ok := r.req.NodeReplies[node]; ok {
		part, name = p, node
	}
	i := r.used[name]
	r.mu.Unlock()
	at := fmt.Sprintf("superstep %d, node %q, call %d", step, node, part.Offset+i+1)
	var last any
	lastText := "none"
	if len(input) > 0 {
		last, _ = plain(input[len(input)-1])
		b, _ := json.Marshal(input[len(input)-1]) // eino's field order
		lastText = string(b)
	}
	if i >= len(part.Items) {
		err := &engine.Error{Code: engine.ModelScriptExhausted, Message: fmt.Sprintf("%s: the model was called past the end of its script (%d replies given); the last message it was given: %s", at, part.Offset+len(part.Items), lastText)}
		r.fail(err)
		return nil, err
	}
	item := part.Items[i]
	r.mu.Lock()
	r.used[name]++
	r.calls = append(r.calls, engine.ModelCall{Step: step, Node: node, Reply: part.Offset + i + 1, Script: name, Last: last})
	r.mu.Unlock()
	if obj, ok := plainObj(item); ok {
		if msg, ok := obj["error"].(string); ok && len(obj) == 1 {
			return nil, errors.New(msg)
		}
	}
	msg, err := Message(item)
	if err != nil {
		e := &engine.Error{Code: engine.ModelScriptInvalid, Message: fmt.Sprintf("%s: %v", at, err)}
		r.fail(e)
		return nil, e
	}
	for _, tc := range msg.ToolCalls {
		if !bound || !slices.Contains(tools, tc.Function.Name) {
			e := &engine.Error{Code: engine.ModelScriptInvalid, Message: fmt.Sprintf("%s: the reply calls the tool %q, which the model was not bound to (its tools: %s)", at, tc.Function.Name, strings.Join(tools, ", "))}
			r.fail(e)
			return nil, e
		}
	}
	return msg, nil
}

// plainObj is item as an object, when it is one.
func plainObj(item any) (map[string]any, bool) {
	if c, ok := item.(engine.Checked); ok {
		item = c.Value
	}
	m, ok := item.(map[string]any)
	return m, ok
}

// toolAnswer is a scripted tool's answer to a call; ok is false for a
// tool the scenario does not script.
func (r *graphRun) toolAnswer(ctx context.Context, name string) (string, bool, error) {
	script, ok := r.req.Tools[name]
	if !ok {
		return "", false, nil
	}
	step, node := where(ctx)
	r.mu.Lock()
	i := r.toolUsed[name]
	r.toolUsed[name]++
	r.mu.Unlock()
	idx := 0
	if script.InTurn {
		idx = i
		if i >= len(script.Items) {
			err := &engine.Error{Code: engine.ToolScriptExhausted, Message: fmt.Sprintf("superstep %d, node %q: call %d of tool %q is past the end of its answers (%d given)", step, node, script.Offset+i+1, name, script.Offset+len(script.Items))}
			r.fail(err)
			return "", true, err
		}
	}
	r.mu.Lock()
	r.tools = append(r.tools, engine.ScriptedToolCall{Step: step, Node: node, Tool: name, Answer: script.Offset + idx + 1})
	r.mu.Unlock()
	return text(script.Items[idx]), true, nil
}
