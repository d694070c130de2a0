package jsonv

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// JSON strings: unescaping, UTF-8 and surrogates, interned keys.

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

// smallText is the size up to which keys are slices of the text, as its
// strings are: interning pays only where many objects repeat their keys.
const smallText = 4 << 10

// intern returns key as a string, sharing one copy between the many objects
// of a state that use the same keys. The few keys a state repeats are found
// in recent by their length and end bytes, without hashing them.
func (d *decoder) intern(raw string) string {
	if len(raw) == 0 {
		return ""
	}
	if len(d.data) <= smallText {
		// the text's values are slices of it already: a key may be one too
		return raw
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
