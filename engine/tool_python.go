package engine

import (
	"fmt"
	"slices"
	"strings"
)

// toolResultPy is a tool's result as LangGraph Python's ToolNode makes its
// message (langchain-core's _format_output, then ToolNode's
// msg_content_output): a command written {update, goto?} writes its update
// (a Python tool returns a Command object, which JSON can only stand for;
// its {"lg_name": "Command"} form is a dict like any other, as a node's
// return); a string is the content as it is; a list whose every element is
// a content block of a type langchain-core knows (an empty list too) is
// kept as a list; anything else is json.dumps(result, ensure_ascii=False).
func toolResultPy(p *profile, tool string, result any, order *KeyOrder) (toolOutcome, error) {
	if obj, isObj := result.(map[string]any); isObj && isCommand(obj) {
		r, err := p.commandWrites(byTool, tool, obj, order)
		if err != nil {
			return toolOutcome{}, err
		}
		return toolOutcome{answer: result, update: r.writes, gotos: r.gotos, warnings: r.warnings}, nil
	}
	switch {
	case isString(result), pyContentBlocks(result):
		return toolOutcome{answer: result, message: true, content: result}, nil
	}
	return toolOutcome{answer: result, message: true, content: pyJSON(result, order)}, nil
}

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
