package htmlreport

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
)

// goldenMessage is a golden mismatch as steps/golden.go words it, with the
// diff lines goldenfile.Report writes.
func goldenMessage(file string, diffs []goldenfile.Diff) string {
	return fmt.Sprintf("features/chat.feature:14: golden file %s differs:\n%sto accept the new content, run:\n    scenario update features/chat.feature:9", file, goldenfile.Report(diffs))
}

func TestParseFailure(t *testing.T) {
	three := []goldenfile.Diff{
		{Path: "$.messages[0]", Want: "(absent)", Got: `{"content":"hi","type":"human"}`},
		{Path: `$.notes["a b"]`, Want: `{"x":[1,2]}`, Got: "(absent)"},
		{Path: "$.status", Want: `"idle"`, Got: `"done: really"`},
	}
	var many []goldenfile.Diff
	for i := range 23 {
		many = append(many, goldenfile.Diff{Path: fmt.Sprintf("$.items[%d]", i), Want: fmt.Sprint(i), Got: fmt.Sprint(i + 1)})
	}
	accept := "scenario update features/chat.feature:9"
	for _, tc := range []struct {
		name, msg string
		want      Failure
	}{{
		name: "golden file with several paths",
		msg:  goldenMessage("golden/chat/turn.json", three),
		want: Failure{Golden: &Golden{File: "golden/chat/turn.json", Accept: accept, Diffs: []GoldenDiff{
			{Path: "$.messages[0]", Want: "(absent)", Got: `{"content":"hi","type":"human"}`},
			{Path: `$.notes["a b"]`, Want: `{"x":[1,2]}`, Got: "(absent)"},
			{Path: "$.status", Want: `"idle"`, Got: `"done: really"`},
		}}},
	}, {
		name: "golden file with more paths than a message lists",
		msg:  goldenMessage("golden/big.json", many),
		want: Failure{Golden: &Golden{File: "golden/big.json", Accept: accept, More: "... and 3 more differing paths", Diffs: func() []GoldenDiff {
			var out []GoldenDiff
			for _, d := range many[:goldenfile.MaxDiffs] {
				out = append(out, GoldenDiff{Path: d.Path, Want: d.Want, Got: d.Got})
			}
			return out
		}()}},
	}, {
		name: "missing golden file",
		msg:  "features/chat.feature:14: golden file golden/chat/new.json is missing; to create it, run:\n    " + accept,
		want: Failure{Golden: &Golden{File: "golden/chat/new.json", Missing: true, Accept: accept}},
	}, {
		name: "engine error with its code",
		msg:  (&engine.Error{Code: engine.TypeMismatch, Path: "$.count", Message: `field "count" expects integer, received "many" (string)`}).Error(),
		want: Failure{Code: "TYPE_MISMATCH"},
	}, {
		name: "engine error at a position whose path has a space",
		msg:  "features/a b/chat.feature:26: READONLY_WRITE: field \"tenant\" is readonly (at $.tenant)",
		want: Failure{Code: "READONLY_WRITE"},
	}, {
		name: "engine error at a position",
		msg:  "features/chat.feature:26: READONLY_WRITE: field \"tenant\" is readonly (at $.tenant)",
		want: Failure{Code: "READONLY_WRITE"},
	}, {
		name: "engine error the next step did not assert",
		msg:  "features/chat.feature:26: step failed: INVALID_UPDATE: two nodes wrote \"status\" (at $.status)",
		want: Failure{Code: "INVALID_UPDATE"},
	}, {
		name: "problem without a code",
		msg:  `features/chat.feature:30: field "status" is "done", want "idle"`,
	}, {
		name: "a word in capitals is no code",
		msg:  `features/chat.feature:30: HTTP: unreachable`,
	}, {
		name: "underscores at the edges are no code",
		msg:  `_NOT_A_CODE: x`,
	}, {
		name: "multi-line message",
		msg:  "features/chat.feature:12: the plan prompt differs:\n--- want\nPlan: A_B: c\n--- got\nPlan:",
	}, {
		name: "a code on a later line is not the message's",
		msg:  "something went wrong\nTYPE_MISMATCH: x",
	}, {
		name: "golden file words inside another message",
		msg:  "features/chat.feature:12: the step says golden file x differs:\n  $.a\n    want: 1\n    got:  2",
	}, {
		name: "golden file whose diff lines are cut short",
		msg:  "golden file g.json differs:\n  $.a\n    want: 1",
		want: Failure{Golden: &Golden{File: "g.json"}},
	}, {
		name: "empty",
		msg:  "",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := ParseFailure(tc.msg)
			tc.want.Message = tc.msg
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("ParseFailure(%q)\n got %s\nwant %s", tc.msg, show(got), show(&tc.want))
			}
		})
	}
}

func show(f *Failure) string {
	s := fmt.Sprintf("{Code:%q", f.Code)
	if g := f.Golden; g != nil {
		s += fmt.Sprintf(" Golden:{File:%q Missing:%v More:%q Accept:%q Diffs:%+v}", g.File, g.Missing, g.More, g.Accept, g.Diffs)
	}
	return s + "}"
}

// FuzzParseFailure: any message parses without a panic, keeps the message
// whole, and a code it finds is a code.
func FuzzParseFailure(f *testing.F) {
	f.Add(goldenMessage("golden/x.json", []goldenfile.Diff{{Path: "$.a", Want: "1", Got: "(absent)"}}))
	f.Add("features/x.feature:3: golden file g.json is missing; to create it, run:\n    scenario update")
	f.Add("features/x.feature:3: step failed: TYPE_MISMATCH: no (at $.a)")
	f.Add("x.feature:: A_B: c")
	f.Add(".feature:9")
	f.Add("golden file  differs:\n  \n    want: \n    got:  \n  ... and 1 more\n    ")
	f.Fuzz(func(t *testing.T, msg string) {
		got := ParseFailure(msg)
		if got.Message != msg {
			t.Fatalf("the message changed: %q", got.Message)
		}
		if got.Code != "" && !isCode(got.Code) {
			t.Fatalf("code %q", got.Code)
		}
		if g := got.Golden; g != nil {
			for _, d := range g.Diffs {
				if !strings.Contains(msg, d.Path) || !strings.Contains(msg, d.Want) || !strings.Contains(msg, d.Got) {
					t.Fatalf("a diff not in the message: %+v", d)
				}
			}
		}
	})
}

func TestStateDiff(t *testing.T) {
	obj := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	for _, tc := range []struct {
		name          string
		before, after map[string]any
		want          []Change
	}{{
		name:   "nothing changed",
		before: obj("a", 1.0, "b", obj("c", []any{"x"})),
		after:  obj("a", 1.0, "b", obj("c", []any{"x"})),
		want:   []Change{},
	}, {
		name:  "a new thread: every field added",
		after: obj("status", "idle", "messages", []any{}),
		want: []Change{
			{Op: Added, Path: "$.messages", After: "[]"},
			{Op: Added, Path: "$.status", After: `"idle"`},
		},
	}, {
		name:   "nested members added, removed and changed, in path order",
		before: obj("notes", obj("turn", 1.0, "old", true, "deep", obj("x", "a"))),
		after:  obj("notes", obj("turn", 2.0, "new", nil, "deep", obj("x", "b", "y", []any{1.0}))),
		want: []Change{
			{Op: Changed, Path: "$.notes.deep.x", Before: `"a"`, After: `"b"`},
			{Op: Added, Path: "$.notes.deep.y", After: "[1]"},
			{Op: Added, Path: "$.notes.new", After: "null"},
			{Op: Removed, Path: "$.notes.old", Before: "true"},
			{Op: Changed, Path: "$.notes.turn", Before: "1", After: "2"},
		},
	}, {
		name:   "arrays element by element: appended, changed inside, removed",
		before: obj("messages", []any{obj("id", "q1", "content", "hi")}, "tags", []any{"a", "b", "c"}),
		after:  obj("messages", []any{obj("id", "q1", "content", "hello"), obj("id", "a1")}, "tags", []any{"a"}),
		want: []Change{
			{Op: Changed, Path: "$.messages[0].content", Before: `"hi"`, After: `"hello"`},
			{Op: Added, Path: "$.messages[1]", After: `{"id":"a1"}`},
			{Op: Removed, Path: "$.tags[1]", Before: `"b"`},
			{Op: Removed, Path: "$.tags[2]", Before: `"c"`},
		},
	}, {
		name:   "a value of another kind changes whole",
		before: obj("x", obj("a", 1.0), "y", []any{1.0}, "z", "s"),
		after:  obj("x", []any{1.0}, "y", "s", "z", obj("a", 1.0)),
		want: []Change{
			{Op: Changed, Path: "$.x", Before: `{"a":1}`, After: "[1]"},
			{Op: Changed, Path: "$.y", Before: "[1]", After: `"s"`},
			{Op: Changed, Path: "$.z", Before: `"s"`, After: `{"a":1}`},
		},
	}, {
		name:   "keys that are no identifiers, and the string \"(absent)\"",
		before: obj("a b", "(absent)"),
		after:  obj("a b", "x", "0", true),
		want: []Change{
			{Op: Added, Path: `$["0"]`, After: "true"},
			{Op: Changed, Path: `$["a b"]`, Before: `"(absent)"`, After: `"x"`},
		},
	}, {
		name:   "everything removed",
		before: obj("a", []any{}),
		after:  obj(),
		want:   []Change{{Op: Removed, Path: "$.a", Before: "[]"}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := StateDiff(tc.before, tc.after)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("StateDiff\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// A large value is cut at MaxValue bytes, on a rune boundary, with its
// size; a commit keeps MaxChanges paths and counts the rest.
func TestStateDiffLimits(t *testing.T) {
	long := strings.Repeat("é", MaxValue)
	got := StateDiff(nil, map[string]any{"s": long})
	after := got[0].After
	if !strings.HasPrefix(after, `"é`) || !strings.HasSuffix(after, fmt.Sprintf("… (%d bytes in all)", len(long)+2)) || !utf8Valid(after) {
		t.Errorf("a value of %d bytes kept as %d bytes ending %q", len(long)+2, len(after), after[max(0, len(after)-30):])
	}
	if len(after) > MaxValue+40 {
		t.Errorf("a cut value keeps %d bytes", len(after))
	}

	items := make([]any, MaxChanges+7)
	for i := range items {
		items[i] = float64(i)
	}
	c := NewCommit(engine.Commit{Thread: "main", Revision: 1, Source: "node",
		Writes: []engine.Write{{Node: "agent", Field: "items", Value: items}},
		State:  map[string]any{"items": items}}, map[string]any{"items": []any{}})
	if len(c.Changes) != MaxChanges || c.More != 7 {
		t.Errorf("%d changes, %d more; want %d, 7", len(c.Changes), c.More, MaxChanges)
	}
	if ch := c.Changes[0]; ch.Path != "$.items[0]" || !reflect.DeepEqual(ch.By, []string{"agent"}) || !reflect.DeepEqual(c.Writers, []string{"agent"}) {
		t.Errorf("first change %+v, writers %v", ch, c.Writers)
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }
