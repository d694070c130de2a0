package jsonv

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"unicode/utf8"
)

// Values (docs/reference.md, Values): the engine's model of JSON, its equality, and the
// checks every value that enters the engine passes.

// Checked is a value DecodeJSON or DecodeYAML returned, handed to the
// engine as it is: the decoders have checked it against docs/reference.md, Values already, so
// the engine does not walk it again (on a large state that walk is a
// noticeable part of a commit). Wrap nothing else in it.
type Checked struct {
	Value any
	// Order is the order of the value's object keys as written, when the
	// decoder recorded it (DecodeJSONOrdered, DecodeYAMLOrdered).
	Order *KeyOrder
}

// NormalizeOrdered is Normalize that also hands over the key order a
// decoder recorded (nil for a value built in Go).
func NormalizeOrdered(v any) (any, *KeyOrder, error) {
	if c, ok := v.(Checked); ok {
		return c.Value, c.Order, nil
	}
	if Validate(v) == nil {
		return v, nil, nil
	}
	order := &KeyOrder{}
	out, _ := normalize(v, 0, order)
	if err := Validate(out); err != nil {
		return nil, nil, err
	}
	if len(order.keys) == 0 {
		order = nil // built in Go: sorted
	}
	return out, order, nil
}

// Normalize turns a value built in Go into the engine's model (Go integers
// and float32 become float64, []string and map[string]string their generic
// forms, and any other Go value, a struct, a pointer, a typed map or slice,
// a time.Time, a json.Marshaler, what encoding/json writes for it) and checks
// it against docs/reference.md, Values. A value encoding/json refuses (a chan, a func, NaN)
// is NON_JSON_VALUE at its path. Values already in the model come back as
// they are, not copied.
func Normalize(v any) (any, error) {
	if c, ok := v.(Checked); ok {
		return c.Value, nil
	}
	// values already in the model (all that the decoders produce) need
	// one walk, not two
	if Validate(v) == nil {
		return v, nil
	}
	out, _ := normalize(v, 0, nil)
	if err := Validate(out); err != nil {
		return nil, err
	}
	return out, nil
}

// normalize converts what it can and reports whether it built a new value;
// order records the key order of what encoding/json wrote (nil: none).
// Past the nesting limit it stops: Validate reports TOO_DEEP, and a cyclic
// Go value cannot recurse forever.
func normalize(v any, depth int, order *KeyOrder) (any, bool) {
	if depth > MaxDepth {
		return v, false
	}
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint:
		return float64(x), true
	case uint8:
		return float64(x), true
	case uint16:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case float32:
		return float64(x), true
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out, true
	case map[string]string:
		out := make(map[string]any, len(x))
		for k, s := range x {
			out[k] = s
		}
		return out, true
	case []any:
		var out []any
		for i, e := range x {
			n, changed := normalize(e, depth+1, order)
			if changed && out == nil {
				out = make([]any, len(x))
				copy(out, x)
			}
			if out != nil {
				out[i] = n
			}
		}
		if out != nil {
			return out, true
		}
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			n, changed := normalize(e, depth+1, order)
			if changed && out == nil {
				out = make(map[string]any, len(x))
				for k2, e2 := range x {
					out[k2] = e2
				}
			}
			if out != nil {
				out[k] = n
			}
		}
		if out != nil {
			return out, true
		}
	case nil, bool, float64, string:
	default:
		return fromGo(v, order)
	}
	return v, false
}

// MaxDepth is the nesting limit of docs/reference.md, Values: 1,000 levels of arrays and
// objects are fine, 1,001 are TOO_DEEP. It also stops cyclic values.
const MaxDepth = 1000

// tooDeep is the TOO_DEEP message of both decoders and of Validate.
var tooDeep = fmt.Sprintf("arrays and objects are nested deeper than %d levels", MaxDepth)

// MaxSafeInteger is 2^53−1, JavaScript's Number.MAX_SAFE_INTEGER.
const MaxSafeInteger = 1<<53 - 1

// unsafeInteger reports whether f is an integer beyond ±(2^53−1) that the
// canonical form writes as an integer literal (below 1e21; larger ones are
// written with an exponent, 1e+21).
func unsafeInteger(f float64) bool {
	a := math.Abs(f)
	return a > MaxSafeInteger && a < 1e21 && a == math.Trunc(a)
}

// Equal reports whether two values of the engine's model are equal as JSON:
// numbers by value, objects regardless of key order. Values outside the
// model are never equal.
func Equal(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		if len(x) > 0 && &x[0] == &y[0] {
			return true // one backing array: values are never modified
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		if reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer() {
			return true // the same map: shared, never modified
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !Equal(xv, yv) {
				return false
			}
		}
		return true
	}
	return false
}

// Validate checks a value built in Go (by an engine API user or a custom
// reducer) against docs/reference.md, Values: only nil, bool, float64, string, []any and
// map[string]any; finite numbers; no integer beyond ±(2^53−1) that the
// canonical form would write as an integer literal (UNSAFE_INTEGER); valid
// UTF-8 in strings and keys (INVALID_UTF8); at most 1,000 levels of nesting
// (TOO_DEEP). The *Error names the first violation, visiting object members
// in canonical key order so the report is deterministic.
func Validate(v any) error {
	if valid(v, 0) {
		return nil
	}
	// Rare path: walk again in a fixed order to find the first violation.
	var path []pathSeg
	err := check(v, 0, &path)
	if err == nil {
		return nil
	}
	p := Root
	for i := len(path) - 1; i >= 0; i-- {
		if s := path[i]; s.index >= 0 {
			p = PathIndex(p, s.index)
		} else {
			p = PathKey(p, s.key)
		}
	}
	err.Path = p
	return err
}

// valid is the fast, unordered form of check.
func valid(v any, depth int) bool {
	switch x := v.(type) {
	case nil, bool:
		return true
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0) && !unsafeInteger(x)
	case string:
		return utf8.ValidString(x)
	case []any:
		if depth >= MaxDepth {
			return false
		}
		for _, e := range x {
			if !valid(e, depth+1) {
				return false
			}
		}
		return true
	case map[string]any:
		if depth >= MaxDepth {
			return false
		}
		for k, e := range x {
			if !utf8.ValidString(k) || !valid(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// check returns the first violation inside v; path collects the steps to
// it, innermost first.
func check(v any, depth int, path *[]pathSeg) *Error {
	switch x := v.(type) {
	case nil, bool:
		return nil
	case float64:
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			return errorf(NonJSONValue, "", FormatNumber(x)+" is not a finite number; JSON has no NaN or Infinity")
		case unsafeInteger(x):
			return errorf(UnsafeInteger, "", fmt.Sprintf(
				"the integer %s is outside ±(2^53−1) and loses precision in JavaScript runtimes (I-JSON, RFC 7493); use a string",
				FormatNumber(x)))
		}
		return nil
	case string:
		if !utf8.ValidString(x) {
			return errorf(InvalidUTF8, "", fmt.Sprintf("string %q is not valid UTF-8", x))
		}
		return nil
	case []any:
		if depth >= MaxDepth {
			return errorf(TooDeep, "", tooDeep)
		}
		for i, e := range x {
			if err := check(e, depth+1, path); err != nil {
				*path = append(*path, pathSeg{index: i})
				return err
			}
		}
		return nil
	case map[string]any:
		if depth >= MaxDepth {
			return errorf(TooDeep, "", tooDeep)
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		// Invalid keys sort by bytes among themselves; CompareKeys needs
		// UTF-8 only for a meaningful order, not for safety.
		slices.SortFunc(keys, CompareKeys)
		for _, k := range keys {
			if !utf8.ValidString(k) {
				*path = append(*path, pathSeg{key: k, index: -1})
				return errorf(InvalidUTF8, "", fmt.Sprintf("object key %q is not valid UTF-8", k))
			}
			if err := check(x[k], depth+1, path); err != nil {
				*path = append(*path, pathSeg{key: k, index: -1})
				return err
			}
		}
		return nil
	}
	return errorf(NonJSONValue, "", goValueMessage(v, path))
}

// TypeName is the JSON type of a value, as error messages name it.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("a Go %T", v)
}
