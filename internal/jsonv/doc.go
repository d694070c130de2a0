// Package jsonv is the JSON value model every other package of the module
// stands on; it imports none of them.
//
// A value is what encoding/json would give for a JSON text decoded into an
// any: nil, bool, float64, string, []any and map[string]any, with finite
// numbers, no integer beyond ±(2^53−1), valid UTF-8 and at most MaxDepth
// levels of nesting (docs/reference.md, Values). Values are never modified once built, so
// they are shared freely.
//
//   - Decoding: DecodeJSON and DecodeYAML read a text strictly into a value;
//     errors are an *Error with a Code and the JSON path at fault, or a
//     *SyntaxError, both naming the Source position. The Ordered variants
//     also record the order keys were written in (KeyOrder), which
//     JavaScript observes and JSON does not.
//   - Values built in Go: Normalize converts them into the model, Validate
//     checks them.
//   - Equality: Equal compares as JSON (numbers by value, objects in any
//     member order). Contains is the subset match of docs/reference.md, Steps.
//   - Paths: ParsePath, FormatPath, PathKey, PathIndex and Lookup, in the
//     `$.messages[2].content` form every message uses.
//   - Canonical bytes: Encode (indented, golden files) and Compact (one
//     line, messages), in RFC 8785 key order.
//   - Differences: Compare lists the paths where two values differ, arrays
//     aligned first so that one inserted element is one difference, and
//     Report prints them; a golden-file mismatch and a disagreement between
//     runtimes read the same.
package jsonv
