package engine

import (
	"github.com/stateharness/scenario/internal/jsonv"
)

// Values (docs/reference.md, Values): the engine's model of JSON is package jsonv's, which
// holds the decoders, equality, validation, paths and key order; the names
// below keep the engine's API as it was.

// Root is the JSON path of a whole value.
const Root = jsonv.Root

// Checked is a value DecodeJSON or DecodeYAML returned, handed to the
// engine as it is: the decoders have checked it against docs/reference.md, Values already, so
// the engine does not walk it again (on a large state that walk is a
// noticeable part of a commit). Wrap nothing else in it.
type Checked = jsonv.Checked

// KeyOrder remembers the order in which the keys of decoded objects were
// written. A JSON object has no order, but LangGraph JS sees one: a node's
// writes reach the channels in the order of its object's keys (which decides
// which of several failing fields reports the error), and JSON.stringify
// writes them in that order (tool message content, error messages). The
// decoders record it when asked (DecodeJSONOrdered, DecodeYAMLOrdered); a
// value built in Go has none, and its keys count in sorted order.
//
// Objects are known by identity, which is stable because the engine never
// modifies a value it was given. In a text over 1 MiB (a state file) only
// the objects of the first two levels are recorded, which is where a node's
// writes and their wrappers stand; deeper objects count in sorted order.
type KeyOrder = jsonv.KeyOrder

// PathElem is one step of a parsed field path: a member key, or an array
// index when IsIndex is set.
type PathElem = jsonv.PathElem

// Source says where a text came from, so that errors in it can name
// `file:line:column` as the user sees them in their editor.
type Source = jsonv.Source

// Error is the one error type of the engine: a code, the JSON path of the
// value at fault ("" when the error is about no single value), the position
// in a text source ("file:line:column", "" when the value came from Go), and a
// message that says what was expected and what came.
type Error = jsonv.Error

// SyntaxError reports text that does not parse at all (a YAML syntax error,
// JSON cut short). It is a problem with the scenario, not a rule the engine
// enforces, so it has no Code and cannot be asserted with "the step should
// fail with".
type SyntaxError = jsonv.SyntaxError

// DecodeJSON parses one JSON text strictly (RFC 8259, no comments, no
// trailing commas) and checks it against docs/reference.md, Values. The result is a value of
// the engine's model and shares no memory with data.
//
// Text that does not parse is a *SyntaxError; text that parses but breaks a
// rule of §2 is an *Error with the JSON path of the offending value. Both
// carry src.Pos of the problem. Columns count characters (runes), so they
// match what an editor shows for UTF-8 text; a tab counts as one.
//
// A leading UTF-8 byte order mark is skipped (editors on Windows add it; RFC
// 8259 §8.1 allows ignoring it) and does not count as a column.
func DecodeJSON(data []byte, src Source) (any, error) { return jsonv.DecodeJSON(data, src) }

// DecodeJSONString is DecodeJSON for a text held as a string: strings
// without escapes in the result share its memory instead of a copy.
func DecodeJSONString(text string, src Source) (any, error) {
	return jsonv.DecodeJSONString(text, src)
}

// DecodeJSONOrdered is DecodeJSONString that also records the order in
// which each object's keys were written, for values whose order LangGraph
// observes (node outputs, tool results). Hand the result to the engine as it
// is.
func DecodeJSONOrdered(text string, src Source) (Checked, error) {
	return jsonv.DecodeJSONOrdered(text, src)
}

// DecodeYAML parses one YAML document into the engine's value model (nil,
// bool, float64, string, []any, map[string]any) and enforces docs/reference.md, Values on it.
//
// Errors are a *SyntaxError when the text is not YAML (or holds no document,
// or more than one), and an *Error with a Code, the JSON path and the
// position of the value at fault when the YAML holds something JSON cannot
// (timestamps, NaN, tags, non-string keys, duplicate keys, ...).
//
// YAML is read as yaml.v3 reads it: booleans are only true/false in any of
// the cases true, True, TRUE (yes, no, on, off stay strings); integers may
// carry underscores and the prefixes 0x, 0o and 0b (0x1F is 31, 0o12 is 10);
// 012 is rejected because YAML 1.1 reads it as octal. A text that is valid
// JSON decodes exactly as DecodeJSON decodes it, including the few JSON
// texts yaml.v3 misreads (\/ and surrogate-pair escapes, keys longer than
// 1024 characters, a line break before ':', U+0085, U+2028 and U+2029 in
// strings).
//
// Anchors and aliases are expanded; the expanded value may share parts.
func DecodeYAML(data []byte, src Source) (any, error) { return jsonv.DecodeYAML(data, src) }

// DecodeYAMLOrdered is DecodeYAML that also records the order in which each
// mapping's keys were written (see DecodeJSONOrdered).
func DecodeYAMLOrdered(data []byte, src Source) (Checked, error) {
	return jsonv.DecodeYAMLOrdered(data, src)
}

// Equal reports whether two values of the engine's model are equal as JSON:
// numbers by value, objects regardless of key order. Values outside the
// model are never equal.
func Equal(a, b any) bool { return jsonv.Equal(a, b) }

// Validate checks a value built in Go (by an engine API user or a custom
// reducer) against docs/reference.md, Values: only nil, bool, float64, string, []any and
// map[string]any; finite numbers; no integer beyond ±(2^53−1) that the
// canonical form would write as an integer literal (UNSAFE_INTEGER); valid
// UTF-8 in strings and keys (INVALID_UTF8); at most 1,000 levels of nesting
// (TOO_DEEP). The *Error names the first violation, visiting object members
// in canonical key order so the report is deterministic.
func Validate(v any) error { return jsonv.Validate(v) }

// Normalize turns a value built in Go into the engine's model (Go integers
// and float32 become float64, []string and map[string]string their generic
// forms, and any other Go value, a struct, a pointer, a typed map or slice,
// a time.Time, a json.Marshaler, what encoding/json writes for it) and checks
// it against docs/reference.md, Values. A value encoding/json refuses (a chan, a func, NaN)
// is NON_JSON_VALUE at its path. Values already in the model come back as
// they are, not copied.
func Normalize(v any) (any, error) { return jsonv.Normalize(v) }

// TypeName is the JSON type of a value, as error messages name it.
func TypeName(v any) string { return jsonv.TypeName(v) }

// PathKey returns the path of member key inside the object at parent:
// `$.messages` for identifier-like keys, `$["a b"]` for any other key.
func PathKey(parent, key string) string { return jsonv.PathKey(parent, key) }

// PathIndex returns the path of element i of the array at parent: `$.messages[2]`.
func PathIndex(parent string, i int) string { return jsonv.PathIndex(parent, i) }

// ParsePath parses a field path as users write it in steps:
// `messages[1].content`, `$.config.did`, `$["a b"][0]`. The empty path and
// "$" name the whole value.
func ParsePath(p string) ([]PathElem, error) { return jsonv.ParsePath(p) }

// FormatPath renders parsed elements back as a canonical JSON path.
func FormatPath(elems []PathElem) string { return jsonv.FormatPath(elems) }

// Lookup returns the value at path inside v, and false when some step of the
// path does not exist.
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
