package engine

import (
	"fmt"
	"strings"

	"github.com/stateharness/scenario/internal/pyvalue"
)

// llmfyProfile is llmfy 0.11.0's FlowEngine: a row read and checked against the
// real library.
var llmfyProfile = &profile{
	name: "llmfy", listedOrder: true, unknownKeys: assignUnknown, scope: ScopeThread, rawFirstInput: true, emptyNewThread: true, noDefaults: true, branchesUnordered: true, defaultReducer: "replace", exclusivePerNode: true,
	// only a field declared merge: exclusive refuses a second write,
	// in LangGraph's wording (llmfy has no such refusal)
	readReturn: readReturnLlmfy, concurrentWrite: lastValueConflict, overwriteConflict: overwriteConflictJS, firstWrite: firstWriteThroughReducer, overwrite: noOverwrite,
	coerceMessage: coerceMessageJS, toolResult: toolResultPlain, keyOrder: insertionOrder, returnDelay: noReturnDelay,
	commandRefused: noCommandsLlmfy,
}

// llmfy's semantics as its FlowEngine has them (the llmfy profile): how a
// node's return is applied, what a step of several nodes is, and the
// things LangGraph has and llmfy has not (commands, Overwrite, defaults).
// Checked against llmfy 0.11.0 (bench/steps/diff -runtime llmfy).

// readReturnLlmfy reads a node's return as llmfy's engine loop does:
// `result or {}`, then `updates.items()`. Every falsy return (null, false,
// 0, "", [], {}) writes nothing; a dict is an update; any other value fails
// where llmfy calls .items() on it, with Python's AttributeError.
func readReturnLlmfy(p *profile, node string, out any, order *KeyOrder) (returned, error) {
	if u, ok := out.(map[string]any); ok {
		return returned{writes: p.writesOf(node, u, order)}, nil
	}
	if !pyvalue.Truthy(out) {
		return returned{}, nil
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf(
		"node %q: AttributeError: '%s' object has no attribute 'items' (it returned %s; llmfy applies a node's return as a dict: return one, or nothing)",
		node, pyvalue.TypeName(out), truncate(compactJSON(out), 80))}
}

// noCommandsLlmfy: llmfy has no Command; a node routes through the graph's
// (conditional) edges and returns a dict.
func noCommandsLlmfy(node string) error {
	return &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf(
		"node %q returned a command, which llmfy has not: a node returns a dict of fields (When node %q returns:), and the graph's edges route", node, node)}
}

// noOverwrite: llmfy has no Overwrite; {"__overwrite__": v} is a value
// like any other, given to the field's reducer.
func noOverwrite(any) (any, bool) { return nil, false }

// completionOrderDecides is a step of several nodes on llmfy: a static
// fan-out (add_edge(src, [a, b])), whose branches run concurrently with no
// superstep barrier; llmfy applies each branch's return, through the
// reducers, as the branch finishes. A field that two nodes write may
// therefore end with another value in another completion order (a plain
// field takes the last finisher's value; an append lists them as they
// finish): each such field is folded in every order of its writers
// (finishingOrders: beyond six writers, every swap and rotation), and a
// field whose value (or error) differs is refused with
// PARALLEL_UNSUPPORTED. A reducer whose result does not depend on the
// order (a sum of integers, one value written twice) is what llmfy asks
// of a field that parallel branches write, and runs.
func (g *Graph) completionOrderDecides(th *thread, writes []Write) error {
	by := map[string][][]Write{}
	var fields []string
	for _, w := range writes {
		groups, seen := by[w.Field]
		if !seen {
			fields = append(fields, w.Field)
		}
		if n := len(groups); n > 0 && groups[n-1][0].Node == w.Node {
			groups[n-1] = append(groups[n-1], w)
		} else {
			groups = append(groups, []Write{w})
		}
		by[w.Field] = groups
	}
	for _, name := range fields {
		groups := by[name]
		if len(groups) < 2 {
			continue
		}
		f := g.fields[name]
		if f == nil {
			f = g.assignedField(name)
		}
		if g.graphRef != "" && f != nil && f.reducerName == ownChannel {
			// the user's flow merges it with its own reducer, which only
			// the flow can run: the runtime folds it in every order
			continue
		}
		cur, has := th.values[name]
		// the first order's outcome, against which every other is compared:
		// values as JSON values (two long lists may differ only at their
		// end), errors by their text
		var first any
		var firstErr error
		var firstNodes []string
		err := finishingOrders(len(groups), func(order []int) error {
			var ws []Write
			nodes := make([]string, len(order))
			for i, k := range order {
				ws = append(ws, groups[k]...)
				nodes[i] = fmt.Sprintf("%q", groups[k][0].Node)
			}
			nextID := g.nextID
			v, err := g.fold(f, cur, has, ws, &nextID, nil)
			if firstNodes == nil {
				first, firstErr, firstNodes = v, err, nodes
				return nil
			}
			if sameOutcome(first, firstErr, v, err) {
				return nil
			}
			return &Error{Code: ParallelUnsupported, Path: PathKey(Root, name), Message: fmt.Sprintf(
				"field %q is written by nodes %s in one step, and its value depends on which finishes first: the %s profile runs a step of several nodes as a fan-out, whose branches %s applies as each finishes; finishing %s gives %s, finishing %s gives %s. Let one node of the step write it, give it a reducer whose result does not depend on the order, or split the step",
				name, strings.Join(firstNodes, " and "), g.prof.name, g.prof.name, strings.Join(firstNodes, ", "), foldOutcome(first, firstErr), strings.Join(nodes, ", "), foldOutcome(v, err))}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// sameOutcome reports whether two orders of a fan-out's writers folded
// alike: equal values, or errors of one text.
func sameOutcome(a any, aErr error, b any, bErr error) bool {
	if aErr != nil || bErr != nil {
		return aErr != nil && bErr != nil && aErr.Error() == bErr.Error()
	}
	return Equal(a, b)
}

// foldOutcome shows what an order of a fan-out's writers folded to.
func foldOutcome(v any, err error) string {
	if err != nil {
		return "an error: " + err.Error()
	}
	return truncate(compactJSON(v), 200)
}

// everyOrderUpTo is how many writers of a field a step may have for
// finishingOrders to try every order of them (6! = 720 folds).
const everyOrderUpTo = 6

// finishingOrders calls visit with the orders of 0..n-1 in which a step's
// branches may finish, the identity first, until visit fails: every order
// up to everyOrderUpTo writers; beyond, the identity with each two
// writers swapped, the reverse and each rotation (O(n²) orders, each an
// O(n) fold), which tell an order-dependent reducer (a plain value, an
// append, a float sum) from one that is not, where every order of ten
// writers would be 3,628,800 folds.
func finishingOrders(n int, visit func([]int) error) error {
	if n <= everyOrderUpTo {
		return permutations(n, visit)
	}
	order := make([]int, n)
	reset := func() {
		for i := range order {
			order[i] = i
		}
	}
	reset()
	if err := visit(order); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			order[i], order[j] = order[j], order[i]
			if err := visit(order); err != nil {
				return err
			}
			order[i], order[j] = order[j], order[i]
		}
	}
	for i := range order {
		order[i] = n - 1 - i
	}
	if err := visit(order); err != nil {
		return err
	}
	for r := 1; r < n; r++ {
		for i := range order {
			order[i] = (i + r) % n
		}
		if err := visit(order); err != nil {
			return err
		}
	}
	return nil
}

// permutations calls visit with each order of 0..n-1, the identity first,
// until visit fails.
func permutations(n int, visit func([]int) error) error {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	var walk func(k int) error
	walk = func(k int) error {
		if k == n {
			return visit(order)
		}
		for i := k; i < n; i++ {
			order[k], order[i] = order[i], order[k]
			err := walk(k + 1)
			order[k], order[i] = order[i], order[k]
			if err != nil {
				return err
			}
		}
		return nil
	}
	return walk(0)
}
