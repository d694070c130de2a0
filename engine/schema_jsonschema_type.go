package engine

import (
	"slices"
	"strings"
)

// A JSON Schema property's type: type, anyOf, oneOf, allOf, enum and const.

var jsonSchemaTypes = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

// typeOf is the type a schema gives, and the path of the keyword that gave
// it ("" when none does: the field's type is not set). deciding holds the
// paths of the anyOf/oneOf/allOf being read, to refuse a cycle.
func (d *jsonSchemaDoc) typeOf(n jsNode, field string, deciding []string) (Type, string, error) {
	chain, err := d.chain(n, field)
	if err != nil {
		return Type{}, "", err
	}
	for _, c := range chain {
		if err := d.spend(field, c.path); err != nil {
			return Type{}, "", err
		}
		_, hasType := c.obj["type"]
		_, hasEnum := c.obj["enum"]
		_, hasConst := c.obj["const"]
		if hasType || hasEnum || hasConst {
			return ownType(c, field)
		}
		for _, kw := range []string{"anyOf", "oneOf", "allOf"} {
			if _, ok := c.obj[kw]; ok {
				return d.combinedType(c, kw, field, deciding)
			}
		}
	}
	return Type{}, "", nil
}

// ownType reads type, enum and const of one schema.
func ownType(n jsNode, field string) (Type, string, error) {
	var t Type
	at := ""
	if tv, ok := n.obj["type"]; ok {
		at = PathKey(n.path, "type")
		names, isList := tv.([]any)
		if !isList {
			names = []any{tv}
		}
		if len(names) == 0 {
			return Type{}, "", jsErr(field, "type", at, "an empty list of types")
		}
		var bases []string
		for _, nv := range names {
			name, ok := nv.(string)
			if !ok || !slices.Contains(jsonSchemaTypes, name) {
				return Type{}, "", jsErr(field, "type", at, "unknown JSON Schema type %s; expected %s", compactJSON(nv), strings.Join(jsonSchemaTypes, ", "))
			}
			if name == "null" && len(names) > 1 {
				t.Nullable = true
				continue
			}
			bases = append(bases, name)
		}
		t.Base = commonBase(bases)
		if t.Base == "any" {
			t.Nullable = false
		}
	}
	var values []any
	if ev, ok := n.obj["enum"]; ok {
		at = PathKey(n.path, "enum")
		list, isList := ev.([]any)
		if !isList || len(list) == 0 {
			return Type{}, "", jsErr(field, "enum", at, "expected a list of values, received %s", compactJSON(ev))
		}
		values = list
	}
	if cv, ok := n.obj["const"]; ok {
		at = PathKey(n.path, "const")
		values = []any{cv}
	}
	if values == nil {
		return t, at, nil
	}
	_, typed := n.obj["type"]
	var kinds []string
	// a set, not a search of t.Enum: generated enums have 100,000 values
	seen := newValueSet(nil, len(values))
	t.Enum = make([]any, 0, len(values))
	for _, v := range values {
		if v == nil {
			if !typed {
				t.Nullable = true
			}
			continue
		}
		if seen.add(v) {
			t.Enum = append(t.Enum, v)
		}
		if k := TypeName(v); !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	if len(t.Enum) == 0 {
		t.Enum = nil
	}
	if !typed {
		t.Base = commonBase(kinds)
		if len(kinds) == 0 {
			t = Type{Base: "null"}
		}
	}
	return t, at, nil
}

// commonBase is the one type that holds values of all the given types:
// integer and number make number; others that differ make any.
func commonBase(bases []string) string {
	if len(bases) == 0 {
		return "any"
	}
	out := bases[0]
	for _, b := range bases[1:] {
		switch {
		case b == out:
		case (b == "integer" || b == "number") && (out == "integer" || out == "number"):
			out = "number"
		default:
			return "any"
		}
	}
	return out
}

// combinedType reads anyOf/oneOf (a value of any branch: a {"type": "null"}
// branch makes the type nullable) and allOf (a value of every branch).
func (d *jsonSchemaDoc) combinedType(n jsNode, kw, field string, deciding []string) (Type, string, error) {
	at := PathKey(n.path, kw)
	if slices.Contains(deciding, at) {
		return Type{}, "", jsErr(field, kw, at, "a cycle of references leads back here (%s), so the field's type is never given", strings.Join(append(deciding, at), " → "))
	}
	deciding = append(deciding[:len(deciding):len(deciding)], at)
	list, ok := n.obj[kw].([]any)
	if !ok || len(list) == 0 {
		return Type{}, "", jsErr(field, kw, at, "expected a list of schemas, received %s", compactJSON(n.obj[kw]))
	}
	var branches []Type
	for i, b := range list {
		bn, err := node(b, PathIndex(at, i), field, kw)
		if err != nil {
			return Type{}, "", err
		}
		t, _, err := d.typeOf(bn, field, deciding)
		if err != nil {
			return Type{}, "", err
		}
		if t.Base == "" {
			t.Base = "any"
		}
		branches = append(branches, t)
	}
	if kw == "allOf" {
		return allOfType(branches), at, nil
	}
	var t Type
	var bases []string
	enumerated := true
	seen := newValueSet(nil, 0)
	for _, b := range branches {
		if b.Base == "null" && len(b.Enum) == 0 {
			t.Nullable = true
			continue
		}
		t.Nullable = t.Nullable || b.Nullable
		bases = append(bases, b.Base)
		enumerated = enumerated && len(b.Enum) > 0
		for _, v := range b.Enum {
			if seen.add(v) {
				t.Enum = append(t.Enum, v)
			}
		}
	}
	switch {
	case len(bases) == 0:
		return Type{Base: "null"}, at, nil
	case !enumerated:
		t.Enum = nil
	}
	t.Base = commonBase(bases)
	if t.Base == "any" && len(t.Enum) == 0 {
		t.Nullable = false
	}
	return t, at, nil
}

// allOfType is the type every branch allows: the branches that say
// nothing (any) do not count; branches of different types make any, which
// leaves the judgement to the runtime.
func allOfType(branches []Type) Type {
	var typed []Type
	for _, b := range branches {
		if b.Base != "any" || len(b.Enum) > 0 {
			typed = append(typed, b)
		}
	}
	if len(typed) == 0 {
		return Type{Base: "any"}
	}
	t := typed[0]
	for _, b := range typed[1:] {
		if b.Base != t.Base {
			return Type{Base: "any"}
		}
		t.Nullable = t.Nullable && b.Nullable
		if len(b.Enum) > 0 {
			if len(t.Enum) == 0 {
				t.Enum = b.Enum
			} else {
				allowed := newValueSet(b.Enum, 0)
				t.Enum = slices.DeleteFunc(slices.Clone(t.Enum), func(e any) bool {
					return !allowed.has(e)
				})
			}
		}
	}
	return t
}
