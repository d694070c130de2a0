package jsonv

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// DecodeJSON parses one JSON text strictly (RFC 8259, no comments, no
// trailing commas) and checks it against docs/reference.md, Values. The result is a value of
// the engine's model and shares no memory with data.
//
// Text that does not parse is a *SyntaxError; text that parses but breaks a
// rule of §2 is an *Error with the JSON path of the offending value. Both
// carry src.Pos of the problem. Columns count characters (runes), so they
// match what an editor shows for UTF-8 text; a tab counts as one.
//
// A leading UTF-8 byte order mark is skipped (editors on Windows add it; RFC
// 8259 §8.1 allows ignoring it) and does not count as a column.
func DecodeJSON(data []byte, src Source) (any, error) {
	// one copy of the whole text: strings without escapes are slices of
	// it, which spares an allocation per string of a large state
	return DecodeJSONString(string(data), src)
}

// DecodeJSONString is DecodeJSON for a text held as a string: strings
// without escapes in the result share its memory instead of a copy.
func DecodeJSONString(text string, src Source) (any, error) {
	return decodeJSON(text, src, nil)
}

// DecodeJSONOrdered is DecodeJSONString that also records the order in
// which each object's keys were written, for values whose order LangGraph
// observes (node outputs, tool results). Hand the result to the engine as it
// is.
func DecodeJSONOrdered(text string, src Source) (Checked, error) {
	order := &KeyOrder{}
	v, err := decodeJSON(text, src, order)
	return checked(v, err, order)
}

// checked pairs what an Ordered decoder decoded with the order it recorded.
func checked(v any, err error, order *KeyOrder) (Checked, error) {
	if err != nil {
		return Checked{}, err
	}
	return Checked{Value: v, Order: order}, nil
}

func decodeJSON(text string, src Source, order *KeyOrder) (any, error) {
	d := decoder{data: text, src: src, order: order, orderDepth: order.depthFor(len(text))}
	if strings.HasPrefix(text, bom) {
		d.pos, d.bomLen = len(bom), len(bom)
	}
	d.skipSpace()
	v, ok := d.value(0)
	if ok {
		d.skipSpace()
		if d.pos < len(d.data) {
			ok = d.syntax(d.pos, "expected end of input after the JSON value, found "+d.found(d.pos))
		}
	}
	if !ok {
		return nil, d.finish()
	}
	return v, nil
}

const bom = "\xEF\xBB\xBF"

type decoder struct {
	data   string // the text; unescaped strings are slices of it
	pos    int
	bomLen int
	src    Source
	order  *KeyOrder // nil unless the caller wants the order of keys
	// orderDepth is the deepest nesting whose objects' order is recorded
	orderDepth int

	stack   []any             // elements of the arrays being parsed
	scratch []byte            // unescaped string bytes
	keys    map[string]string // interned object keys
	recent  [64]string        // keys met lately, see intern

	err  error
	path []pathSeg // innermost first
}

// syntax records a *SyntaxError at byte offset off and returns false.
func (d *decoder) syntax(off int, msg string) bool {
	line, col := d.lineCol(off)
	d.err = &SyntaxError{Pos: d.src.Pos(line, col), Message: msg}
	return false
}

// fail records a rule violation at byte offset off and returns false; the
// path is filled in by finish.
func (d *decoder) fail(code Code, off int, msg string) bool {
	line, col := d.lineCol(off)
	d.err = &Error{Code: code, Pos: d.src.Pos(line, col), Message: msg}
	return false
}

func (d *decoder) finish() error {
	if e, ok := d.err.(*Error); ok {
		p := Root
		for i := len(d.path) - 1; i >= 0; i-- {
			if s := d.path[i]; s.index >= 0 {
				p = PathIndex(p, s.index)
			} else {
				p = PathKey(p, s.key)
			}
		}
		e.Path = p
	}
	return d.err
}

func (d *decoder) in(key string) {
	if _, ok := d.err.(*Error); ok {
		d.path = append(d.path, pathSeg{key: key, index: -1})
	}
}

func (d *decoder) at(i int) {
	if _, ok := d.err.(*Error); ok {
		d.path = append(d.path, pathSeg{index: i})
	}
}

// lineCol turns a byte offset into a 1-based line and column (in runes).
// Only errors need it, so it scans instead of tracking lines while parsing.
func (d *decoder) lineCol(off int) (int, int) {
	off = min(off, len(d.data))
	head := d.data[:off]
	line := 1 + strings.Count(head, "\n")
	start := strings.LastIndexByte(head, '\n') + 1
	if start == 0 {
		start = min(d.bomLen, off)
	}
	return line, 1 + utf8.RuneCountInString(head[start:])
}

// lineColText renders the position of off as "line:column" of the file.
func (d *decoder) lineColText(off int) string {
	line, col := d.lineCol(off)
	first := d.src.Line
	if first == 0 {
		first = 1
	}
	return fmt.Sprintf("%d:%d", first+line-1, col+d.src.Indent)
}

// found describes what stands at off for "expected X, found Y" messages.
func (d *decoder) found(off int) string {
	if off >= len(d.data) {
		return "end of input"
	}
	c := d.data[off]
	if isWordByte(c) {
		end := off
		for end < len(d.data) && end-off < 24 && isWordByte(d.data[end]) {
			end++
		}
		return strconv.Quote(d.data[off:end])
	}
	r, size := utf8.DecodeRuneInString(d.data[off:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x (not UTF-8)", c)
	}
	return strconv.Quote(string(r))
}

func isWordByte(c byte) bool {
	return c == '_' || c == '+' || c == '.' || (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// value parses the value at d.pos (whitespace already skipped); depth is
// the number of arrays and objects around it.
func (d *decoder) value(depth int) (any, bool) {
	if d.pos >= len(d.data) {
		return nil, d.syntax(d.pos, "expected a JSON value, found end of input")
	}
	switch c := d.data[d.pos]; c {
	case '"':
		s, ok := d.str(false)
		return s, ok
	case '{', '[':
		if depth >= MaxDepth {
			return nil, d.fail(TooDeep, d.pos, tooDeep)
		}
		if c == '{' {
			return d.object(depth + 1)
		}
		return d.array(depth + 1)
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case 'n':
		return nil, d.literal("null")
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return d.number()
	default:
		return nil, d.unexpected("expected a JSON value")
	}
}

// unexpected reports what stands at d.pos where a value was expected, with a
// hint for the usual non-JSON habits.
func (d *decoder) unexpected(expected string) bool {
	found := d.found(d.pos)
	hint := ""
	switch found {
	case `"NaN"`, `"Infinity"`, `"+Infinity"`, `"inf"`, `"nan"`:
		hint = " (JSON numbers are finite: there is no NaN or Infinity)"
	case `"/"`, `"#"`:
		hint = " (JSON has no comments)"
	case `"'"`:
		hint = ` (JSON strings take double quotes)`
	case `"True"`, `"False"`, `"None"`, `"TRUE"`, `"FALSE"`, `"NULL"`, `"Null"`, `"undefined"`:
		hint = " (JSON literals are true, false and null)"
	}
	if len(found) > 1 && found[1] == '+' {
		hint = ` (JSON numbers take no "+" sign)`
	}
	return d.syntax(d.pos, expected+", found "+found+hint)
}

func (d *decoder) literal(word string) bool {
	if !strings.HasPrefix(d.data[d.pos:], word) {
		return d.unexpected("expected a JSON value")
	}
	d.pos += len(word)
	return true
}

// open steps into the array or object at d.pos, whose closing bracket is
// closer, and reports whether it is empty (then stepped over as a whole).
func (d *decoder) open(closer byte) (empty bool) {
	d.pos++
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == closer {
		d.pos++
		return true
	}
	return false
}

// next steps over what follows an element (whitespace skipped): a comma
// before another element (more), or closer, the end. When neither is there
// (ok false), badNext says what is wrong. It is small enough to be inlined.
func (d *decoder) next(closer byte) (more, ok bool) {
	if d.pos < len(d.data) {
		c := d.data[d.pos]
		if c == closer {
			d.pos++
			return false, true
		}
		if c == ',' {
			d.pos++
			d.skipSpace()
			return true, d.pos >= len(d.data) || d.data[d.pos] != closer
		}
	}
	return false, false
}

// badNext reports the separator next could not step over: a trailing comma
// (d.pos is on closer), or anything else.
func (d *decoder) badNext(closer byte) bool {
	trailing := d.pos < len(d.data) && d.data[d.pos] == closer
	switch {
	case closer == ']' && trailing:
		return d.syntax(d.pos, `expected a value after ",", found "]" (JSON allows no trailing comma)`)
	case trailing:
		return d.syntax(d.pos, `expected a string key after ",", found "}" (JSON allows no trailing comma)`)
	}
	found, hint := d.found(d.pos), ""
	if found == `"/"` || found == `"#"` {
		hint = " (JSON has no comments)"
	}
	if closer == ']' {
		return d.syntax(d.pos, `expected "," or "]" after array element, found `+found+hint)
	}
	return d.syntax(d.pos, `expected "," or "}" after object member, found `+found+hint)
}

func (d *decoder) array(depth int) (any, bool) {
	if d.open(']') {
		return []any{}, true
	}
	base := len(d.stack)
	for i, more := 0, true; more; i++ {
		v, ok := d.value(depth)
		if !ok {
			d.at(i)
			d.stack = d.stack[:base]
			return nil, false
		}
		d.stack = append(d.stack, v)
		d.skipSpace()
		if more, ok = d.next(']'); !ok {
			d.stack = d.stack[:base]
			return nil, d.badNext(']')
		}
	}
	arr := make([]any, len(d.stack)-base)
	copy(arr, d.stack[base:])
	clear(d.stack[base:])
	d.stack = d.stack[:base]
	return arr, true
}

func (d *decoder) object(depth int) (any, bool) {
	start := d.pos
	m := make(map[string]any)
	if d.open('}') {
		return m, true
	}
	var keys []string
	for more := true; more; {
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, d.unexpected(`expected a string key`)
		}
		keyAt := d.pos
		key, ok := d.str(true)
		if !ok {
			return nil, false
		}
		if _, dup := m[key]; dup {
			d.fail(DuplicateKey, keyAt, fmt.Sprintf("duplicate key %q; the first was at %s", key, d.lineColText(d.firstKey(start, key))))
			d.in(key) // the path of the second occurrence
			return nil, false
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return nil, d.syntax(d.pos, `expected ":" after object key, found `+d.found(d.pos))
		}
		d.pos++
		d.skipSpace()
		v, ok := d.value(depth)
		if !ok {
			d.in(key)
			return nil, false
		}
		m[key] = v
		if d.order != nil && depth <= d.orderDepth {
			keys = append(keys, key)
		}
		d.skipSpace()
		if more, ok = d.next('}'); !ok {
			return nil, d.badNext('}')
		}
	}
	d.order.record(m, keys)
	return m, true
}

// firstKey returns the offset of the first occurrence of key in the object
// at objStart, which parsed without error up to a later occurrence.
func (d *decoder) firstKey(objStart int, key string) int {
	sub := decoder{data: d.data, pos: objStart + 1, src: d.src}
	for {
		sub.skipSpace()
		at := sub.pos
		k, ok := sub.str(true)
		if !ok || k == key {
			return at
		}
		sub.skipSpace()
		sub.pos++ // ':'
		sub.skipSpace()
		if _, ok := sub.value(1); !ok {
			return at
		}
		sub.skipSpace()
		sub.pos++ // ','
	}
}
