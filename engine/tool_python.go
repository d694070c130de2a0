package engine

import (
	"fmt"
	"slices"
	"strings"
)

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

// pyToolBlockTypes are langchain-core's TOOL_MESSAGE_BLOCK_TYPES (1.8).
var pyToolBlockTypes = []string{"text", "image_url", "image", "json", "search_result", "custom_tool_call_output", "document", "file"}

// pyContentBlocks: a list whose every element is a dict with a "type" of
// pyToolBlockTypes.
func pyContentBlocks(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, el := range list {
		obj, ok := el.(map[string]any)
		if !ok {
			return false
		}
		t, _ := obj["type"].(string)
		if !slices.Contains(pyToolBlockTypes, t) {
			return false
		}
	}
	return true
}

// pyJSON is json.dumps(v, ensure_ascii=False) of a JSON value as
// json.loads builds it: ", " and ": " between items, dicts in insertion
// order, numbers as pyRepr writes them, non-ASCII text as it is.
func pyJSON(v any, order *KeyOrder) string {
	var b strings.Builder
	writePyJSON(&b, v, order)
	return b.String()
}

func writePyJSON(b *strings.Builder, v any, order *KeyOrder) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		fmt.Fprint(b, x)
	case string:
		pyJSONString(b, x)
	case []any:
		b.WriteByte('[')
		for i, el := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writePyJSON(b, el, order)
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range order.Written(x) {
			if i > 0 {
				b.WriteString(", ")
			}
			pyJSONString(b, k)
			b.WriteString(": ")
			writePyJSON(b, x[k], order)
		}
		b.WriteByte('}')
	default:
		writePyRepr(b, x, order)
	}
}

// pyJSONString is json.dumps of a str with ensure_ascii=False: only '"',
// '\\' and the control characters below 0x20 are escaped.
func pyJSONString(b *strings.Builder, s string) {
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
