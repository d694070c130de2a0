package main

import "github.com/stateharness/scenario/internal/diffcase"

// Shrink simplifies a disagreeing case in two passes. The first keeps the
// kind of disagreement (the same BroadKey: outcome kinds and how they
// differ); the second keeps any disagreement, so that a case whose minimal
// form still shows two causes (an error the engine misses, behind another
// error both report) comes down to the one that disagrees on its own. Each
// round runs all one-step simplifications in one batch and keeps the first
// that still disagrees. budget bounds the cases each pass runs.
func Shrink(c diffcase.Case, key string, lg *LangGraph, budget int) (diffcase.Case, error) {
	c, err := shrinkWhile(c, lg, budget, func(eng, l Outcome) bool { return BroadKey(eng, l) == key })
	if err != nil {
		return c, err
	}
	return shrinkWhile(c, lg, budget, func(eng, l Outcome) bool { return !Agree(eng, l) })
}

func shrinkWhile(c diffcase.Case, lg *LangGraph, budget int, still func(eng, lg Outcome) bool) (diffcase.Case, error) {
	for budget > 0 {
		cands := candidates(c)
		if len(cands) > budget {
			cands = cands[:budget]
		}
		if len(cands) == 0 {
			break
		}
		budget -= len(cands)
		outs, err := lg.RunAll(cands)
		if err != nil {
			return c, err
		}
		found := false
		for i, t := range cands {
			if still(RunEngine(t), outs[i]) {
				c, found = t, true
				break
			}
		}
		if !found {
			break
		}
	}
	return c, nil
}

// candidates are the one-step simplifications of a case, the largest
// first.
func candidates(c diffcase.Case) []diffcase.Case {
	var out []diffcase.Case
	for i := range c.Step {
		t := clone(c)
		t.Step = append(t.Step[:i:i], c.Step[i+1:]...)
		out = append(out, t)
	}
	for i := range c.Fields {
		if len(c.Fields) == 1 {
			break
		}
		t := clone(c)
		t.Fields = append(t.Fields[:i:i], c.Fields[i+1:]...)
		out = append(out, t)
	}
	for i := range c.Input.Keys {
		t := clone(c)
		t.Input = c.Input.Without(i)
		out = append(out, t)
	}
	for i, n := range c.Step {
		for _, o := range simplerOutputs(n) {
			t := clone(c)
			t.Step[i] = o
			out = append(out, t)
		}
	}
	for i, f := range c.Fields {
		if f.HasDefault {
			t := clone(c)
			t.Fields[i].HasDefault, t.Fields[i].Default = false, nil
			out = append(out, t)
			for _, d := range simpler(f.Default) {
				t := clone(c)
				t.Fields[i].Default = d
				out = append(out, t)
			}
		}
	}
	for i, v := range c.Input.Vals {
		for _, s := range simpler(v) {
			t := clone(c)
			t.Input = c.Input.With(i, s)
			out = append(out, t)
		}
	}
	if c.Profile == "dawn" {
		t := clone(c)
		t.Profile = "langgraph"
		out = append(out, t)
	}
	return out
}

func clone(c diffcase.Case) diffcase.Case {
	t := c
	t.Fields = append([]diffcase.Field(nil), c.Fields...)
	t.Step = append([]diffcase.Node(nil), c.Step...)
	return t
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
