package report

import (
	"path/filepath"
	"testing"
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
