package engine

import (
	"fmt"
)

// Runs (docs/reference.md, Threads and runs): a run's input starts or continues a thread.

// InputNode is the node name inputs write under in events and the trace.
const InputNode = "__input__"

// Invoke starts a run on the thread with an input object (docs/reference.md, Threads and runs). A new
// thread starts from the schema's defaults.
func (g *Graph) Invoke(threadID string, input any) error {
	input, order, err := normalizeOrdered(input)
	if err != nil {
		return err
	}
	obj, ok := input.(map[string]any)
	if !ok {
		return &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected the input to be an object, received %s", TypeName(input))}
	}
	return g.run(threadID, obj, order)
}

// InvokeNoInput starts a run with no input. On a new thread that is
// EMPTY_INPUT (llmfy: an empty state); on a thread with state nothing changes.
func (g *Graph) InvokeNoInput(threadID string) error {
	if _, ok := g.threads[threadID]; ok {
		return nil
	}
	if !g.prof.emptyNewThread {
		return &Error{Code: EmptyInput, Message: fmt.Sprintf("thread %q has no state and the run has no input; give it an input", threadID)}
	}
	return g.run(threadID, map[string]any{}, nil)
}

func (g *Graph) run(threadID string, input map[string]any, order *KeyOrder) error {
	th, existing := g.threads[threadID]
	start := &thread{}
	var reset []string
	if existing {
		start.values, reset = g.startOfRun(th.values)
		start.revision = th.revision
	} else {
		start.values = g.defaults()
	}
	if g.prof.runSeed {
		start.revision = 0
	}
	writes := writesBy(byInput, g.prof.writesOf(InputNode, input, order))
	raw := g.prof.seedInput || (!existing && g.prof.rawFirstInput)
	var req Checked
	req.Value, req.Order = input, order
	before := start.values
	if !existing {
		before = nil
	}
	return g.commit(&pending{
		thread: threadID, before: start, source: "input", nodes: []string{InputNode}, writes: writes, raw: raw,
		req: CommitRequest{Kind: CommitInput, Before: before, Input: req},
		revision: func(res *applied) int {
			switch {
			case g.prof.runSeed:
				// awaken seeds each run's fresh store: no revision
				return start.revision
			case !existing:
				return 1
			case netChange(th.values, res.values, reset, res.written):
				// the net change of the run: a reset of run-scoped fields
				// counts, a value written back to what it was does not
				return start.revision + 1
			}
			return start.revision
		},
	})
}

// startOfRun resets run-scoped and non-persistent fields to their
// defaults, and lists them.
func (g *Graph) startOfRun(values map[string]any) (map[string]any, []string) {
	out := make(map[string]any, len(values))
	for k, v := range values {
		out[k] = v
	}
	var reset []string
	for _, f := range g.fields {
		if f.scope == ScopeRun || !f.persistent {
			reset = append(reset, f.name)
			delete(out, f.name)
			if f.hasDef {
				out[f.name] = f.def
			}
		}
	}
	return out, reset
}

// netChange reports whether any of the named fields differs between two
// states (present in one and not the other, or of another value): only the
// fields a run reset or wrote can differ, so the rest is not compared.
func netChange(before, after map[string]any, names ...[]string) bool {
	for _, list := range names {
		for _, k := range list {
			b, hadB := before[k]
			a, hasA := after[k]
			if hadB != hasA || (hadB && !Equal(b, a)) {
				return true
			}
		}
	}
	return false
}

// defaults is the state of a new thread.
func (g *Graph) defaults() map[string]any {
	out := make(map[string]any, len(g.fields))
	for _, f := range g.fields {
		if f.hasDef {
			out[f.name] = f.def
		}
	}
	return out
}

// applyRaw copies an input as it is, without reducers (llmfy's first
// input, awaken's seed of a run); keys no schema declares follow the
// profile (rule 2).
func (g *Graph) applyRaw(th *thread, writes []Write) (*applied, error) {
	res := &applied{nextID: g.nextID, byField: map[string][]Write{}}
	values := make(map[string]any, len(th.values)+len(writes))
	for k, v := range th.values {
		values[k] = v
	}
	for _, w := range writes {
		if g.field(w.Field, res.newFields) == nil {
			if keep, err := g.unknownKey(res, w); err != nil || !keep {
				if err != nil {
					return nil, err
				}
				continue
			}
		}
		if _, seen := res.byField[w.Field]; !seen {
			res.written = append(res.written, w.Field)
		}
		res.byField[w.Field] = append(res.byField[w.Field], w)
		values[w.Field] = w.Value
	}
	res.values = values
	return res, nil
}
