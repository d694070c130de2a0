package jsonv

import (
	"errors"
	"strings"
	"testing"
	"time"
)

var testSrc = Source{Name: "f.json"}

func TestDecodeJSONValues(t *testing.T) {
	tests := []struct {
		in   string
		want any
	}{
		{`null`, nil},
		{`true`, true},
		{" \t\r\n false \n", false},
		{`0`, 0.0},
		{`-0`, 0.0},
		{`1`, 1.0},
		{`1.0`, 1.0},
		{`1e0`, 1.0},
		{`1E+2`, 100.0},
		{`-1.5e-3`, -0.0015},
		{`1e-400`, 0.0},
		{`1e21`, 1e21},
		{`1.5e300`, 1.5e300},
		{`9007199254740991`, 9007199254740991.0},
		{`-9007199254740991`, -9007199254740991.0},
		{`9007199254740991.0`, 9007199254740991.0},
		{`""`, ""},
		{`"plain"`, "plain"},
		{`"é😀"`, "é😀"},
		{`"\"\\\/\b\f\n\r\t"`, "\"\\/\b\f\n\r\t"},
		{`"\u0000\u00e9\u20AC"`, "\x00é€"},
		{`"\ud83d\ude00 \uD83D\uDE00"`, "😀 😀"},
		{`"a\u0041é\u00e9"`, "aAéé"},
		{`[]`, []any{}},
		{`{}`, map[string]any{}},
		{`[1, "a", null, [true], {}]`, []any{1.0, "a", nil, []any{true}, map[string]any{}}},
		{`{"a": {"b": [1, 2]}, "c\u0064": "x"}`, map[string]any{"a": map[string]any{"b": []any{1.0, 2.0}}, "cd": "x"}},
		{"\xEF\xBB\xBF{\"bom\": true}", map[string]any{"bom": true}},
	}
	for _, tc := range tests {
		got, err := DecodeJSON([]byte(tc.in), testSrc)
		if err != nil {
			t.Errorf("DecodeJSON(%q): %v", tc.in, err)
			continue
		}
		if !Equal(got, tc.want) {
			t.Errorf("DecodeJSON(%q) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}

func TestDecodeJSONSyntaxErrors(t *testing.T) {
	tests := []struct {
		in      string
		src     Source
		pos     string
		message string // substring
	}{
		{"", testSrc, "f.json:1:1", "expected a JSON value, found end of input"},
		{"  \n  ", testSrc, "f.json:2:3", "expected a JSON value, found end of input"},
		{`[1,]`, testSrc, "f.json:1:4", `expected a value after ",", found "]" (JSON allows no trailing comma)`},
		{`{"a":1,}`, testSrc, "f.json:1:8", `found "}" (JSON allows no trailing comma)`},
		{`{"a":1]`, testSrc, "f.json:1:7", `expected "," or "}" after object member, found "]"`},
		{`[1 2]`, testSrc, "f.json:1:4", `expected "," or "]" after array element, found "2"`},
		{`[1`, testSrc, "f.json:1:3", `expected "," or "]" after array element, found end of input`},
		{`[`, testSrc, "f.json:1:2", `expected a JSON value, found end of input`},
		{`{"a" 1}`, testSrc, "f.json:1:6", `expected ":" after object key, found "1"`},
		{`{1:2}`, testSrc, "f.json:1:2", `expected a string key, found "1"`},
		{`{'a':1}`, testSrc, "f.json:1:2", `(JSON strings take double quotes)`},
		{`{"a":1 "b":2}`, testSrc, "f.json:1:8", `expected "," or "}" after object member, found "\""`},
		{`012`, testSrc, "f.json:1:1", `numbers have no leading zeros: found "012" (write 12`},
		{`[-00]`, testSrc, "f.json:1:2", `found "-00" (write -0`},
		{`-`, testSrc, "f.json:1:2", `expected a digit after "-", found end of input`},
		{`-x`, testSrc, "f.json:1:2", `expected a digit after "-", found "x"`},
		{`1.`, testSrc, "f.json:1:3", `expected a digit after "." in number`},
		{`.5`, testSrc, "f.json:1:1", `expected a JSON value, found ".5"`},
		{`1e`, testSrc, "f.json:1:3", `expected a digit in the exponent`},
		{`1e+`, testSrc, "f.json:1:4", `expected a digit in the exponent`},
		{`+1`, testSrc, "f.json:1:1", `JSON numbers take no "+" sign`},
		{`tru`, testSrc, "f.json:1:1", `expected a JSON value, found "tru"`},
		{`True`, testSrc, "f.json:1:1", `(JSON literals are true, false and null)`},
		{`nul`, testSrc, "f.json:1:1", `found "nul"`},
		{`NaN`, testSrc, "f.json:1:1", `there is no NaN or Infinity`},
		{`[-Infinity]`, testSrc, "f.json:1:3", `expected a digit after "-", found "Infinity"`},
		{"// c\n1", testSrc, "f.json:1:1", `(JSON has no comments)`},
		{`1 2`, testSrc, "f.json:1:3", `expected end of input after the JSON value, found "2"`},
		{`{} x`, testSrc, "f.json:1:4", `found "x"`},
		{`truex`, testSrc, "f.json:1:5", `expected end of input after the JSON value, found "x"`},
		{`"abc`, testSrc, "f.json:1:5", `expected "\"" to end the string that starts at 1:1, found end of input`},
		{"\"a\nb\"", testSrc, "f.json:1:3", `control character U+000A in a string`},
		{"\"a\\n\tb\"", testSrc, "f.json:1:5", `control character U+0009`},
		{`"\x"`, testSrc, "f.json:1:2", `invalid escape \x in a string`},
		{`"\u12"`, testSrc, "f.json:1:6", `expected 4 hex digits after "\u", found "\""`},
		{`"\u12`, testSrc, "f.json:1:6", `found end of input`},
		{`"\`, testSrc, "f.json:1:3", `found end of input`},
		{"\x00", testSrc, "f.json:1:1", `found "\x00"`},
		{"[\xff]", testSrc, "f.json:1:2", `found byte 0xff (not UTF-8)`},
		{"[\u00a0]", testSrc, "f.json:1:2", `found "\u00a0"`},
		// Columns count runes, not bytes; a tab is one column.
		{`["é😀", x]`, testSrc, "f.json:1:8", `found "x"`},
		{"\t[x]", testSrc, "f.json:1:3", `found "x"`},
		// A leading BOM is skipped and takes no column.
		{"\xEF\xBB\xBF x", testSrc, "f.json:1:2", `found "x"`},
		{"\xEF\xBB\xBF", testSrc, "f.json:1:1", `found end of input`},
		{"\xEF\xBB\xBF\xEF\xBB\xBF1", testSrc, "f.json:1:1", `found "\ufeff"`},
		// Text line 1 is file line 10; columns shift by the indent.
		{"{\n  \"a\": 1,\n}", Source{Name: "f.feature", Line: 10, Indent: 6}, "f.feature:12:7", `found "}" (JSON allows no trailing comma)`},
		{"[\n 1,\n 2 3]", Source{Name: "f.feature", Line: 10, Indent: 6}, "f.feature:12:10", `found "3"`},
		{`"abc`, Source{Name: "f.feature", Line: 10, Indent: 6}, "f.feature:10:11", `starts at 10:7`},
	}
	for _, tc := range tests {
		_, err := DecodeJSON([]byte(tc.in), tc.src)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("DecodeJSON(%q) = %v, want a *SyntaxError", tc.in, err)
			continue
		}
		if se.Pos != tc.pos || !strings.Contains(se.Message, tc.message) {
			t.Errorf("DecodeJSON(%q):\n got %s: %s\nwant %s: ...%s...", tc.in, se.Pos, se.Message, tc.pos, tc.message)
		}
	}
}

func TestDecodeJSONRuleErrors(t *testing.T) {
	feature := Source{Name: "f.feature", Line: 10, Indent: 6}
	tests := []struct {
		name    string
		in      string
		src     Source
		code    Code
		path    string
		pos     string
		message string // substring
	}{
		{"duplicate key", `{"a":1,"a":2}`, testSrc, DuplicateKey, "$.a", "f.json:1:8", `duplicate key "a"; the first was at 1:2`},
		{"duplicate nested", `{"m":[{"x":1},{"y":1,"z":[],"y":2}]}`, testSrc, DuplicateKey, "$.m[1].y", "f.json:1:29", "the first was at 1:16"},
		{"duplicate by escape", `{"é":1,"\u00e9":2}`, testSrc, DuplicateKey, `$["é"]`, "f.json:1:8", `duplicate key "é"`},
		{"duplicate mapped", "{\n  \"a\": {\"b\": 1},\n  \"a\": 2\n}", feature, DuplicateKey, "$.a", "f.feature:12:9", "the first was at 11:9"},
		{"duplicate before bad value", `{"a":1,"a":1e999}`, testSrc, DuplicateKey, "$.a", "f.json:1:8", ""},

		{"bad utf8 value", "\"a\xffb\"", testSrc, InvalidUTF8, "$", "f.json:1:1", "byte 0xff at 1:3"},
		{"bad utf8 member", "{\"k\": [1, \"\xc3\"]}", testSrc, InvalidUTF8, "$.k[1]", "f.json:1:11", "string holds invalid UTF-8"},
		{"bad utf8 after escape", "\"\\n\xed\xa0\x80\"", testSrc, InvalidUTF8, "$", "f.json:1:1", "byte 0xed"},
		{"bad utf8 key", "{\"ok\":1,\"\xff\":1}", testSrc, InvalidUTF8, "$", "f.json:1:9", "object key holds invalid UTF-8"},
		{"lone high surrogate", `"\ud800"`, testSrc, InvalidUTF8, "$", "f.json:1:1", `lone surrogate \ud800 (at 1:2)`},
		{"high then text", `["x", "ab\ud800x"]`, testSrc, InvalidUTF8, "$[1]", "f.json:1:7", `\ud800`},
		{"high then non-low", `"\ud800\u0041"`, testSrc, InvalidUTF8, "$", "f.json:1:1", `\ud800`},
		{"high then high", `"\ud800\ud800"`, testSrc, InvalidUTF8, "$", "f.json:1:1", `\ud800`},
		{"lone low", `{"k":"\udc00"}`, testSrc, InvalidUTF8, "$.k", "f.json:1:6", `lone surrogate \udc00`},
		{"lone surrogate in key", `{"\uDFFF":1}`, testSrc, InvalidUTF8, "$", "f.json:1:2", `object key holds a lone surrogate \udfff`},

		{"unsafe 2^53", `9007199254740992`, testSrc, UnsafeInteger, "$", "f.json:1:1", "the integer 9007199254740992 is outside ±(2^53−1) and loses precision in JavaScript runtimes (I-JSON, RFC 7493); quote it as a string"},
		{"unsafe negative", `-9007199254740992`, testSrc, UnsafeInteger, "$", "f.json:1:1", "-9007199254740992"},
		{"unsafe nested", `{"n": [1, 12345678901234567890]}`, testSrc, UnsafeInteger, "$.n[1]", "f.json:1:11", ""},
		{"unsafe huge", `1` + strings.Repeat("0", 400), testSrc, UnsafeInteger, "$", "f.json:1:1", ""},
		{"unsafe by exponent", `{"t": 1e20}`, testSrc, UnsafeInteger, "$.t", "f.json:1:7", "1e20 is the integer 100000000000000000000"},
		{"unsafe with fraction", `9007199254740992.0`, testSrc, UnsafeInteger, "$", "f.json:1:1", ""},
		{"unsafe mapped", "[\n  1,\n  9007199254740993\n]", feature, UnsafeInteger, "$[1]", "f.feature:12:9", ""},

		{"overflow", `1e400`, testSrc, NonJSONValue, "$", "f.json:1:1", "1e400 is not a finite number"},
		{"overflow negative", `{"x": [-1.5e999]}`, testSrc, NonJSONValue, "$.x[0]", "f.json:1:8", "not a finite number"},

		{"too deep array", strings.Repeat("[", 1001) + strings.Repeat("]", 1001), testSrc, TooDeep, "$" + strings.Repeat("[0]", 1000), "f.json:1:1001", "deeper than 1000 levels"},
		{"too deep object", strings.Repeat(`{"a":`, 1001) + "1" + strings.Repeat("}", 1001), testSrc, TooDeep, "$" + strings.Repeat(".a", 1000), "f.json:1:5001", ""},
		{"too deep unclosed", strings.Repeat("[", 5000), testSrc, TooDeep, "$" + strings.Repeat("[0]", 1000), "f.json:1:1001", ""},
		{"first violation wins", `[1e999, 9007199254740992]`, testSrc, NonJSONValue, "$[0]", "f.json:1:2", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeJSON([]byte(tc.in), tc.src)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("DecodeJSON = %v, want an *Error", err)
			}
			if e.Code != tc.code || e.Path != tc.path || e.Pos != tc.pos {
				t.Errorf("got %s at %s %s, want %s at %s %s", e.Code, e.Path, e.Pos, tc.code, tc.path, tc.pos)
			}
			if !strings.Contains(e.Message, tc.message) {
				t.Errorf("message %q does not contain %q", e.Message, tc.message)
			}
		})
	}
}

func TestDecodeJSONDepthLimit(t *testing.T) {
	ok := strings.Repeat("[", 1000) + strings.Repeat("]", 1000)
	if _, err := DecodeJSON([]byte(ok), testSrc); err != nil {
		t.Errorf("1000 levels: %v", err)
	}
	mixed := strings.Repeat(`[{"a":`, 500) + "null" + strings.Repeat("}]", 500)
	if _, err := DecodeJSON([]byte(mixed), testSrc); err != nil {
		t.Errorf("1000 mixed levels: %v", err)
	}
	// A 10 MB bracket bomb stops at level 1,001 without touching the rest.
	bomb := []byte(strings.Repeat("[", 10<<20))
	start := time.Now()
	_, err := DecodeJSON(bomb, testSrc)
	if CodeOf(err) != TooDeep {
		t.Fatalf("bomb: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("bomb took %v", d)
	}
}

func TestDecodeJSONCopiesInput(t *testing.T) {
	data := []byte(`{"key": "value", "esc\n": "a\tb", "list": ["x", "é"], "key2": {"key": "v"}}`)
	got, err := DecodeJSON(data, testSrc)
	if err != nil {
		t.Fatal(err)
	}
	before := string(data)
	want, _ := DecodeJSON([]byte(before), testSrc)
	for i := range data {
		data[i] = 'X'
	}
	if !Equal(got, want) {
		t.Errorf("result changed with its input: %#v", got)
	}
	// And decoding does not write to its input.
	data = []byte(before)
	if _, err := DecodeJSON(data, testSrc); err != nil || string(data) != before {
		t.Errorf("input changed: %q", data)
	}
}

func nest(levels int) any {
	var v any = "leaf"
	for range levels {
		v = []any{v}
	}
	return v
}
