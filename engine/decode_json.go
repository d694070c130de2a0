package engine

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stateharness/scenario/internal/canonjson"
)

// maxDepth is the nesting limit of SPEC §2: 1,000 levels of arrays and
// objects are fine, 1,001 are TOO_DEEP.
const maxDepth = 1000

// tooDeep is the TOO_DEEP message of both decoders and of Validate.
var tooDeep = fmt.Sprintf("arrays and objects are nested deeper than %d levels", maxDepth)

// maxSafeInteger is 2^53−1, JavaScript's Number.MAX_SAFE_INTEGER.
const maxSafeInteger = 1<<53 - 1

// DecodeJSON parses one JSON text strictly (RFC 8259, no comments, no
// trailing commas) and checks it against SPEC §2. The result is a value of
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

// pathSeg is one step of the path to an error, collected while the parser
// unwinds so that the success path never builds path strings.
type pathSeg struct {
	key   string
	index int // -1 for a key
}

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
		if depth >= maxDepth {
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

// plain marks the bytes a string may hold as they are: printable ASCII
// other than '"' and '\\'.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str parses the string at d.pos (on its opening quote).
func (d *decoder) str(isKey bool) (string, bool) {
	start := d.pos
	data := d.data
	i := start + 1
	ascii := true
	for {
		for i < len(data) && plain[data[i]] {
			i++
		}
		if i >= len(data) {
			return "", d.syntax(i, fmt.Sprintf(`expected "\"" to end the string that starts at %s, found end of input`, d.lineColText(start)))
		}
		c := data[i]
		switch {
		case c == '"':
			raw := data[start+1 : i]
			d.pos = i + 1
			if !ascii && !utf8.ValidString(raw) {
				return "", d.badUTF8(start, raw, isKey)
			}
			if isKey {
				return d.intern(raw), true
			}
			return raw, true
		case c == '\\':
			return d.strEscaped(start, i, ascii, isKey)
		case c < 0x20:
			return "", d.control(i)
		default:
			ascii = false
			i++
		}
	}
}

func (d *decoder) control(off int) bool {
	return d.syntax(off, fmt.Sprintf(`found control character U+%04X in a string; escape it (\n, \t, \u00XX) or close the string with "\""`, d.data[off]))
}

// intern returns key as a string, sharing one copy between the many objects
// of a state that use the same keys. The few keys a state repeats are found
// in recent by their length and end bytes, without hashing them.
func (d *decoder) intern(raw string) string {
	if len(raw) == 0 {
		return ""
	}
	slot := &d.recent[(len(raw)*7+int(raw[0])*3+int(raw[len(raw)-1]))%len(d.recent)]
	if *slot == raw {
		return *slot
	}
	if s, ok := d.keys[raw]; ok {
		*slot = s
		return s
	}
	s := strings.Clone(raw) // not a slice that keeps the whole text alive
	*slot = s
	if len(raw) <= 64 {
		if d.keys == nil {
			d.keys = make(map[string]string)
		}
		if len(d.keys) < 4096 {
			d.keys[s] = s
		}
	}
	return s
}

func (d *decoder) badUTF8(start int, raw string, isKey bool) bool {
	bad := 0
	for bad < len(raw) {
		r, size := utf8.DecodeRuneInString(raw[bad:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		bad += size
	}
	what := "string"
	if isKey {
		what = "object key"
	}
	b := byte(0)
	if bad < len(raw) {
		b = raw[bad]
	}
	return d.fail(InvalidUTF8, start, fmt.Sprintf("%s holds invalid UTF-8 (byte 0x%02x at %s); JSON text must be UTF-8", what, b, d.lineColText(start+1+bad)))
}

// strEscaped finishes a string that has an escape at esc, unescaping into
// d.scratch so that the result costs one allocation.
func (d *decoder) strEscaped(start, esc int, ascii, isKey bool) (string, bool) {
	data := d.data
	buf := append(d.scratch[:0], data[start+1:esc]...)
	i := esc
	for {
		run := i
		for i < len(data) && plain[data[i]] {
			i++
		}
		buf = append(buf, data[run:i]...)
		if i >= len(data) {
			d.scratch = buf
			return "", d.syntax(i, fmt.Sprintf(`expected "\"" to end the string that starts at %s, found end of input`, d.lineColText(start)))
		}
		c := data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			d.scratch = buf
			if !ascii && !utf8.Valid(buf) {
				return "", d.badUTF8(start, data[start+1:i], isKey)
			}
			return string(buf), true
		case c < 0x20:
			d.scratch = buf
			return "", d.control(i)
		case c >= 0x80:
			ascii = false
			buf = append(buf, c)
			i++
			continue
		}
		// c == '\\'
		if i+1 >= len(data) {
			d.scratch = buf
			return "", d.syntax(i+1, `expected an escape after "\", found end of input`)
		}
		switch e := data[i+1]; e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := d.hex4(i)
			if !ok {
				d.scratch = buf
				return "", false
			}
			i += 6
			switch {
			case r >= 0xD800 && r < 0xDC00:
				lo, ok := rune(-1), true
				if i+1 < len(data) && data[i] == '\\' && data[i+1] == 'u' {
					lo, ok = d.hex4(i)
					if !ok {
						d.scratch = buf
						return "", false
					}
				}
				if lo < 0xDC00 || lo > 0xDFFF {
					d.scratch = buf
					return "", d.surrogate(start, i-6, r, isKey)
				}
				r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
				i += 6
			case r >= 0xDC00 && r < 0xE000:
				d.scratch = buf
				return "", d.surrogate(start, i-6, r, isKey)
			}
			buf = utf8.AppendRune(buf, r)
			continue
		default:
			d.scratch = buf
			what := "\\" + string(e)
			if e < 0x21 || e >= 0x7f {
				what = "\\ followed by " + d.found(i+1)
			}
			return "", d.syntax(i, "invalid escape "+what+` in a string; JSON escapes are \" \\ \/ \b \f \n \r \t \uXXXX`)
		}
		i += 2
	}
}

// hex4 reads the four hex digits of the \u escape at off.
func (d *decoder) hex4(off int) (rune, bool) {
	var r rune
	for k := off + 2; k < off+6; k++ {
		if k >= len(d.data) {
			return 0, d.syntax(k, `expected 4 hex digits after "\u", found end of input`)
		}
		c := d.data[k]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			c = (c | 0x20) - 'a' + 10
		default:
			return 0, d.syntax(k, `expected 4 hex digits after "\u", found `+d.found(k))
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func (d *decoder) surrogate(start, esc int, r rune, isKey bool) bool {
	what := "string"
	if isKey {
		what = "object key"
	}
	return d.fail(InvalidUTF8, start, fmt.Sprintf(`%s holds a lone surrogate \u%04x (at %s), which is not valid Unicode; a surrogate pair is \ud83d\ude00`, what, r, d.lineColText(esc)))
}

func (d *decoder) number() (any, bool) {
	data := d.data
	start := d.pos
	i := start
	neg := data[i] == '-'
	if neg {
		i++
	}
	digits := i
	if i >= len(data) || data[i] < '0' || data[i] > '9' {
		d.pos = i
		return nil, d.unexpected(`expected a digit after "-"`)
	}
	var n uint64 // the integer part, while it has at most 19 digits
	if data[i] == '0' {
		i++
		if i < len(data) && data[i] >= '0' && data[i] <= '9' {
			end := i
			for end < len(data) && data[end] >= '0' && data[end] <= '9' {
				end++
			}
			return nil, d.syntax(start, fmt.Sprintf("numbers have no leading zeros: found %q (write %s, or quote it to keep a string)",
				data[start:end], trimZeros(data[start:end])))
		}
	} else {
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			n = n*10 + uint64(data[i]-'0')
			i++
		}
	}
	nDigits := i - digits
	isInt := true
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.pos = i
			return nil, d.unexpected(`expected a digit after "." in number`)
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		isInt = false
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.pos = i
			return nil, d.unexpected(`expected a digit in the exponent of a number`)
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		isInt = false
	}
	d.pos = i
	lit := data[start:i]
	if isInt {
		if nDigits <= 16 && n <= maxSafeInteger {
			f := float64(n)
			if neg {
				f = -f
			}
			return f, true
		}
		return nil, d.fail(UnsafeInteger, start, fmt.Sprintf(
			"the integer %s is outside ±(2^53−1) and loses precision in JavaScript runtimes (I-JSON, RFC 7493); quote it as a string", lit))
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return nil, d.fail(NonJSONValue, start, fmt.Sprintf("%s is not a finite number (it overflows a 64-bit float)", lit))
	}
	if unsafeInteger(f) {
		// Its canonical form would be an unsafe integer literal (1e20 is
		// written 100000000000000000000), which §2 rejects when read back.
		return nil, d.fail(UnsafeInteger, start, fmt.Sprintf(
			"%s is the integer %s, outside ±(2^53−1): it loses precision in JavaScript runtimes (I-JSON, RFC 7493); quote it as a string",
			lit, canonjson.FormatNumber(f)))
	}
	return f, true
}

// unsafeInteger reports whether f is an integer beyond ±(2^53−1) that the
// canonical form writes as an integer literal (below 1e21; larger ones are
// written with an exponent, 1e+21).
func unsafeInteger(f float64) bool {
	a := math.Abs(f)
	return a > maxSafeInteger && a < 1e21 && a == math.Trunc(a)
}

func trimZeros(lit string) string {
	s := lit
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return sign + s
}

// Equal reports whether two values of the engine's model are equal as JSON:
// numbers by value, objects regardless of key order. Values outside the
// model are never equal.
func Equal(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		if len(x) > 0 && &x[0] == &y[0] {
			return true // one backing array: values are never modified
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		if reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer() {
			return true // the same map: shared, never modified
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !Equal(xv, yv) {
				return false
			}
		}
		return true
	}
	return false
}

// Validate checks a value built in Go (by an engine API user or a custom
// reducer) against SPEC §2: only nil, bool, float64, string, []any and
// map[string]any; finite numbers; no integer beyond ±(2^53−1) that the
// canonical form would write as an integer literal (UNSAFE_INTEGER); valid
// UTF-8 in strings and keys (INVALID_UTF8); at most 1,000 levels of nesting
// (TOO_DEEP). The *Error names the first violation, visiting object members
// in canonical key order so the report is deterministic.
func Validate(v any) error {
	if valid(v, 0) {
		return nil
	}
	// Rare path: walk again in a fixed order to find the first violation.
	var path []pathSeg
	err := check(v, 0, &path)
	if err == nil {
		return nil
	}
	p := Root
	for i := len(path) - 1; i >= 0; i-- {
		if s := path[i]; s.index >= 0 {
			p = PathIndex(p, s.index)
		} else {
			p = PathKey(p, s.key)
		}
	}
	err.Path = p
	return err
}

// valid is the fast, unordered form of check.
func valid(v any, depth int) bool {
	switch x := v.(type) {
	case nil, bool:
		return true
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0) && !unsafeInteger(x)
	case string:
		return utf8.ValidString(x)
	case []any:
		if depth >= maxDepth {
			return false
		}
		for _, e := range x {
			if !valid(e, depth+1) {
				return false
			}
		}
		return true
	case map[string]any:
		if depth >= maxDepth {
			return false
		}
		for k, e := range x {
			if !utf8.ValidString(k) || !valid(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// check returns the first violation inside v; path collects the steps to
// it, innermost first.
func check(v any, depth int, path *[]pathSeg) *Error {
	switch x := v.(type) {
	case nil, bool:
		return nil
	case float64:
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			return errorf(NonJSONValue, "", canonjson.FormatNumber(x)+" is not a finite number; JSON has no NaN or Infinity")
		case unsafeInteger(x):
			return errorf(UnsafeInteger, "", fmt.Sprintf(
				"the integer %s is outside ±(2^53−1) and loses precision in JavaScript runtimes (I-JSON, RFC 7493); use a string",
				canonjson.FormatNumber(x)))
		}
		return nil
	case string:
		if !utf8.ValidString(x) {
			return errorf(InvalidUTF8, "", fmt.Sprintf("string %q is not valid UTF-8", x))
		}
		return nil
	case []any:
		if depth >= maxDepth {
			return errorf(TooDeep, "", tooDeep)
		}
		for i, e := range x {
			if err := check(e, depth+1, path); err != nil {
				*path = append(*path, pathSeg{index: i})
				return err
			}
		}
		return nil
	case map[string]any:
		if depth >= maxDepth {
			return errorf(TooDeep, "", tooDeep)
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		// Invalid keys sort by bytes among themselves; CompareKeys needs
		// UTF-8 only for a meaningful order, not for safety.
		slices.SortFunc(keys, canonjson.CompareKeys)
		for _, k := range keys {
			if !utf8.ValidString(k) {
				*path = append(*path, pathSeg{key: k, index: -1})
				return errorf(InvalidUTF8, "", fmt.Sprintf("object key %q is not valid UTF-8", k))
			}
			if err := check(x[k], depth+1, path); err != nil {
				*path = append(*path, pathSeg{key: k, index: -1})
				return err
			}
		}
		return nil
	}
	return errorf(NonJSONValue, "", goTypeMessage(v))
}

func goTypeMessage(v any) string {
	switch v.(type) {
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr, float32:
		return fmt.Sprintf("received a Go %T; JSON numbers are float64 (Normalize converts Go numbers)", v)
	}
	return fmt.Sprintf("received a Go %T, which is not a JSON value (nil, bool, float64, string, []any or map[string]any)", v)
}
