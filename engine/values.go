package engine

import (
	"github.com/stateharness/scenario/internal/jsonv"
)

// Values (SPEC §2): the engine's model of JSON is package jsonv's, which
// holds the decoders, equality, validation, paths and key order; the names
// below keep the engine's API as it was.

// Root is the JSON path of a whole value.
const Root = jsonv.Root

type (
	// Checked is a value DecodeJSON or DecodeYAML returned, handed to the
	// engine as it is (see jsonv.Checked).
	Checked = jsonv.Checked
	// KeyOrder remembers the order in which the keys of decoded objects
	// were written (see jsonv.KeyOrder).
	KeyOrder = jsonv.KeyOrder
	// PathElem is one step of a parsed field path.
	PathElem = jsonv.PathElem
	// Source says where a text came from.
	Source = jsonv.Source
	// Error is the one error type of the engine (see jsonv.Error).
	Error = jsonv.Error
	// SyntaxError reports text that does not parse at all.
	SyntaxError = jsonv.SyntaxError
)

// DecodeJSON parses one JSON text strictly (see jsonv.DecodeJSON).
func DecodeJSON(data []byte, src Source) (any, error) { return jsonv.DecodeJSON(data, src) }

// DecodeJSONString is DecodeJSON for a text held as a string.
func DecodeJSONString(text string, src Source) (any, error) {
	return jsonv.DecodeJSONString(text, src)
}

// DecodeJSONOrdered is DecodeJSONString that also records the order of keys.
func DecodeJSONOrdered(text string, src Source) (Checked, error) {
	return jsonv.DecodeJSONOrdered(text, src)
}

// DecodeYAML parses one YAML document into the JSON model (see jsonv.DecodeYAML).
func DecodeYAML(data []byte, src Source) (any, error) { return jsonv.DecodeYAML(data, src) }

// DecodeYAMLOrdered is DecodeYAML that also records the order of keys.
func DecodeYAMLOrdered(data []byte, src Source) (Checked, error) {
	return jsonv.DecodeYAMLOrdered(data, src)
}

// Equal reports whether two values are equal as JSON (see jsonv.Equal).
func Equal(a, b any) bool { return jsonv.Equal(a, b) }

// Validate checks a value built in Go against SPEC §2 (see jsonv.Validate).
func Validate(v any) error { return jsonv.Validate(v) }

// Normalize turns a value built in Go into the JSON model (see jsonv.Normalize).
func Normalize(v any) (any, error) { return jsonv.Normalize(v) }

// TypeName is the JSON type of a value, as error messages name it.
func TypeName(v any) string { return jsonv.TypeName(v) }

// PathKey returns the path of member key inside the object at parent.
func PathKey(parent, key string) string { return jsonv.PathKey(parent, key) }

// PathIndex returns the path of element i of the array at parent.
func PathIndex(parent string, i int) string { return jsonv.PathIndex(parent, i) }

// ParsePath parses a field path as users write it in steps (see jsonv.ParsePath).
func ParsePath(p string) ([]PathElem, error) { return jsonv.ParsePath(p) }

// FormatPath renders parsed elements back as a canonical JSON path.
func FormatPath(elems []PathElem) string { return jsonv.FormatPath(elems) }

// Lookup returns the value at path inside v, and false when it does not exist.
func Lookup(v any, path []PathElem) (any, bool) { return jsonv.Lookup(v, path) }

// CodeOf returns the code of err if it is (or wraps) an *Error, else "".
func CodeOf(err error) Code { return jsonv.CodeOf(err) }

// errorf is an *Error with no position.
func errorf(code Code, path, msg string) *Error {
	return &Error{Code: code, Path: path, Message: msg}
}

// compactJSON renders a value as canonical compact JSON for messages.
func compactJSON(v any) string {
	b, err := jsonv.Compact(v)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// valueSet is a set of JSON values under JSON equality: strings as
// themselves (most members are strings, spared an encoding), other values
// keyed by their canonical encoding.
type valueSet struct {
	strings map[string]struct{}
	others  map[string]struct{}
}

// newValueSet is the set of vs, with room for about n members.
func newValueSet(vs []any, n int) valueSet {
	s := valueSet{strings: make(map[string]struct{}, max(n, len(vs))), others: map[string]struct{}{}}
	for _, v := range vs {
		s.add(v)
	}
	return s
}

// add inserts v and reports whether it was new.
func (s valueSet) add(v any) bool {
	m, k := s.slot(v)
	if _, ok := m[k]; ok {
		return false
	}
	m[k] = struct{}{}
	return true
}

// has reports whether v is in the set.
func (s valueSet) has(v any) bool {
	m, k := s.slot(v)
	_, ok := m[k]
	return ok
}

func (s valueSet) slot(v any) (map[string]struct{}, string) {
	if x, ok := v.(string); ok {
		return s.strings, x
	}
	return s.others, compactJSON(v)
}

// normalizeOrdered is Normalize that also hands over the key order a
// decoder recorded (nil for a value built in Go).
func normalizeOrdered(v any) (any, *KeyOrder, error) { return jsonv.NormalizeOrdered(v) }
