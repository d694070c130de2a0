package engine

import (
	"fmt"
)

// awakenProfile is Awaken (awaken-runtime 0.6.0), checked against its StateStore
// (runtimes/awaken).
var awakenProfile = &profile{
	name: "awaken", allExclusive: true, listedOrder: true, unknownKeys: rejectUnknown, scope: ScopeRun, runSeed: true, seedInput: true, revisionPerWrite: true, defaultReducer: "replace", exclusivePerNode: true,
	readReturn: readReturnObjectOrNull, concurrentWrite: exclusiveMergeConflict, overwriteConflict: overwriteConflictJS, firstWrite: firstWriteThroughReducer, overwrite: noOverwrite,
	coerceMessage: coerceMessageJS, toolResult: toolResultPlain, mergeCheck: mergeCommands, keyOrder: insertionOrder, returnDelay: noReturnDelay,
}

// Awaken's order of refusals (docs/reference.md, Commits rules 2–3 and §5): a step's nodes
// each return a StateCommand, which the phase engine merges in the order
// the step lists them (merge_all_commands), and the merged command is then
// committed (StateStore::commit), which checks every key it touches before
// it applies the writes, one after the other, through the keys' reducers.
// So, whatever the fields:
//
//  1. two commands writing one exclusive key fail the merge
//     (ParallelMergeConflict), on the first key of the later command, in
//     its order, that an earlier one wrote; a key the schema does not
//     declare is exclusive there;
//  2. then a key the schema does not declare fails the commit (UnknownKey),
//     the first in the merged order;
//  3. then the first write, in the merged order, that its reducer refuses.

// mergeCommands refuses writes (in the order the profile applies them:
// each node's, node after node) as Awaken does, before apply folds them
// field by field, which then succeeds or refuses the same way.
func mergeCommands(g *Graph, th *thread, writes []Write) error {
	merged := map[string]bool{}
	for i := 0; i < len(writes); {
		j := i
		for j < len(writes) && writes[j].Node == writes[i].Node {
			j++
		}
		for _, w := range writes[i:j] {
			if f := g.fields[w.Field]; merged[w.Field] && (f == nil || f.merge == Exclusive) {
				return g.prof.concurrentWrite(w.Field, fieldWrites(writes, w.Field))
			}
		}
		for _, w := range writes[i:j] {
			merged[w.Field] = true
		}
		i = j
	}
	for _, w := range writes {
		if g.fields[w.Field] == nil {
			if _, err := g.unknownKey(&applied{}, w); err != nil {
				return err
			}
		}
	}
	// the writes one after the other, each key from its value before
	values := map[string]any{}
	nextID := g.nextID
	for _, w := range writes {
		f := g.fields[w.Field]
		if f == nil || f.kind == messagesKind {
			// the messages reducer's ids and coercion are left to apply
			continue
		}
		cur, has := values[w.Field]
		if !has {
			cur, has = th.values[w.Field]
			if !has && f.hasDef {
				cur, has = f.def, true
			}
		}
		c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: &nextID, idPrefix: g.idPrefix, coerce: g.prof.coerceMessage}
		v, err := f.reduce(c, cur, has, w.Value)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Message = nodeList(fieldWrites(writes, w.Field)) + ": " + e.Message
			}
			return err
		}
		values[w.Field] = v
	}
	return nil
}

// fieldWrites are the writes to one field.
func fieldWrites(writes []Write, field string) []Write {
	var out []Write
	for _, w := range writes {
		if w.Field == field {
			out = append(out, w)
		}
	}
	return out
}

// exclusiveMergeConflict is Awaken's refusal of writes of two nodes to
// an exclusive field (docs/reference.md, Commits rule 3).
func exclusiveMergeConflict(field string, _ []Write) *Error {
	return &Error{Code: ExclusiveMergeConflict, Path: PathKey(Root, field), Message: "parallel merge conflict on exclusive key: " + field}
}

// readReturnObjectOrNull reads a return as Awaken does: an object
// is an update, null writes nothing, anything else is
// INVALID_GRAPH_NODE_RETURN_VALUE.
func readReturnObjectOrNull(p *profile, node string, out any, order *KeyOrder) (returned, error) {
	switch u := out.(type) {
	case nil:
		return returned{}, nil
	case map[string]any:
		return returned{writes: p.writesOf(node, u, order)}, nil
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected node %q to return an object or null, received %s", node, TypeName(out))}
}
