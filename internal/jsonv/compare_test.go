package jsonv

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// decode reads JSON text the way golden files and docstrings are read.
func decode(t testing.TB, text string) any {
	t.Helper()
	v, err := DecodeJSON([]byte(text), Source{Name: "test.json"})
	if err != nil {
		t.Fatalf("decode %s: %v", text, err)
	}
	return v
}

// message is the JSON of a chat message with id "m<n>".
func message(n int, content string) string {
	if content == "" {
		content = fmt.Sprintf("text %d", n)
	}
	return fmt.Sprintf(`{"id": "m%d", "type": "human", "content": %q}`, n, content)
}

// messages is a state whose messages have the ids m<n> of ns, in order.
func messages(ns ...int) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, message(n, ""))
	}
	return `{"messages": [` + strings.Join(parts, ", ") + `]}`
}

// upTo is 1..n.
func upTo(n int) []int {
	var out []int
	for i := 1; i <= n; i++ {
		out = append(out, i)
	}
	return out
}

// shown is diffs with each side as a failure message shows it, which the
// tables below write.
func shown(diffs []Diff) []Diff {
	for i, d := range diffs {
		diffs[i].Want, diffs[i].Got = Render(d.Want, true), Render(d.Got, true)
	}
	return diffs
}

func rendered(t *testing.T, text string) string {
	return Render(decode(t, text), true)
}

func TestCompare(t *testing.T) {
	twenty := upTo(20)
	without10 := append(upTo(9), upTo(20)[10:]...)
	changed5 := strings.Replace(messages(twenty...), message(5, ""), message(5, "changed"), 1)
	tests := []struct {
		name      string
		want, got string
		diffs     []Diff
	}{
		{"equal", `{"a": [1, {"b": null}], "c": "x"}`, `{"c": "x", "a": [1, {"b": null}]}`, nil},
		{"numbers by value", `{"a": 1, "b": [100, 0.5, -0]}`, `{"a": 1.0, "b": [1e2, 5E-1, 0]}`, nil},
		{"scalar at the root", `1`, `2`, []Diff{{"$", "1", "2"}}},
		{"changed member", `{"a": 1, "b": 2}`, `{"a": 1, "b": 3}`, []Diff{{"$.b", "2", "3"}}},
		{"missing and extra keys", `{"a": 1, "c": 3}`, `{"b": 2, "c": 3}`, []Diff{
			{"$.a", "1", "(absent)"},
			{"$.b", "(absent)", "2"},
		}},
		{"null is not absent", `{"a": null}`, `{}`, []Diff{{"$.a", "null", "(absent)"}}},
		{"absent is not null", `{}`, `{"a": null}`, []Diff{{"$.a", "(absent)", "null"}}},
		{"a null element is not a missing one", `[null, 1]`, `[1]`, []Diff{{"$[0]", "null", "(absent)"}}},
		{"extra array elements", `[1, 2, 3]`, `[1]`, []Diff{
			{"$[1]", "2", "(absent)"},
			{"$[2]", "3", "(absent)"},
		}},
		{"more array elements", `{"a": []}`, `{"a": [true]}`, []Diff{{"$.a[0]", "(absent)", "true"}}},
		{"nested paths in order", `{"z": 1, "m": {"b": [1, {"k": "v"}], "a": 0}, "b": "x"}`, `{"z": 2, "m": {"b": [1, {"k": "w"}], "a": 0}, "b": "y"}`, []Diff{
			{"$.b", `"x"`, `"y"`},
			{`$.m.b[1].k`, `"v"`, `"w"`},
			{"$.z", "1", "2"},
		}},
		{"kinds differ", `{"a": {"x": 1}, "b": [1], "c": "1"}`, `{"a": [1], "b": {"x": 1}, "c": 1}`, []Diff{
			{"$.a", `{"x":1}`, `[1]`},
			{"$.b", `[1]`, `{"x":1}`},
			{"$.c", `"1"`, `1`},
		}},
		{"values shown canonically", `{"a": {"z": 1.50, "b": "<&>"}}`, `{"a": 1e21}`, []Diff{
			{"$.a", `{"b":"<&>","z":1.5}`, `1e+21`},
		}},
		{"keys that are not identifiers", `{"a b": 1, "": 2}`, `{"a b": 3, "": 4}`, []Diff{
			{`$[""]`, "2", "4"},
			{`$["a b"]`, "1", "3"},
		}},

		// messages, aligned by id
		{"a message inserted at the front of 20", messages(twenty...), messages(append([]int{0}, twenty...)...), []Diff{
			{"$.messages[0]", "(absent)", rendered(t, message(0, ""))},
		}},
		{"a message removed in the middle", messages(twenty...), messages(without10...), []Diff{
			{"$.messages[9]", rendered(t, message(10, "")), "(absent)"},
		}},
		{"the content of one message changed", messages(twenty...), changed5, []Diff{
			{"$.messages[4].content", `"text 5"`, `"changed"`},
		}},
		{"two messages swapped", messages(1, 2, 3), messages(2, 1, 3), []Diff{
			{"$.messages[1]", "(at $.messages[0])", rendered(t, message(1, ""))},
		}},
		{"a message moved to the end and changed", messages(1, 2, 3), `{"messages": [` + message(2, "") + `, ` + message(3, "") + `, ` + message(1, "new") + `]}`, []Diff{
			{"$.messages[2]", "(at $.messages[0])", rendered(t, message(1, "new"))},
			{"$.messages[2].content", `"text 1"`, `"new"`},
		}},
		{"a message inserted, one removed, one changed, in got's order", messages(1, 2, 3, 4),
			`{"messages": [` + message(0, "") + `, ` + message(1, "") + `, ` + message(3, "x") + `, ` + message(4, "") + `]}`, []Diff{
				{"$.messages[0]", "(absent)", rendered(t, message(0, ""))},
				{"$.messages[1]", rendered(t, message(2, "")), "(absent)"},
				{"$.messages[2].content", `"text 3"`, `"x"`},
			}},
		{"one message replaced by another", messages(1, 2), messages(1, 5), []Diff{
			{"$.messages[1]", rendered(t, message(2, "")), "(absent)"},
			{"$.messages[1]", "(absent)", rendered(t, message(5, ""))},
		}},
		{"messages without ids align by their values", `[{"role": "user", "content": "a"}, {"role": "ai", "content": "b"}]`, `[{"role": "user", "content": "z"}, {"role": "user", "content": "a"}, {"role": "ai", "content": "b"}]`, []Diff{
			{"$[0]", "(absent)", `{"content":"z","role":"user"}`},
		}},
		{"duplicate ids align by value", `[{"id": "a", "type": "x", "n": 1}, {"id": "a", "type": "x", "n": 2}]`, `[{"id": "a", "type": "x", "n": 2}]`, []Diff{
			{"$[0]", `{"id":"a","n":1,"type":"x"}`, "(absent)"},
		}},

		// other arrays, aligned by a longest common subsequence
		{"an element inserted", `[1, 2, 3, 4]`, `[1, 9, 2, 3, 4]`, []Diff{{"$[1]", "(absent)", "9"}}},
		{"an element deleted", `[1, 2, 3, 4]`, `[1, 3, 4]`, []Diff{{"$[1]", "2", "(absent)"}}},
		{"an element changed", `[1, 2, 3]`, `[1, 5, 3]`, []Diff{{"$[1]", "2", "5"}}},
		{"an object element changed inside", `[{"a": 1}, {"a": 2}, {"a": 3}]`, `[{"a": 1}, {"a": 5}, {"a": 3}]`, []Diff{{"$[1].a", "2", "5"}}},
		{"inserted at both ends", `["a", "b", "c"]`, `["x", "a", "b", "c", "y"]`, []Diff{
			{"$[0]", "(absent)", `"x"`},
			{"$[4]", "(absent)", `"y"`},
		}},
		{"inserted in front, removed at the end", `["a", "b", "c", "d"]`, `["x", "a", "b", "c"]`, []Diff{
			{"$[0]", "(absent)", `"x"`},
			{"$[3]", `"d"`, "(absent)"},
		}},
		{"scattered edits", `[1, 2, 3, 4, 5, 6, 7, 8]`, `[0, 1, 3, 4, 9, 6, 7, 8, 10]`, []Diff{
			{"$[0]", "(absent)", "0"},
			{"$[1]", "2", "(absent)"},
			{"$[4]", "5", "9"},
			{"$[8]", "(absent)", "10"},
		}},
		{"numbers align by value", `[100, 5]`, `[7, 1e2, 5.0]`, []Diff{{"$[0]", "(absent)", "7"}}},
		{"nested arrays", `{"m": [[1, 2], [3, 4]]}`, `{"m": [[0], [1, 2], [3, 5, 4]]}`, []Diff{
			{"$.m[0]", "(absent)", "[0]"},
			{"$.m[2][1]", "(absent)", "5"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := shown(Compare(decode(t, tt.want), decode(t, tt.got)))
			if !reflect.DeepEqual(got, tt.diffs) {
				t.Errorf("Compare(%s, %s) =\n%q\nwant\n%q", tt.want, tt.got, got, tt.diffs)
			}
			back := Compare(decode(t, tt.got), decode(t, tt.want))
			if len(back) != len(got) {
				t.Errorf("%d differences one way, %d the other:\n%q", len(got), len(back), back)
			}
		})
	}
}

// The failure of issue 14: one message inserted at the front of a
// 20-message golden is one listed difference, not one per index.
func TestReportOfAnInsertedMessage(t *testing.T) {
	want := decode(t, messages(upTo(20)...))
	got := decode(t, messages(append([]int{0}, upTo(20)...)...))
	const report = "  $.messages[0]\n    want: (absent)\n    got:  {\"content\":\"text 0\",\"id\":\"m0\",\"type\":\"human\"}\n"
	if r := Report(Compare(want, got)); r != report {
		t.Errorf("report:\n%s\nwant\n%s", r, report)
	}
}

func TestCompareAt(t *testing.T) {
	got := shown(CompareAt("$.plan", decode(t, `[{"s": "a"}, {"s": "b"}]`), decode(t, `[{"s": "a"}, {"s": "c"}]`)))
	want := []Diff{{"$.plan[1].s", `"b"`, `"c"`}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("CompareAt = %q, want %q", got, want)
	}
}

// The alignment of plain arrays is a longest common subsequence: as long as
// the one a quadratic table finds, increasing on both sides, of equal pairs.
func TestLCSIsLongest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for run := range 2000 {
		a, b := randomInts(r, r.IntN(12)), randomInts(r, r.IntN(12))
		pairs := lcs(a, b)
		if len(pairs) != lcsLength(a, b) {
			t.Fatalf("run %d: lcs(%v, %v) = %v, %d pairs; the longest has %d", run, a, b, pairs, len(pairs), lcsLength(a, b))
		}
		for k, p := range pairs {
			if !Equal(a[p[0]], b[p[1]]) || k > 0 && (p[0] <= pairs[k-1][0] || p[1] <= pairs[k-1][1]) {
				t.Fatalf("run %d: lcs(%v, %v) = %v is not a common subsequence", run, a, b, pairs)
			}
		}
		if back := lcs(b, a); len(back) != len(pairs) {
			t.Fatalf("run %d: %d pairs one way, %d the other", run, len(pairs), len(back))
		}
	}
}

func randomInts(r *rand.Rand, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = float64(r.IntN(4))
	}
	return out
}

func lcsLength(a, b []any) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if Equal(a[i], b[j]) {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// Beyond maxEdits the arrays are compared index by index: every difference
// is still listed.
func TestLongArraysWithManyEdits(t *testing.T) {
	var want, got []any
	for i := range 3 * maxEdits {
		want = append(want, float64(i))
		got = append(got, float64(i+1_000_000))
	}
	if n := len(Compare(want, got)); n != len(want) {
		t.Errorf("%d differences, want %d", n, len(want))
	}
}

func TestReport(t *testing.T) {
	diffs := func(n int) []Diff {
		var out []Diff
		for i := 0; i < n; i++ {
			out = append(out, Diff{Path: fmt.Sprintf("$.f%02d", i), Want: 1.0, Got: Missing{}})
		}
		return out
	}
	if got, want := Report(diffs(1)), "  $.f00\n    want: 1\n    got:  (absent)\n"; got != want {
		t.Errorf("Report of one diff:\n%q\nwant\n%q", got, want)
	}
	if got := Report(nil); got != "" {
		t.Errorf("Report(nil) = %q", got)
	}
	for _, tt := range []struct {
		n, listed int
		more      string
	}{
		{MaxDiffs - 1, MaxDiffs - 1, ""},
		{MaxDiffs, MaxDiffs, ""},
		{MaxDiffs + 1, MaxDiffs, "  ... and 1 more differing path\n"},
		{MaxDiffs + 7, MaxDiffs, "  ... and 7 more differing paths\n"},
	} {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			got := Report(diffs(tt.n))
			if n := strings.Count(got, "    want: "); n != tt.listed {
				t.Errorf("%d diffs listed, want %d", n, tt.listed)
			}
			if n := strings.Count(got, "    got:  "); n != tt.listed {
				t.Errorf("%d got lines, want %d", n, tt.listed)
			}
			// the first ones are listed, in order
			last := fmt.Sprintf("  $.f%02d\n", tt.listed-1)
			if !strings.Contains(got, last) {
				t.Errorf("%q not listed", last)
			}
			if strings.Contains(got, fmt.Sprintf("  $.f%02d\n", tt.listed)) {
				t.Errorf("more than %d paths listed", tt.listed)
			}
			if tt.more == "" {
				if strings.Contains(got, "more") {
					t.Errorf("a count of the rest with nothing left:\n%s", got)
				}
			} else if !strings.HasSuffix(got, tt.more) {
				t.Errorf("report ends\n%q\nwant it to end with %q", got[max(0, len(got)-60):], tt.more)
			}
		})
	}
}

// FuzzCompare: no panic; a value compared with itself has no difference;
// unequal values have at least one; and as many one way as the other.
func FuzzCompare(f *testing.F) {
	f.Add(messages(upTo(5)...), messages(0, 1, 2, 3, 4, 5))
	f.Add(messages(1, 2, 3), messages(3, 1, 2))
	f.Add(`[1, 2, 3, 4]`, `[1, 9, 3, 4, 2]`)
	f.Add(`{"a": [[1], [2, 3]], "b": null}`, `{"a": [[2, 3], [1.0]], "c": null}`)
	f.Add(`[{"id": "a", "role": "user"}, {"id": "a", "role": "user"}]`, `[{"id": "a", "role": "user"}]`)
	f.Fuzz(func(t *testing.T, a, b string) {
		va, err := DecodeJSON([]byte(a), Source{Name: "a.json"})
		if err != nil {
			return
		}
		vb, err := DecodeJSON([]byte(b), Source{Name: "b.json"})
		if err != nil {
			return
		}
		if d := Compare(va, va); len(d) != 0 {
			t.Fatalf("a value differs from itself: %q", d)
		}
		ab, ba := Compare(va, vb), Compare(vb, va)
		if (len(ab) == 0) != Equal(va, vb) {
			t.Fatalf("Equal = %v but %d differences: %q", Equal(va, vb), len(ab), ab)
		}
		if len(ab) != len(ba) {
			t.Fatalf("%d differences one way, %d the other:\n%q\n%q", len(ab), len(ba), ab, ba)
		}
	})
}

// BenchmarkCompare measures a mismatch only: an equal golden file is settled
// by comparing bytes and never reaches Compare.
func BenchmarkCompare(b *testing.B) {
	for _, n := range []int{20, 1000} {
		want := decode(b, messages(upTo(n)...))
		got := decode(b, messages(append([]int{0}, upTo(n)...)...))
		plain := decode(b, strings.ReplaceAll(messages(upTo(n)...), `"id"`, `"key"`))
		plainGot := decode(b, strings.ReplaceAll(messages(append([]int{0}, upTo(n)...)...), `"id"`, `"key"`))
		b.Run(fmt.Sprintf("messages/%d", n), func(b *testing.B) {
			for b.Loop() {
				Compare(want, got)
			}
		})
		b.Run(fmt.Sprintf("plain/%d", n), func(b *testing.B) {
			for b.Loop() {
				Compare(plain, plainGot)
			}
		})
	}
}

func TestRenderCutsLongValues(t *testing.T) {
	long := strings.Repeat("é", 300)
	got := Render(long, true)
	if !strings.HasSuffix(got, "… (602 bytes in all)") || !utf8.ValidString(got) || len(got) > MaxShown+30 {
		t.Errorf("Render = %q", got)
	}
	if got := Render("short", true); got != `"short"` {
		t.Errorf("Render = %q", got)
	}
	if got := Clip(strings.Repeat("a", MaxShown), MaxShown); got != strings.Repeat("a", MaxShown) {
		t.Errorf("Clip cut a value of MaxShown bytes")
	}
}

// TestAbsenceIsTyped: a side where the path does not exist is Missing, not
// a string a value could also render as, and not null.
func TestAbsenceIsTyped(t *testing.T) {
	got := Compare(decode(t, `{"a": null, "s": "(absent)"}`), decode(t, `{"b": 1}`))
	want := []Diff{
		{Path: "$.a", Want: nil, Got: Missing{}},
		{Path: "$.b", Want: Missing{}, Got: 1.0},
		{Path: "$.s", Want: "(absent)", Got: Missing{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Compare = %#v, want %#v", got, want)
	}
}

// Every cut of a long value (errors, reports, the CLI's lines) falls on a
// character boundary: a cut inside "é" would print invalid UTF-8.
func TestPrefixAndSuffixCutOnCharacters(t *testing.T) {
	s := "aé" + strings.Repeat("€", 3) + "éz" // 1+2+9+2+1 bytes
	for n := 0; n <= len(s)+1; n++ {
		p, q := Prefix(s, n), Suffix(s, n)
		if len(p) > n || len(q) > n || !utf8.ValidString(p) || !utf8.ValidString(q) {
			t.Fatalf("n=%d: Prefix %q, Suffix %q", n, p, q)
		}
		if !strings.HasPrefix(s, p) || !strings.HasSuffix(s, q) || (n >= len(s) && (p != s || q != s)) {
			t.Fatalf("n=%d: Prefix %q, Suffix %q of %q", n, p, q, s)
		}
		if n > 0 && len(p) < n-2 {
			t.Fatalf("n=%d: Prefix %q cut more than a character", n, p)
		}
	}
	if got := Clip(s, 3); got != "aé… (15 bytes in all)" {
		t.Errorf("Clip = %q", got)
	}
}
