package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Python's semantics as LangGraph Python has them (the langgraph-py
// profile): how a node's return is read, str() and repr() of a value in its
// messages, its wording of a refused concurrent write, where a reducer field
// starts (its annotated type's constructor) and the order of a node's
// writes (a dict's insertion order). Checked against langgraph 1.2.24
// (bench/steps/diff -lib python).

// readReturnPy reads a node's return as StateGraph's _get_updates does:
// None writes nothing, a dict is an update, and anything else, falsy
// values and lists included, is INVALID_GRAPH_NODE_RETURN_VALUE. A command
// is given as one (the command step); a dict that looks like a command's
// JSON is a dict.
func readReturnPy(p *profile, node string, out any, order *KeyOrder) (returned, error) {
	switch u := out.(type) {
	case nil:
		return returned{}, nil
	case map[string]any:
		return returned{writes: p.writesOf(node, u, order)}, nil
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: "Expected dict, got " + pyStr(out, order)}
}

// noReturnDelay: LangGraph Python refuses every return as soon as the node
// returns it, so of several refused returns in a step the first by node
// name fails it.
func noReturnDelay(any) int { return 0 }

// addMessagesNone is add_messages's decorator wrapper on a null argument:
// both null returns a functools.partial (add_messages used as a
// decorator), which stays the field's value until LangGraph checkpoints it
// and fails; one null is a ValueError naming the other; a partial as the
// current value is no message.
func addMessagesNone(field string, cur, in any) (any, bool, error) {
	path := PathKey(Root, field)
	_, partial := cur.(pyPartial)
	switch {
	case (cur == nil || partial) && in == nil && !partial:
		return pyPartial{}, true, nil
	case partial && in != nil:
		return nil, true, &Error{Code: MessageCoercionFailure, Path: path, Message: "Unsupported message type: <class 'functools.partial'>"}
	case cur == nil:
		return nil, true, &Error{Code: MessageCoercionFailure, Path: path, Message: "Must specify non-null arguments for both 'left' and 'right'. Only received: 'right'."}
	case in == nil:
		return nil, true, &Error{Code: MessageCoercionFailure, Path: path, Message: "Must specify non-null arguments for both 'left' and 'right'. Only received: 'left'."}
	}
	return nil, false, nil
}

// pyPartial is the functools.partial add_messages(None, None) returns: a
// field's value within a fold, never in a state.
type pyPartial struct{}

func (pyPartial) checkpointError(field string) *Error {
	return &Error{Code: RuntimeError, Path: PathKey(Root, field), Message: "add_messages(None, None) returns a functools.partial, which LangGraph Python cannot checkpoint: Type is not msgpack serializable: functools.partial"}
}

// atCheckpoint is an error the framework raises only when it checkpoints
// a step's result: after every channel has taken its writes, so that
// another field's error in the same commit comes first (apply.go).
type atCheckpoint struct{ err *Error }

func (e *atCheckpoint) Error() string { return e.err.Error() }
func (e *atCheckpoint) Unwrap() error { return e.err }

// lastValueConflictPy is LastValue.update refusing a second value in one
// step: only the key, as Python's repr writes it.
func lastValueConflictPy(field string, _ []Write) *Error {
	return &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: fmt.Sprintf(
		"At key %s: Can receive only one value per step. Use an Annotated key to handle multiple values.", pyRepr(field, nil))}
}

// overwriteConflictPy is BinaryOperatorAggregate refusing a second
// Overwrite in one step.
func overwriteConflictPy(field string, _ []Write) *Error {
	return &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: "Can receive only one Overwrite value per super-step."}
}

// firstWriteRaw is BinaryOperatorAggregate.update on a channel with no
// value (a field of no particular type, whose constructor fails): the first
// write is stored as written, an Overwrite wrapper and all, and only the
// writes after it go through the reducer.
func firstWriteRaw(_ *profile, _ *field, ws []Write) (any, bool, []Write, bool) {
	return ws[0].Value, true, ws[1:], true
}

// overwritePy is _get_overwrite: {"__overwrite__": v} as the only key, or
// {"type": "__overwrite__", "value": v} with any other keys.
func overwritePy(v any) (any, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	if ov, ok := obj[overwriteKey]; ok && len(obj) == 1 {
		return ov, true
	}
	if t, ok := obj["type"].(string); ok && t == overwriteKey {
		if ov, ok := obj["value"]; ok {
			return ov, true
		}
	}
	return nil, false
}

// typeStart is the value a reducer field's channel starts from: the
// annotated type called with no arguments (list() is [], int() is 0). A
// field of no particular type (any, or nullable: Optional[T]) has none and
// takes its first write as written (firstWriteRaw).
func typeStart(t Type) (any, bool) {
	if t.Nullable || len(t.Enum) > 0 {
		return nil, false
	}
	switch t.Base {
	case "array":
		return []any{}, true
	case "object":
		return map[string]any{}, true
	case "number", "integer":
		return 0.0, true
	case "string":
		return "", true
	case "boolean":
		return false, true
	}
	return nil, false
}

// insertionOrder: a Python dict's items come in insertion order.
func insertionOrder(keys []string) []string { return keys }

// pyStr is Python's str() of a JSON value as json.loads builds it: a string
// is itself, anything else its repr.
func pyStr(v any, order *KeyOrder) string {
	if s, ok := v.(string); ok {
		return s
	}
	return pyRepr(v, order)
}

// pyTypeName is the name of the Python type json.loads makes of a JSON
// value.
func pyTypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case float64:
		if strings.ContainsAny(pyNumber(x), ".e") {
			return "float"
		}
		return "int"
	case string:
		return "str"
	case []any:
		return "list"
	case map[string]any:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}

// pyRepr is Python's repr() of a JSON value: None, True, False, ints
// without a fraction, floats as repr(float), quoted strings, lists, and
// dicts in insertion order.
func pyRepr(v any, order *KeyOrder) string {
	var b strings.Builder
	writePyRepr(&b, v, order)
	return b.String()
}

func writePyRepr(b *strings.Builder, v any, order *KeyOrder) {
	switch x := v.(type) {
	case nil:
		b.WriteString("None")
	case bool:
		if x {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case float64:
		b.WriteString(pyNumber(x))
	case string:
		b.WriteString(pyQuote(x))
	case []any:
		b.WriteByte('[')
		for i, el := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writePyRepr(b, el, order)
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range order.Written(x) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(pyQuote(k))
			b.WriteString(": ")
			writePyRepr(b, x[k], order)
		}
		b.WriteByte('}')
	default:
		fmt.Fprint(b, x)
	}
}

// pyNumber writes a number as json.loads reads the harness's JSON of it: a
// whole number within the safe integers is an int, anything else a float.
func pyNumber(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) <= 1<<53 {
		return strconv.FormatInt(int64(x), 10)
	}
	e := strconv.FormatFloat(x, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	n, _ := strconv.Atoi(exp)
	if n >= -4 && n < 16 {
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	sign := "+"
	if n < 0 {
		sign, n = "-", -n
	}
	return fmt.Sprintf("%se%s%02d", mant, sign, n)
}

// pyQuote is repr() of a str: single quotes unless the text holds a single
// quote and no double one.
func pyQuote(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x7f || unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(q)
	return b.String()
}
