// Package pyvalue is Python's view of the JSON values of package jsonv, as
// json.loads builds them and LangGraph Python and llmfy show them in their
// messages: str() and repr(), type names, truthiness, json.loads and
// json.dumps. Checked against Python 3.11 (bench/steps/diff -lib python).
package pyvalue

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/stateharness/scenario/internal/jsonv"
)

// Str is Python's str() of a JSON value as json.loads builds it: a string
// is itself, anything else its repr.
func Str(v any, order *jsonv.KeyOrder) string {
	if s, ok := v.(string); ok {
		return s
	}
	return Repr(v, order)
}

// TypeName is the name of the Python type json.loads makes of a JSON
// value.
func TypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case float64:
		if strings.ContainsAny(Number(x), ".e") {
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

// Repr is Python's repr() of a JSON value: None, True, False, ints
// without a fraction, floats as repr(float), quoted strings, lists, and
// dicts in insertion order.
func Repr(v any, order *jsonv.KeyOrder) string {
	var b strings.Builder
	writeRepr(&b, v, order)
	return b.String()
}

func writeRepr(b *strings.Builder, v any, order *jsonv.KeyOrder) {
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
		b.WriteString(Number(x))
	case string:
		b.WriteString(Quote(x))
	case []any:
		b.WriteByte('[')
		for i, el := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, el, order)
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range order.Written(x) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(Quote(k))
			b.WriteString(": ")
			writeRepr(b, x[k], order)
		}
		b.WriteByte('}')
	default:
		fmt.Fprint(b, x)
	}
}

// Number writes a number as json.loads reads the harness's JSON of it: a
// whole number within the safe integers is an int, anything else a float.
func Number(x float64) string {
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

// Quote is repr() of a str: single quotes unless the text holds a single
// quote and no double one.
func Quote(s string) string {
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

// Truthy is Python's truth value of a JSON value: None, False, 0, "",
// [] and {} are false.
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}
