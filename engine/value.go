package engine

import (
	"github.com/stateharness/scenario/internal/canonjson"
)

// compactJSON renders a value as canonical compact JSON for messages.
func compactJSON(v any) string {
	b, err := canonjson.Compact(v)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// valueSet is a set of JSON values under JSON equality, keyed by their
// canonical encoding.
type valueSet map[string]struct{}

func newValueSet(vs []any) valueSet {
	s := make(valueSet, len(vs))
	for _, v := range vs {
		s.add(v)
	}
	return s
}

// add inserts v and reports whether it was new.
func (s valueSet) add(v any) bool {
	k := compactJSON(v)
	if _, ok := s[k]; ok {
		return false
	}
	s[k] = struct{}{}
	return true
}

// Checked is a value DecodeJSON or DecodeYAML returned, handed to the
// engine as it is: the decoders have checked it against SPEC §2 already, so
// the engine does not walk it again (on a large state that walk is a
// noticeable part of a commit). Wrap nothing else in it.
type Checked struct {
	Value any
	// Order is the order of the value's object keys as written, when the
	// decoder recorded it (DecodeJSONOrdered, DecodeYAMLOrdered).
	Order *KeyOrder
}

// Normalize turns a value built in Go into the engine's model (Go integers
// and float32 become float64, []string and map[string]string their generic
// forms) and checks it against SPEC §2. Values already in the model come back
// as they are, not copied.
func Normalize(v any) (any, error) {
	if c, ok := v.(Checked); ok {
		return c.Value, nil
	}
	// values already in the model (all that the decoders produce) need
	// one walk, not two
	if Validate(v) == nil {
		return v, nil
	}
	out, _ := normalize(v, 0)
	if err := Validate(out); err != nil {
		return nil, err
	}
	return out, nil
}

// normalize converts what it can and reports whether it built a new value.
// Past the nesting limit it stops: Validate reports TOO_DEEP, and a cyclic
// Go value cannot recurse forever.
func normalize(v any, depth int) (any, bool) {
	if depth > maxDepth {
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
			n, changed := normalize(e, depth+1)
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
			n, changed := normalize(e, depth+1)
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
	}
	return v, false
}
