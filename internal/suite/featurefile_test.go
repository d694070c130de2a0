package suite

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/cucumber/godog"
)

// longFeature is a feature whose docstring holds one line of n bytes, the
// line end excluded; it is line 6.
func longFeature(n int) string {
	v := strings.Repeat("x", n-len(`{"v": ""}`)-6)
	return "Feature: long\n\n  Scenario: s\n    Given the input state:\n      \"\"\"json\n      {\"v\": \"" + v + "\"}\n      \"\"\"\n    Then the state should match the golden file\n"
}

// TestFeatureLinesUpToTheParsersLimitParse checks the limit against the
// parser itself: a line of MaxLineBytes parses (also without a line end,
// as the file's last), one byte more is an error naming the line, never
// the parser's panic.
func TestFeatureLinesUpToTheParsersLimitParse(t *testing.T) {
	for _, n := range []int{MaxLineBytes - 1, MaxLineBytes} {
		if _, _, err := parse(fstest.MapFS{"f.feature": {Data: []byte(longFeature(n))}}, "f.feature"); err != nil {
			t.Errorf("a line of %d bytes: %v", n, err)
		}
		last := "Feature: f\n" + strings.Repeat("#", n)
		if _, _, err := parse(fstest.MapFS{"f.feature": {Data: []byte(last)}}, "f.feature"); err != nil {
			t.Errorf("a last line of %d bytes: %v", n, err)
		}
	}
	for _, n := range []int{MaxLineBytes + 1, 1 << 20} {
		_, _, err := parse(fstest.MapFS{"f.feature": {Data: []byte(longFeature(n))}}, "f.feature")
		if err == nil || !strings.Contains(err.Error(), "f.feature:6: the line is") || !strings.Contains(err.Error(), `from "<file>"`) {
			t.Errorf("a line of %d bytes: %v; want an error naming f.feature:6 and the from step", n, err)
		}
	}
	// \r\n: the \r counts, as the parser's buffer holds it
	crlf := "Feature: f\r\n" + strings.Repeat("#", MaxLineBytes) + "\r\n"
	if _, err := CleanFeature("f.feature", []byte(crlf)); err == nil {
		t.Error("a line of MaxLineBytes and a \\r passed")
	}
}

// docFeature is a feature whose docstring (opened on line 5 by sep) holds
// lines lines of width bytes each, the line end included.
func docFeature(sep string, lines, width int) string {
	row := "      " + strings.Repeat("a", width-7) + "\n"
	return "Feature: f\n\n  Scenario: s\n    Given the input state:\n      " + sep + "\n" + strings.Repeat(row, lines) + "      " + sep + "\n"
}

// A docstring the parser would take minutes to join is refused before it
// reads it, naming its line and what to do; one at the bound parses, and
// the same bytes on fewer lines do too.
func TestDocStringsOverTheParsersWorkAreRefused(t *testing.T) {
	for _, sep := range []string{`"""`, "```"} {
		over := docFeature(sep, 20000, 400) // 8 MB on 20,000 lines: 40 s a parse
		_, _, err := parse(fstest.MapFS{"f.feature": {Data: []byte(over)}}, "f.feature")
		if err == nil || !strings.Contains(err.Error(), "f.feature:5: the docstring has 20000 lines and 8000000 bytes") || !strings.Contains(err.Error(), "fewer lines") {
			t.Errorf("%s: %v; want the docstring refused at f.feature:5", sep, err)
		}
		compact := docFeature(sep, 125, 64000) // the same 8 MB on 125 lines
		if _, _, err := parse(fstest.MapFS{"f.feature": {Data: []byte(compact)}}, "f.feature"); err != nil {
			t.Errorf("%s: 8 MB on 125 lines: %v", sep, err)
		}
		at := docFeature(sep, 2000, MaxDocStringWork/2000/2000) // lines × bytes at the bound
		if _, _, err := parse(fstest.MapFS{"f.feature": {Data: []byte(at)}}, "f.feature"); err != nil {
			t.Errorf("%s: a docstring at the bound: %v", sep, err)
		}
	}
	// the other delimiter inside a docstring is its content, not its end;
	// the same delimiter at any indentation ends it
	mixed := "Feature: f\n\n  Scenario: s\n    Given the input state:\n      ```\n" + strings.Repeat("      \"\"\"\n", 20000) + strings.Repeat("      "+strings.Repeat("b", 393)+"\n", 20000) + "```\n"
	if _, err := CleanFeature("f.feature", []byte(mixed)); err == nil || !strings.Contains(err.Error(), "f.feature:5: the docstring has 40000 lines") {
		t.Errorf("a docstring holding the other delimiter: %v", err)
	}
	// an unclosed docstring runs to the end of the file, as the parser reads it
	open := strings.TrimSuffix(docFeature(`"""`, 20000, 400), "      \"\"\"\n")
	if _, err := CleanFeature("f.feature", []byte(open)); err == nil || !strings.Contains(err.Error(), "f.feature:5: the docstring has 20000 lines") {
		t.Errorf("an unclosed docstring: %v", err)
	}
}

func TestLoadRefusesALongLineInTheCLIsPathsToo(t *testing.T) {
	root := writeSuite(t, map[string]string{"features/long.feature": longFeature(70000)})
	if _, err := Load(root, layout, nil); err == nil || !strings.Contains(err.Error(), "features/long.feature:6:") {
		t.Errorf("Load: %v", err)
	}
	entries, err := Expand(root, layout, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckFeatures(root, entries); err == nil || !strings.Contains(err.Error(), "features/long.feature:6:") {
		t.Errorf("CheckFeatures: %v", err)
	}
}

func TestAByteOrderMarkIsDropped(t *testing.T) {
	feature := "\uFEFFFeature: bom\n\n  Scenario: first\n    Given an empty input state\n"
	root := writeSuite(t, map[string]string{"features/bom.feature": feature})
	idx, err := Load(root, layout, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(idx.Order) != 1 || idx.Order[0].Name != "first" {
		t.Fatalf("scenarios %v", idx.Order)
	}
	// godog reads it through FeatureFS
	got := runGodogFS(t, FeatureFS(os.DirFS(root)), idx.Paths)
	if len(got) != 1 {
		t.Fatalf("godog ran %d scenarios", len(got))
	}
}

func TestAFIFOIsRefusedBeforeItIsOpened(t *testing.T) {
	root := writeSuite(t, map[string]string{"features/a.feature": "Feature: a\n"})
	fifo := filepath.Join(root, "features", "pipe.feature")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	// opening the FIFO for reading would block until a writer came
	_, err := Load(root, layout, nil)
	if err == nil || !strings.Contains(err.Error(), "features/pipe.feature is a named pipe (FIFO), not a regular file; expected a .feature file") {
		t.Errorf("Load: %v", err)
	}
	if err := CheckFeatures(root, []string{"features/pipe.feature"}); err == nil {
		t.Error("CheckFeatures took a FIFO")
	}
	if _, err := FeatureFS(os.DirFS(root)).Open("features/pipe.feature"); err == nil {
		t.Error("FeatureFS opened a FIFO")
	}
}

func TestDiscoveryFollowsLinksInsideTheRootAndRefusesTheOthers(t *testing.T) {
	feature := "Feature: f\n\n  Scenario: s\n    Given an empty input state\n"
	link := func(t *testing.T, target, name string) {
		t.Helper()
		if err := os.Symlink(target, name); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	t.Run("inside", func(t *testing.T) {
		root := writeSuite(t, map[string]string{"features/a.feature": feature, "shared/b/c.feature": feature, "shared/d.feature": feature})
		link(t, filepath.Join(root, "shared", "b"), filepath.Join(root, "features", "b"))
		link(t, filepath.Join("..", "shared", "d.feature"), filepath.Join(root, "features", "d.feature"))
		got, err := Expand(root, layout, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := "features/a.feature features/b/c.feature features/d.feature"; strings.Join(got, " ") != want {
			t.Errorf("Expand = %v, want %s", got, want)
		}
	})
	for name, setup := range map[string]struct {
		target func(root, outside string) string
		want   string
	}{
		"a directory outside": {func(_, outside string) string { return outside }, "features/x is a symbolic link that leads out of the suite root"},
		"a file outside":      {func(_, outside string) string { return filepath.Join(outside, "o.feature") }, "features/x is a symbolic link that leads out of the suite root"},
		"a loop":              {func(root, _ string) string { return filepath.Join(root, "features") }, "features and features/x are the same directory"},
		"nothing":             {func(root, _ string) string { return filepath.Join(root, "gone") }, "features/x is a symbolic link to nothing"},
	} {
		t.Run(name, func(t *testing.T) {
			root := writeSuite(t, map[string]string{"features/a.feature": feature})
			outside := writeSuite(t, map[string]string{"o.feature": feature})
			link(t, setup.target(root, outside), filepath.Join(root, "features", "x"))
			_, err := Expand(root, layout, nil)
			if err == nil || !strings.Contains(err.Error(), setup.want) {
				t.Errorf("Expand: %v; want %q", err, setup.want)
			}
		})
	}
}

// runGodogFS runs godog over paths in fsys and returns the pickles it ran;
// a run that fails to parse is no test failure here.
func runGodogFS(t testing.TB, fsys fs.FS, paths []string) []*godog.Scenario {
	var got []*godog.Scenario
	suite := godog.TestSuite{
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
				got = append(got, p)
				return ctx, nil
			})
			sc.Step(`^.*$`, func() {})
		},
		Options: &godog.Options{Paths: paths, FS: fsys, Format: "progress", Output: io.Discard},
	}
	suite.Run()
	return got
}

// FuzzFeatureFile feeds whole feature files to both ways a run reads
// them: this package's loader (read, parse, index), and godog reading them
// through FeatureFS, as a parse-once run does, each of its pickles found in
// the index. Neither may panic on any input.
func FuzzFeatureFile(f *testing.F) {
	f.Add([]byte(longFeature(100)))
	f.Add([]byte(longFeature(MaxLineBytes + 1)))
	f.Add([]byte("\uFEFFFeature: bom\n\n  Scenario: s\n    Given x\n"))
	f.Add([]byte("Feature: o\n\n  Scenario Outline: <a>\n    Given <a>\n    Examples:\n      | a |\n      | 1 |\n      | 1 |\n"))
	f.Add([]byte("Feature: r\n  Rule: r\n    Background:\n      Given b\n    Scenario: s\n      Given t\n        | a | b |\n"))
	f.Add([]byte("# language: fr\nFonctionnalité: f\n  Scénario: s\n    Soit x\n"))
	if entries, err := os.ReadDir(filepath.Join("..", "..", "features")); err == nil {
		for _, e := range entries {
			if data, err := os.ReadFile(filepath.Join("..", "..", "features", e.Name())); err == nil && !e.IsDir() {
				f.Add(data)
			}
		}
	}
	const file = "features/f.feature"
	f.Fuzz(func(t *testing.T, data []byte) {
		files := fstest.MapFS{file: {Data: data}}
		doc, pickles, err := parse(files, file)
		if err != nil {
			return
		}
		idx := NewIndex(".", layout)
		if doc.Feature == nil || idx.add(file, 0, doc, pickles) != nil {
			return
		}
		for _, p := range runGodogFS(t, FeatureFS(files), []string{file}) {
			if _, ok := idx.Scenario(p); !ok {
				t.Errorf("godog's pickle %q (%s) is not in the index", p.Name, p.Uri)
			}
		}
	})
}

func TestAFeatureFileNeedsAName(t *testing.T) {
	root := writeSuite(t, map[string]string{"features/x.feature": "Feature: x\n", "features/x/.feature": "Feature: y\n"})
	for _, paths := range [][]string{nil, {"features/x/.feature"}} {
		if _, err := Expand(root, layout, paths); err == nil || !strings.Contains(err.Error(), "features/x/.feature: a feature file needs a name") {
			t.Errorf("Expand(%v): %v", paths, err)
		}
	}
}
