package engine

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Types (docs/reference.md, Schema): a field's declared type, and rule 6 of §6 that checks it.

// Type is a field's declared JSON type: Base is one of string, number,
// integer, boolean, object, array, null or any; Nullable is set by a
// trailing "?" ("string?"). Enum, from a JSON Schema's enum or const, lists
// the only values besides null (when Nullable) that the field takes.
type Type struct {
	Base     string
	Nullable bool
	Enum     []any
}

// String renders the type as it is written in a schema, and an Enum as
// `string (one of "idle", "done")`.
func (t Type) String() string {
	s := t.Base
	if t.Nullable {
		s += "?"
	}
	if len(t.Enum) > 0 {
		values := make([]string, len(t.Enum))
		for i, v := range t.Enum {
			values[i] = compactJSON(v)
		}
		s += " (one of " + strings.Join(values, ", ") + ")"
	}
	return s
}

var knownTypes = map[string]bool{
	"string": true, "number": true, "integer": true, "boolean": true,
	"object": true, "array": true, "null": true, "any": true,
}

// ParseType parses "string", "integer?", "any".
func ParseType(s string) (Type, error) {
	t := Type{Base: strings.TrimSuffix(s, "?"), Nullable: strings.HasSuffix(s, "?")}
	if !knownTypes[t.Base] {
		return Type{}, fmt.Errorf("unknown type %q; expected one of string, number, integer, boolean, object, array, null, any (a trailing ? allows null)", s)
	}
	return t, nil
}

// Matches reports whether v is a value of the type.
func (t Type) Matches(v any) bool {
	if v == nil && t.Nullable {
		return true
	}
	if len(t.Enum) > 0 && !slices.ContainsFunc(t.Enum, func(e any) bool { return Equal(e, v) }) {
		return false
	}
	if t.Base == "" || t.Base == "any" {
		return true
	}
	if v == nil {
		return t.Base == "null"
	}
	switch t.Base {
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	}
	return false
}

// checkTypes is docs/reference.md, Commits rule 6: every field a commit wrote (fields, in
// the order of res.written: that of their first write) matches its type
// afterwards.
func checkTypes(res *applied, fields []*field) error {
	for i, name := range res.written {
		f, v := fields[i], res.values[name]
		if !f.typ.Matches(v) {
			return &Error{Code: TypeMismatch, Path: PathKey(Root, name), Message: fmt.Sprintf(
				"field %q expects %s, received %s (%s) from %s", name, f.typ, compactJSON(v), TypeName(v), nodeList(res.byField[name]))}
		}
	}
	return nil
}
