package engine

import "fmt"

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

func (g *Graph) field(name string, pending map[string]*field) *field {
	if f, ok := pending[name]; ok {
		return f
	}
	return g.fields[name]
}

// apply is the built-in runtime: it computes the state after writes, given
// in the order the profile applies them (SPEC §6 rules 2–4), without
// touching the graph. Fields are updated in the order of their first write
// and the first that fails fails the commit, as LangGraph updates its
// channels.
func (g *Graph) apply(th *thread, writes []Write) (*applied, error) {
	res := &applied{nextID: g.nextID, byField: map[string][]Write{}}
	var names []string
	for _, w := range writes {
		f := g.field(w.Field, res.newFields)
		if f == nil {
			switch g.prof.unknownKeys {
			case dropUnknown:
				res.dropped = append(res.dropped, w.Node+"."+w.Field)
				continue
			case rejectUnknown:
				return nil, &Error{Code: UnknownKey, Path: PathKey(Root, w.Field), Message: w.kind.describe(w.Node) + ": unknown key: " + w.Field}
			case assignUnknown:
				if res.newFields == nil {
					res.newFields = map[string]*field{}
				}
				res.newFields[w.Field] = g.assignedField(w.Field)
			}
		}
		if _, seen := res.byField[w.Field]; !seen {
			names = append(names, w.Field)
		}
		res.byField[w.Field] = append(res.byField[w.Field], w)
	}
	// the channels update in JavaScript's property order of the fields
	names = jsPropertyOrder(names)

	values := make(map[string]any, len(th.values)+len(names))
	for k, v := range th.values {
		values[k] = v
	}
	for _, name := range names {
		f := g.field(name, res.newFields)
		ws := res.byField[name]
		cur, has := th.values[name]
		if err := g.prof.checkExclusive(f, ws); err != nil {
			return nil, err
		}
		idBefore := res.nextID
		v, err := g.fold(f, cur, has, ws, &res.nextID, res)
		if err != nil {
			if e, ok := err.(*Error); ok && e.Code != InvalidConcurrentGraphUpdate {
				// say who wrote what the reducer refused (SPEC §11)
				e.Message = nodeList(ws) + ": " + e.Message
			}
			return nil, err
		}
		// rule 4: a field the schema declares commutative gives the same
		// value when its writers come in the other order
		if f.declaredMerge && f.merge == Commutative && distinctNodes(ws) > 1 {
			id := idBefore
			other, err := g.fold(f, cur, has, reverseNodes(ws), &id, nil)
			if err == nil && !Equal(v, other) {
				return nil, &Error{Code: OrderDependentMerge, Path: PathKey(Root, name), Message: fmt.Sprintf(
					"field %q is declared commutative but the writes of %s give %s in one order and %s in the other; make the reducer order-independent or declare merge: exclusive",
					name, nodeList(ws), compactJSON(v), compactJSON(other))}
			}
		}
		values[name] = v
	}
	res.values = values
	res.written = names
	return res, nil
}

// fold applies a field's writes of one step as LangGraph's
// BinaryOperatorAggregate does: from the current value or the default; a
// field with neither takes its first write as written (langgraph, dawn);
// each later write goes through the reducer until an overwrite, which
// replaces the value and drops the writes after it; a second overwrite
// fails. A last-value field has no overwrites: its one write is stored as
// written. res, when given, collects warnings.
func (g *Graph) fold(f *field, cur any, has bool, ws []Write, nextID *int, res *applied) (any, error) {
	if !has && f.hasDef {
		cur, has = f.def, true
	}
	c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: nextID, idPrefix: g.idPrefix, coerced: &g.coerced}
	lastValue := f.reducerName == lastValueName
	rest := ws
	if !has && g.prof.rawFirstWrite && !lastValue && len(ws) > 0 {
		first := ws[0].Value
		ov, isOverwrite := overwriteValue(first)
		if isOverwrite {
			first = ov
		}
		if res != nil && !isOverwrite {
			if w := g.rawFirstWarning(f, first, nextID); w != "" {
				res.warnings = append(res.warnings, w)
			}
		}
		cur, has, rest = first, true, ws[1:]
	}
	overwritten := false
	for _, w := range rest {
		if !lastValue {
			if ov, ok := overwriteValue(w.Value); ok {
				if overwritten {
					return nil, &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, f.name), Message: fmt.Sprintf(
						"Invalid update for channel %q with values %s: Can receive only one Overwrite value per step.", f.name, stringifyWrites(ws))}
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
	return cur, nil
}

// rawFirstWarning says when a field without a default took its first write
// as written and the reducer would have made something else of it: the
// LangGraph JS trap of {"messages": "hi"} staying the string "hi".
func (g *Graph) rawFirstWarning(f *field, v any, nextID *int) string {
	id := *nextID
	c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: &id, idPrefix: g.idPrefix}
	reduced, err := f.reduce(c, nil, false, v)
	if err == nil && Equal(reduced, v) {
		return ""
	}
	return fmt.Sprintf("field %q has no default, so its first write was stored as written, not through its %s reducer (as LangGraph JS does): %s; give the field a default to have the reducer apply",
		f.name, f.reducerName, truncate(compactJSON(v), 120))
}
