package steps

import (
	"fmt"
	"strings"

	"github.com/stateharness/scenario/engine"
)

func outputSteps() []Def {
	return []Def{
		{Pattern: `^node "([^"]*)" returns:$`, Arg: DocString, run: func(w *world, a ...string) error {
			v, err := w.docData()
			if err != nil {
				return err
			}
			return w.atDoc(w.nodes([]engine.NodeOutput{{Node: a[0], Output: v}}))
		}},
		{Pattern: `^node "([^"]*)" returns from "([^"]*)"$`, run: func(w *world, a ...string) error {
			v, err := w.fileData(a[1])
			if err != nil {
				return err
			}
			return w.nodes([]engine.NodeOutput{{Node: a[0], Output: v}})
		}},
		{Pattern: `^node "([^"]*)" returns a command:$`, Arg: DocString, run: func(w *world, a ...string) error {
			v, err := w.docData()
			if err != nil {
				return err
			}
			return w.atDoc(w.nodes([]engine.NodeOutput{{Node: a[0], Output: v, Command: true}}))
		}},
		{Pattern: `^node "([^"]*)" runs$`, run: func(w *world, a ...string) error {
			if fn, ok := w.cfg.Nodes[a[0]]; ok {
				out, err := w.runGoNode(a[0], fn)
				if err != nil {
					return err
				}
				return w.nodes([]engine.NodeOutput{{Node: a[0], Output: out}})
			}
			if w.graphToRun() == "" {
				return problemf("node %q is not registered: add it to Options.Nodes (scenario.Options{Nodes: map[string]scenario.NodeFunc{%q: ...}}), or give the scenario its LangGraph JS graph (Given the graph from \"<module>:<export>\")", a[0], a[0])
			}
			return w.nodes([]engine.NodeOutput{{Node: a[0], Run: true}})
		}},
		{Pattern: `^node "([^"]*)" returns nothing$`, run: func(w *world, a ...string) error {
			return w.nodes([]engine.NodeOutput{{Node: a[0], Output: nil}})
		}},
		{Pattern: `^these nodes run in one step:$`, Arg: DocStringTable, run: func(w *world, _ ...string) error {
			outs, err := w.stepOutputs()
			if err != nil {
				return err
			}
			return w.nodes(outs)
		}},
	}
}

// atDoc points an engine error at the docstring value its path names
// (the key a node wrote), else at the step.
func (w *world) atDoc(err error) error {
	if err == nil {
		return nil
	}
	text, _ := w.docText()
	return locate(err, text, w.docSource(), "")
}

func (w *world) nodes(outs []engine.NodeOutput) error {
	g, err := w.started()
	if err != nil {
		return err
	}
	return g.Step(w.thread, outs)
}

// stepOutputs reads a parallel step: a docstring mapping node → output in
// listed order, or a | node | output | table with inline JSON cells.
func (w *world) stepOutputs() ([]engine.NodeOutput, error) {
	if w.arg.Argument.DataTable != nil {
		header, rows := w.tableRows()
		if len(header) != 2 || strings.TrimSpace(header[0]) != "node" || strings.TrimSpace(header[1]) != "output" {
			return nil, problemf("the table needs the header | node | output |, found | %s |", strings.Join(header, " | "))
		}
		outs := make([]engine.NodeOutput, 0, len(rows))
		for i, r := range rows {
			v, err := w.cellData(r[1], i+1, 1)
			if err != nil {
				return nil, err
			}
			outs = append(outs, engine.NodeOutput{Node: strings.TrimSpace(r[0]), Output: v})
		}
		return outs, nil
	}
	v, err := w.docData()
	if err != nil {
		return nil, err
	}
	m, ok := v.Value.(map[string]any)
	if !ok {
		return nil, problemf("%s: expected a mapping of node name to output, found %s", w.docSource().Pos(1, 1), engine.TypeName(v.Value))
	}
	// the step lists its nodes in the order written (awaken applies them so)
	order := v.Order.Written(m)
	outs := make([]engine.NodeOutput, len(order))
	for i, name := range order {
		outs[i] = engine.NodeOutput{Node: name, Output: engine.Checked{Value: m[name], Order: v.Order}}
	}
	return outs, nil
}

// runGoNode calls a registered Go node with a copy of the current state: it
// cannot change ours. Its error, or a panic in it, is NODE_ERROR.
func (w *world) runGoNode(name string, fn NodeFunc) (out any, err error) {
	state, err := w.state()
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, &engine.Error{Code: engine.NodeError, Message: fmt.Sprintf("node %q %s", name, panicked(r))}
		}
	}()
	update, err := fn(w.ctx, copyValue(state).(map[string]any))
	if err != nil {
		return nil, &engine.Error{Code: engine.NodeError, Message: fmt.Sprintf("node %q failed: %v", name, err)}
	}
	if update == nil {
		return nil, nil // writes nothing
	}
	return update, nil
}
