package engine

import (
	"fmt"
	"sort"
)

// Steps (docs/reference.md, Commits): one node's output, or several nodes' in one superstep.

// NodeOutput is what one node returned in a step: an object (a partial
// update), or nil (writes nothing). With Command set, Output is a LangGraph
// command {"update": {...} | [[key, value], ...], "goto": ...}.
type NodeOutput struct {
	Node    string
	Output  any
	Command bool
	// Run: the node is a real one, run on the current state by the runtime
	// that has it (a node of the scenario's own graph); Output is unused.
	Run bool
}

// Node applies one node's output as a step of its own.
func (g *Graph) Node(threadID, node string, output any) error {
	return g.Step(threadID, []NodeOutput{{Node: node, Output: output}})
}

// Step applies the outputs of several nodes that ran in one superstep,
// atomically: on any error nothing changes.
func (g *Graph) Step(threadID string, outputs []NodeOutput) error {
	th, err := g.started(threadID)
	if err != nil {
		return err
	}
	if g.graphRef != "" {
		if err := g.open(); err != nil {
			return err
		}
		if err := g.checkGraphNodes(outputs); err != nil {
			return err
		}
	}
	// LangGraph runs a superstep's tasks in node-name order (awaken: as
	// listed), and the first node that fails fails the step
	ordered := make([]NodeOutput, len(outputs))
	copy(ordered, outputs)
	if !g.prof.listedOrder {
		sort.SliceStable(ordered, func(i, j int) bool { return ordered[i].Node < ordered[j].Node })
	}
	var writes []Write
	var gotos []Goto
	var warnings []string
	// the first node whose return LangGraph cannot read fails the step;
	// "first" is the first to fail, see returnDelay
	var failed error
	failedAt, failedAfter := 0, 0
	for _, o := range ordered {
		if o.Run {
			if g.graphRef == "" {
				return &Error{Code: NodeError, Message: fmt.Sprintf("node %q is a real node, but nothing here can run it: give the scenario its graph (Given the graph from \"<module>:<export>\") and run it on a runtime that loads it (--runtime)", o.Node)}
			}
			continue // what it returns comes back from the runtime
		}
		out, order, err := normalizeOrdered(o.Output)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Message = fmt.Sprintf("node %q: %s", o.Node, e.Message)
			}
			return err
		}
		r, err := g.prof.nodeWrites(o.Node, out, o.Command, order)
		if err != nil {
			if CodeOf(err) != InvalidNodeReturn || o.Command {
				return err
			}
			if d := g.prof.returnDelay(out); failed == nil || d < failedAt {
				failed, failedAt, failedAfter = err, d, len(writes)
			}
			continue
		}
		writes = append(writes, r.writes...)
		gotos = append(gotos, r.gotos...)
		warnings = append(warnings, r.warnings...)
	}
	// a framework that applies each node's return as the node finishes
	// (llmfy) has applied the nodes before the failing one
	if failed != nil && g.prof.branchesUnordered {
		writes = writes[:failedAfter]
	}
	if failed == nil && len(outputs) > 1 && g.prof.branchesUnordered {
		if err := g.completionOrderDecides(th, writes); err != nil {
			return err
		}
	}
	source := "node"
	if len(outputs) > 1 {
		source = "step"
	}
	nodes := make([]string, len(outputs))
	for i, o := range outputs {
		nodes[i] = o.Node
	}
	return g.commit(&pending{
		thread: threadID, before: th, source: source, nodes: nodes, writes: writes, gotos: gotos, warnings: warnings,
		parseErr: failed, nodeByNode: g.prof.branchesUnordered && len(outputs) > 1, readonly: true,
		req: CommitRequest{Kind: CommitStep, Before: th.values, Outputs: outputs},
	})
}
