package engine

import (
	"errors"
	"fmt"
	"github.com/stateharness/scenario/internal/jsonv"
)

// The built-in runtime: a commit's writes applied through the fields'
// reducers (docs/reference.md, Commits rules 2–4), as the profile's framework applies them.

// applied is a commit's outcome, from the built-in runtime or another.
type applied struct {
	values  map[string]any
	changed bool
	dropped []string
	nextID  int
	// newFields are fields the llmfy profile creates for unknown keys; they
	// join the graph only when the commit succeeds.
	newFields map[string]*field
	gotos     []Goto
	// written lists the fields the commit wrote, in the order of their
	// first write; byField their writes.
	written []string
	byField map[string][]Write
	// warnings are shown when the commit succeeds.
	warnings []string
}

// field is the named field, among those a commit creates too.
func (g *Graph) field(name string, pending map[string]*field) *field {
	if f, ok := pending[name]; ok {
		return f
	}
	return g.fields[name]
}

// writtenFields are the fields a commit wrote, in the order of res.written.
func (g *Graph) writtenFields(res *applied) []*field {
	fields := make([]*field, len(res.written))
	for i, name := range res.written {
		fields[i] = g.field(name, res.newFields)
	}
	return fields
}

// apply is the built-in runtime: it computes the state after writes, given
// in the order the profile applies them (docs/reference.md, Commits rules 2–4), without
// touching the graph. Fields are updated in the order of their first write
// and the first that fails fails the commit, as LangGraph updates its
// channels.
func (g *Graph) apply(th *thread, writes []Write) (*applied, error) {
	if g.prof.mergeCheck != nil {
		if err := g.prof.mergeCheck(g, th, writes); err != nil {
			return nil, err
		}
	}
	res := &applied{nextID: g.nextID, byField: map[string][]Write{}}
	var names []string
	for _, w := range writes {
		f := g.field(w.Field, res.newFields)
		if f == nil {
			keep, err := g.unknownKey(res, w)
			if err != nil {
				return nil, err
			}
			if !keep {
				continue
			}
		}
		if _, seen := res.byField[w.Field]; !seen {
			names = append(names, w.Field)
		}
		res.byField[w.Field] = append(res.byField[w.Field], w)
	}
	// the channels update in the order the framework takes the fields
	names = g.prof.keyOrder(names)

	// an error the framework raises only when it checkpoints the result
	var checkpointErr *Error
	values := make(map[string]any, len(th.values)+len(names))
	for k, v := range th.values {
		values[k] = v
	}
	for _, name := range names {
		f := g.field(name, res.newFields)
		ws := res.byField[name]
		cur, has := th.values[name]
		if f.merge == Exclusive && len(ws) > 1 {
			if err := g.prof.checkExclusive(f, ws); err != nil {
				return nil, err
			}
		}
		idBefore := res.nextID
		v, err := g.fold(f, cur, has, ws, &res.nextID, res)
		if err != nil {
			// (late is declared here: errors.As makes it escape, an
			// allocation for every field of every commit otherwise)
			var late *atCheckpoint
			if errors.As(err, &late) {
				if checkpointErr == nil {
					checkpointErr = late.err
					checkpointErr.Message = nodeList(ws) + ": " + checkpointErr.Message
				}
				continue
			}
			if e, ok := err.(*Error); ok && e.Code != InvalidConcurrentGraphUpdate {
				// say who wrote what the reducer refused (docs/reference.md, Error codes)
				e.Message = nodeList(ws) + ": " + e.Message
			}
			return nil, err
		}
		if f.declaredMerge && f.merge == Commutative {
			if err := g.checkOrderIndependent(f, cur, has, ws, idBefore, v); err != nil {
				return nil, err
			}
		}
		values[name] = v
	}
	if checkpointErr != nil {
		return nil, checkpointErr
	}
	res.values = values
	res.written = names
	return res, nil
}

// fold applies a field's writes of one step as LangGraph's
// BinaryOperatorAggregate does: from the current value or the default; a
// field with neither starts as the profile's firstWrite says; each later
// write goes through the reducer until an overwrite, which replaces the
// value and drops the writes after it; a second overwrite fails. A last-value field has no overwrites: its one write is stored as
// written. res, when given, collects warnings.
func (g *Graph) fold(f *field, cur any, has bool, ws []Write, nextID *int, res *applied) (any, error) {
	if !has && f.hasDef {
		cur, has = f.def, true
	}
	c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: nextID, idPrefix: g.idPrefix, coerced: &g.coerced, coerce: g.prof.coerceMessage, nullArgs: g.prof.messagesNullArgs}
	lastValue := f.kind == lastValueKind
	rest := ws
	if !has && !lastValue && len(ws) > 0 {
		// a reducer field with no value yet: the profile says where its
		// fold starts
		var raw bool
		cur, has, rest, raw = g.prof.firstWrite(g.prof, f, ws)
		if raw && res != nil {
			if w := g.rawFirstWarning(f, cur, nextID); w != "" {
				res.warnings = append(res.warnings, w)
			}
		}
	}
	overwritten := false
	for _, w := range rest {
		if !lastValue {
			if ov, ok := g.prof.overwrite(w.Value); ok {
				if overwritten {
					return nil, g.prof.overwriteConflict(f.name, ws)
				}
				cur, has, overwritten = ov, true, true
				continue
			}
		}
		if overwritten {
			continue
		}
		var err error
		if cur, err = f.reduce(c, cur, has, w.Value); err != nil {
			return nil, err
		}
		has = true
	}
	if u, ok := cur.(uncheckpointable); ok {
		return nil, &atCheckpoint{u.checkpointError(f.name)}
	}
	return cur, nil
}

// uncheckpointable is a value a reducer may hold within a fold that the
// framework fails to checkpoint (profile_langgraph_py.go).
type uncheckpointable interface{ checkpointError(field string) *Error }

// rawFirstWarning says when a field without a default took its first write
// as written and the reducer would have made something else of it: the
// LangGraph JS trap of {"messages": "hi"} staying the string "hi".
func (g *Graph) rawFirstWarning(f *field, v any, nextID *int) string {
	id := *nextID
	c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: &id, idPrefix: g.idPrefix, coerce: g.prof.coerceMessage}
	reduced, err := f.reduce(c, nil, false, v)
	if err == nil && Equal(reduced, v) {
		return ""
	}
	if g.prof.typedStart {
		return fmt.Sprintf("field %q has no type that starts it, so its first write was stored as written, not through its %s reducer (as LangGraph Python does for Any and Optional, whatever their default): %s; give the field a type such as array to have the reducer apply",
			f.name, f.reducerName, truncate(compactJSON(v), 120))
	}
	return fmt.Sprintf("field %q has no default, so its first write was stored as written, not through its %s reducer (as LangGraph JS does): %s; give the field a default to have the reducer apply",
		f.name, f.reducerName, truncate(compactJSON(v), 120))
}

// firstWriteRule says where the fold of a reducer field with no value yet
// (no default, never written) starts: from start (has false: the
// reducer's own empty value) with the writes rest still to fold; raw says
// the first write was stored as written, which the harness warns about
// when the reducer would have made something else of it.
type firstWriteRule func(p *profile, f *field, ws []Write) (start any, has bool, rest []Write, raw bool)

// firstWriteThroughReducer: every write goes through the reducer, which
// starts from its empty value (awaken, llmfy).
func firstWriteThroughReducer(_ *profile, _ *field, ws []Write) (any, bool, []Write, bool) {
	return nil, false, ws, false
}

// truncate shortens s to at most n bytes of whole runes, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return jsonv.Prefix(s, n) + "…"
}

// atCheckpoint is an error the framework raises only when it checkpoints
// a step's result: after every channel has taken its writes, so that
// another field's error in the same commit comes first (apply.go).
type atCheckpoint struct{ err *Error }

func (e *atCheckpoint) Error() string { return e.err.Error() }

func (e *atCheckpoint) Unwrap() error { return e.err }
