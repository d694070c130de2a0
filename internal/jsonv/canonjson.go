// Canonical bytes (docs/reference.md, Values): RFC 8785 (JCS) member order, number formatting
// and string escaping, indented with two spaces the way JavaScript's
// JSON.stringify(v, null, 2) does, with LF line ends and one trailing
// newline. Values outside the model, NaN, ±Inf and strings that are not
// valid UTF-8 are errors, never panics.

package jsonv

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Encode returns the canonical, indented form of v followed by one newline.
func Encode(v any) ([]byte, error) { return EncodeSized(v, 256) }

// EncodeSized is Encode with room for about sizeHint bytes from the start
// (the size of the golden file it will be compared with), which spares the
// copies of a growing buffer on large states.
func EncodeSized(v any, sizeHint int) ([]byte, error) {
	e := encoder{indent: true}
	// slack: value() asks for 64 free bytes before each value, even the last
	e.buf = make([]byte, 0, max(sizeHint, 0)+256)
	if err := e.value(v, 0); err != nil {
		return nil, err.finish()
	}
	e.buf = append(e.buf, '\n')
	return e.buf, nil
}

// EncodeTo writes the form Encode returns to w in pieces of about 64 KiB,
// never holding the whole of it. It stops at the first error of w and
// returns that error.
func EncodeTo(w io.Writer, v any) error {
	e := encoder{indent: true, w: w}
	// Most values are small: the buffer starts at a few hundred bytes and
	// doubles up to the piece size, not at the piece size for every call.
	e.buf = make([]byte, 0, 512)
	if err := e.value(v, 0); err != nil {
		if e.werr != nil {
			return e.werr
		}
		return err.finish()
	}
	e.buf = append(e.buf, '\n')
	e.flush()
	return e.werr
}

// Compact returns the canonical JCS bytes of v: no whitespace, no trailing
// newline.
func Compact(v any) ([]byte, error) {
	e := encoder{}
	e.buf = make([]byte, 0, 64)
	if err := e.value(v, 0); err != nil {
		return nil, err.finish()
	}
	return e.buf, nil
}

// FormatNumber formats f as ECMAScript's Number.prototype.toString does,
// which is the JCS number form: the shortest digits that round-trip, plain
// notation for decimal exponents in [-6, 21), else "1e+21" / "1e-7"; -0 is
// "0". NaN and ±Inf, which JSON lacks, come out as "NaN", "Infinity" and
// "-Infinity".
func FormatNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	var b [32]byte
	return string(appendNumber(b[:0], f))
}

// CompareKeys orders object keys as JCS does: by their UTF-16 code units.
// It differs from byte order only between characters above U+FFFF and
// characters in U+E000–U+FFFF. Both keys must be valid UTF-8.
func CompareKeys(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return len(a) - len(b)
	}
	// With a common prefix of valid UTF-8, i is either a lead byte in both
	// strings or a continuation byte under the same lead byte; only lead
	// bytes 0xEE/0xEF (U+E000–U+FFFF) against 0xF0–0xF4 (surrogate pairs in
	// UTF-16) order differently.
	ca, cb := a[i], b[i]
	if ca >= 0xF0 && (cb == 0xEE || cb == 0xEF) {
		return -1
	}
	if cb >= 0xF0 && (ca == 0xEE || ca == 0xEF) {
		return 1
	}
	return int(ca) - int(cb)
}

type member struct {
	key string
	val any
}

type encoder struct {
	buf     []byte
	indent  bool
	members []member // shared stack of the objects being written

	w    io.Writer // EncodeTo's: buf goes there in pieces of about flushAt bytes (grow)
	werr error     // the first error of w; encoding stops at it
}

// flushAt is the size of the pieces EncodeTo writes; a piece holds up to
// pieceMax bytes, so that value() finds its 64 free bytes without a flush.
const (
	flushAt  = 64 << 10
	pieceMax = flushAt + 256
)

func (e *encoder) flush() {
	if e.werr == nil {
		_, e.werr = e.w.Write(e.buf)
	}
	e.buf = e.buf[:0]
}

// encodeError collects the path on the way out of the recursion, so the
// success path never builds one.
type encodeError struct {
	msg  string
	path []string // innermost first
}

func (e *encodeError) finish() error {
	var p strings.Builder
	p.WriteString("$")
	for i := len(e.path) - 1; i >= 0; i-- {
		p.WriteString(e.path[i])
	}
	return fmt.Errorf("canonjson: %s at %s", e.msg, p.String())
}

func (e *encodeError) in(seg string) *encodeError {
	e.path = append(e.path, seg)
	return e
}

const spaces = "                                                                " // 64

func (e *encoder) newline(depth int) {
	e.grow(2*depth + 1)
	e.buf = append(e.buf, '\n')
	n := 2 * depth
	for n > len(spaces) {
		e.buf = append(e.buf, spaces...)
		n -= len(spaces)
	}
	e.buf = append(e.buf, spaces[:n]...)
}

// grow makes room for n more bytes, doubling: append's growth for large
// slices (1.25x) copies a 10 MB output many times over. EncodeTo's buffer
// is written out instead once n more bytes would take it past pieceMax,
// and grows no further than that unless one value needs more.
func (e *encoder) grow(n int) {
	if e.w != nil && len(e.buf) > 0 && len(e.buf)+n > pieceMax {
		e.flush()
	}
	if cap(e.buf)-len(e.buf) >= n {
		return
	}
	newCap := max(2*cap(e.buf), len(e.buf)+n)
	if e.w != nil {
		newCap = max(min(newCap, pieceMax), len(e.buf)+n)
	}
	nb := make([]byte, len(e.buf), newCap)
	copy(nb, e.buf)
	e.buf = nb
}

func (e *encoder) value(v any, depth int) *encodeError {
	if e.werr != nil {
		return &encodeError{msg: "write failed"} // EncodeTo returns e.werr
	}
	e.grow(64)
	switch x := v.(type) {
	case nil:
		e.buf = append(e.buf, "null"...)
	case bool:
		if x {
			e.buf = append(e.buf, "true"...)
		} else {
			e.buf = append(e.buf, "false"...)
		}
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return &encodeError{msg: FormatNumber(x) + " is not a finite number"}
		}
		e.buf = appendNumber(e.buf, x)
	case string:
		e.grow(len(x) + 2)
		var bad bool
		e.buf, bad = appendString(e.buf, x)
		if bad {
			return &encodeError{msg: "string is not valid UTF-8"}
		}
	case []any:
		return e.array(x, depth)
	case map[string]any:
		return e.object(x, depth)
	default:
		return &encodeError{msg: fmt.Sprintf("unsupported Go type %T", v)}
	}
	return nil
}

func (e *encoder) array(a []any, depth int) *encodeError {
	if depth >= MaxDepth {
		return &encodeError{msg: fmt.Sprintf("nested deeper than %d levels (a cyclic value?)", MaxDepth)}
	}
	if len(a) == 0 {
		e.buf = append(e.buf, "[]"...)
		return nil
	}
	e.buf = append(e.buf, '[')
	for i, v := range a {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if e.indent {
			e.newline(depth + 1)
		}
		if err := e.value(v, depth+1); err != nil {
			return err.in("[" + strconv.Itoa(i) + "]")
		}
	}
	if e.indent {
		e.newline(depth)
	}
	e.buf = append(e.buf, ']')
	return nil
}

func (e *encoder) object(m map[string]any, depth int) *encodeError {
	if depth >= MaxDepth {
		return &encodeError{msg: fmt.Sprintf("nested deeper than %d levels (a cyclic value?)", MaxDepth)}
	}
	if len(m) == 0 {
		e.buf = append(e.buf, "{}"...)
		return nil
	}
	start := len(e.members)
	for k, v := range m {
		e.members = append(e.members, member{k, v})
	}
	ms := e.members[start:]
	if bad, ok := firstInvalidKey(ms); ok {
		e.members = e.members[:start]
		return &encodeError{msg: fmt.Sprintf("object key %q is not valid UTF-8", bad)}
	}
	if len(ms) > 1 {
		slices.SortFunc(ms, func(a, b member) int { return CompareKeys(a.key, b.key) })
	}
	e.buf = append(e.buf, '{')
	for i := range len(m) {
		// Re-read through e.members: nested objects may grow (move) it.
		kv := e.members[start+i]
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if e.indent {
			e.newline(depth + 1)
		}
		e.buf, _ = appendString(e.buf, kv.key)
		e.buf = append(e.buf, ':')
		if e.indent {
			e.buf = append(e.buf, ' ')
		}
		if err := e.value(kv.val, depth+1); err != nil {
			e.members = e.members[:start]
			return err.in(pathKey(kv.key))
		}
	}
	clear(e.members[start:]) // drop references for the GC
	e.members = e.members[:start]
	if e.indent {
		e.newline(depth)
	}
	e.buf = append(e.buf, '}')
	return nil
}

// firstInvalidKey returns the smallest key (by bytes) that is not UTF-8,
// so that the error does not depend on map order.
func firstInvalidKey(ms []member) (string, bool) {
	bad, found := "", false
	for _, kv := range ms {
		if !utf8.ValidString(kv.key) && (!found || kv.key < bad) {
			bad, found = kv.key, true
		}
	}
	return bad, found
}

// pathKey mirrors PathKey for error messages.
func pathKey(k string) string {
	ident := k != ""
	for i, r := range k {
		letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		digit := r >= '0' && r <= '9'
		if !letter && !(digit && i > 0) {
			ident = false
			break
		}
	}
	if ident {
		return "." + k
	}
	return "[" + strconv.Quote(k) + "]"
}

// escapes[b] is the escape of an ASCII byte that needs one: '"', '\\' and
// the controls below 0x20; 0 for bytes written as they are.
var escapes = func() [128]string {
	var t [128]string
	const hex = "0123456789abcdef"
	for b := range 0x20 {
		t[b] = `\u00` + string(hex[b>>4]) + string(hex[b&0xF])
	}
	t['\b'], t['\t'], t['\n'], t['\f'], t['\r'] = `\b`, `\t`, `\n`, `\f`, `\r`
	t['"'], t['\\'] = `\"`, `\\`
	return t
}()

// appendString writes s as a JCS string and reports whether s was not
// valid UTF-8 (the bytes written are then of no use).
func appendString(dst []byte, s string) ([]byte, bool) {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, escapes[c]...)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return dst, true
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"'), false
}

// appendNumber writes a finite f in the ECMAScript Number::toString form.
func appendNumber(dst []byte, f float64) []byte {
	if f == 0 {
		return append(dst, '0') // also -0
	}
	// Integers below 2^53 print as themselves; this is the common case.
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return strconv.AppendInt(dst, int64(f), 10)
	}
	var tmp [32]byte
	// Shortest round-trip digits, as "-d.ddde±xx".
	s := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64)
	if s[0] == '-' {
		dst = append(dst, '-')
		s = s[1:]
	}
	ei := 0
	for s[ei] != 'e' {
		ei++
	}
	var digits [24]byte
	d := append(digits[:0], s[0])
	if ei > 1 {
		d = append(d, s[2:ei]...)
	}
	exp := 0
	for _, c := range s[ei+2:] {
		exp = exp*10 + int(c-'0')
	}
	if s[ei+1] == '-' {
		exp = -exp
	}
	k := len(d)
	n := exp + 1 // the decimal point sits after n digits
	switch {
	case k <= n && n <= 21:
		dst = append(dst, d...)
		for range n - k {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21:
		dst = append(dst, d[:n]...)
		dst = append(dst, '.')
		dst = append(dst, d[n:]...)
	case -6 < n && n <= 0:
		dst = append(dst, "0."...)
		for range -n {
			dst = append(dst, '0')
		}
		dst = append(dst, d...)
	default:
		dst = append(dst, d[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, d[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst
}

// Stringify renders v as JavaScript's JSON.stringify(v) does: compact, the
// strings and numbers of JCS (which takes them from JSON.stringify), and
// each object's members in the order keys gives for it. A nil keys, or one
// that returns nil for an object, orders its keys as JCS does.
func Stringify(v any, keys func(map[string]any) []string) (string, error) {
	e := encoder{}
	e.buf = make([]byte, 0, 64)
	if err := e.stringify(v, keys, 0); err != nil {
		return "", err.finish()
	}
	return string(e.buf), nil
}

func (e *encoder) stringify(v any, keys func(map[string]any) []string, depth int) *encodeError {
	if depth >= MaxDepth {
		return e.value(v, depth) // reports the depth
	}
	m, isObj := v.(map[string]any)
	if !isObj || keys == nil {
		if a, isArr := v.([]any); isArr && keys != nil {
			e.buf = append(e.buf, '[')
			for i, el := range a {
				if i > 0 {
					e.buf = append(e.buf, ',')
				}
				if err := e.stringify(el, keys, depth+1); err != nil {
					return err.in("[" + strconv.Itoa(i) + "]")
				}
			}
			e.buf = append(e.buf, ']')
			return nil
		}
		return e.value(v, depth)
	}
	order := keys(m)
	if order == nil {
		return e.value(v, depth)
	}
	e.buf = append(e.buf, '{')
	for i, k := range order {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		var bad bool
		if e.buf, bad = appendString(e.buf, k); bad {
			return &encodeError{msg: "object key is not valid UTF-8"}
		}
		e.buf = append(e.buf, ':')
		if err := e.stringify(m[k], keys, depth+1); err != nil {
			return err.in(pathKey(k))
		}
	}
	e.buf = append(e.buf, '}')
	return nil
}
