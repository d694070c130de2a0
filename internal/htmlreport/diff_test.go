package htmlreport

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/jsonv"
)

// goldenMessage is a golden mismatch as steps/golden.go words it, with the
// diff lines jsonv.Report writes.
// failed is an error as a step returns it to godog: its file:line in
// front, the error itself underneath.
type failed struct {
	at  string
	err error
}

func (f failed) Error() string { return f.at + ": " + f.err.Error() }
func (f failed) Unwrap() error { return f.err }

func TestFailureOf(t *testing.T) {
	three := []jsonv.Diff{
		{Path: "$.messages[0]", Want: jsonv.Missing{}, Got: map[string]any{"content": "hi", "type": "human"}},
		{Path: `$.notes["a b"]`, Want: map[string]any{"x": []any{1.0, 2.0}}, Got: jsonv.Missing{}},
		{Path: "$.status", Want: "idle", Got: "done: really"},
	}
	var many []jsonv.Diff
	for i := range 23 {
		many = append(many, jsonv.Diff{Path: fmt.Sprintf("$.items[%d]", i), Want: float64(i), Got: float64(i + 1)})
	}
	accept := "scenario update features/chat.feature:9"
	readonly := &engine.Error{Code: engine.ReadonlyWrite, Path: "$.tenant", Message: `field "tenant" is readonly`}
	for _, tc := range []struct {
		name string
		err  error
		want Failure
	}{{
		name: "golden file with several paths",
		err:  failed{"features/chat.feature:14", &goldenfile.Mismatch{File: "golden/chat/turn.json", Diffs: three, Accept: accept}},
		want: Failure{Golden: &Golden{File: "golden/chat/turn.json", Accept: accept, Diffs: []GoldenDiff{
			{Path: "$.messages[0]", Want: "(absent)", Got: `{"content":"hi","type":"human"}`},
			{Path: `$.notes["a b"]`, Want: `{"x":[1,2]}`, Got: "(absent)"},
			{Path: "$.status", Want: `"idle"`, Got: `"done: really"`},
		}}},
	}, {
		name: "golden file with more paths than a message lists",
		err:  failed{"features/chat.feature:14", &goldenfile.Mismatch{File: "golden/big.json", Diffs: many, Accept: accept}},
		want: Failure{Golden: &Golden{File: "golden/big.json", Accept: accept, More: "... and 3 more differing paths", Diffs: func() []GoldenDiff {
			var out []GoldenDiff
			for _, d := range many[:jsonv.MaxDiffs] {
				out = append(out, GoldenDiff{Path: d.Path, Want: jsonv.Render(d.Want, true), Got: jsonv.Render(d.Got, true)})
			}
			return out
		}()}},
	}, {
		name: "missing golden file",
		err:  failed{"features/chat.feature:14", &goldenfile.Mismatch{File: "golden/chat/new.json", Missing: true, Accept: accept}},
		want: Failure{Golden: &Golden{File: "golden/chat/new.json", Missing: true, Accept: accept}},
	}, {
		name: "golden file whose bytes alone differ",
		err:  &goldenfile.Mismatch{File: "g.json", Accept: accept},
		want: Failure{Golden: &Golden{File: "g.json", Accept: accept}},
	}, {
		name: "engine error with its code",
		err:  &engine.Error{Code: engine.TypeMismatch, Path: "$.count", Message: `field "count" expects integer, received "many" (string)`},
		want: Failure{Code: "TYPE_MISMATCH"},
	}, {
		name: "engine error at a position",
		err:  failed{"features/a b/chat.feature:26", readonly},
		want: Failure{Code: "READONLY_WRITE"},
	}, {
		name: "engine error the next step did not assert",
		err:  failed{"features/chat.feature:26: step failed", readonly},
		want: Failure{Code: "READONLY_WRITE"},
	}, {
		name: "problem without a code",
		err:  errors.New(`features/chat.feature:30: field "status" is "done", want "idle"`),
	}, {
		name: "a code in the text of another error is not its code",
		err:  errors.New("features/chat.feature:30: TYPE_MISMATCH: x"),
	}, {
		name: "golden file words inside another message",
		err:  errors.New("features/chat.feature:12: the step says golden file x differs:\n  $.a\n    want: 1\n    got:  2"),
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := FailureOf(tc.err)
			tc.want.Message = tc.err.Error()
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("FailureOf(%q)\n got %s\nwant %s", tc.err, show(got), show(&tc.want))
			}
		})
	}
}

// TestMismatchMessage: a golden file's failure reads as it always has.
func TestMismatchMessage(t *testing.T) {
	m := &goldenfile.Mismatch{File: "golden/chat/turn.json", Diffs: []jsonv.Diff{{Path: "$.status", Want: "idle", Got: "done"}}, Accept: "scenario update features/chat.feature:9"}
	want := "golden file golden/chat/turn.json differs:\n  $.status\n    want: \"idle\"\n    got:  \"done\"\nto accept the new content, run:\n    scenario update features/chat.feature:9"
	if got := m.Error(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func show(f *Failure) string {
	s := fmt.Sprintf("{Code:%q", f.Code)
	if g := f.Golden; g != nil {
		s += fmt.Sprintf(" Golden:{File:%q Missing:%v More:%q Accept:%q Diffs:%+v}", g.File, g.Missing, g.More, g.Accept, g.Diffs)
	}
	return s + "}"
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
	// the page's limit, not a failure message's (jsonv.MaxShown)
	if kept := len(strings.SplitN(after, "…", 2)[0]); kept < MaxValue-1 {
		t.Errorf("a cut value keeps %d bytes of %d, want MaxValue (%d)", kept, len(long)+2, MaxValue)
	}
	// a golden file's diff on the page too
	f := FailureOf(&goldenfile.Mismatch{File: "g.json", Diffs: []jsonv.Diff{{Path: "$.s", Want: long, Got: "short"}}})
	if w := f.Golden.Diffs[0].Want; len(strings.SplitN(w, "…", 2)[0]) < MaxValue-1 {
		t.Errorf("a golden diff's value keeps %d bytes, want MaxValue (%d)", len(w), MaxValue)
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
