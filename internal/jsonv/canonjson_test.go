package jsonv

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestFormatNumber(t *testing.T) {
	// RFC 8785 Appendix B, by IEEE 754 bits, plus the examples of §3.2.2.3.
	bits := []struct {
		bits uint64
		want string
	}{
		{0x0000000000000000, "0"},
		{0x8000000000000000, "0"},
		{0x0000000000000001, "5e-324"},
		{0x8000000000000001, "-5e-324"},
		{0x7fefffffffffffff, "1.7976931348623157e+308"},
		{0xffefffffffffffff, "-1.7976931348623157e+308"},
		{0x4340000000000000, "9007199254740992"},
		{0xc340000000000000, "-9007199254740992"},
		{0x4430000000000000, "295147905179352830000"},
		{0x44b52d02c7e14af5, "9.999999999999997e+22"},
		{0x44b52d02c7e14af6, "1e+23"},
		{0x44b52d02c7e14af7, "1.0000000000000001e+23"},
		{0x444b1ae4d6e2ef4e, "999999999999999700000"},
		{0x444b1ae4d6e2ef4f, "999999999999999900000"},
		{0x444b1ae4d6e2ef50, "1e+21"},
		{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
		{0x3eb0c6f7a0b5ed8d, "0.000001"},
		{0x41b3de4355555553, "333333333.3333332"},
		{0x41b3de4355555554, "333333333.33333325"},
		{0x41b3de4355555555, "333333333.3333333"},
		{0x41b3de4355555556, "333333333.3333334"},
		{0x41b3de4355555557, "333333333.33333343"},
		{0xbecbf647612f3696, "-0.0000033333333333333333"},
		{0x43143ff3c1cb0959, "1424953923781206.2"},
	}
	for _, tc := range bits {
		f := math.Float64frombits(tc.bits)
		if got := FormatNumber(f); got != tc.want {
			t.Errorf("FormatNumber(%#x = %v) = %q, want %q", tc.bits, f, got, tc.want)
		}
	}
	values := []struct {
		f    float64
		want string
	}{
		{1, "1"},
		{-1, "-1"},
		{1.5, "1.5"},
		{0.1, "0.1"},
		{100, "100"},
		{1e21, "1e+21"},
		{1e20, "100000000000000000000"},
		{1e-7, "1e-7"},
		{1.5e-7, "1.5e-7"},
		{0.000001, "0.000001"},
		{0.0000015, "0.0000015"},
		{123456789012345680000, "123456789012345680000"},
		{5e-324, "5e-324"},
		{1.7976931348623157e308, "1.7976931348623157e+308"},
		{math.Copysign(0, -1), "0"},
		{333333333.3333333, "333333333.3333333"},
		{1e30, "1e+30"},
		{4.50, "4.5"},
		{2e-3, "0.002"},
		{1e-27, "1e-27"},
		{9007199254740991, "9007199254740991"},
		{-9007199254740991, "-9007199254740991"},
		{123e-20, "1.23e-18"},
		{-1.5e300, "-1.5e+300"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "Infinity"},
		{math.Inf(-1), "-Infinity"},
	}
	for _, tc := range values {
		if got := FormatNumber(tc.f); got != tc.want {
			t.Errorf("FormatNumber(%v) = %q, want %q", tc.f, got, tc.want)
		}
	}
}

func TestCompactRFC8785Example(t *testing.T) {
	// RFC 8785 §3.2.2, the input as encoding/json reads it.
	in := `{
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`
	var v any
	if err := json.Unmarshal([]byte(in), &v); err != nil {
		t.Fatal(err)
	}
	got, err := Compact(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`
	if string(got) != want {
		t.Errorf("Compact:\n got %s\nwant %s", got, want)
	}
}

func TestKeyOrder(t *testing.T) {
	// RFC 8785 §3.2.3: U+1F600 (a surrogate pair, D83D DE00) sorts before
	// U+FB33 in UTF-16 although its UTF-8 bytes sort after.
	v := map[string]any{
		"\u20ac":     "Euro Sign",
		"\r":         "Carriage Return",
		"\ufb33":     "Hebrew Letter Dalet With Dagesh",
		"1":          "One",
		"\U0001F600": "Emoji: Grinning Face",
		"\u0080":     "Control",
		"\u00f6":     "Latin Small Letter O With Diaeresis",
	}
	got, err := Compact(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"\r":"Carriage Return","1":"One","` + "\u0080" + `":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","דּ":"Hebrew Letter Dalet With Dagesh"}`
	if string(got) != want {
		t.Errorf("Compact:\n got %s\nwant %s", got, want)
	}
}

func TestCompareKeys(t *testing.T) {
	tests := []struct {
		a, b string
		want int // sign
	}{
		{"", "", 0},
		{"a", "a", 0},
		{"", "a", -1},
		{"a", "ab", -1},
		{"b", "ab", 1},
		{"\U0001F600", "\uFB33", -1},
		{"\uFB33", "\U0001F600", 1},
		{"\uE000", "\U00010000", 1},
		{"\uD7FF", "\U00010000", -1},
		{"\U0001F600", "\U0001F601", -1},
		{"x\U0010FFFF", "x\uFFFF", -1},
		{"\u00e9", "\u00ea", -1},
	}
	for _, tc := range tests {
		got := CompareKeys(tc.a, tc.b)
		if sign(got) != tc.want {
			t.Errorf("CompareKeys(%q, %q) = %d, want sign %d", tc.a, tc.b, got, tc.want)
		}
		if ref := compareUTF16(tc.a, tc.b); sign(ref) != tc.want {
			t.Errorf("reference disagrees on (%q, %q)", tc.a, tc.b)
		}
	}
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// compareUTF16 is the slow, obviously right order of JCS.
func compareUTF16(a, b string) int {
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}

func TestEncodeIndent(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"null", nil, "null\n"},
		{"true", true, "true\n"},
		{"string", "a<b>&c\u2028", "\"a<b>&c\u2028\"\n"},
		{"empty object", map[string]any{}, "{}\n"},
		{"empty array", []any{}, "[]\n"},
		{"nil slice", []any(nil), "[]\n"},
		{"nil map", map[string]any(nil), "{}\n"},
		{"flat", map[string]any{"b": 1.0, "a": "x"}, "{\n  \"a\": \"x\",\n  \"b\": 1\n}\n"},
		{
			"nested",
			map[string]any{
				"messages": []any{
					map[string]any{"id": "m1", "content": "hi", "kw": map[string]any{}},
					[]any{},
					[]any{1.0, []any{true, nil}},
				},
				"n": -0.5,
			},
			`{
  "messages": [
    {
      "content": "hi",
      "id": "m1",
      "kw": {}
    },
    [],
    [
      1,
      [
        true,
        null
      ]
    ]
  ],
  "n": -0.5
}
`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Encode(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("Encode:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestEscaping(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", `""`},
		{"plain", `"plain"`},
		{`q"b\`, `"q\"b\\"`},
		{"\b\t\n\f\r", `"\b\t\n\f\r"`},
		{"\x00\x01\x1f", `"\u0000\u0001\u001f"`},
		{"\x7f", "\"\x7f\""},
		{"/", `"/"`},
		{"<>&", `"<>&"`},
		{"\u2028\u2029", "\"\u2028\u2029\""},
		{"é€😀\ufffd", `"é€😀` + "\ufffd" + `"`},
	}
	for _, tc := range tests {
		got, err := Compact(tc.in)
		if err != nil {
			t.Fatalf("Compact(%q): %v", tc.in, err)
		}
		if string(got) != tc.want {
			t.Errorf("Compact(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string // substring of the message
	}{
		{"int", 1, "unsupported Go type int at $"},
		{"NaN", math.NaN(), "NaN is not a finite number at $"},
		{"Inf in array", []any{1.0, math.Inf(-1)}, "-Infinity is not a finite number at $[1]"},
		{"nested type", map[string]any{"a b": []any{map[string]any{"x": float32(1)}}}, `unsupported Go type float32 at $["a b"][0].x`},
		{"typed slice", []string{"a"}, "unsupported Go type []string"},
		{"bad utf8 value", map[string]any{"k": "a\xffb"}, "string is not valid UTF-8 at $.k"},
		{"bad utf8 key", map[string]any{"a\xff": 1.0}, "not valid UTF-8 at $"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, enc := range []func(any) ([]byte, error){Encode, Compact} {
				b, err := enc(tc.v)
				if err == nil {
					t.Fatalf("no error, got %s", b)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %q does not contain %q", err, tc.want)
				}
			}
		})
	}
}

func TestCyclicValue(t *testing.T) {
	m := map[string]any{}
	m["self"] = m
	if _, err := Encode(m); err == nil || !strings.Contains(err.Error(), "cyclic") {
		t.Fatalf("Encode(cyclic) error = %v", err)
	}
}

func TestDepthLimit(t *testing.T) {
	nest := func(levels int) any {
		var v any = map[string]any{}
		for range levels - 1 {
			v = []any{v}
		}
		return v
	}
	if _, err := Compact(nest(1000)); err != nil {
		t.Errorf("1000 levels: %v", err)
	}
	if _, err := Compact(nest(1001)); err == nil {
		t.Error("1001 levels: no error")
	}
}

func TestStackReuse(t *testing.T) {
	// Sibling objects share the member stack: their keys must not mix.
	v := []any{
		map[string]any{"b": map[string]any{"z": 1.0, "y": 2.0}, "a": 0.0, "c": map[string]any{"x": 3.0}},
		map[string]any{"d": 4.0},
	}
	got, err := Compact(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"a":0,"b":{"y":2,"z":1},"c":{"x":3}},{"d":4}]`
	if string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func FuzzEncode(f *testing.F) {
	for _, s := range []string{
		`null`, `true`, `0`, `-0`, `1e21`, `1e-7`, `0.000001`, `5e-324`, `1.7976931348623157e308`,
		`"a\u0000\"\\<>&\u2028"`, `[]`, `{}`, `[1,[2,[3]]]`,
		`{"\ud83d\ude00":1,"\ufb33":2,"a":{"b":[null,false]}}`,
		`{"numbers":[333333333.33333329,1E30,4.50,2e-3,1e-27]}`,
		`"\udc00 lone"`, "\"\xff\"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		out, err := Encode(v)
		if err != nil {
			t.Fatalf("Encode(%s): %v", data, err)
		}
		again, err := Encode(v)
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("Encode not deterministic:\n%s\n%s", out, again)
		}
		var streamed bytes.Buffer
		if err := EncodeTo(&streamed, v); err != nil || !bytes.Equal(streamed.Bytes(), out) {
			t.Fatalf("EncodeTo differs from Encode (%v):\n%s\n%s", err, streamed.Bytes(), out)
		}
		if !utf8.Valid(out) || !bytes.HasSuffix(out, []byte("\n")) || bytes.HasSuffix(out, []byte("\n\n")) {
			t.Fatalf("bad framing: %q", out)
		}
		var back any
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("output does not decode: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(v, back) {
			t.Fatalf("round trip changed the value:\n in %#v\nout %#v", v, back)
		}
		compact, err := Compact(v)
		if err != nil {
			t.Fatal(err)
		}
		var squeezed bytes.Buffer
		if err := json.Compact(&squeezed, out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(squeezed.Bytes(), compact) {
			t.Fatalf("Compact is not Encode without whitespace:\n%s\n%s", compact, squeezed.Bytes())
		}
		checkOrder(t, v)
	})
}

// checkOrder re-derives every object's key order with the slow reference.
func checkOrder(t *testing.T, v any) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			checkOrder(t, e)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k, e := range x {
			keys = append(keys, k)
			checkOrder(t, e)
		}
		want := slices.Clone(keys)
		slices.SortFunc(want, compareUTF16)
		slices.SortFunc(keys, CompareKeys)
		if !slices.Equal(keys, want) {
			t.Fatalf("key order %q, want %q", keys, want)
		}
	case float64:
		s := FormatNumber(x)
		back, err := strconv.ParseFloat(s, 64)
		if err != nil || back != x {
			t.Fatalf("FormatNumber(%v) = %q does not round-trip", x, s)
		}
	}
}

func FuzzFormatNumber(f *testing.F) {
	for _, x := range []float64{0, 1, -1, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 0.1, 123456789012345680000} {
		f.Add(math.Float64bits(x))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		s := FormatNumber(x)
		back, err := strconv.ParseFloat(s, 64)
		if err != nil || back != x {
			t.Fatalf("FormatNumber(%v) = %q does not round-trip", x, s)
		}
		// The shortest digits are Go's too; only the layout differs.
		if digits(s) != digits(strconv.FormatFloat(x, 'e', -1, 64)) {
			t.Fatalf("FormatNumber(%v) = %q: not the shortest digits", x, s)
		}
		exp := math.Floor(math.Log10(math.Abs(x)))
		plain := !strings.Contains(s, "e")
		if x != 0 && exp > -6 && exp < 20 && !plain {
			t.Fatalf("FormatNumber(%v) = %q: want plain notation", x, s)
		}
	})
}

// digits returns the significant digits of a formatted number.
func digits(s string) string {
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		s = s[:i]
	}
	s = strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
	return strings.Trim(s, "0")
}

// pieces records what EncodeTo writes, failing from write number failAt on.
type pieces struct {
	all    bytes.Buffer
	sizes  []int
	failAt int
}

var errStop = errors.New("stop")

func (p *pieces) Write(b []byte) (int, error) {
	p.sizes = append(p.sizes, len(b))
	if p.failAt > 0 && len(p.sizes) >= p.failAt {
		return 0, errStop
	}
	return p.all.Write(b)
}

func TestEncodeTo(t *testing.T) {
	v := benchValue()
	want, err := Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	var p pieces
	if err := EncodeTo(&p, v); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.all.Bytes(), want) {
		t.Fatalf("EncodeTo wrote %d bytes that differ from Encode's %d", p.all.Len(), len(want))
	}
	if len(p.sizes) < 5 || slices.Max(p.sizes) > flushAt+256 {
		t.Errorf("EncodeTo wrote %d bytes in pieces of %v; want pieces of about %d bytes", len(want), p.sizes, flushAt)
	}

	// the writer's error stops the encoding
	stop := pieces{failAt: 2}
	if err := EncodeTo(&stop, v); err != errStop {
		t.Errorf("EncodeTo with a failing writer: %v, want %v", err, errStop)
	}
	if len(stop.sizes) != 2 {
		t.Errorf("EncodeTo wrote %d pieces after its writer failed at the 2nd", len(stop.sizes)-2)
	}

	// a value it cannot encode, after many pieces: Encode's error
	bad := map[string]any{"a": v, "z": []any{math.NaN()}}
	_, want2 := Encode(bad)
	if err := EncodeTo(&pieces{}, bad); err == nil || want2 == nil || err.Error() != want2.Error() {
		t.Errorf("EncodeTo of a NaN: %v, want Encode's %v", err, want2)
	}
}

func BenchmarkEncode(b *testing.B) {
	v := benchValue()
	out, _ := Encode(v)
	b.SetBytes(int64(len(out)))
	for b.Loop() {
		if _, err := Encode(v); err != nil {
			b.Fatal(err)
		}
	}
}

func benchValue() any {
	msgs := make([]any, 2000)
	for i := range msgs {
		msgs[i] = map[string]any{
			"id":      "msg-" + strconv.Itoa(i),
			"type":    "ai",
			"content": strings.Repeat("Hello, wörld \"quoted\"\n", i%20+1),
			"n":       float64(i) * 1.25,
			"additional_kwargs": map[string]any{
				"tool_calls": []any{map[string]any{"name": "search", "args": map[string]any{"q": "x", "k": 3.0}}},
			},
		}
	}
	return map[string]any{"messages": msgs, "count": 2000.0}
}

// After a value larger than a piece, the pieces are back to about flushAt:
// the buffer that grew for it is not a new piece size.
func TestEncodeToAfterLargeString(t *testing.T) {
	v := []any{strings.Repeat("y", 3*flushAt), benchValue(), strings.Repeat("\n", flushAt), benchValue()}
	want, err := Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	var p pieces
	if err := EncodeTo(&p, v); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.all.Bytes(), want) {
		t.Fatalf("EncodeTo wrote %d bytes that differ from Encode's %d", p.all.Len(), len(want))
	}
	large := 0
	for _, n := range p.sizes {
		if n > pieceMax {
			large++
		}
	}
	if large != 2 {
		t.Errorf("EncodeTo wrote pieces of %v; want only the two long strings' pieces above %d bytes", p.sizes, pieceMax)
	}
}

// A small value, the usual golden state, needs a small buffer.
func BenchmarkEncodeToSmall(b *testing.B) {
	v := map[string]any{
		"messages": []any{
			map[string]any{"type": "human", "content": "hi", "id": "1"},
			map[string]any{"type": "ai", "content": "hello", "id": "2"},
		},
		"count": 2.0,
		"tags":  []any{"a", "b"},
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := EncodeTo(io.Discard, v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeTo(b *testing.B) {
	v := benchValue()
	out, _ := Encode(v)
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		if err := EncodeTo(io.Discard, v); err != nil {
			b.Fatal(err)
		}
	}
}
