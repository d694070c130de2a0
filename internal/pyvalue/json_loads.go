package pyvalue

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stateharness/scenario/internal/jsonv"
)

// JSONLoads is Python's json.loads as langchain-core calls it on a tool
// call's arguments: duplicate keys (the last wins), NaN and ±Infinity, and,
// unless strict, control characters inside strings. syntax is the
// JSONDecodeError's text ("" when the text parses); a value the harness's
// JSON cannot hold (NaN, an infinity, an integer beyond ±(2^53−1)) is
// reported in notJSON.
func JSONLoads(text string, strict bool) (v any, syntax, notJSON string) {
	p := &loader{s: text, strict: strict}
	p.space()
	v = p.value(0)
	if p.err == "" {
		p.space()
		if p.i < len(p.s) {
			p.fail("Extra data")
		}
	}
	if p.err != "" {
		return nil, p.err, ""
	}
	return v, "", p.notJSON
}

type loader struct {
	s       string
	i       int
	strict  bool
	err     string
	notJSON string
}

// fail records the first error as json.loads words it: what it expected and
// where (line, column and char offset, counted in characters).
func (p *loader) fail(what string) {
	if p.err != "" {
		return
	}
	before := p.s[:min(p.i, len(p.s))]
	line := strings.Count(before, "\n") + 1
	col := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:]) + 1
	p.err = fmt.Sprintf("%s: line %d column %d (char %d)", what, line, col, utf8.RuneCountInString(before))
}

func (p *loader) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\n\r", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *loader) value(depth int) any {
	if depth > jsonv.MaxDepth {
		p.fail("maximum recursion depth exceeded")
		return nil
	}
	if p.i >= len(p.s) {
		p.fail("Expecting value")
		return nil
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		p.i++
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		if strings.HasPrefix(p.s[p.i:], "-Infinity") {
			p.i += len("-Infinity")
			p.nonJSON("-Infinity")
			return math.Inf(-1)
		}
		return p.number()
	}
	for _, lit := range []struct {
		text string
		v    any
	}{{"null", nil}, {"true", true}, {"false", false}, {"NaN", math.NaN()}, {"Infinity", math.Inf(1)}} {
		if strings.HasPrefix(p.s[p.i:], lit.text) {
			p.i += len(lit.text)
			if f, ok := lit.v.(float64); ok {
				p.nonJSON(lit.text)
				return f
			}
			return lit.v
		}
	}
	p.fail("Expecting value")
	return nil
}

func (p *loader) nonJSON(what string) {
	if p.notJSON == "" {
		p.notJSON = what
	}
}

func (p *loader) object(depth int) any {
	p.i++ // {
	out := map[string]any{}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return out
	}
	for {
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			p.fail("Expecting property name enclosed in double quotes")
			return nil
		}
		p.i++
		k := p.str()
		if p.err != "" {
			return nil
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			p.fail("Expecting ':' delimiter")
			return nil
		}
		p.i++
		p.space()
		v := p.value(depth + 1)
		if p.err != "" {
			return nil
		}
		out[k.(string)] = v
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return out
		}
		if p.i >= len(p.s) || p.s[p.i] != ',' {
			p.fail("Expecting ',' delimiter")
			return nil
		}
		p.i++
		p.space()
	}
}

func (p *loader) array(depth int) any {
	p.i++ // [
	out := []any{}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return out
	}
	for {
		v := p.value(depth + 1)
		if p.err != "" {
			return nil
		}
		out = append(out, v)
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return out
		}
		if p.i >= len(p.s) || p.s[p.i] != ',' {
			p.fail("Expecting ',' delimiter")
			return nil
		}
		p.i++
		p.space()
	}
}

// str reads a string after its opening quote.
func (p *loader) str() any {
	var b strings.Builder
	for {
		if p.i >= len(p.s) {
			p.fail("Unterminated string starting at")
			return nil
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String()
		case c < 0x20 && p.strict:
			p.fail("Invalid control character at")
			return nil
		case c != '\\':
			b.WriteByte(c)
			p.i++
			continue
		}
		p.i++ // backslash
		if p.i >= len(p.s) {
			p.fail("Unterminated string starting at")
			return nil
		}
		esc := p.s[p.i]
		p.i++
		if r, ok := map[byte]rune{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[esc]; ok {
			b.WriteRune(r)
			continue
		}
		if esc != 'u' {
			p.i -= 2
			p.fail("Invalid \\escape")
			return nil
		}
		r, ok := p.hex4()
		if !ok {
			return nil
		}
		if r >= 0xd800 && r <= 0xdbff && strings.HasPrefix(p.s[p.i:], `\u`) {
			// a high surrogate takes a low one that follows; another \u
			// is read on its own
			p.i += 2
			low, ok := p.hex4()
			if !ok {
				return nil
			}
			if low >= 0xdc00 && low <= 0xdfff {
				r = utf16.DecodeRune(r, low)
			} else {
				p.i -= 6
			}
		}
		b.WriteRune(r) // a lone surrogate becomes U+FFFD, which a Go string holds instead
	}
}

// hex4 reads the four hex digits after a \u; an error is at the u.
func (p *loader) hex4() (rune, bool) {
	if p.i+4 <= len(p.s) && !strings.ContainsAny(p.s[p.i:p.i+4], "+-xX_") {
		if n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32); err == nil {
			p.i += 4
			return rune(n), true
		}
	}
	p.i--
	p.fail("Invalid \\uXXXX escape")
	return 0, false
}

// number reads json's NUMBER_RE, -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?: an
// int without a fraction or an exponent, else a float.
func (p *loader) number() any {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.s[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.s) && p.s[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		p.i = start
		p.fail("Expecting value")
		return nil
	}
	isFloat := false
	if p.i+1 < len(p.s) && p.s[p.i] == '.' && p.s[p.i+1] >= '0' && p.s[p.i+1] <= '9' {
		p.i++
		digits()
		isFloat = true
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		save := p.i
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			p.i = save
		} else {
			isFloat = true
		}
	}
	lit := p.s[start:p.i]
	f, err := strconv.ParseFloat(lit, 64)
	switch {
	case isFloat && math.IsInf(f, 0):
		p.nonJSON(lit + " (a float that overflows to infinity)")
		return math.Inf(1)
	case !isFloat && (err != nil || math.Abs(f) > jsonv.MaxSafeInteger):
		p.nonJSON(lit + " (an integer outside ±(2^53−1))")
		return f
	case f == 0:
		f = 0 // -0 is the int 0, -0.0 a float that JSON writes as 0 anyway
	}
	return f
}
