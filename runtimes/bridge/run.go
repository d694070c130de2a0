package bridge

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/stateharness/scenario/engine"
)

// RunGraph runs the scenario's own graph whole (docs/reference.md,
// Whole-graph runs; the run request of doc.go): on the scenario's thread,
// with the input, a resume or a command, to the end of the run or an
// interrupt, its chat models, scripted nodes and scripted tools answering
// from the scenario's scripts. It answers the supersteps with their tasks,
// the model calls, the interrupts pending and the state at the end.
func (s *ownSession) RunGraph(r *engine.GraphRunRequest) (*engine.GraphRunResult, error) {
	resp, err := s.b.request(&s.session, "run", func(w *requestWriter) error {
		return writeRun(w, s.graph, r)
	})
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, resp.Error.engineError(s.b.prog.Library)
	}
	return s.decodeRun(resp)
}

// decodeRun reads a run's answer.
func (s *ownSession) decodeRun(resp *response) (*engine.GraphRunResult, error) {
	if resp.NextID == nil || resp.Values == nil || resp.Steps == nil {
		return nil, runtimeError(s.b.prog.Name + " answered a whole-graph run without its state and supersteps")
	}
	d := runDecoder{name: s.b.prog.Name}
	values, err := d.object(resp.Values, "the state at the end of the run")
	if err != nil {
		return nil, err
	}
	out := &engine.GraphRunResult{Values: values, NextID: *resp.NextID, Next: append([]string{}, resp.Next...)}
	if out.Steps, err = d.steps(resp.Steps, ""); err != nil {
		return nil, err
	}
	for _, in := range resp.Interrupts {
		v, err := d.value(in.Value, fmt.Sprintf("interrupt %s's value", in.ID))
		if err != nil {
			return nil, err
		}
		out.Interrupts = append(out.Interrupts, engine.GraphInterrupt{ID: in.ID, Node: in.Node, Value: v})
	}
	for _, c := range resp.Calls {
		call := engine.ModelCall{Step: c.Step, Node: c.Node, Reply: c.Reply, Script: c.Script}
		if len(c.Last) > 0 {
			if call.Last, err = d.value(c.Last, "a model call's last message"); err != nil {
				return nil, err
			}
		}
		out.Calls = append(out.Calls, call)
	}
	for _, v := range resp.Returns {
		out.Returns = append(out.Returns, engine.ScriptedVisit{Step: v.Step, Node: v.Node, Index: v.Index})
	}
	for _, c := range resp.Tools {
		out.ToolCalls = append(out.ToolCalls, engine.ScriptedToolCall{Step: c.Step, Node: c.Node, Tool: c.Tool, Answer: c.Answer})
	}
	return out, nil
}

// writeRun writes a run request's members after its op.
func writeRun(w *requestWriter, graph int, r *engine.GraphRunRequest) error {
	w.int("graph", graph)
	w.int("nextId", r.NextID)
	w.str("thread", r.Thread)
	if r.Continue {
		w.key("continue")
		w.raw("true")
	}
	w.key("before")
	if r.Before == nil {
		w.raw("null")
	} else if err := w.value(r.Before, nil); err != nil {
		return err
	}
	w.key("input")
	if r.Input == nil {
		w.raw("null")
	} else if err := writeChecked(w, r.Input.Value, r.Input.Order); err != nil {
		return err
	}
	if r.Resume != nil {
		w.key("resume")
		if r.Resume.ByID != nil {
			w.raw(`{"byId":`)
			if err := writeChecked(w, r.Resume.ByID, nil); err != nil {
				return err
			}
		} else {
			w.raw(`{"value":`)
			if err := writeChecked(w, r.Resume.Value, nil); err != nil {
				return err
			}
		}
		w.raw("}")
	}
	if c := r.Command; c != nil {
		w.key("command")
		w.raw("{")
		sep := ""
		if c.HasResume {
			w.raw(`"resume":`)
			if err := writeChecked(w, c.Resume, nil); err != nil {
				return err
			}
			sep = ","
		}
		if c.Update != nil {
			w.raw(sep + `"update":`)
			if err := writeChecked(w, c.Update, nil); err != nil {
				return err
			}
			sep = ","
		}
		if len(c.Goto) > 0 {
			w.raw(sep + `"goto":`)
			b, _ := json.Marshal(c.Goto)
			w.raw(string(b))
		}
		w.raw("}")
	}
	w.key("replies")
	if err := writeList(w, r.Model); err != nil {
		return err
	}
	w.int("offset", r.Model.Offset)
	if err := writeParts(w, "nodeReplies", "replies", r.NodeReplies); err != nil {
		return err
	}
	if err := writeParts(w, "returns", "returns", r.Returns); err != nil {
		return err
	}
	if len(r.Tools) > 0 {
		w.key("tools")
		w.raw("{")
		for i, name := range slices.Sorted(maps.Keys(r.Tools)) {
			t := r.Tools[name]
			if i > 0 {
				w.raw(",")
			}
			w.raw(string(appendJSONString(nil, name)) + `:{"answers":`)
			if err := writeList(w, t.ScriptPart); err != nil {
				return err
			}
			w.raw(fmt.Sprintf(`,"offset":%d,"inTurn":%t}`, t.Offset, t.InTurn))
		}
		w.raw("}")
	}
	if r.RecursionLimit > 0 {
		w.int("recursionLimit", r.RecursionLimit)
	}
	return nil
}

// writeList writes a script's items as a JSON array, each in its key
// order.
func writeList(w *requestWriter, p engine.ScriptPart) error {
	w.raw("[")
	for i, v := range p.Items {
		if i > 0 {
			w.raw(",")
		}
		var order *engine.KeyOrder
		if i < len(p.Orders) {
			order = p.Orders[i]
		}
		if err := writeChecked(w, v, order); err != nil {
			return err
		}
	}
	w.raw("]")
	return nil
}

// writeParts writes scripts by name, {"<name>": {"<member>": [...],
// "offset": n}}, in name order; none writes nothing.
func writeParts(w *requestWriter, key, member string, parts map[string]engine.ScriptPart) error {
	if len(parts) == 0 {
		return nil
	}
	w.key(key)
	w.raw("{")
	for i, name := range slices.Sorted(maps.Keys(parts)) {
		p := parts[name]
		if i > 0 {
			w.raw(",")
		}
		w.raw(string(appendJSONString(nil, name)) + `:{"` + member + `":`)
		if err := writeList(w, p); err != nil {
			return err
		}
		w.raw(fmt.Sprintf(`,"offset":%d}`, p.Offset))
	}
	w.raw("}")
	return nil
}

// runDecoder decodes the values of a run's answer, naming what a value
// that is not JSON the harness takes was.
type runDecoder struct{ name string }

func (d runDecoder) value(raw json.RawMessage, what string) (any, error) {
	v, err := engine.DecodeJSON(raw, engine.Source{Name: d.name})
	if err != nil {
		return nil, fmt.Errorf("%s answered a whole-graph run with %s that the harness cannot read: %w", d.name, what, err)
	}
	return v, nil
}

func (d runDecoder) object(raw json.RawMessage, what string) (map[string]any, error) {
	v, err := d.value(raw, what)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, runtimeError(fmt.Sprintf("%s answered a whole-graph run with %s that is not an object", d.name, what))
	}
	return m, nil
}

// steps decodes supersteps, those of a subgraph under its node (in).
func (d runDecoder) steps(raw []runStep, in string) ([]engine.GraphStep, error) {
	var out []engine.GraphStep
	for _, st := range raw {
		step := engine.GraphStep{Step: st.Step, Nodes: st.Nodes}
		where := fmt.Sprintf("superstep %d%s", st.Step, in)
		if len(st.State) > 0 && string(st.State) != "null" {
			var err error
			if step.State, err = d.object(st.State, "a state after "+where); err != nil {
				return nil, err
			}
		}
		for _, t := range st.Tasks {
			task := engine.GraphTask{Node: t.Node}
			for _, wr := range t.Writes {
				var pair []json.RawMessage
				var channel string
				if json.Unmarshal(wr, &pair) != nil || len(pair) != 2 || json.Unmarshal(pair[0], &channel) != nil {
					return nil, runtimeError(fmt.Sprintf("%s answered a whole-graph run with a write of node %q in %s that is not [channel, value]", d.name, t.Node, where))
				}
				v, err := d.value(pair[1], fmt.Sprintf("node %q's write of %q in %s", t.Node, channel, where))
				if err != nil {
					return nil, err
				}
				task.Writes = append(task.Writes, engine.GraphWrite{Channel: channel, Value: v})
			}
			inner, err := d.steps(t.Steps, fmt.Sprintf(" of subgraph node %q in %s", t.Node, where))
			if err != nil {
				return nil, err
			}
			task.Steps = inner
			step.Tasks = append(step.Tasks, task)
		}
		out = append(out, step)
	}
	return out, nil
}
