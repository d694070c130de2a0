package main

import "github.com/stateharness/scenario/internal/diffcase"

// Shrink simplifies a disagreeing case in two passes. The first keeps the
// kind of disagreement (the same BroadKey: outcome kinds and how they
// differ); the second keeps any disagreement, so that a case whose minimal
// form still shows two causes (an error the engine misses, behind another
// error both report) comes down to the one that disagrees on its own. Each
// round tries the one-step simplifications in order and keeps the first
// that still disagrees. budget bounds the cases each pass runs.
func Shrink(c diffcase.Case, key string, other Side, budget int) diffcase.Case {
	c = shrinkWhile(c, other, budget, func(eng, o Outcome) bool { return BroadKey(eng, o) == key })
	return shrinkWhile(c, other, budget, func(eng, o Outcome) bool { return !Agree(eng, o) })
}

func shrinkWhile(c diffcase.Case, other Side, budget int, still func(eng, other Outcome) bool) diffcase.Case {
	for budget > 0 {
		found := false
		for _, t := range candidates(c) {
			if budget == 0 {
				break
			}
			budget--
			if still(RunEngine(t), other(t)) {
				c, found = t, true
				break
			}
		}
		if !found {
			break
		}
	}
	return c
}

// candidates are the one-step simplifications of a case, the largest
// first.
func candidates(c diffcase.Case) []diffcase.Case {
	var out []diffcase.Case
	for ci, cm := range c.Commits {
		if ci > 0 {
			t := c.Clone()
			t.Commits = append(t.Commits[:ci:ci], t.Commits[ci+1:]...)
			out = append(out, t)
		}
		for i := range cm.Step {
			t := c.Clone()
			t.Commits[ci].Step = append(cm.Step[:i:i], cm.Step[i+1:]...)
			out = append(out, t)
		}
	}
	for i := range c.Fields {
		if len(c.Fields) == 1 {
			break
		}
		t := c.Clone()
		t.Fields = append(t.Fields[:i:i], c.Fields[i+1:]...)
		out = append(out, t)
	}
	for ci, cm := range c.Commits {
		if cm.Input == nil {
			continue
		}
		for i := range cm.Input.Keys {
			t := c.Clone()
			t.Commits[ci].Input = cm.Input.Without(i)
			out = append(out, t)
		}
	}
	for ci, cm := range c.Commits {
		for i, n := range cm.Step {
			for _, o := range simplerOutputs(n) {
				t := c.Clone()
				t.Commits[ci].Step[i] = o
				out = append(out, t)
			}
		}
	}
	for i, f := range c.Fields {
		if f.HasDefault {
			t := c.Clone()
			t.Fields[i].HasDefault, t.Fields[i].Default = false, nil
			out = append(out, t)
			for _, d := range simpler(f.Default) {
				t := c.Clone()
				t.Fields[i].Default = d
				out = append(out, t)
			}
		}
	}
	for ci, cm := range c.Commits {
		if cm.Input == nil {
			continue
		}
		for i, v := range cm.Input.Vals {
			for _, s := range simpler(v) {
				t := c.Clone()
				t.Commits[ci].Input = cm.Input.With(i, s)
				out = append(out, t)
			}
		}
	}
	if c.Profile == "dawn" {
		t := c.Clone()
		t.Profile = "langgraph"
		out = append(out, t)
	}
	return out
}

// simplerOutputs are one-step simplifications of a node's output.
func simplerOutputs(n diffcase.Node) []diffcase.Node {
	var out []diffcase.Node
	o, ok := n.Output.(*diffcase.Obj)
	if !ok || !n.Command {
		if n.Output != nil {
			out = append(out, diffcase.Node{Name: n.Name})
		}
		for _, s := range simpler(n.Output) {
			out = append(out, diffcase.Node{Name: n.Name, Output: s})
		}
		if list, ok := n.Output.([]any); ok && len(list) == 1 {
			// the only element of an array as the return
			out = append(out, diffcase.Node{Name: n.Name, Output: list[0]})
		}
		return out
	}
	for i, k := range o.Keys {
		if k == "update" {
			if u, ok := o.Vals[i].(*diffcase.Obj); ok {
				// the command's update as a plain return
				out = append(out, diffcase.Node{Name: n.Name, Output: u})
			}
			for _, s := range simpler(o.Vals[i]) {
				out = append(out, diffcase.Node{Name: n.Name, Command: true, Output: o.With(i, s)})
			}
			continue
		}
		out = append(out, diffcase.Node{Name: n.Name, Command: true, Output: o.Without(i)})
	}
	return out
}

// simpler are one-step simplifications of a value: a list or object less
// one element, one element simplified, a string shortened to "s".
func simpler(v any) []any {
	var out []any
	switch x := v.(type) {
	case []any:
		for i := range x {
			out = append(out, append(x[:i:i], x[i+1:]...))
		}
		for i, e := range x {
			for _, s := range simpler(e) {
				t := append([]any(nil), x...)
				t[i] = s
				out = append(out, t)
			}
		}
	case *diffcase.Obj:
		for i := range x.Keys {
			out = append(out, x.Without(i))
		}
		for i, e := range x.Vals {
			for _, s := range simpler(e) {
				out = append(out, x.With(i, s))
			}
		}
	case string:
		if len(x) > 1 {
			out = append(out, "s")
		}
	}
	return out
}
