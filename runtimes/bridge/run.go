package bridge

import (
	"fmt"

	"github.com/stateharness/scenario/engine"
)

// RunGraph runs the scenario's own graph whole (docs/reference.md,
// Whole-graph runs): from the thread's state before, with the input, to
// the end of the run, its chat models answering from the script's
// replies. It answers the supersteps, the model calls and the state at
// the end.
func (s *ownSession) RunGraph(r *engine.GraphRunRequest) (*engine.GraphRunResult, error) {
	resp, err := s.b.request(&s.session, "run", func(w *requestWriter) error {
		w.int("graph", s.graph)
		w.int("nextId", r.NextID)
		w.key("before")
		if r.Before == nil {
			w.raw("null")
		} else if err := w.value(r.Before, nil); err != nil {
			return err
		}
		w.key("input")
		if err := writeChecked(w, r.Input.Value, r.Input.Order); err != nil {
			return err
		}
		w.key("replies")
		w.raw("[")
		for i, rep := range r.Replies {
			if i > 0 {
				w.raw(",")
			}
			if err := writeChecked(w, rep, nil); err != nil {
				return err
			}
		}
		w.raw("]")
		w.int("offset", r.Offset)
		if r.RecursionLimit > 0 {
			w.int("recursionLimit", r.RecursionLimit)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, resp.Error.engineError(s.b.prog.Library)
	}
	if resp.NextID == nil || resp.Values == nil || resp.Steps == nil {
		return nil, runtimeError(s.b.prog.Name + " answered a whole-graph run without its state and supersteps")
	}
	v, err := engine.DecodeJSON(resp.Values, engine.Source{Name: s.b.prog.Name})
	if err != nil {
		return nil, err
	}
	values, ok := v.(map[string]any)
	if !ok {
		return nil, runtimeError(fmt.Sprintf("%s answered a whole-graph run with a state that is not an object", s.b.prog.Name))
	}
	out := &engine.GraphRunResult{Values: values, NextID: *resp.NextID, Next: append([]string{}, resp.Next...)}
	for _, st := range resp.Steps {
		step := engine.GraphStep{Step: st.Step, Nodes: st.Nodes}
		if len(st.State) > 0 && string(st.State) != "null" {
			v, err := engine.DecodeJSON(st.State, engine.Source{Name: s.b.prog.Name})
			if err != nil {
				return nil, err
			}
			if step.State, ok = v.(map[string]any); !ok {
				return nil, runtimeError(fmt.Sprintf("%s answered a whole-graph run with a state after superstep %d that is not an object", s.b.prog.Name, st.Step))
			}
		}
		out.Steps = append(out.Steps, step)
	}
	for _, c := range resp.Calls {
		out.Calls = append(out.Calls, engine.ModelCall{Step: c.Step, Node: c.Node, Reply: c.Reply})
	}
	return out, nil
}
