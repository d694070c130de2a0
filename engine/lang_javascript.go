package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/stateharness/scenario/internal/jsonv"
)

// JavaScript's semantics as LangGraph JS and Dawn (the langgraph and dawn
// profiles) have them: how a node's return is read, truthiness, typeof,
// String, JSON.parse and JSON.stringify, and LangGraph JS's own wording and
// first-write rule. JavaScript's key order is in order.go, with KeyOrder.

// returnDelay is how long LangGraph JS takes to find that a node's return
// is invalid, in turns of its event loop. The nodes of a superstep run
// concurrently and the step fails with the error of the node that fails
// first (the first of an AggregateError), not the first by name: a list
// holding a command is read element by element, and each element before
// the invalid one costs turns (an update object 3, a falsy value 1, a
// command none). Ties go by node name. The weights were measured against
// LangGraph JS 1.7.3 (bench/steps/diff).
func returnDelay(out any) int {
	list, ok := out.([]any)
	if !ok || !slices.ContainsFunc(list, isCommandValue) {
		return 0
	}
	d := 0
	for _, el := range list {
		switch {
		case isCommandValue(el):
		case falsy(el):
			d++
		default:
			if _, ok := el.(map[string]any); !ok {
				return d
			}
			d += 3
		}
	}
	return d
}

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

// readReturnJS reads a node's return as LangGraph JS does (SPEC §6): an
// object is an update; a command in its JSON.stringify form ("lg_name":
// "Command") writes its update; an array holding at least one command
// writes each element; null, false, 0 and "" write nothing; anything else is
// INVALID_GRAPH_NODE_RETURN_VALUE.
func readReturnJS(p *profile, node string, out any, order *KeyOrder) (returned, error) {
	if falsy(out) {
		return returned{}, nil
	}
	switch u := out.(type) {
	case map[string]any:
		if isCommandJSON(u) {
			return p.commandWrites(byNode, node, u, order)
		}
		return returned{writes: p.writesOf(node, u, order)}, nil
	case []any:
		if slices.ContainsFunc(u, isCommandValue) {
			var r returned
			for _, el := range u {
				er, err := readReturnJS(p, node, el, order)
				if err != nil {
					return returned{}, err
				}
				r.writes = append(r.writes, er.writes...)
				r.gotos = append(r.gotos, er.gotos...)
				r.warnings = append(r.warnings, er.warnings...)
			}
			return r, nil
		}
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf(
		"Expected node %q to return an object or an array containing at least one Command object, received %s", node, jsTypeof(out))}
}

// lastValueConflict is LangGraph's LastValue refusing a second write in
// one step (SPEC §6 rule 3): the values as JSON.stringify writes them.
func lastValueConflict(field string, ws []Write) *Error {
	return &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: fmt.Sprintf(
		"Invalid update for channel %q with values %s: LastValue can only receive one value per step.",
		field, stringifyWrites(ws))}
}

// firstWriteAsWritten is LangGraph JS's BinaryOperatorAggregate on a
// channel with no value: its first write is stored as written (an
// overwrite unwrapped), and only the writes after it go through the
// reducer.
func firstWriteAsWritten(p *profile, _ *field, ws []Write) (start any, has bool, rest []Write, raw bool) {
	first := ws[0].Value
	if ov, ok := p.overwrite(first); ok {
		return ov, true, ws[1:], false
	}
	return first, true, ws[1:], true
}
