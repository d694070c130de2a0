package htmlreport

import (
	"errors"
	"fmt"
	"slices"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/jsonv"
)

// MaxChanges is how many changed paths a commit keeps; the rest are
// counted (Commit.More). A commit that rewrites a huge array stays small.
const MaxChanges = 200

// MaxValue is how many bytes of a value's JSON a change keeps.
const MaxValue = 2000

// NewCommit describes a commit as the page shows it: its writers and the
// JSON paths it changed from before (the thread's state ahead of it; nil
// for a new thread) to the commit's state.
func NewCommit(c engine.Commit, before map[string]any) Commit {
	out := Commit{Thread: c.Thread, Revision: c.Revision, Source: c.Source, Dropped: c.Dropped}
	byField := map[string][]string{}
	for _, w := range c.Writes {
		name := writerName(w.Node)
		if !slices.Contains(out.Writers, name) {
			out.Writers = append(out.Writers, name)
		}
		if !slices.Contains(byField[w.Field], name) {
			byField[w.Field] = append(byField[w.Field], name)
		}
	}
	for _, g := range c.Goto {
		out.Goto = append(out.Goto, writerName(g.Node)+" → "+jsonv.Render(g.To, true))
	}
	out.Changes, out.More = changes(before, c.State, byField)
	return out
}

// changes is StateDiff cut at MaxChanges, with the count of the rest,
// each change naming who wrote its top-level field (byField).
func changes(before, after map[string]any, byField map[string][]string) ([]Change, int) {
	out, more := StateDiff(before, after), 0
	if len(out) > MaxChanges {
		out, more = out[:MaxChanges], len(out)-MaxChanges
	}
	for i := range out {
		out[i].By = byField[topField(out[i].Path)]
	}
	return out, more
}

// StateDiff lists the JSON paths where after differs from before, in path
// order: objects member by member, arrays element by element.
func StateDiff(before, after map[string]any) []Change {
	diffs := jsonv.Compare(before, after)
	out := make([]Change, 0, len(diffs))
	for _, d := range diffs {
		c := Change{Path: d.Path, Op: Changed, Before: render(d.Want), After: render(d.Got)}
		switch {
		case d.Want == jsonv.Missing{}:
			c.Op, c.Before = Added, ""
		case d.Got == jsonv.Missing{}:
			c.Op, c.After = Removed, ""
		}
		out = append(out, c)
	}
	return out
}

// writerName shows the input's pseudo-node as "input".
func writerName(node string) string {
	if node == engine.InputNode {
		return "input"
	}
	return node
}

// topField is the state field a path is under: "messages" for
// $.messages[2].content.
func topField(path string) string {
	elems, err := engine.ParsePath(path)
	if err != nil || len(elems) == 0 || elems[0].IsIndex {
		return ""
	}
	return elems[0].Key
}

// clip shortens a value's JSON to MaxValue bytes, on a rune boundary.
func clip(s string) string { return jsonv.Clip(s, MaxValue) }

// render is jsonv.Render with the page's limit: a report is read on a
// screen, where MaxValue bytes of a value are worth showing, not the
// MaxShown of a terminal's failure message.
func render(v any) string {
	switch x := v.(type) {
	case jsonv.Missing:
		return jsonv.Render(x, false)
	case jsonv.Moved:
		return jsonv.Render(x, true)
	}
	b, err := jsonv.Compact(v)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return clip(string(b))
}

// FailureOf is a step's or a scenario's error as the page shows it: its
// message, the code of the engine error it carries, and the golden file
// that differs (a *goldenfile.Mismatch), read from the error's fields.
func FailureOf(err error) *Failure {
	f := &Failure{Message: err.Error(), Code: string(engine.CodeOf(err))}
	var m *goldenfile.Mismatch
	if errors.As(err, &m) {
		diffs, more := jsonv.Shown(m.Diffs)
		g := &Golden{File: m.File, Missing: m.Missing, More: more, Accept: m.Accept}
		for _, d := range diffs {
			g.Diffs = append(g.Diffs, GoldenDiff{Path: d.Path, Want: render(d.Want), Got: render(d.Got)})
		}
		f.Golden = g
	}
	return f
}
