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

// A docstring that does not parse is annotated at the bad character's
// line and column, which the failure carries, with the message after it.
func TestGitHubAnnotationAtABadValue(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{"features/x.feature": `Feature: X

  Scenario: trailing comma
    Given the state schema:
      | field |
      | a     |
    And the input state:
      """json
      {"a": 1,}
      """
`})
	var out strings.Builder
	res, err := Run(Config{Root: root, Format: "github", Output: &out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 1 {
		t.Fatalf("status %d, want 1", res.Status)
	}
	want := `::error file=features/x.feature,line=9,col=15,title=Scenario%3A trailing comma::expected a string key after ",", found "}" (JSON allows no trailing comma)`
	if !strings.Contains(out.String(), want+"\n") {
		t.Errorf("output:\n%s\nwant the annotation\n%s", out.String(), want)
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
