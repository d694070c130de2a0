package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Side by side (builtin,<runtime> with a schema), a whole-graph run is
// checked superstep by superstep: the built-in engine re-applies each
// superstep's writes, as the runtime reports them, to the schema's fields
// of the state before it, and the merged state must be the runtime's.
// The state before the first superstep is the run's start with its input
// applied; before any other, the runtime's state after the one before.

// reapplyRun checks a run's supersteps on the built-in engine; start is
// the thread's state before the run (nil: a new thread).
func (g *Graph) reapplyRun(name string, start map[string]any, run GraphRun, out *GraphRunResult) error {
	if !g.runBuiltin || len(g.checked) == 0 {
		return nil
	}
	saved := g.nextID
	defer func() { g.nextID = saved }()
	var before map[string]any
	if run.Command == nil || run.Command.Update == nil {
		before = start
		if before == nil {
			before = g.defaults()
		}
		if run.Input != nil {
			in, _ := run.Input.Value.(map[string]any)
			g.nextID = g.lastID(before)
			res, err := g.apply(&thread{values: before}, writesBy(byInput, g.prof.writesOf(InputNode, in, run.Input.Order)))
			if err != nil {
				return nil // the runtime took an input the built-in engine refuses: the commit rules say why elsewhere
			}
			before = res.values
		}
	}
	for _, st := range out.Steps {
		// a runtime that gives no tasks gives no writes to re-apply
		if before != nil && st.State != nil && len(st.Tasks) > 0 {
			if err := g.reapplyStep(name, st, before); err != nil {
				return err
			}
		}
		before = st.State
	}
	return nil
}

// reapplyStep re-applies one superstep's writes to before and compares
// the schema's fields with the runtime's state after it.
func (g *Graph) reapplyStep(name string, st GraphStep, before map[string]any) error {
	var writes []Write
	for _, t := range st.Tasks {
		for _, w := range t.Writes {
			if g.checked[w.Channel] {
				writes = append(writes, Write{Node: t.Node, Field: w.Channel, Value: w.Value})
			}
		}
	}
	g.nextID = g.lastID(before)
	b := &applied{values: map[string]any{}}
	res, berr := g.apply(&thread{values: before}, writes)
	o := &CommitResult{Values: map[string]any{}}
	for n := range g.checked {
		if berr == nil {
			if v, ok := res.values[n]; ok {
				b.values[n] = v
			}
		}
		if v, ok := st.State[n]; ok {
			o.Values[n] = v
		}
	}
	if berr == nil {
		b.nextID = res.nextID
	}
	o.NextID = b.nextID
	if d := disagreement(name, b, berr, o, nil); d != "" {
		return &Error{Code: RuntimeDisagreement, Message: fmt.Sprintf("superstep %d (%s) of the whole-graph run: %s\n  (the built-in engine re-applies the superstep's writes to the schema's fields of the state before it: a field whose reducer or default differs from the graph's channel disagrees)", st.Step, strings.Join(st.Nodes, ", "), d)}
	}
	return nil
}

// lastID is the number of the last message id the harness generated that
// state holds: the built-in engine's next id follows it, as the runtime's
// did when its ids were generated in order.
func (g *Graph) lastID(state map[string]any) int {
	prefix := g.idPrefix
	if prefix == "" {
		prefix = DefaultIDPrefix
	}
	last := 0
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if id, ok := x["id"].(string); ok && strings.HasPrefix(id, prefix) {
				if n, err := strconv.Atoi(id[len(prefix):]); err == nil && n > last {
					last = n
				}
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(state)
	return last
}
