package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const readonlyFeature = `Feature: Readonly

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
`

// annotations are the ::error lines of an output.
func annotations(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "::error ") {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestGitHubAnnotationOnTheFailingStep(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/x.feature": readonlyFeature})
	r := runCLI(t, "run", "--root", dir, "--no-color", "--format", "progress,github")
	wantCode(t, r, exitFailed)
	got := annotations(r.out)
	want := `::error file=features/x.feature,line=11,title=Scenario%3A a node changes the tenant::READONLY_WRITE: node "vandal" changed readonly field "tenant"`
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("annotations %q, want one starting with\n%s", got, want)
	}

	// github:FILE writes them to a file instead
	file := filepath.Join(t.TempDir(), "annotations.txt")
	r = runCLI(t, "run", "--root", dir, "--no-color", "--format", "github:"+file)
	wantCode(t, r, exitFailed)
	if len(annotations(r.out)) != 0 {
		t.Errorf("github:FILE also annotated the output:\n%s", r.out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if a := annotations(string(data)); len(a) != 1 || !strings.HasPrefix(a[0], want) {
		t.Errorf("%s holds %q", file, data)
	}
}

// check's golden-file problems reach CI: the missing golden as the failure
// of the scenario that read it (annotated once, its message escaped onto
// one line), the orphan at the golden file itself, and both in the JUnit
// report's "golden files" testsuite with the command that fixes them.
func TestCheckReportsGoldenProblemsToCI(t *testing.T) {
	dir := ciSuite(t)
	missing := filepath.Join(dir, "golden", "alpha", "alpha-3.json")
	if err := os.Remove(missing); err != nil {
		t.Fatal(err)
	}
	junit := filepath.Join(t.TempDir(), "report.xml")
	r := runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress,github,junit:"+junit)
	wantCode(t, r, exitFailed)
	got := annotations(r.out)
	want := "::error file=features/alpha.feature,line=31,title=Scenario%3A alpha 3::golden file golden/alpha/alpha-3.json is missing; to create it, run:%0A    "
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("annotations %q, want one starting with\n%s", got, want)
	}
	rep := readJUnitReport(t, junit)
	golden := rep.Suites[len(rep.Suites)-1]
	if golden.Name != "golden files" || len(golden.Cases) != 1 {
		t.Fatalf("last testsuite %q with %d testcases, want \"golden files\" with 1", golden.Name, len(golden.Cases))
	}
	c := golden.Cases[0]
	if c.Name != "golden/alpha/alpha-3.json" || c.File != "features/alpha.feature" || c.Line != 31 || c.Failure.Type != "missing" ||
		!strings.Contains(c.Failure.Message, "update --root "+quote(dir)+" features/alpha.feature:23") {
		t.Errorf("missing golden testcase %+v", c)
	}

	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	writeFiles(t, dir, map[string]string{"golden/nested/old.json": "{}\n"})
	r = runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress,github,junit:"+junit)
	wantCode(t, r, exitFailed)
	got = annotations(r.out)
	want = "::error file=golden/nested/old.json,line=1,title=orphan golden file::orphan golden file golden/nested/old.json, referenced by no scenario; to delete it, run: " + selfName() + " prune --root " + quote(dir)
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("annotations %q, want\n%s", got, want)
	}
	rep = readJUnitReport(t, junit)
	golden = rep.Suites[len(rep.Suites)-1]
	if golden.Name != "golden files" || len(golden.Cases) != 1 || golden.Cases[0].File != "golden/nested/old.json" || golden.Cases[0].Line != 1 || golden.Cases[0].Failure.Type != "orphan" {
		t.Errorf("orphan testsuite %+v", golden)
	}
}

func TestJUnitTestcasesHaveFileAndLine(t *testing.T) {
	dir := ciSuite(t)
	junit := filepath.Join(t.TempDir(), "report.xml")
	wantCode(t, runCLI(t, "--root", dir, "--no-color", "--format", "junit:"+junit), exitPassed)
	rep := readJUnitReport(t, junit)
	n := 0
	for _, s := range rep.Suites {
		for i, c := range s.Cases {
			n++
			wantFile := map[string]string{"alpha": "features/alpha.feature", "beta": "features/nested/beta.feature"}[s.Name]
			if c.File != wantFile || c.Line != 3+10*i {
				t.Errorf("%s/%s at %s:%d, want %s:%d", s.Name, c.Name, c.File, c.Line, wantFile, 3+10*i)
			}
		}
	}
	if n != 9 {
		t.Errorf("%d testcases, want 9", n)
	}
}

// --format given twice writes both reports, as cucumber-js's --format and
// vitest's --reporter do (the second used to replace the first, silently).
func TestFormatGivenTwiceWritesBoth(t *testing.T) {
	dir := ciSuite(t)
	out := t.TempDir()
	junit, html := filepath.Join(out, "report.xml"), filepath.Join(out, "report.html")
	r := runCLI(t, "--root", dir, "--no-color", "--format", "junit:"+junit, "--format", "progress,html:"+html)
	wantCode(t, r, exitPassed)
	if rep := readJUnitReport(t, junit); len(rep.Suites) == 0 {
		t.Errorf("the JUnit report of the first --format has no testsuite")
	}
	if _, err := os.Stat(html); err != nil {
		t.Errorf("the HTML report of the second --format: %v", err)
	}
}

// A report file the run cannot write is the error, whatever else the
// command line says (it used to read "no scenario matches --tags").
func TestBadReportPathIsTheError(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/counter.feature": counterFeature})
	for _, format := range []string{"junit", "github", "cucumber", "html"} {
		bad := filepath.Join(t.TempDir(), "no-such-dir", "report.out")
		r := runCLI(t, "run", "--root", dir, "--no-color", "--tags", "@nope", "--format", format+":"+bad)
		wantCode(t, r, exitLoad)
		if format != "html" {
			wantContains(t, r, "--format "+format+":"+bad+": directory "+filepath.Dir(bad)+" does not exist")
		}
		if strings.Contains(r.all(), "no scenario matches") {
			t.Errorf("%s: a bad report path reads as a tag filter that matched nothing:\n%s", format, r.all())
		}
	}
}

type junitCaseAt struct {
	Name    string `xml:"name,attr"`
	File    string `xml:"file,attr"`
	Line    int    `xml:"line,attr"`
	Failure *struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
	} `xml:"failure"`
}

type junitReportAt struct {
	Suites []struct {
		Name  string        `xml:"name,attr"`
		Cases []junitCaseAt `xml:"testcase"`
	} `xml:"testsuite"`
}

func readJUnitReport(t *testing.T, file string) junitReportAt {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rep junitReportAt
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JUnit report is not valid XML: %v\n%s", err, data)
	}
	return rep
}

// TestReportPathCheckedBeforeUpdateWrites: a report file that cannot be
// written (its directory is missing or a file, the file is a directory)
// stops update with exit 2, naming the path, before the run writes any
// golden file; not after the run, with the goldens written and no line
// saying so.
func TestReportPathCheckedBeforeUpdateWrites(t *testing.T) {
	tmp := t.TempDir()
	aFile := filepath.Join(tmp, "a-file")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := []struct{ path, says string }{
		{filepath.Join(tmp, "no-such-dir", "report.out"), "directory " + filepath.Join(tmp, "no-such-dir") + " does not exist"},
		{filepath.Join(aFile, "report.out"), aFile + " is not a directory"},
		{tmp, tmp + " is a directory; name a file"},
	}
	for _, format := range []string{"html", "junit", "github", "cucumber"} {
		for _, b := range bad {
			dir := newSuite(t, map[string]string{"features/x.feature": staleFeature})
			r := runCLI(t, "update", "--root", dir, "--no-color", "--format", "progress,"+format+":"+b.path)
			wantCode(t, r, exitLoad)
			wantContains(t, r, "--format "+format+":"+b.path+": "+b.says)
			if written, _ := filepath.Glob(filepath.Join(dir, "golden", "*", "*")); len(written) > 0 {
				t.Errorf("%s:%s: update wrote %v before it stopped", format, b.path, written)
			}
		}
	}
}
