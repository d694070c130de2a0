package htmlreport

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
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
		if !contains(out.Writers, name) {
			out.Writers = append(out.Writers, name)
		}
		if !contains(byField[w.Field], name) {
			byField[w.Field] = append(byField[w.Field], name)
		}
	}
	for _, g := range c.Goto {
		out.Goto = append(out.Goto, writerName(g.Node)+" → "+goldenfile.Render(g.To, true))
	}
	changes := StateDiff(before, c.State)
	if len(changes) > MaxChanges {
		out.More = len(changes) - MaxChanges
		changes = changes[:MaxChanges]
	}
	for i := range changes {
		changes[i].By = byField[topField(changes[i].Path)]
	}
	out.Changes = changes
	return out
}

// StateDiff lists the JSON paths where after differs from before, in path
// order: objects member by member, arrays element by element.
func StateDiff(before, after map[string]any) []Change {
	diffs := goldenfile.Compare(before, after)
	out := make([]Change, 0, len(diffs))
	for _, d := range diffs {
		c := Change{Path: d.Path, Op: Changed, Before: clip(d.Want), After: clip(d.Got)}
		// Render writes "(absent)" for a missing side; any JSON value
		// renders otherwise (a string in quotes)
		switch {
		case d.Want == "(absent)":
			c.Op, c.Before = Added, ""
		case d.Got == "(absent)":
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
func clip(s string) string {
	if len(s) <= MaxValue {
		return s
	}
	cut := MaxValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%d bytes in all)", len(s))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ParseFailure reads an error's message the way the step library writes
// it: "file:line: CODE: message (at $.path)" for an engine error, and for
// a golden file "golden file F differs:\n  $.path\n    want: …\n    got:
// …\nto accept the new content, run:\n    COMMAND".
func ParseFailure(msg string) *Failure {
	f := &Failure{Message: msg}
	rest := stripPosition(msg)
	rest = strings.TrimPrefix(rest, "step failed: ")
	if code, _, ok := strings.Cut(rest, ": "); ok && isCode(code) {
		f.Code = code
	}
	f.Golden = parseGolden(rest)
	return f
}

// stripPosition drops a leading "features/x.feature:12: " (a path may hold
// spaces, not line breaks).
func stripPosition(msg string) string {
	i := strings.Index(msg, ".feature:")
	if i < 0 || strings.Contains(msg[:i], "\n") {
		return msg
	}
	rest := msg[i+len(".feature:"):]
	j := 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	if j == 0 || !strings.HasPrefix(rest[j:], ": ") {
		return msg
	}
	return rest[j+2:]
}

// isCode: an engine code is upper case words joined by underscores.
func isCode(s string) bool {
	if !strings.Contains(s, "_") || strings.HasPrefix(s, "_") || strings.HasSuffix(s, "_") {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

func parseGolden(msg string) *Golden {
	const prefix = "golden file "
	if !strings.HasPrefix(msg, prefix) {
		return nil
	}
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	head := strings.TrimPrefix(lines[0], prefix)
	g := &Golden{}
	switch {
	case strings.HasSuffix(head, " differs:"):
		g.File = strings.TrimSuffix(head, " differs:")
	case strings.HasSuffix(head, " is missing; to create it, run:"):
		g.File, g.Missing = strings.TrimSuffix(head, " is missing; to create it, run:"), true
	default:
		return nil
	}
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "  ... and "):
			g.More = strings.TrimSpace(l)
		case strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") && i+2 < len(lines) &&
			strings.HasPrefix(lines[i+1], "    want: ") && strings.HasPrefix(lines[i+2], "    got:  "):
			g.Diffs = append(g.Diffs, GoldenDiff{
				Path: strings.TrimSpace(l),
				Want: strings.TrimPrefix(lines[i+1], "    want: "),
				Got:  strings.TrimPrefix(lines[i+2], "    got:  "),
			})
			i += 2
		case strings.HasPrefix(l, "    ") && i == len(lines)-1 &&
			(lines[i-1] == "to accept the new content, run:" || g.Missing && i == 1):
			g.Accept = strings.TrimSpace(l)
		}
	}
	return g
}
