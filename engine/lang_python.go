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

// noReturnDelay: LangGraph Python refuses every return as soon as the node
// returns it, so of several refused returns in a step the first by node
// name fails it.
func noReturnDelay(any) int { return 0 }

// atCheckpoint is an error the framework raises only when it checkpoints
// a step's result: after every channel has taken its writes, so that
// another field's error in the same commit comes first (apply.go).
type atCheckpoint struct{ err *Error }

func (e *atCheckpoint) Error() string { return e.err.Error() }
func (e *atCheckpoint) Unwrap() error { return e.err }

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
