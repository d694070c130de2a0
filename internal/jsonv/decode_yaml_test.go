package jsonv

import (
	"encoding/json"
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

// yamlFeature is a docstring whose text starts on line 10, indented 6 columns:
// YAML line 1 column 1 is f.feature:10:7.
var yamlFeature = Source{Name: "f.feature", Line: 10, Indent: 6}

type yamlValueCase struct {
	name string
	in   string
	want any
}

var yamlValueCases = []yamlValueCase{
	{"json flow", `{"a": [1, 2.5, "x", null, true]}`, map[string]any{"a": []any{1.0, 2.5, "x", nil, true}}},
	{"block mapping", "a: 1\nb:\n  - x\n  - y: z\n", map[string]any{"a": 1.0, "b": []any{"x", map[string]any{"y": "z"}}}},
	{"yaml 1.1 booleans stay strings", "[yes, no, on, off, y, n, Yes, NO]", []any{"yes", "no", "on", "off", "y", "n", "Yes", "NO"}},
	{"core booleans", "[true, True, TRUE, false, False, FALSE]", []any{true, true, true, false, false, false}},
	{"nulls", "a: ~\nb: null\nc:\nd: NULL", map[string]any{"a": nil, "b": nil, "c": nil, "d": nil}},
	{"bare null", "null", nil},
	{"integers", "[0, -0, 7, +7, -7, 1_000, 0x1F, 0o12, 0O12, 0b101, -0b101, -0x1F]",
		[]any{0.0, 0.0, 7.0, 7.0, -7.0, 1000.0, 31.0, 10.0, 10.0, 5.0, -5.0, -31.0}},
	{"safe integer bounds", "[9007199254740991, -9007199254740991, 0x1FFFFFFFFFFFFF]",
		[]any{9007199254740991.0, -9007199254740991.0, 9007199254740991.0}},
	{"floats", "[.5, -.5, +1.5, 1e3, 1E-2, 1., 2.50, 1_000.5, 1e-400, 1.0e+2]",
		[]any{0.5, -0.5, 1.5, 1000.0, 0.01, 1.0, 2.5, 1000.5, 0.0, 100.0}},
	{"quoted scalars are strings", `["012", '2024-01-02', ".nan", "true", '~', "1e400", "<<"]`,
		[]any{"012", "2024-01-02", ".nan", "true", "~", "1e400", "<<"}},
	{"quoted keys", `{"1": a, 'true': b, "null": c, "<<": d}`, map[string]any{"1": "a", "true": "b", "null": "c", "<<": "d"}},
	{"explicit core tags", `[!!str 12, !!float 1, !!int "12", !!bool "true", !!null "", !!str 2024-01-02]`,
		[]any{"12", 1.0, 12.0, true, nil, "2024-01-02"}},
	{"block scalars", "a: |\n  x\n  y\nb: >\n  x\n  y\n", map[string]any{"a": "x\ny\n", "b": "x y\n"}},
	{"merge indicator as a value", "a: <<", map[string]any{"a": "<<"}},
	{"strings that are not numbers", "[1.2.3, 0x, +, ._5]",
		[]any{"1.2.3", "0x", "+", "._5"}},
	{"anchor and alias", "a: &x {b: [1, 2]}\nc: *x\nd: [*x, *x]",
		map[string]any{"a": map[string]any{"b": []any{1.0, 2.0}}, "c": map[string]any{"b": []any{1.0, 2.0}},
			"d": []any{map[string]any{"b": []any{1.0, 2.0}}, map[string]any{"b": []any{1.0, 2.0}}}}},
	{"alias of a scalar key", "&k name: 1\nother: {*k : 2}\nv: *k", map[string]any{"name": 1.0, "other": map[string]any{"name": 2.0}, "v": "name"}},
	{"explicit document markers", "---\na: 1\n...\n", map[string]any{"a": 1.0}},
	{"comments", "# head\na: 1 # line\n# foot\n", map[string]any{"a": 1.0}},
	{"unicode escapes", `["\u00e9\x41\U0001F600", "a\tb"]`, []any{"éA😀", "a\tb"}},
	{"empty collections", "{a: [], b: {}}", map[string]any{"a": []any{}, "b": map[string]any{}}},
}

func TestDecodeYAMLValues(t *testing.T) {
	for _, tc := range yamlValueCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DecodeYAML([]byte(tc.in), yamlFeature)
			if err != nil {
				t.Fatalf("DecodeYAML(%q): %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("DecodeYAML(%q)\n got %#v\nwant %#v", tc.in, got, tc.want)
			}
		})
	}
}

type yamlErrorCase struct {
	name string
	in   string
	code Code // "" for a *SyntaxError
	path string
	pos  string
	msg  string // a part of the message
}

var yamlErrorCases = []yamlErrorCase{
	// timestamps
	{"date", "a: 2024-01-02", NonJSONValue, "$.a", "f.feature:10:10", "2024-01-02 is a YAML timestamp, not a JSON value; quote it to keep it a string"},
	{"date time", "a:\n  b: [1, 2024-01-02T03:04:05Z]", NonJSONValue, "$.a.b[1]", "f.feature:11:16", "quote it to keep it a string"},
	{"timestamp tag", `!!timestamp "2024-01-02"`, NonJSONValue, "$", "f.feature:10:7", "quote it to keep it a string"},
	{"YAML 1.1 spaced timestamp", "a: 2001-12-14 21:59:43.10 -5", NonJSONValue, "$.a", "f.feature:10:10", "is a YAML timestamp"},
	{"float that is an unsafe integer", "a: 1e20", UnsafeInteger, "$.a", "f.feature:10:10", "1e20 is the integer 100000000000000000000"},
	// non-finite numbers
	{"nan", "a: .nan", NonJSONValue, "$.a", "f.feature:10:10", ".nan is not a finite number"},
	{"NaN", "[1, .NaN]", NonJSONValue, "$[1]", "f.feature:10:11", "not a finite number"},
	{"inf", ".inf", NonJSONValue, "$", "f.feature:10:7", "not a finite number"},
	{"minus inf", "x: -.Inf", NonJSONValue, "$.x", "f.feature:10:10", "not a finite number"},
	{"float overflow", "x: 1e400", NonJSONValue, "$.x", "f.feature:10:10", "not a finite number"},
	{"tagged inf", "x: !!float .INF", NonJSONValue, "$.x", "f.feature:10:10", "not a finite number"},
	// tags
	{"binary", "x: !!binary aGVsbG8=", NonJSONValue, "$.x", "f.feature:10:10", "YAML tag !!binary has no JSON equivalent"},
	{"set", "!!set {a, b}", NonJSONValue, "$", "f.feature:10:7", "YAML tag !!set has no JSON equivalent; remove the tag"},
	{"omap", "x: !!omap [{a: 1}]", NonJSONValue, "$.x", "f.feature:10:10", "!!omap"},
	{"pairs", "x: !!pairs [{a: 1}]", NonJSONValue, "$.x", "f.feature:10:10", "!!pairs"},
	{"custom tag", "x: [!foo bar]", NonJSONValue, "$.x[0]", "f.feature:10:11", "YAML tag !foo has no JSON equivalent"},
	{"custom tag on mapping", "!thing {a: 1}", NonJSONValue, "$", "f.feature:10:7", "!thing"},
	{"seq tag on a mapping", "!!seq {a: 1}", NonJSONValue, "$", "f.feature:10:7", "!!seq"},
	{"bad tagged int", "!!int 1.5", NonJSONValue, "$", "f.feature:10:7", `"1.5" cannot be read as !!int`},
	{"bad tagged bool", "!!bool yes", NonJSONValue, "$", "f.feature:10:7", `"yes" cannot be read as !!bool`},
	{"merge key", "base: &b {a: 1}\nx:\n  <<: *b\n  c: 2", NonJSONValue, `$.x["<<"]`, "f.feature:12:9", "YAML merge keys (<<) are not supported; write the keys out"},
	// non-string keys
	{"int key", "1: a", NonJSONValue, `$["1"]`, "f.feature:10:7", "mapping key 1 is read as !!int; mapping keys must be strings; quote it"},
	{"bool key", "a: {true: x}", NonJSONValue, "$.a.true", "f.feature:10:11", "mapping keys must be strings; quote it"},
	{"null key", "null: x", NonJSONValue, "$.null", "f.feature:10:7", "mapping keys must be strings; quote it"},
	{"empty key", "? \n: x", NonJSONValue, `$[""]`, "f.feature:10:8", "mapping keys must be strings; quote it"},
	{"float key", "1.5: x", NonJSONValue, `$["1.5"]`, "f.feature:10:7", "!!float"},
	{"timestamp key", "2024-01-02: x", NonJSONValue, `$["2024-01-02"]`, "f.feature:10:7", "mapping keys must be strings"},
	{"sequence key", "? [a]\n: b", NonJSONValue, "$", "f.feature:10:9", "mapping key is a sequence; mapping keys must be strings; quote it"},
	{"mapping key", "{{a: 1}: b}", NonJSONValue, "$", "f.feature:10:8", "mapping key is a mapping"},
	// YAML 1.1 octal
	{"octal", "a: 012", NonJSONValue, "$.a", "f.feature:10:10", "write 12 or quote it"},
	{"negative octal", "a: -007", NonJSONValue, "$.a", "f.feature:10:10", "write -7 or quote it"},
	{"not octal", "a: [0, 09]", NonJSONValue, "$.a[1]", "f.feature:10:14", "09 is ambiguous: YAML 1.1 reads it as an octal number; write 9 or quote it"},
	{"zeros", "00", NonJSONValue, "$", "f.feature:10:7", "write 0 or quote it"},
	{"octal with underscores", "0_12", NonJSONValue, "$", "f.feature:10:7", "write 12 or quote it"},
	{"tagged octal", "!!int 012", NonJSONValue, "$", "f.feature:10:7", "write 12 or quote it"},
	// duplicate keys
	{"duplicate", "a: 1\nb: 2\na: 3", DuplicateKey, "$.a", "f.feature:12:7", `duplicate key "a" (first at f.feature:10:7)`},
	{"duplicate in flow", `{"x": {"a b": 1, "a b": 2}}`, DuplicateKey, `$.x["a b"]`, "f.feature:10:24", `duplicate key "a b"`},
	{"duplicate through alias", "&k a: 1\n*k : 2", DuplicateKey, "$.a", "f.feature:11:7", `duplicate key "a"`},
	// UTF-8
	{"invalid utf-8", "a: b\nc: \xff", InvalidUTF8, "", "f.feature:11:10", "invalid UTF-8 (byte 0xff)"},
	{"invalid utf-8 in a key", "\xc3\x28: 1", InvalidUTF8, "", "f.feature:10:7", "invalid UTF-8 (byte 0xc3)"},
	{"utf-16", "\xff\xfea\x00", InvalidUTF8, "", "f.feature:10:7", "invalid UTF-8"},
	{"lone surrogate escape", "a: b\nc: \"\\ud800\"", InvalidUTF8, "", "f.feature:11:7", `invalid \u escape`},
	// unsafe integers
	{"2^53", "a: 9007199254740992", UnsafeInteger, "$.a", "f.feature:10:10", "integer 9007199254740992 is outside ±(2^53−1): it loses precision in JavaScript runtimes; quote it"},
	{"-2^53", "[-9007199254740992]", UnsafeInteger, "$[0]", "f.feature:10:8", "loses precision in JavaScript runtimes"},
	{"beyond int64", "a: 12345678901234567890", UnsafeInteger, "$.a", "f.feature:10:10", "loses precision"},
	{"beyond uint64", "a: 123456789012345678901234567890", UnsafeInteger, "$.a", "f.feature:10:10", "loses precision"},
	{"hex", "a: 0x20000000000000", UnsafeInteger, "$.a", "f.feature:10:10", "loses precision"},
	{"hex beyond uint64", "a: 0x1FFFFFFFFFFFFFFFF", UnsafeInteger, "$.a", "f.feature:10:10", "loses precision"},
	{"json big integer", `{"n": 9007199254740993}`, UnsafeInteger, "$.n", "f.feature:10:13", "loses precision"},
	// JSON texts yaml.v3 cannot read go to DecodeJSON, errors included.
	{"json lone surrogate", `{"a": "\ud800"}`, InvalidUTF8, "$.a", "f.feature:10:13", ""},
	{"json duplicate after a line break", "{\"a\"\n: 1, \"a\": 2}", DuplicateKey, "$.a", "f.feature:11:12", ""},
	// aliases
	{"recursive alias", "&a [*a]", NonJSONValue, "$[0]", "f.feature:10:11", "alias *a refers to a value that contains it"},
	{"alias of a bad value", "a: &x .nan\nb: *x", NonJSONValue, "$.a", "f.feature:10:10", "not a finite number"},
	// syntax
	{"empty", "", "", "", "f.feature:10:7", "expected a value, found an empty document"},
	{"only comments", "# nothing\n  # here\n", "", "", "f.feature:10:7", "expected a value, found an empty document"},
	{"only whitespace", "  \n\n", "", "", "f.feature:10:7", "expected a value, found an empty document"},
	{"only a marker", "---\n", "", "", "f.feature:10:7", "expected a value, found an empty document"},
	{"two documents", "a: 1\n---\nb: 2\n", "", "", "f.feature:11:7", "expected one YAML document, found a second one"},
	{"two markers", "---\na: 1\n---\n", "", "", "f.feature:12:7", "found a second one"},
	{"bad indentation", "a:\n  b: c\n d: e\n", "", "", "f.feature:11:7", "invalid YAML: did not find expected key"},
	{"unclosed flow", "a: 1\nb: [1, 2\n", "", "", "", "invalid YAML"},
	{"unknown anchor", "a: *nope", "", "", "f.feature:10:7", "unknown anchor 'nope' referenced"},
	{"control character", "- a\n- \x01", "", "", "f.feature:11:9", "control character U+0001 is not allowed"},
	{"unknown escape", `a: "\q"`, "", "", "f.feature:10:7", "found unknown escape character"},
}

func TestDecodeYAMLErrors(t *testing.T) {
	for _, tc := range yamlErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := DecodeYAML([]byte(tc.in), yamlFeature)
			if err == nil {
				t.Fatalf("DecodeYAML(%q) = %#v, want an error", tc.in, v)
			}
			checkYAMLError(t, tc, err)
		})
	}
}

func checkYAMLError(t *testing.T, tc yamlErrorCase, err error) {
	t.Helper()
	var code Code
	var path, pos, msg string
	var ee *Error
	var se *SyntaxError
	switch {
	case errors.As(err, &ee):
		code, path, pos, msg = ee.Code, ee.Path, ee.Pos, ee.Message
	case errors.As(err, &se):
		pos, msg = se.Pos, se.Message
	default:
		t.Fatalf("error %T %v is neither *Error nor *SyntaxError", err, err)
	}
	if code != tc.code || path != tc.path || (tc.pos != "" && pos != tc.pos) || !strings.Contains(msg, tc.msg) {
		t.Fatalf("DecodeYAML(%q):\n got code=%q path=%q pos=%q msg=%q\nwant code=%q path=%q pos=%q msg containing %q",
			tc.in, code, path, pos, msg, tc.code, tc.path, tc.pos, tc.msg)
	}
}

func TestDecodeYAMLSourceWithoutName(t *testing.T) {
	_, err := DecodeYAML([]byte("a: 012"), Source{})
	var e *Error
	if !errors.As(err, &e) || e.Pos != "<input>:1:4" {
		t.Fatalf("got %v, want a position <input>:1:4", err)
	}
}

// yamlJSONDocs are JSON texts; as YAML they must give what a JSON decoder
// gives. The last few are texts yaml.v3 alone misreads.
var yamlJSONDocs = []string{
	`{"a": [1, 2.5, "x", null, true]}`,
	`{"a":"b","c":[1,2,{"d":null}]}`,
	"{\n\t\"a\": 1,\n\t\"b\": [\n\t\t1,\n\t\t2\n\t]\n}",
	`[-0, 1E5, 1e-5, -1.5e+3, 0.1, 1.0, 9007199254740991, 0, -1]`,
	`{"key with: colon": "v#x", "k2": "# not a comment", "k3": "- item", "k4": "&a *b !c"}`,
	`"just a string"`,
	`42`,
	`null`,
	`[[], {}, [[]], {"": ""}]`,
	"{\"a\":\n  {\"b\":\n1}}",
	`["\b\f\n\r\t\"\\ \u00e9 \u0000 \u2028"]`,
	`{"yes": "no", "on": "off", "true": false, "012": "0x1F", "2024-01-02": "2024-01-02"}`,
	`{"nested": {"deeper": {"deepest": [1, [2, [3, {"x": "y"}]]]}}}`,
	`["a` + "\u2028" + `b", "c` + "\u2029" + `d"]`,
	// yaml.v3 rejects or misreads these; DecodeYAML hands them to DecodeJSON.
	`{"url": "http:\/\/example.com\/"}`,
	`["\ud83d\ude00"]`,
	`{"` + strings.Repeat("k", 1100) + `": 1}`,
	"{\"a\"\n: 1}",
	"[\"c\u0085d\"]",
	"[\"\u2028 \", \"a \u2029 b\"]",
	"[\"a\u007fb\"]",
}

func TestDecodeYAMLJSONEquivalence(t *testing.T) {
	for _, doc := range yamlJSONDocs {
		var want any
		if err := json.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatalf("bad test document %q: %v", doc, err)
		}
		got, err := DecodeYAML([]byte(doc), yamlFeature)
		if err != nil {
			t.Errorf("DecodeYAML(%.60q): %v", doc, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("DecodeYAML(%.60q)\n got %#v\nwant %#v", doc, got, want)
		}
	}
}

func yamlNestedFlow(depth int) string {
	return strings.Repeat("[", depth) + strings.Repeat("]", depth)
}

func TestDecodeYAMLDepth(t *testing.T) {
	v, err := DecodeYAML([]byte(yamlNestedFlow(1000)), yamlFeature)
	if err != nil {
		t.Fatalf("1,000 levels: %v", err)
	}
	for i := 1; i < 1000; i++ {
		v = v.([]any)[0]
	}
	if a, ok := v.([]any); !ok || len(a) != 0 {
		t.Fatalf("innermost value = %#v, want []", v)
	}

	deepest := "$" + strings.Repeat("[0]", 1000)
	checkYAMLError(t, yamlErrorCase{in: "1,001", code: TooDeep, path: deepest, pos: "f.feature:10:1007",
		msg: "nested deeper than 1000 levels"}, yamlDecodeErr(t, yamlNestedFlow(1001)))

	var block strings.Builder
	for i := range 1001 {
		block.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	checkYAMLError(t, yamlErrorCase{in: "block", code: TooDeep, path: "$" + strings.Repeat(".k", 1000),
		pos: "f.feature:1010:1007", msg: "nested deeper than 1000 levels"}, yamlDecodeErr(t, block.String()))

	// yaml.v3 gives up at 10,000 levels, before the walk: still TOO_DEEP.
	checkYAMLError(t, yamlErrorCase{in: "10,001", code: TooDeep, msg: "nested deeper than 1000 levels"},
		yamlDecodeErr(t, yamlNestedFlow(10001)))
	checkYAMLError(t, yamlErrorCase{in: "1,000,000", code: TooDeep, msg: "nested deeper than 1000 levels"},
		yamlDecodeErr(t, strings.Repeat("[", 1_000_000)))

	// An alias adds the anchored value's height where it is used.
	doc := "a: &x " + yamlNestedFlow(600) + "\nb: " + strings.Repeat("[", 400) + "*x" + strings.Repeat("]", 400)
	checkYAMLError(t, yamlErrorCase{in: "alias", code: TooDeep, path: "$.b" + strings.Repeat("[0]", 400),
		pos: "f.feature:11:410", msg: "nested deeper than 1000 levels (alias *x adds 600)"}, yamlDecodeErr(t, doc))
	doc = "a: &x " + yamlNestedFlow(600) + "\nb: " + strings.Repeat("[", 399) + "*x" + strings.Repeat("]", 399)
	if _, err := DecodeYAML([]byte(doc), yamlFeature); err != nil {
		t.Fatalf("alias reaching 999 levels: %v", err)
	}
}

func yamlDecodeErr(t *testing.T, in string) error {
	t.Helper()
	v, err := DecodeYAML([]byte(in), yamlFeature)
	if err == nil {
		t.Fatalf("DecodeYAML(%.40q) = %.100v, want an error", in, v)
	}
	return err
}

func yamlBillionLaughs() string {
	var b strings.Builder
	b.WriteString("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		b.WriteString(name + ": &" + name + " [")
		for j := range 9 {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("*" + prev)
		}
		b.WriteString("]\n")
		prev = name
	}
	return b.String()
}

func TestDecodeYAMLBillionLaughs(t *testing.T) {
	doc := []byte(yamlBillionLaughs())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := DecodeYAML(doc, yamlFeature)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	checkYAMLError(t, yamlErrorCase{in: "billion laughs", code: TooLarge, path: "$.g[0]", pos: "f.feature:16:14",
		msg: "YAML aliases expand to more than 1000000 values"}, err)
	if elapsed > 500*time.Millisecond {
		t.Errorf("took %v, want well under a second", elapsed)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("allocated %d bytes, want little", alloc)
	}
}

func TestDecodeYAMLAliasesShareAndCount(t *testing.T) {
	// 9^6 = 531,441 strings: under the limit, and cheap because shared.
	doc := strings.Join(strings.Split(yamlBillionLaughs(), "\n")[:6], "\n")
	v, err := DecodeYAML([]byte(doc), yamlFeature)
	if err != nil {
		t.Fatalf("six levels of laughs: %v", err)
	}
	f := v.(map[string]any)["f"].([]any)
	if len(f) != 9 {
		t.Fatalf("f has %d elements, want 9", len(f))
	}
	if &f[0].([]any)[0] != &f[1].([]any)[0] {
		t.Errorf("alias expansions are copies, want shared values")
	}
}

func TestDecodeYAMLCopiesInput(t *testing.T) {
	data := []byte("a: [hello, {b: world}]\nhello: 1")
	v, err := DecodeYAML(data, yamlFeature)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = 'x'
	}
	want := map[string]any{"a": []any{"hello", map[string]any{"b": "world"}}, "hello": 1.0}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("value changed with its input: %#v", v)
	}
}

// yamlLongLaughs anchors a string of n characters, aliases it per times in
// b, and b times times in c: few aliases, n*per*times bytes of text.
func yamlLongLaughs(n, per, times int) string {
	return "a: &a \"" + strings.Repeat("x", n) + "\"\n" +
		"b: &b [" + strings.Repeat("*a,", per-1) + "*a]\n" +
		"c: [" + strings.Repeat("*b,", times-1) + "*b]\n"
}

func TestDecodeYAMLAliasBytes(t *testing.T) {
	// 1,000 characters x 100 x 200 is 20 MB of strings from 300 aliases,
	// under the values cap; with 30 KB strings a 64 KB text was 6 GB.
	doc := []byte(yamlLongLaughs(1000, 100, 200))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := DecodeYAML(doc, yamlFeature)
	runtime.ReadMemStats(&after)
	// *a is 1,001 bytes, *b 100,101: c's 167th alias passes 16 MiB.
	checkYAMLError(t, yamlErrorCase{in: "long laughs", code: TooLarge, path: "$.c[166]", pos: "f.feature:12:509",
		msg: "YAML aliases expand to more than 16 MiB of text (alias *b is 100101 bytes); use fewer aliases, or write the values out"}, err)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("allocated %d bytes, want little", alloc)
	}

	// The same shape under the limit decodes, its strings shared.
	v, err := DecodeYAML([]byte(yamlLongLaughs(1000, 100, 100)), yamlFeature)
	if err != nil {
		t.Fatalf("10 MB of aliased text: %v", err)
	}
	if c := v.(map[string]any)["c"].([]any); len(c) != 100 || len(c[99].([]any)) != 100 {
		t.Fatalf("c decoded to the wrong shape")
	}
}

func TestDecodeYAMLAliasKeyBytes(t *testing.T) {
	// A 10,000-character key aliased in 2,000 mappings is 20 MB of keys.
	doc := "k: &k \"" + strings.Repeat("k", 10_000) + "\"\nm: [" +
		strings.Repeat("{*k: 1},", 1999) + "{*k: 1}]\n"
	_, err := DecodeYAML([]byte(doc), yamlFeature)
	var e *Error
	if !errors.As(err, &e) || e.Code != TooLarge || !strings.HasPrefix(e.Path, "$.m[") {
		t.Fatalf("got %v, want TOO_LARGE at an element of $.m", err)
	}
}
