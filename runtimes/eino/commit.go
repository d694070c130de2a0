package eino

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/cloudwego/eino/callbacks"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/prompt"
	"github.com/cloudwego/eino/compose"
	"github.com/stateharness/scenario/engine"
)

// Commit applies one commit (package doc): an input is laid over the state
// before it; a step's outputs, and what its real nodes return, are merged
// by eino's own fan-in; a tool's writes are laid over the state.
func (s *session) Commit(c *engine.CommitRequest) (*engine.CommitResult, error) {
	ctx := context.Background()
	state := maps.Clone(c.Before)
	if state == nil {
		local, err := s.freshLocal(ctx)
		if err != nil {
			return nil, &engine.Error{Code: engine.RuntimeError, Message: "eino: the graph's local state: " + err.Error()}
		}
		state = map[string]any{}
		if local != nil {
			state[LocalField] = local
		}
	}
	res := &engine.CommitResult{NextID: c.NextID, Returned: map[string]any{}}
	switch c.Kind {
	case engine.CommitInput:
		in, err := plainMap(c.Input.Value, "the input")
		if err != nil {
			return nil, &engine.Error{Code: engine.InvalidNodeReturn, Path: engine.Root, Message: err.Error()}
		}
		maps.Copy(state, in)
	case engine.CommitTool:
		for _, w := range c.Writes {
			v, err := plain(w.Value)
			if err != nil {
				return nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("tool %q: %v", w.Node, err)}
			}
			state[w.Field] = v
		}
	case engine.CommitStep:
		next, err := s.step(ctx, state, c.Outputs, res.Returned)
		if err != nil {
			return nil, err
		}
		state = next
	}
	res.Values = state
	return res, nil
}

// step runs a step's real nodes on the state before it (one after the
// other in the order given, each seeing the local state the one before
// left, as eino's nodes share it under a lock) and merges every node's
// output as eino merges a fan-in.
func (s *session) step(ctx context.Context, before map[string]any, outputs []engine.NodeOutput, returned map[string]any) (map[string]any, error) {
	local := before[LocalField]
	var names []string
	var outs []map[string]any
	for _, o := range outputs {
		var out map[string]any
		if o.Run {
			ran, after, err := s.runNode(ctx, o.Node, before, local)
			if err != nil {
				return nil, err
			}
			out, local = ran, after
			p, err := plainMap(out, fmt.Sprintf("node %q returned", o.Node))
			if err != nil {
				return nil, &engine.Error{Code: engine.InvalidNodeReturn, Message: err.Error()}
			}
			returned[o.Node] = p
		} else {
			p, err := plainMap(o.Output, fmt.Sprintf("node %q", o.Node))
			if err != nil {
				return nil, &engine.Error{Code: engine.InvalidNodeReturn, Message: err.Error()}
			}
			if out, err = typed(p, s.g.Types); err != nil {
				return nil, err
			}
		}
		names, outs = append(names, o.Node), append(outs, out)
	}
	merged, err := Merge(ctx, names, outs)
	if err != nil {
		return nil, err
	}
	next, err := plainMap(merged, "the step's merge")
	if err != nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: err.Error()}
	}
	if local != nil {
		next[LocalField] = local
	}
	return next, nil
}

// duplicated is eino's refusal of a key two inputs of a fan-in both have.
var duplicated = regexp.MustCompile(`\(values merge map\) duplicated key \('[^']*'\) found`)

// Merge merges the outputs of nodes as eino merges the inputs of a node
// they all feed (a fan-in): a graph of one lambda per output, each feeding
// one node, run by eino. A key two outputs both hold is eino's refusal,
// INVALID_CONCURRENT_GRAPH_UPDATE quoting it.
func Merge(ctx context.Context, nodes []string, outs []map[string]any) (map[string]any, error) {
	if len(outs) == 1 {
		return outs[0], nil
	}
	g := compose.NewGraph[map[string]any, map[string]any]()
	const sink = "fan-in"
	errs := []error{
		g.AddLambdaNode(sink, compose.InvokableLambda(func(_ context.Context, in map[string]any) (map[string]any, error) { return in, nil })),
		g.AddEdge(sink, compose.END),
	}
	for i, out := range outs {
		key := fmt.Sprintf("%d:%s", i, nodes[i])
		errs = append(errs,
			g.AddLambdaNode(key, compose.InvokableLambda(func(context.Context, map[string]any) (map[string]any, error) { return out, nil })),
			g.AddEdge(compose.START, key), g.AddEdge(key, sink))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: "eino: the fan-in graph: " + err.Error()}
	}
	r, err := g.Compile(ctx)
	if err != nil {
		return nil, &engine.Error{Code: engine.RuntimeError, Message: "eino: the fan-in graph: " + err.Error()}
	}
	merged, err := r.Invoke(ctx, map[string]any{})
	if err != nil {
		if duplicated.MatchString(err.Error()) {
			// eino names the first key it meets in map order, which varies
			// from run to run: the message names the first in sorted order
			// and lists them all, so a scenario's error is the same on
			// every run
			keys := twice(outs)
			msg := fmt.Sprintf("eino refuses the fan-in of nodes %s: (values merge map) duplicated key ('%s') found", strings.Join(nodes, ", "), keys[0])
			if len(keys) > 1 {
				msg += "; keys written twice: " + strings.Join(keys, ", ")
			}
			return nil, &engine.Error{Code: engine.InvalidConcurrentGraphUpdate, Message: msg}
		}
		return nil, &engine.Error{Code: engine.RuntimeError, Message: "eino: " + err.Error()}
	}
	return merged, nil
}

// twice are the keys that more than one of outs holds, sorted.
func twice(outs []map[string]any) []string {
	seen := map[string]int{}
	for _, o := range outs {
		for k := range o {
			seen[k]++
		}
	}
	var keys []string
	for k, n := range seen {
		if n > 1 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// runNode runs the graph's real node on state, in a graph of that node
// alone built as the team's graph adds it (its options, its state
// handlers, the graph's local state seeded from local); it gives the
// node's output and the local state after it.
func (s *session) runNode(ctx context.Context, key string, state map[string]any, local any) (map[string]any, any, error) {
	ni, ok := s.info.Nodes[key]
	if !ok {
		return nil, nil, &engine.Error{Code: engine.NodeError, Message: fmt.Sprintf("node %q is not a node of the graph %q (its nodes: %s)", key, s.ref, strings.Join(s.Nodes(), ", "))}
	}
	g := compose.NewGraph[map[string]any, any](s.info.NewGraphOptions...)
	if err := addNode(g, key, ni); err != nil {
		return nil, nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("eino: node %q: %v", key, err)}
	}
	if err := errors.Join(g.AddEdge(compose.START, key), g.AddEdge(key, compose.END)); err != nil {
		return nil, nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("eino: node %q alone: %v", key, err)}
	}
	r, err := g.Compile(ctx)
	if err != nil {
		return nil, nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("eino: node %q alone: %v", key, err)}
	}
	in, err := typed(state, s.g.Types)
	if err != nil {
		return nil, nil, err
	}
	var after any
	var hookErr error
	h := callbacks.NewHandlerBuilder().OnStartFn(func(ctx context.Context, info *callbacks.RunInfo, in callbacks.CallbackInput) context.Context {
		if info.Component == compose.ComponentOfGraph && s.info.GenStateFn != nil {
			hookErr = seedLocal(ctx, local)
		}
		return ctx
	}).OnEndFn(func(ctx context.Context, info *callbacks.RunInfo, out callbacks.CallbackOutput) context.Context {
		if info.Component == compose.ComponentOfGraph && s.info.GenStateFn != nil {
			after, hookErr = readLocal(ctx)
		}
		return ctx
	}).Build()
	out, err := r.Invoke(ctx, in, compose.WithCallbacks(h))
	if hookErr != nil {
		return nil, nil, &engine.Error{Code: engine.RuntimeError, Message: fmt.Sprintf("eino: node %q: the local state: %v", key, hookErr)}
	}
	var script *engine.Error
	if errors.As(err, &script) {
		// the harness's own refusal (the model called outside a run)
		return nil, nil, script
	}
	if err != nil {
		return nil, nil, &engine.Error{Code: engine.NodeError, Message: fmt.Sprintf("node %q: %v", key, nodeErr(err))}
	}
	m, ok := out.(map[string]any)
	if !ok {
		p, perr := plain(out)
		if perr != nil {
			return nil, nil, &engine.Error{Code: engine.InvalidNodeReturn, Message: fmt.Sprintf("node %q: %v", key, perr)}
		}
		return nil, nil, &engine.Error{Code: engine.InvalidNodeReturn, Message: fmt.Sprintf("node %q returned %s, not a map: give it an output key (compose.WithOutputKey) to run it alone", key, engine.TypeName(p))}
	}
	if after == nil {
		after = local
	}
	return m, after, nil
}

// nodeErr is the error a node gave, without eino's wrapping of it.
func nodeErr(err error) error {
	for u := errors.Unwrap(err); u != nil; u = errors.Unwrap(u) {
		err = u
	}
	return err
}

// addNode adds the node ni describes to g under key, as the team's graph
// added it.
func addNode(g *compose.Graph[map[string]any, any], key string, ni compose.GraphNodeInfo) error {
	switch n := ni.Instance.(type) {
	case *compose.Lambda:
		return g.AddLambdaNode(key, n, ni.GraphAddNodeOpts...)
	case *compose.ToolsNode:
		return g.AddToolsNode(key, n, ni.GraphAddNodeOpts...)
	case model.BaseChatModel:
		return g.AddChatModelNode(key, n, ni.GraphAddNodeOpts...)
	case prompt.ChatTemplate:
		return g.AddChatTemplateNode(key, n, ni.GraphAddNodeOpts...)
	case compose.AnyGraph:
		return g.AddGraphNode(key, n, ni.GraphAddNodeOpts...)
	}
	if ni.Component == compose.ComponentOfPassthrough {
		return g.AddPassthroughNode(key, ni.GraphAddNodeOpts...)
	}
	return fmt.Errorf("a %s node (%T) cannot run alone: the eino runtime runs lambda, tools, chat model, chat template, graph and passthrough nodes", ni.Component, ni.Instance)
}
