package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/goldenfile"
)

func TestSplitCIFormats(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		in, godog     string
		junit, github []string
		err           string
	}{
		{in: "progress", godog: "progress"},
		{in: "progress,github", godog: "progress", github: []string{""}},
		{in: "github:" + dir + "/a.txt, junit:" + dir + "/j.xml,cucumber:" + dir + "/c.json", godog: "cucumber:" + dir + "/c.json",
			junit: []string{dir + "/j.xml"}, github: []string{dir + "/a.txt"}},
		{in: "junit,progress", godog: "progress", junit: []string{""}},
		{in: "junit:", err: "needs a file to write"},
		{in: "junit:" + dir + "/nodir/j.xml", err: "directory " + dir + "/nodir does not exist"},
		// godog's own formatters with a file are checked too
		{in: "cucumber:" + dir + "/nodir/c.json", err: "directory " + dir + "/nodir does not exist"},
	} {
		godog, f, err := splitCIFormats(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one saying %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if godog != tc.godog || !slices.Equal(f.junit, tc.junit) || !slices.Equal(f.github, tc.github) {
			t.Errorf("%q: got %q junit %q github %q, want %q %q %q", tc.in, godog, f.junit, f.github, tc.godog, tc.junit, tc.github)
		}
	}
}

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
		line, col, rest := located("features/x.feature", 5, tc.msg)
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

// A run's annotations: one per failing scenario at its failure's line, the
// orphan golden of check at its own first line, and the missing golden
// once, as its scenario's failure.
func TestGitHubAnnotationsOfARun(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{
		"features/x.feature": `Feature: X

  Scenario: a node changes the tenant
    Given the state schema:
      | field  | readonly |
      | tenant | yes      |
    And the input state:
      """json
      {"tenant": "acme"}
      """
    When node "vandal" returns:
      """json
      {"tenant": "evil"}
      """
    Then field "tenant" should equal "acme"

  Scenario: golden
    Given the state schema:
      | field  |
      | tenant |
    And the input state:
      """json
      {"tenant": "acme"}
      """
    Then the state should match the golden file
`,
		"golden/old.json": "{}\n",
	})
	out := filepath.Join(t.TempDir(), "annotations.txt")
	res, err := Run(Config{Root: root, Format: "github:" + out, Output: &strings.Builder{}, Check: true, Prune: func(string) string { return "scenario prune" },
		Accept: func(s goldenfile.Scenario) string { return "scenario update " + s.Feature + ":" + strconv.Itoa(s.Line) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 1 {
		t.Fatalf("status %d, want 1", res.Status)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	want := []string{
		`::error file=features/x.feature,line=11,title=Scenario%3A a node changes the tenant::READONLY_WRITE: `,
		`::error file=features/x.feature,line=25,title=Scenario%3A golden::golden file golden/x/golden.json is missing; to create it, run:%0A`,
	}
	if len(lines) != len(want) {
		t.Fatalf("%d annotations, want %d (orphans are not checked after a failing run):\n%s", len(lines), len(want), data)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("annotation %d:\n%s\nwant it to start with\n%s", i+1, lines[i], w)
		}
	}
}

func writeSuite(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
