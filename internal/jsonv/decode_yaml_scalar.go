package jsonv

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// YAML scalars: what a plain or tagged scalar is as JSON, and what is refused.

// scalar decodes by the resolved tag (yaml.v3 resolves plain scalars when it
// builds nodes; quoted and block scalars are !!str unless explicitly tagged).
func (d *yamlDecoder) scalar(n *yaml.Node, path string) (any, error) {
	text := n.Value
	if !utf8.ValidString(text) {
		// Unreachable while the input is checked as a whole; kept so that the
		// model never holds invalid UTF-8.
		return nil, d.fail(InvalidUTF8, n, path, "string is not valid UTF-8")
	}
	explicit := n.Style&yaml.TaggedStyle != 0
	plain := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
	tag := n.ShortTag()
	badText := func() error {
		return d.fail(NonJSONValue, n, path,
			fmt.Sprintf("%q cannot be read as %s; fix the value or remove the tag", text, tag))
	}
	switch tag {
	case "!!str":
		if plain && !explicit {
			if yaml11Timestamp.MatchString(text) {
				// yaml.v3 reads only some of YAML 1.1's timestamp forms;
				// PyYAML and others read this one as a date too
				return nil, d.fail(NonJSONValue, n, path,
					fmt.Sprintf("%s is a YAML timestamp, not a JSON value; quote it to keep it a string", text))
			}
			return text, d.checkNumberLike(n, path, text)
		}
		return text, nil
	case "!!merge":
		// "<<" is only a merge key in key position; as a value it is text.
		return text, nil
	case "!!null":
		switch text {
		case "", "~", "null", "Null", "NULL":
			return nil, nil
		}
		return nil, badText()
	case "!!bool":
		switch text {
		case "true", "True", "TRUE":
			return true, nil
		case "false", "False", "FALSE":
			return false, nil
		}
		return nil, badText()
	case "!!int", "!!float":
		f, err := d.number(n, path, text, tag)
		if err == errYAMLNotNumber {
			return nil, badText()
		}
		return f, err
	case "!!timestamp":
		return nil, d.fail(NonJSONValue, n, path,
			fmt.Sprintf("%s is a YAML timestamp, not a JSON value; quote it to keep it a string", text))
	}
	return nil, d.fail(NonJSONValue, n, path, yamlTagMessage(tag))
}

var errYAMLNotNumber = errors.New("not a number")

// yaml11Timestamp is the timestamp of the YAML 1.1 type repository
// (https://yaml.org/type/timestamp.html), space-separated forms included.
var yaml11Timestamp = regexp.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?$`)

// yamlFloat is the YAML 1.2 core float syntax (after yaml.v3 drops "_").
var yamlFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// number reads a !!int or !!float text. yaml.v3 drops every "_" (YAML 1.1
// digit separators) and accepts Go's integer prefixes: 0x1F is 31, 0o12 and
// 0O12 are 10, 0b101 is 5. Integers too large for int64 reach here as !!float.
func (d *yamlDecoder) number(n *yaml.Node, path, text, tag string) (any, error) {
	s := strings.ReplaceAll(text, "_", "")
	if yamlOctalLooking(s) {
		return nil, d.fail(NonJSONValue, n, path,
			fmt.Sprintf("%s is ambiguous: YAML 1.1 reads it as an octal number; write %s or quote it", text, yamlDecimal(s)))
	}
	if yamlDecimalInt(s) || tag == "!!int" {
		z, ok := new(big.Int).SetString(s, 0)
		if !ok {
			return nil, errYAMLNotNumber
		}
		if !yamlSafeInt(z) {
			return nil, d.unsafeInt(n, path, text)
		}
		if yamlDecimalInt(s) {
			// Same float64 as a JSON decoder gives, -0 included.
			f, _ := strconv.ParseFloat(s, 64)
			return f, nil
		}
		return float64(z.Int64()), nil
	}
	var f float64
	switch strings.ToLower(s) {
	case ".nan", "+.nan", "-.nan":
		f = math.NaN()
	case ".inf", "+.inf":
		f = math.Inf(1)
	case "-.inf":
		f = math.Inf(-1)
	default:
		if !yamlFloat.MatchString(s) {
			return nil, errYAMLNotNumber
		}
		f, _ = strconv.ParseFloat(s, 64) // out of range gives ±Inf
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, d.fail(NonJSONValue, n, path,
			fmt.Sprintf("%s is not a finite number; JSON has no NaN or Infinity; quote it to keep it a string", text))
	}
	if unsafeInteger(f) {
		// as in DecodeJSON: its canonical form would be an unsafe integer
		return nil, d.fail(UnsafeInteger, n, path, fmt.Sprintf(
			"%s is the integer %s, outside ±(2^53−1): it loses precision in JavaScript runtimes (I-JSON, RFC 7493); quote it as a string",
			text, FormatNumber(f)))
	}
	return f, nil
}

// checkNumberLike rejects plain scalars that are numbers yaml.v3 gave up on
// (an integer beyond uint64, a float beyond float64) and left as strings.
func (d *yamlDecoder) checkNumberLike(n *yaml.Node, path, text string) error {
	if text == "" || !strings.ContainsRune("+-.0123456789", rune(text[0])) {
		return nil
	}
	s := strings.ReplaceAll(text, "_", "")
	if z, ok := new(big.Int).SetString(s, 0); ok {
		if !yamlSafeInt(z) {
			return d.unsafeInt(n, path, text)
		}
		return nil
	}
	if yamlFloat.MatchString(s) {
		if f, err := strconv.ParseFloat(s, 64); err != nil || math.IsInf(f, 0) {
			return d.fail(NonJSONValue, n, path,
				fmt.Sprintf("%s is not a finite number; it is too large for a float64; quote it to keep it a string", text))
		}
	}
	return nil
}

func (d *yamlDecoder) unsafeInt(n *yaml.Node, path, text string) error {
	return d.fail(UnsafeInteger, n, path,
		fmt.Sprintf("integer %s is outside ±(2^53−1): it loses precision in JavaScript runtimes; quote it to keep it a string", text))
}

var yamlMaxSafe = big.NewInt(MaxSafeInteger)

func yamlSafeInt(z *big.Int) bool {
	return z.CmpAbs(yamlMaxSafe) <= 0
}

// yamlDecimalInt matches [-+]?[0-9]+.
func yamlDecimalInt(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// yamlOctalLooking matches [-+]?0[0-9]+: YAML 1.1 octal (yaml.v3 still reads
// 012 as 10), a decimal to a reader, and invalid JSON.
func yamlOctalLooking(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return len(s) >= 2 && s[0] == '0' && yamlDecimalInt(s)
}

// yamlDecimal renders an octal-looking text as the decimal number it reads as
// to a person: -007 is -7.
func yamlDecimal(s string) string {
	sign := ""
	if s[0] == '-' || s[0] == '+' {
		sign, s = s[:1], s[1:]
	}
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return "0"
	}
	if sign == "+" {
		sign = ""
	}
	return sign + s
}

func yamlTagMessage(tag string) string {
	if tag == "!!binary" {
		return "YAML tag !!binary has no JSON equivalent; remove the tag to keep the base64 text as a string"
	}
	return fmt.Sprintf("YAML tag %s has no JSON equivalent; remove the tag", tag)
}
