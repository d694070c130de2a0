package jsonv

import (
	"fmt"
	"math"
	"strconv"
)

// JSON numbers: parsed exactly, unsafe integers refused.

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
		if nDigits <= 16 && n <= MaxSafeInteger {
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
			lit, FormatNumber(f)))
	}
	return f, true
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
