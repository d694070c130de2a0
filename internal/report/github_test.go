package report

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stateharness/scenario/internal/suite"
)

func TestAnnotationEscapesAsGitHubReadsIt(t *testing.T) {
	a := annotation{file: "features/a,b:c.feature", line: 12, col: 3, title: "Scenario: 100%, done", message: "50% off\r\nnext line: a, b"}
	want := "::error file=features/a%2Cb%3Ac.feature,line=12,col=3,title=Scenario%3A 100%25%2C done::50%25 off%0D%0Anext line: a, b"
	if got := a.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := (annotation{file: "f.feature", line: 1, message: "m"}).String(); got != "::error file=f.feature,line=1::m" {
		t.Errorf("without title or column: %s", got)
	}
}

func TestLocatedTakesTheFailuresPosition(t *testing.T) {
	for _, tc := range []struct {
		msg       string
		line, col int
		rest      string
	}{
		{"features/x.feature:11: READONLY_WRITE: no", 11, 0, "READONLY_WRITE: no"},
		{"features/x.feature:14:7: TYPE_MISMATCH: no", 14, 7, "TYPE_MISMATCH: no"},
		{"features/x.feature: closing the runtime: gone", 5, 0, "features/x.feature: closing the runtime: gone"},
		{"features/other.feature:3: no", 5, 0, "features/other.feature:3: no"},
		{"plain", 5, 0, "plain"},
	} {
		// without a place in the feature, the failure stays at its step
		// (line 5)
		p, rest, ok := Leading("features/x.feature", tc.msg)
		line, col := p.Line, p.Col
		if !ok {
			line, col = 5, 0
		}
		if line != tc.line || col != tc.col || rest != tc.rest {
			t.Errorf("%q: got %d %d %q, want %d %d %q", tc.msg, line, col, rest, tc.line, tc.col, tc.rest)
		}
	}
}

func TestReportPath(t *testing.T) {
	base := t.TempDir()
	if got := reportPath(filepath.Join(base, "e2e"), base, "features/x.feature"); got != "e2e/features/x.feature" {
		t.Errorf("a suite under the base: %s", got)
	}
	if got := reportPath(t.TempDir(), base, "features/x.feature"); got != "features/x.feature" {
		t.Errorf("a suite outside the base: %s", got)
	}
}

// located is a failure that carries its place, as the step library's do.
type located struct {
	pos  Pos
	text string
}

func (l *located) Error() string           { return l.pos.String() + ": " + l.text }
func (l *located) Location() (Pos, string) { return l.pos, l.text }

// A failing step is annotated where its failure points (Located), with
// the message after the place; an error that only wraps such a failure (a
// hook's failure merged with it) stays at the step, whole. Nothing is
// read out of the message: the text here names another line on purpose.
func TestAnnotationsTakeTheFailuresPlace(t *testing.T) {
	sc := &suite.Scenario{Feature: "features/x.feature", Name: "s", Line: 3}
	at := func(err error) *Case {
		return &Case{Scenario: sc, Name: "s", Pos: Pos{File: sc.Feature, Line: 3}, Steps: []Step{
			{Text: "a", Pos: Pos{File: sc.Feature, Line: 4}, Status: Passed},
			{Text: "b", Pos: Pos{File: sc.Feature, Line: 5}, Status: Failed, Err: err},
		}}
	}
	bad := &located{pos: Pos{File: sc.Feature, Line: 9, Col: 15}, text: "expected a value, found \"}\""}
	run := &Run{Root: t.TempDir(), Cases: []*Case{
		at(bad),
		at(fmt.Errorf("step error: %w", bad)),
		at(errors.New("features/x.feature:99: not a place the step library gave")),
	}}
	got := annotations(run, nil, "")
	want := []annotation{
		{file: sc.Feature, line: 9, col: 15, title: "Scenario: s", message: bad.text},
		{file: sc.Feature, line: 5, title: "Scenario: s", message: "step error: " + bad.Error()},
		{file: sc.Feature, line: 5, title: "Scenario: s", message: "features/x.feature:99: not a place the step library gave"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d annotations, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("annotation %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
