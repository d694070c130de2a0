package engine

import (
	"fmt"
	"math"
	"strings"
)

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
	if !pyTruthy(out) {
		return returned{}, nil
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf(
		"node %q: AttributeError: '%s' object has no attribute 'items' (it returned %s; llmfy applies a node's return as a dict: return one, or nothing)",
		node, pyTypeName(out), truncate(compactJSON(out), 80))}
}

// pyTypeName is the Python type json.loads makes of a JSON value.
func pyTypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case float64:
		// an integral JSON number json.loads reads as an int (the harness
		// refuses integers outside ±(2^53−1))
		if x == math.Trunc(x) {
			return "int"
		}
		return "float"
	case string:
		return "str"
	case []any:
		return "list"
	}
	return "dict"
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

// branchesUnorderedConflict is a step of several nodes on llmfy: a static
// fan-out (add_edge(src, [a, b])), whose branches run concurrently with
// no superstep barrier; llmfy applies each branch's return, through the
// reducers, as the branch finishes. The state after the step is therefore
// decided by completion order wherever two nodes write one field, and the
// harness refuses such a step (PARALLEL_UNSUPPORTED, naming the field);
// nodes writing disjoint fields give one state in every order.
func branchesUnorderedConflict(p *profile, writes []Write) *Error {
	by := map[string][]string{}
	var fields []string
	for _, w := range writes {
		nodes, seen := by[w.Field]
		if !seen {
			fields = append(fields, w.Field)
		}
		if len(nodes) == 0 || nodes[len(nodes)-1] != w.Node {
			by[w.Field] = append(nodes, w.Node)
		}
	}
	for _, f := range fields {
		if nodes := by[f]; len(nodes) > 1 {
			quoted := make([]string, len(nodes))
			for i, n := range nodes {
				quoted[i] = fmt.Sprintf("%q", n)
			}
			return &Error{Code: ParallelUnsupported, Path: PathKey(Root, f), Message: fmt.Sprintf(
				"field %q is written by nodes %s in one step: the %s profile runs a step of several nodes as a fan-out, whose branches %s applies as each finishes, so completion order decides the field; let one node of the step write it, or split the step",
				f, strings.Join(quoted, " and "), p.name, p.name)}
		}
	}
	return nil
}
