package engine

import (
	"fmt"
)

// docs/reference.md, Commits rule 5: readonly fields and sub-paths keep their value.

// checkReadonly is rule 5 on the fields a commit wrote (fields, in the
// order of res.written: that of their first write).
func checkReadonly(before map[string]any, res *applied, fields []*field) error {
	for i, name := range res.written {
		f := fields[i]
		if !f.readonly && len(f.readonlyPaths) == 0 {
			continue
		}
		cur, has := before[name]
		if err := checkReadonlyField(f, cur, has, res.values[name], res.byField[name]); err != nil {
			return err
		}
	}
	return nil
}

// checkReadonlyField fails a commit that changed a readonly field, or a readonly
// path inside one, naming its writers and the old and new values.
func checkReadonlyField(f *field, old any, had bool, next any, ws []Write) error {
	show := func(v any, ok bool) string {
		if !ok {
			return "(absent)"
		}
		return compactJSON(v)
	}
	if f.readonly && (!had || !Equal(old, next)) {
		return &Error{Code: ReadonlyWrite, Path: PathKey(Root, f.name), Message: fmt.Sprintf(
			"%s changed readonly field %q: %s → %s; a node may write the same value back, never another", nodeList(ws), f.name, show(old, had), show(next, true))}
	}
	for _, p := range f.readonlyPaths {
		before, okBefore := Lookup(old, p)
		after, okAfter := Lookup(next, p)
		if !had {
			okBefore = false
		}
		if okBefore != okAfter || (okBefore && !Equal(before, after)) {
			path := FormatPath(append([]PathElem{{Key: f.name}}, p...))
			return &Error{Code: ReadonlyWrite, Path: path, Message: fmt.Sprintf(
				"%s changed readonly path %s: %s → %s; a node may write the same value back, never another", nodeList(ws), path, show(before, okBefore), show(after, okAfter))}
		}
	}
	return nil
}
