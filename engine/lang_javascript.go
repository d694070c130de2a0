package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/stateharness/scenario/internal/jsonv"
)

// JavaScript's semantics as LangGraph JS and Dawn (the langgraph and dawn
// profiles) have them: truthiness, typeof, String, JSON.parse and
// JSON.stringify; the profiles' rules that read them are in
// profile_langgraph.go. JavaScript's key order is jsonv.KeyOrder's.

// falsy: the JSON values JavaScript takes for false.
func falsy(v any) bool {
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

// jsTypeof names a value's type as LangGraph JS's message does: typeof,
// with "array" for arrays.
func jsTypeof(v any) string {
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

// isCommandJSON: a Command as JSON.stringify writes it, {"lg_name":
// "Command", ...}.
func isCommandJSON(obj map[string]any) bool {
	name, ok := obj["lg_name"].(string)
	return ok && name == "Command"
}

// isCommandValue: an element of a node's return that is a command in its
// JSON form.
func isCommandValue(v any) bool {
	obj, ok := v.(map[string]any)
	return ok && isCommandJSON(obj)
}

// stringifyWrites is JSON.stringify of a field's values in one step, as
// LangGraph's errors show them.
func stringifyWrites(ws []Write) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(w.order.Stringify(w.Value))
	}
	b.WriteByte(']')
	return b.String()
}

// undefined stands for a JavaScript property that is not there.
type undefined struct{}

// prop reads x[k] as JavaScript does on a JSON value: a missing key, or any
// key of a non-object, is undefined.
func prop(x any, k string) any {
	if m, ok := x.(map[string]any); ok {
		if v, ok := m[k]; ok {
			return v
		}
	}
	return undefined{}
}

// strictEqual is JavaScript's === on JSON values: objects and arrays are
// equal only to themselves, and two JSON values never share one.
func strictEqual(a, b any) bool {
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

// jsJSONParse is JSON.parse(v) on a JSON value: v is first turned into a
// string as JavaScript does.
func jsJSONParse(v any) (any, bool) {
	var text string
	switch x := v.(type) {
	case undefined, map[string]any:
		return nil, false
	case string:
		text = x
	case []any:
		text = jsString(x)
	default:
		return v, true // numbers, booleans and null parse back to themselves
	}
	var out any
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return nil, false
	}
	return out, true
}

// jsString is String(v) for a JSON value.
func jsString(v any) string {
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
				parts[i] = jsString(el)
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

// spreadObject is {...v} for a JSON value: an object's own keys, an
// array's or a string's indices; nothing for other values.
func spreadObject(v any) map[string]any {
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

// truthy is JavaScript's truthiness of a JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil, undefined:
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
