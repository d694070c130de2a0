package pyvalue

import (
	"fmt"
	"strings"

	"github.com/stateharness/scenario/internal/jsonv"
)

// Dumps is json.dumps(v, ensure_ascii=False) of a JSON value as
// json.loads builds it: ", " and ": " between items, dicts in insertion
// order, numbers as Repr writes them, non-ASCII text as it is.
func Dumps(v any, order *jsonv.KeyOrder) string {
	var b strings.Builder
	writeDumps(&b, v, order)
	return b.String()
}

func writeDumps(b *strings.Builder, v any, order *jsonv.KeyOrder) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		fmt.Fprint(b, x)
	case string:
		dumpsString(b, x)
	case []any:
		b.WriteByte('[')
		for i, el := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writeDumps(b, el, order)
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range order.Written(x) {
			if i > 0 {
				b.WriteString(", ")
			}
			dumpsString(b, k)
			b.WriteString(": ")
			writeDumps(b, x[k], order)
		}
		b.WriteByte('}')
	default:
		writeRepr(b, x, order)
	}
}

// dumpsString is json.dumps of a str with ensure_ascii=False: only '"',
// '\\' and the control characters below 0x20 are escaped.
func dumpsString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}
