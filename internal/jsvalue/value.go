// Package jsvalue is JavaScript's view of the JSON values of package jsonv,
// as LangGraph JS and Dawn read them: truthiness, typeof, a property that
// is not there, ===, String, JSON.parse and the spread {...v}. JavaScript's
// key order and JSON.stringify are jsonv.KeyOrder's.
package jsvalue

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/stateharness/scenario/internal/jsonv"
)

// Falsy reports the JSON values JavaScript takes for false.
func Falsy(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case float64:
		return x == 0
	case string:
		return x == ""
	}
	return false
}

// Typeof names a value's type as LangGraph JS's message does: typeof,
// with "array" for arrays.
func Typeof(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	}
	return "object"
}

// Undefined stands for a JavaScript property that is not there.
type Undefined struct{}

// Prop reads x[k] as JavaScript does on a JSON value: a missing key, or any
// key of a non-object, is undefined.
func Prop(x any, k string) any {
	if m, ok := x.(map[string]any); ok {
		if v, ok := m[k]; ok {
			return v
		}
	}
	return Undefined{}
}

// StrictEqual is JavaScript's === on JSON values: objects and arrays are
// equal only to themselves, and two JSON values never share one.
func StrictEqual(a, b any) bool {
	switch a.(type) {
	case map[string]any, []any:
		return false
	}
	switch b.(type) {
	case map[string]any, []any:
		return false
	}
	return a == b
}

// JSONParse is JSON.parse(v) on a JSON value: v is first turned into a
// string as JavaScript does.
func JSONParse(v any) (any, bool) {
	var text string
	switch x := v.(type) {
	case Undefined, map[string]any:
		return nil, false
	case string:
		text = x
	case []any:
		text = String(x)
	default:
		return v, true // numbers, booleans and null parse back to themselves
	}
	var out any
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return nil, false
	}
	return out, true
}

// String is String(v) for a JSON value.
func String(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case map[string]any:
		return "[object Object]"
	case []any:
		parts := make([]string, len(x))
		for i, el := range x {
			if el != nil {
				parts[i] = String(el)
			}
		}
		return strings.Join(parts, ",")
	}
	b, err := jsonv.Compact(v) // numbers as JavaScript writes them (RFC 8785)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Spread is {...v} for a JSON value: an object's own keys, an
// array's or a string's indices; nothing for other values.
func Spread(v any) map[string]any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x)+1)
		for k, v := range x {
			out[k] = v
		}
		return out
	case []any:
		out := make(map[string]any, len(x)+1)
		for i, v := range x {
			out[fmt.Sprint(i)] = v
		}
		return out
	case string:
		units := utf16.Encode([]rune(x))
		out := make(map[string]any, len(units)+1)
		for i, u := range units {
			out[fmt.Sprint(i)] = string(utf16.Decode([]uint16{u}))
		}
		return out
	}
	return map[string]any{}
}

// Truthy is JavaScript's truthiness of a JSON value.
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil, Undefined:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	}
	return true
}
