package suite

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cucumber/godog"
)

var layout = Layout{Features: "features", Golden: "golden"}

func TestInside(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	outside := filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(root, "features", "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(root, "features", "x.feature"), filepath.Join(outside, "secret.json")} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	symlink := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
	symlink(outside, "out")                                     // a directory leading out
	symlink(filepath.Join(outside, "secret.json"), "leak.json") // a file leading out
	symlink(filepath.Join(root, "features"), "feat")            // a link that stays inside
	// the root reached through a symbolic link
	rootLink := filepath.Join(base, "rootlink")
	if err := os.Symlink(root, rootLink); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name, root, path string
		want             string // "" = refused
		bug              string
	}{
		{name: "relative", root: root, path: "features/x.feature", want: "features/x.feature"},
		{name: "dot slash", root: root, path: "./features/x.feature", want: "features/x.feature"},
		{name: "dot dot that stays inside", root: root, path: "features/sub/../x.feature", want: "features/x.feature"},
		{name: "the root itself", root: root, path: ".", want: "."},
		{name: "missing file inside", root: root, path: "golden/new.json", want: "golden/new.json"},
		{name: "name starting with dots", root: root, path: "..features", want: "..features"},
		{name: "absolute inside", root: root, path: filepath.Join(root, "features", "x.feature"), want: "features/x.feature"},
		{name: "link that stays inside", root: root, path: "feat/x.feature", want: "feat/x.feature"},
		{name: "relative root through a link", root: rootLink, path: "features/x.feature", want: "features/x.feature"},

		{name: "dot dot", root: root, path: "..", want: ""},
		{name: "dot dot escaping", root: root, path: "../outside/secret.json", want: ""},
		{name: "dot dot escaping deeper", root: root, path: "features/../../outside/secret.json", want: ""},
		{name: "absolute outside", root: root, path: filepath.Join(outside, "secret.json"), want: ""},
		{name: "absolute sibling with the root as prefix", root: root, path: root + "other/x.feature", want: ""},
		{name: "symlinked directory leading out", root: root, path: "out/secret.json", want: ""},
		{name: "symlinked directory itself", root: root, path: "out", want: ""},
		{name: "symlinked file leading out", root: root, path: "leak.json", want: ""},
		{
			name: "new file under a symlinked directory leading out", root: root, path: "out/new.json", want: "",
		},
		{
			name: "absolute path through the real root of a linked root", root: rootLink, path: filepath.Join(root, "features", "x.feature"), want: "features/x.feature",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.bug != "" {
				t.Skip("bug: " + tt.bug)
			}
			got, err := Inside(tt.root, tt.path)
			switch {
			case tt.want == "" && err == nil:
				t.Errorf("Inside(%q, %q) = %q, want an error", tt.root, tt.path, got)
			case tt.want == "" && !strings.Contains(err.Error(), tt.path):
				t.Errorf("Inside(%q, %q) error %q does not name the path", tt.root, tt.path, err)
			case tt.want != "" && err != nil:
				t.Errorf("Inside(%q, %q) error: %v", tt.root, tt.path, err)
			case tt.want != "" && got != tt.want:
				t.Errorf("Inside(%q, %q) = %q, want %q", tt.root, tt.path, got, tt.want)
			}
		})
	}
}

// writeSuite writes files (slash paths relative to a new root) and returns the root.
func writeSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// lineOf is the 1-based line of the first line containing needle.
func lineOf(t *testing.T, text, needle string) int {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, needle) {
			return i + 1
		}
	}
	t.Fatalf("%q not in the text", needle)
	return 0
}

const outlineFeature = `Feature: Prices

  Scenario: plain one
    Given a step

  Scenario Outline: price for <tier>
    Given the tier "<tier>"

    Examples: first table
      | tier  |
      | basic |
      | pro   |

    Examples: second table
      | tier |
      | team |
`

func TestLoadOutlineRowsGetSuffixes(t *testing.T) {
	root := writeSuite(t, map[string]string{"features/prices.feature": outlineFeature})
	idx, err := Load(root, layout, nil)
	if err != nil {
		t.Fatal(err)
	}
	outline := lineOf(t, outlineFeature, "Scenario Outline:")
	type row struct {
		Name, GoldenBase string
		Line, Row        int
	}
	var got []row
	for _, s := range idx.Order {
		if s.Feature != "features/prices.feature" {
			t.Errorf("scenario %q: Feature = %q", s.Name, s.Feature)
		}
		got = append(got, row{s.Name, s.GoldenBase, s.Line, s.Row})
	}
	want := []row{
		{"plain one", "golden/prices/plain-one", 3, 0},
		{"price for basic", "golden/prices/price-for-basic-1", outline, 1},
		{"price for pro", "golden/prices/price-for-pro-2", outline, 2},
		{"price for team", "golden/prices/price-for-team-3", outline, 3},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scenarios:\n got %+v\nwant %+v", got, want)
	}
	if s := idx.Order[0]; s.Pos() != "features/prices.feature:3" {
		t.Errorf("Pos() = %q", s.Pos())
	}
}

func TestLoadOutlineRowsWithOneNameGetSuffixes(t *testing.T) {
	feature := `Feature: F

  Scenario Outline: same name
    Given the value <v>

    Examples:
      | v |
      | 1 |
      | 2 |
`
	root := writeSuite(t, map[string]string{"features/f.feature": feature})
	idx, err := Load(root, layout, nil)
	if err != nil {
		t.Fatalf("rows of one outline share a name but not a golden file: %v", err)
	}
	var bases []string
	for _, s := range idx.Order {
		bases = append(bases, s.GoldenBase)
	}
	if want := []string{"golden/f/same-name-1", "golden/f/same-name-2"}; !reflect.DeepEqual(bases, want) {
		t.Errorf("golden bases %v, want %v", bases, want)
	}
}

func TestLoadRefusesTwoScenariosWithOneGoldenFile(t *testing.T) {
	tests := []struct{ name, feature string }{
		{"same name", `Feature: F

  Scenario: Same thing
    Given a step

  Scenario: Same thing
    Given another step
`},
		{"same slug", `Feature: F

  Scenario: same thing
    Given a step

  Rule: a rule
    Scenario: Same -- thing!
      Given another step
`},
		{"outline row against a scenario", `Feature: F

  Scenario: same thing 1
    Given a step

  Scenario Outline: same thing
    Given the value <v>

    Examples:
      | v |
      | 1 |
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := writeSuite(t, map[string]string{"features/f.feature": tt.feature})
			idx, err := Load(root, layout, nil)
			if err == nil {
				t.Fatalf("Load passed with %d scenarios; want an error for two scenarios with one golden file", len(idx.Order))
			}
			for _, w := range []string{"features/f.feature", "golden/f/same-thing"} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}

	// the same name in two features is fine: the golden directories differ
	same := "Feature: F\n\n  Scenario: Same thing\n    Given a step\n"
	root := writeSuite(t, map[string]string{"features/a.feature": same, "features/b.feature": same})
	if _, err := Load(root, layout, nil); err != nil {
		t.Errorf("one scenario name in two features: %v", err)
	}
}

// A scenario whose name has no a-z or 0-9 (any name in a non-Latin script)
// has an empty slug.
func TestLoadEmptySlugStaysInTheFeatureGoldenDirectory(t *testing.T) {
	root := writeSuite(t, map[string]string{"features/f.feature": "Feature: F\n\n  Scenario: 日本語\n    Given a step\n"})
	idx, err := Load(root, layout, nil)
	if err != nil {
		return // refusing the name is acceptable
	}
	if got := idx.Order[0].GoldenBase; !strings.HasPrefix(got, "golden/f/") || got == "golden/f/" {
		t.Errorf("GoldenBase = %q, want a file under golden/f/", got)
	}
}

func TestLoadFeatureLineSelectsOneScenario(t *testing.T) {
	root := writeSuite(t, map[string]string{"features/prices.feature": outlineFeature})
	outline := lineOf(t, outlineFeature, "Scenario Outline:")
	tests := []struct {
		path  string
		lines []int
	}{
		{"features/prices.feature:3", []int{3}},
		{"features/prices.feature:" + strconv.Itoa(outline), []int{outline, outline, outline}},
		{"features/prices.feature:4", nil}, // a step line selects nothing
		{filepath.Join(root, "features", "prices.feature") + ":3", []int{3}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			idx, err := Load(root, layout, []string{tt.path})
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, s := range idx.Order {
				lines = append(lines, s.Line)
			}
			if !reflect.DeepEqual(lines, tt.lines) {
				t.Errorf("selected lines %v, want %v", lines, tt.lines)
			}
			_, line, _ := strings.Cut(filepath.Base(tt.path), ":")
			if want := []string{"features/prices.feature:" + line}; !reflect.DeepEqual(idx.Paths, want) {
				t.Errorf("Paths = %q, want %q", idx.Paths, want)
			}
		})
	}
}

func TestLoadWalksDirectoriesInLexicalOrder(t *testing.T) {
	f := func(name string) string { return "Feature: " + name + "\n\n  Scenario: s\n    Given a step\n" }
	files := map[string]string{
		"features/b.feature":        f("b"),
		"features/a.feature":        f("a"),
		"features/a/z.feature":      f("a/z"),
		"features/Z.feature":        f("Z"),
		"features/c/d/e.feature":    f("e"),
		"features/c/b.feature":      f("c/b"),
		"features/10.feature":       f("10"),
		"features/9.feature":        f("9"),
		"features/notes.txt":        "not a feature",
		"features/c/d/readme.md":    "not a feature",
		"features/feature/x.feat":   "not a feature",
		"features/z/nested.feature": f("nested"),
	}
	root := writeSuite(t, files)
	idx, err := Load(root, layout, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"features/10.feature",
		"features/9.feature",
		"features/Z.feature",
		"features/a.feature",
		"features/a/z.feature",
		"features/b.feature",
		"features/c/b.feature",
		"features/c/d/e.feature",
		"features/z/nested.feature",
	}
	if !reflect.DeepEqual(idx.Paths, want) {
		t.Errorf("Paths =\n%q\nwant\n%q", idx.Paths, want)
	}
	var order []string
	for _, s := range idx.Order {
		order = append(order, s.Feature)
	}
	if !reflect.DeepEqual(order, want) {
		t.Errorf("Order =\n%q\nwant\n%q", order, want)
	}
	// the same directory, named explicitly, gives the same list
	again, err := Load(root, layout, []string{"features"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Paths, want) {
		t.Errorf("Load(features) Paths = %q", again.Paths)
	}
}

func TestLoadErrors(t *testing.T) {
	root := writeSuite(t, map[string]string{
		"features/ok.feature":  "Feature: F\n\n  Scenario: s\n    Given a step\n",
		"features/notes.txt":   "text",
		"features/bad.feature": "Feature: Bad\n\n  Scenario: s\n    Given a step\n      \"\"\"\n      never closed\n",
	})
	tests := []struct {
		name  string
		paths []string
		want  string // in the error
	}{
		{"missing file", []string{"features/none.feature"}, "features/none.feature"},
		{"not a feature file", []string{"features/notes.txt"}, "features/notes.txt"},
		{"outside the root", []string{"../x.feature"}, "../x.feature"},
		{"bad Gherkin", []string{"features/bad.feature"}, "features/bad.feature"},
		{"bad Gherkin in a directory", []string{"features"}, "features/bad.feature"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			idx, err := Load(root, layout, tt.paths)
			if err == nil {
				t.Fatalf("Load(%q) passed with paths %q", tt.paths, idx.Paths)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
		})
	}
	if _, err := Load(t.TempDir(), layout, nil); err == nil {
		t.Error("Load of a root without features/ passed")
	}
}

// idFeatures exercise everything that consumes ids: backgrounds, rules
// with their own backgrounds, outlines with several tables, docstrings,
// tables and tags.
var idFeatures = map[string]string{
	"features/a.feature": `@tagged
Feature: A

  Background:
    Given a background step

  Scenario: first
    Given a step with a docstring:
      """json
      {"a": 1}
      """
    Then a step with a table:
      | x | y |
      | 1 | 2 |

  Rule: a rule
    Background:
      Given a rule background step

    Scenario Outline: outlined <v>
      Given the value <v>

      Examples:
        | v |
        | 1 |
        | 2 |

      @more
      Examples:
        | v |
        | 3 |
`,
	"features/b.feature": `Feature: B

  Scenario: b one
    Given b step one

  Scenario: b two
    Given b step two
    And b step three
`,
	"features/empty.feature": "",
	"features/sub/c.feature": `Feature: C

  Scenario: c one
    Given c step one
`,
}

// runGodog runs godog itself over paths (the index's, or others naming the
// same scenarios) and returns the pickles it ran.
func runGodog(t *testing.T, root string, paths []string) []*godog.Scenario {
	t.Helper()
	var mu sync.Mutex
	var got []*godog.Scenario
	suite := godog.TestSuite{
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
				mu.Lock()
				got = append(got, p)
				mu.Unlock()
				return ctx, nil
			})
			sc.Step(`^.*$`, func() {})
		},
		Options: &godog.Options{
			Paths:  paths,
			FS:     os.DirFS(root),
			Format: "progress",
			Output: io.Discard,
			Strict: true,
		},
	}
	if status := suite.Run(); status != 0 {
		t.Fatalf("godog status %d", status)
	}
	return got
}

// TestIndexFindsGodogsScenarios runs godog over the index's paths, and over
// the same files in another order (which gives every pickle other ids), and
// checks that each pickle godog runs finds its scenario, line, row and steps.
func TestIndexFindsGodogsScenarios(t *testing.T) {
	root := writeSuite(t, idFeatures)
	bLine := lineOf(t, idFeatures["features/b.feature"], "Scenario: b two")
	for _, paths := range [][]string{
		nil,
		{"features/sub", "features/a.feature"},
		// a line filter, then the directory that holds the same file again
		{"features/b.feature:" + strconv.Itoa(bLine), "features"},
		{"features/b.feature", "features/a.feature:7", "features/b.feature"},
	} {
		t.Run(strings.Join(paths, ","), func(t *testing.T) {
			idx, err := Load(root, layout, paths)
			if err != nil {
				t.Fatal(err)
			}
			reversed := slices.Clone(idx.Paths)
			slices.Reverse(reversed)
			for _, godogPaths := range [][]string{idx.Paths, reversed} {
				idx, err := Load(root, layout, paths)
				if err != nil {
					t.Fatal(err)
				}
				got := runGodog(t, root, godogPaths)
				if len(got) != len(idx.Order) {
					t.Errorf("godog ran %d scenarios, the index holds %d", len(got), len(idx.Order))
				}
				found := map[*Scenario]bool{}
				for _, p := range got {
					s, ok := idx.Scenario(p)
					if !ok {
						t.Errorf("godog's pickle %q (%s) is not in the index", p.Name, p.Uri)
						continue
					}
					if again, _ := idx.Scenario(p); again != s {
						t.Errorf("pickle %q found two scenarios", p.Name)
					}
					found[s] = true
					file, _, _ := strings.Cut(p.Uri, ":")
					content := idFeatures[file]
					if s.Feature != file || s.Name != p.Name {
						t.Errorf("pickle %q is %s %q in the index, godog runs %s", p.Name, s.Feature, s.Name, file)
					}
					var wantLine int
					if strings.HasPrefix(p.Name, "outlined") {
						wantLine = lineOf(t, content, "Scenario Outline:")
						if want, _ := strconv.Atoi(strings.TrimPrefix(p.Name, "outlined ")); s.Row != want {
							t.Errorf("pickle %q: Row %d, want %d", p.Name, s.Row, want)
						}
					} else {
						wantLine = lineOf(t, content, "Scenario: "+p.Name)
					}
					if s.Line != wantLine {
						t.Errorf("pickle %q: Line %d, want %d", p.Name, s.Line, wantLine)
					}
					if len(s.Steps) != len(p.Steps) {
						t.Fatalf("pickle %q: %d steps indexed, godog runs %d", p.Name, len(s.Steps), len(p.Steps))
					}
					for i, gst := range p.Steps {
						st := s.Steps[StepIndex(p, gst)]
						text := gst.Text
						if st.Text != text {
							t.Errorf("step %d of %q: %q indexed, godog runs %q", i, p.Name, st.Text, text)
						}
						if strings.HasPrefix(text, "the value ") {
							text = "the value <v>"
						}
						if want := lineOf(t, content, text); st.Line != want {
							t.Errorf("step %q: Line %d, want %d", gst.Text, st.Line, want)
						}
						if strings.HasSuffix(text, "docstring:") && st.DocLine() != st.Line+2 {
							t.Errorf("step %q: DocLine %d, want %d", text, st.DocLine(), st.Line+2)
						}
						if strings.HasSuffix(text, "table:") && st.TableLine() != st.Line+1 {
							t.Errorf("step %q: TableLine %d, want %d", text, st.TableLine(), st.Line+1)
						}
					}
				}
				for _, s := range idx.Order {
					if !found[s] {
						t.Errorf("indexed scenario %s %q was not run by godog", s.Key(), s.Name)
					}
				}
			}
		})
	}
}

// TestIndexTellsIdenticalRowsApart: an outline whose rows differ only in a
// column no step uses makes identical pickles; each still finds its own row.
func TestIndexTellsIdenticalRowsApart(t *testing.T) {
	feature := "Feature: F\n\n  Scenario Outline: same\n    Given a step\n\n    Examples:\n      | note |\n      | x    |\n      | y    |\n      | z    |\n"
	root := writeSuite(t, map[string]string{"features/f.feature": feature})
	idx, err := Load(root, layout, nil)
	if err != nil {
		t.Fatal(err)
	}
	var rows []int
	for _, p := range runGodog(t, root, idx.Paths) {
		s, ok := idx.Scenario(p)
		if !ok {
			t.Fatalf("pickle %q not found", p.Name)
		}
		rows = append(rows, s.Row)
	}
	if !reflect.DeepEqual(rows, []int{1, 2, 3}) {
		t.Errorf("rows %v, want [1 2 3]", rows)
	}
}

func TestLoadDocstringPosition(t *testing.T) {
	feature := "Feature: F\n\n  Scenario: s\n    Given a step:\n        ```yaml\n        a: 1\n        ```\n"
	root := writeSuite(t, map[string]string{"features/f.feature": feature})
	idx, err := Load(root, layout, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(idx.Order) != 1 || len(idx.Order[0].Steps) != 1 {
		t.Fatalf("%d scenarios indexed", len(idx.Order))
	}
	for _, st := range idx.Order[0].Steps {
		// the text starts on line 6 and was shifted left by 8 columns
		got := []any{st.Text, st.Line, st.TextCol(), st.DocLine(), st.DocIndent(), st.TableLine(), st.TableCols()}
		if want := []any{"a step:", 4, 11, 6, 8, 0, [][]int(nil)}; !reflect.DeepEqual(got, want) {
			t.Errorf("step %v, want %v", got, want)
		}
	}
}
