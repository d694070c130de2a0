package runner

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/report"
)

const outlineFeature = `Feature: Outline

  Scenario Outline: counts <n>
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": <n>}
      """
    Then field "n" should equal 1

    Examples:
      | n |
      | 1 |
      | 2 |

  Scenario: counts
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": 1}
      """
    Then field "n" should equal 1
`

// readJUnit runs root with --format junit:FILE and reads the report back.
func readJUnit(t *testing.T, cfg Config) (*Result, *report.JUnitSuites) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "report.xml")
	cfg.Format = "junit:" + file
	cfg.Output = &strings.Builder{}
	cfg.Accept = func(s goldenfile.Scenario) string { return "scenario update " + s.Feature + ":" + strconv.Itoa(s.Line) }
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rep report.JUnitSuites
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JUnit report is not valid XML: %v\n%s", err, data)
	}
	return res, &rep
}

// Testcases are godog's (outline rows named #1, #2 when their names are
// equal, the failure on the failing step, skipped steps as errors), with
// the scenario's file and line.
func TestJUnitTestcasesCarryFileAndLine(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{
		"features/b.feature": strings.Replace(outlineFeature, "counts <n>", "counts", 1),
		"features/a.feature": strings.Replace(outlineFeature, "Feature: Outline", "Feature: Zeta", 1),
	})
	res, rep := readJUnit(t, Config{Root: root})
	if res.Status != 1 {
		t.Fatalf("status %d, want 1", res.Status)
	}
	if rep.Name != "scenario" || rep.Tests != 6 || rep.Failures != 2 || len(rep.Suites) != 2 {
		t.Fatalf("testsuites %q: %d tests, %d failures, %d suites; want scenario, 6, 2, 2", rep.Name, rep.Tests, rep.Failures, len(rep.Suites))
	}
	// sorted by feature name, as godog sorts them
	if rep.Suites[0].Name != "Outline" || rep.Suites[1].Name != "Zeta" {
		t.Fatalf("suites %q, %q; want Outline, Zeta", rep.Suites[0].Name, rep.Suites[1].Name)
	}
	type want struct {
		name, status, file string
		line               int
	}
	check := func(s *report.JUnitSuite, ws []want) {
		t.Helper()
		if len(s.Cases) != len(ws) {
			t.Fatalf("suite %s: %d testcases, want %d", s.Name, len(s.Cases), len(ws))
		}
		for i, w := range ws {
			c := s.Cases[i]
			if c.Name != w.name || c.Status != w.status || c.File != w.file || c.Line != w.line {
				t.Errorf("suite %s testcase %d: %q %s %s:%d, want %q %s %s:%d", s.Name, i, c.Name, c.Status, c.File, c.Line, w.name, w.status, w.file, w.line)
			}
		}
	}
	check(rep.Suites[0], []want{
		{"counts #1", "passed", "features/b.feature", 3},
		{"counts #2", "failed", "features/b.feature", 3},
		{"counts #3", "passed", "features/b.feature", 18},
	})
	check(rep.Suites[1], []want{
		{"counts 1", "passed", "features/a.feature", 3},
		{"counts 2", "failed", "features/a.feature", 3},
		{"counts", "passed", "features/a.feature", 18},
	})
	f := rep.Suites[0].Cases[1].Failure
	if f == nil || !strings.HasPrefix(f.Message, `Step field "n" should equal 1: features/b.feature:11: `) {
		t.Errorf("the failure is not the failing step's: %+v", f)
	}
}

// Under check, a testsuite "golden files" has one failing testcase per
// missing, stale or orphan golden file; missing and stale ones point at the
// assertion that read them.
func TestJUnitListsChecksGoldenProblems(t *testing.T) {
	root := t.TempDir()
	feature := `Feature: Goldens

  Scenario: one
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": 1}
      """
    Then the state should match the golden file

  Scenario: two
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": 2}
      """
    Then the state should match the golden file
`
	writeSuite(t, root, map[string]string{
		"features/g.feature": feature,
		"golden/g/two.json":  "{\n  \"n\": 3\n}\n",
	})
	_, rep := readJUnit(t, Config{Root: root, Check: true, Prune: func(string) string { return "scenario prune" }})
	golden := rep.Suites[len(rep.Suites)-1]
	if golden.Name != report.GoldenSuiteName || golden.Tests != 2 || golden.Failures != 2 {
		t.Fatalf("last suite %q: %d tests, %d failures; want %q with 2 failing testcases", golden.Name, golden.Tests, golden.Failures, report.GoldenSuiteName)
	}
	for i, w := range []struct {
		name, kind string
		line       int
		fix        string
	}{
		{"golden/g/one.json", "missing", 11, "scenario update features/g.feature:3"},
		{"golden/g/two.json", "stale", 21, "scenario update features/g.feature:13"},
	} {
		c := golden.Cases[i]
		if c.Name != w.name || c.File != "features/g.feature" || c.Line != w.line || c.Failure == nil || c.Failure.Type != w.kind || !strings.Contains(c.Failure.Message, w.fix) {
			t.Errorf("testcase %d: %+v %+v, want %s (%s) at features/g.feature:%d fixed by %s", i, c, c.Failure, w.name, w.kind, w.line, w.fix)
		}
	}
	if rep.Tests != 4 || rep.Failures != 4 {
		t.Errorf("testsuites: %d tests, %d failures; want 4 and 4", rep.Tests, rep.Failures)
	}

	// a passing run: the orphan at its own first line
	if _, err := Run(Config{Root: root, Update: true, Output: &strings.Builder{}}); err != nil {
		t.Fatal(err)
	}
	writeSuite(t, root, map[string]string{"golden/g/old.json": "{}\n"})
	_, rep = readJUnit(t, Config{Root: root, Check: true, Prune: func(string) string { return "scenario prune" }})
	golden = rep.Suites[len(rep.Suites)-1]
	if golden.Name != report.GoldenSuiteName || len(golden.Cases) != 1 {
		t.Fatalf("last suite %q with %d testcases, want %q with the orphan", golden.Name, len(golden.Cases), report.GoldenSuiteName)
	}
	c := golden.Cases[0]
	if c.Name != "golden/g/old.json" || c.File != "golden/g/old.json" || c.Line != 1 || c.Failure == nil || c.Failure.Type != "orphan" || !strings.Contains(c.Failure.Message, "scenario prune") {
		t.Errorf("orphan testcase %+v %+v", c, c.Failure)
	}

	// run is no check: no golden suite
	_, rep = readJUnit(t, Config{Root: root})
	if rep.Suites[len(rep.Suites)-1].Name == report.GoldenSuiteName {
		t.Errorf("a run that is no check lists golden files")
	}
}
