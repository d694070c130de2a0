package diffcase

import (
	"github.com/stateharness/scenario/engine"
)

// The cases of the llmfy profile, judged by llmfy's FlowEngine: fields of
// the docs/reference.md, Reducers reducers but messages (llmfy has none), a default now and
// then (llmfy has none: it is checked, then left out), inputs on a new
// thread (copied as they are) and on a thread with state (through the
// reducers), and steps of one to three nodes, often writing different
// fields (a fan-out), sometimes one field (refused where completion order
// would decide it). Nodes return updates (unknown keys, overwrite
// wrappers and nulls among the values), every falsy value and truthy
// values that are no dict; llmfy has no commands.

// llmfyReducers are the reducers an llmfy field is given; "" is the
// profile's, replace.
var llmfyReducers = []string{"", "replace", "last-value", "append", "merge", "merge-patch", "sum", "union", `join(",")`}

// llmfyCase fills c, an llmfy case with no fields yet.
func (g *generator) llmfyCase(c Case) Case {
	names := g.r.Perm(len(fieldNames))
	for _, i := range names[:2+g.r.Intn(4)] {
		f := Field{Name: fieldNames[i], Reducer: g.pick(llmfyReducers)}
		if g.pct(25) {
			f.HasDefault = true
			f.Default = g.defaultFor(f.Reducer)
		}
		c.Fields = append(c.Fields, f)
	}
	c.Commits = append(c.Commits, Commit{Kind: engine.CommitInput, Input: g.llmfyUpdate(c, 0, 4)})
	for n := 1 + g.r.Intn(max(g.opts.Commits, 1)); n > 0; n-- {
		if g.pct(25) {
			c.Commits = append(c.Commits, Commit{Kind: engine.CommitInput, Input: g.llmfyUpdate(c, 0, 3)})
			continue
		}
		c.Commits = append(c.Commits, Commit{Kind: engine.CommitStep, Step: g.llmfyStep(c)})
	}
	return c
}

// llmfyStep lists 1–3 distinct nodes in random order; in most steps of
// several nodes each writes fields of its own.
func (g *generator) llmfyStep(c Case) []Node {
	perm := g.r.Perm(len(nodeNames))
	k := 1 + g.r.Intn(3)
	disjoint := g.pct(70)
	taken := map[string]bool{}
	var out []Node
	for _, i := range perm[:k] {
		n := Node{Name: nodeNames[i]}
		switch p := g.r.Intn(100); {
		case p < 72:
			u := g.llmfyUpdate(c, 1, 3)
			if disjoint && k > 1 {
				for i := len(u.Keys) - 1; i >= 0; i-- {
					if taken[u.Keys[i]] {
						u = u.Without(i)
					}
				}
			}
			for _, key := range u.Keys {
				taken[key] = true
			}
			n.Output = u
		case p < 86:
			n.Output = []any{nil, false, 0.0, "", []any{}, &Obj{}}[g.r.Intn(6)]
		default:
			n.Output = []any{"done", 3.0, 1.5, true, []any{1.0}, []any{Object("x", 1.0)}}[g.r.Intn(6)]
		}
		out = append(out, n)
	}
	return out
}

// llmfyUpdate is an object writing between lo and hi keys: mostly fields,
// sometimes an unknown key; values of the field's reducer's kind, now and
// then of another kind, null or an overwrite wrapper (a plain value to
// llmfy).
func (g *generator) llmfyUpdate(c Case, lo, hi int) *Obj {
	o := &Obj{}
	for i := lo + g.r.Intn(hi-lo+1); i > 0; i-- {
		name := g.key(c)
		if _, dup := o.Get(name); dup {
			continue
		}
		reducer := c.ReducerOf(name)
		var v any
		switch p := g.r.Intn(100); {
		case p < 6:
			v = nil
		case p < 12:
			v = g.overwrite(g.right(reducer))
		case p < 24:
			v = g.wrong(reducer)
		default:
			v = g.right(reducer)
		}
		o.Set(name, v)
	}
	return o
}
