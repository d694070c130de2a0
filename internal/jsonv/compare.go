package jsonv

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxDiffs is how many differing paths a mismatch lists before a count.
const MaxDiffs = 20

// Diff is one JSON path at which want and got differ. Want and Got are the
// values found there, or Missing on a side where the path does not exist
// (null is a value, not an absence). A message that got holds at another
// index than want has Want Moved, naming the index in want.
type Diff struct {
	Path      string
	Want, Got any
}

// Missing is the side of a Diff where the path does not exist.
type Missing struct{}

// Moved is want's side of a Diff for a message found at another index in
// got: From is its path in want.
type Moved struct{ From string }

// Compare lists the JSON paths where want and got differ. Objects compare
// member by member, in canonical key order. Arrays are aligned first (see
// align): an element only in got is one Diff at its index in got, an element
// only in want one Diff at its index in want, and an aligned pair is
// compared inside, under its index in got. Numbers compare by value.
func Compare(want, got any) []Diff {
	return CompareAt(Root, want, got)
}

// CompareAt is Compare for two values found at path, which the listed paths
// start with: `$.messages` gives `$.messages[0].content`.
func CompareAt(path string, want, got any) []Diff {
	var out []Diff
	compare(path, want, got, &out)
	return out
}

// MaxShown is how much of a value a failure message shows, in bytes: a
// pasted megabyte would take the terminal, the CI log and the report
// seconds to print and no one reads it.
const MaxShown = 200

// Render shows a value in messages as compact canonical JSON, cut after
// MaxShown bytes (see Clip), or "(absent)" when ok is false or v is Missing;
// a Moved side shows as "(at $.messages[i])".
func Render(v any, ok bool) string {
	switch x := v.(type) {
	case Missing:
		ok = false
	case Moved:
		return "(at " + x.From + ")"
	}
	if !ok {
		return "(absent)"
	}
	b, err := Compact(v)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return Clip(string(b), MaxShown)
}

// Clip cuts s after n bytes, on a character boundary, saying how long it
// was: `{"v":"xxx… (5242890 bytes in all)`.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Prefix(s, n) + fmt.Sprintf("… (%d bytes in all)", len(s))
}

// Prefix is the start of s of at most n bytes, cut on a character boundary.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Suffix is the end of s of at most n bytes, cut on a character boundary.
func Suffix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	start := len(s) - n
	for start < len(s) && !utf8.RuneStart(s[start]) {
		start++
	}
	return s[start:]
}

func compare(path string, want, got any, out *[]Diff) {
	switch w := want.(type) {
	case map[string]any:
		if g, ok := got.(map[string]any); ok {
			compareObjects(path, w, g, out)
			return
		}
	case []any:
		if g, ok := got.([]any); ok {
			compareArrays(path, w, g, out)
			return
		}
	}
	if !Equal(want, got) {
		*out = append(*out, Diff{Path: path, Want: want, Got: got})
	}
}

func compareObjects(path string, want, got map[string]any, out *[]Diff) {
	keys := make([]string, 0, max(len(want), len(got)))
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	// the order of the golden file's members
	slices.SortFunc(keys, CompareKeys)
	for _, k := range keys {
		wv, wok := want[k]
		gv, gok := got[k]
		p := PathKey(path, k)
		switch {
		case wok && gok:
			compare(p, wv, gv, out)
		case wok:
			*out = append(*out, Diff{Path: p, Want: wv, Got: Missing{}})
		default:
			*out = append(*out, Diff{Path: p, Want: Missing{}, Got: gv})
		}
	}
}

func compareArrays(path string, want, got []any, out *[]Diff) {
	for _, s := range align(want, got) {
		switch s.kind {
		case paired:
			compare(PathIndex(path, s.g), want[s.w], got[s.g], out)
		case removed:
			*out = append(*out, Diff{Path: PathIndex(path, s.w), Want: want[s.w], Got: Missing{}})
		case added:
			*out = append(*out, Diff{Path: PathIndex(path, s.g), Want: Missing{}, Got: got[s.g]})
		case moved:
			p := PathIndex(path, s.g)
			*out = append(*out, Diff{Path: p, Want: Moved{From: PathIndex(path, s.w)}, Got: got[s.g]})
			compare(p, want[s.w], got[s.g], out)
		}
	}
}

// Report renders diffs as the lines of a failure message, at most MaxDiffs
// of them, then a count of the rest.
func Report(diffs []Diff) string { return ReportSides(diffs, "want:", "got: ") }

// ReportSides is Report with other labels before the two sides' values
// ("builtin:" for a runtime), each written as given.
func ReportSides(diffs []Diff, want, got string) string {
	var b strings.Builder
	shown, more := Shown(diffs)
	for _, d := range shown {
		fmt.Fprintf(&b, "  %s\n    %s %s\n    %s %s\n", d.Path, want, Render(d.Want, true), got, Render(d.Got, true))
	}
	if more != "" {
		fmt.Fprintf(&b, "  %s\n", more)
	}
	return b.String()
}

// Shown is what a failure message lists of diffs: at most MaxDiffs of
// them, and the line that counts the rest ("... and 3 more differing
// paths"), "" when none is left.
func Shown(diffs []Diff) ([]Diff, string) {
	if len(diffs) <= MaxDiffs {
		return diffs, ""
	}
	rest := len(diffs) - MaxDiffs
	noun := "paths"
	if rest == 1 {
		noun = "path"
	}
	return diffs[:MaxDiffs], fmt.Sprintf("... and %d more differing %s", rest, noun)
}
