package report

import (
	"strconv"

	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/jsonv"
)

// htmlSupersteps is a whole-graph run as the HTML page shows it, at most
// htmlreport.MaxSupersteps supersteps and the count of the rest: each
// superstep's state change is from the state after the one before, the
// first's from before (named since). A superstep whose state the runtime
// did not give has no change; the next one's is from the last state known.
func htmlSupersteps(ss []Superstep, before map[string]any, since string) ([]htmlreport.Superstep, int) {
	more := 0
	if len(ss) > htmlreport.MaxSupersteps {
		ss, more = ss[:htmlreport.MaxSupersteps], len(ss)-htmlreport.MaxSupersteps
	}
	out := make([]htmlreport.Superstep, len(ss))
	for i, s := range ss {
		p := htmlreport.Superstep{Index: s.Index, Next: s.Next, Thread: s.Thread, Revision: s.Revision}
		for _, t := range s.Tasks {
			p.Tasks = append(p.Tasks, htmlTask(t))
		}
		for _, in := range s.Interrupts {
			p.Interrupts = append(p.Interrupts, htmlreport.Interrupt{Node: in.Node, ID: in.ID, Value: htmlreport.Value(in.Value)})
		}
		if after, ok := stateOf(s.StateAfter); ok {
			p.Since = since
			p.SetChanges(before, after)
			before, since = after, "superstep "+strconv.Itoa(s.Index)
		} else {
			p.NoState = true
		}
		out[i] = p
	}
	return out, more
}

// htmlTask is one task as the page shows it; a subgraph's inner
// supersteps start from no state, the subgraph's input being unknown.
func htmlTask(t Task) htmlreport.Task {
	out := htmlreport.Task{Node: t.Node, ID: t.ID, Error: t.Err}
	for _, w := range t.Writes {
		out.Writes = append(out.Writes, htmlreport.TaskWrite{Field: w.Field, Value: htmlreport.Value(w.Value)})
	}
	for _, c := range t.ModelCalls {
		mc := htmlreport.ModelCall{Model: c.Model, Input: htmlreport.Value(c.Input), Output: htmlreport.Value(c.Output)}
		for _, tc := range c.ToolCalls {
			mc.ToolCalls = append(mc.ToolCalls, htmlreport.Value(tc))
		}
		out.ModelCalls = append(out.ModelCalls, mc)
	}
	if len(t.Steps) > 0 {
		out.Steps, out.StepsMore = htmlSupersteps(t.Steps, nil, "")
	}
	return out
}

// stateOf reads a superstep's state after it (canonical JSON); false when
// the runtime gave none.
func stateOf(text string) (map[string]any, bool) {
	if text == "" {
		return nil, false
	}
	v, err := jsonv.DecodeJSONString(text, jsonv.Source{})
	m, ok := v.(map[string]any)
	return m, err == nil && ok
}
