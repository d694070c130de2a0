package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The harness deletes and writes only golden files it owns: these tests
// give prune and update every chance to touch something else.

// goldenFeature is a feature of one scenario, named name, asserting its
// state golden.
func goldenFeature(name string) string {
	return "Feature: " + name + "\n\n  Scenario: " + name + "\n    Given the input state:\n      \"\"\"json\n      {\"n\": 1}\n      \"\"\"\n    Then the state should match the golden file\n"
}

// wantFile fails unless the file under dir still holds content.
func wantFile(t *testing.T, dir, rel, content string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	if string(data) != content {
		t.Fatalf("%s was changed: %q, want %q", rel, data, content)
	}
}

func TestPruneOfAFeatureFileKeepsTheGoldensOfItsSameNamedDirectory(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"features/checkout.feature":      goldenFeature("first"),
		"features/checkout/card.feature": goldenFeature("second"),
	})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	second, _ := os.ReadFile(filepath.Join(dir, "golden", "checkout", "card", "second.json"))
	writeFiles(t, dir, map[string]string{"golden/checkout/renamed.json": "{}\n"})

	r := runCLI(t, suiteArgs("check", dir, "features/checkout.feature")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "orphan golden files, referenced by no scenario (1):", "golden/checkout/renamed.json")
	if strings.Contains(r.all(), "second.json") {
		t.Errorf("check of checkout.feature calls the golden of checkout/card.feature an orphan:\n%s", r.all())
	}
	r = runCLI(t, suiteArgs("prune", dir, "features/checkout.feature")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "deleted golden/checkout/renamed.json")
	wantFile(t, dir, "golden/checkout/card/second.json", string(second))
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
}

func TestPruneDeletesOnlyFilesNamedAsGoldens(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/a.feature": goldenFeature("one")})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	kept := map[string]string{
		"golden/a/Notes.json":   "{}\n", // upper case: no slug
		"golden/a/notes.txt":    "notes\n",
		"golden/a/one.json.bak": "{}\n",
		"golden/a/my_file.json": "{}\n",
		"golden/README.md":      "# goldens\n",
		"golden/a/.hidden.json": "{}\n",
		"golden/a/x.other.json": "{}\n",
	}
	writeFiles(t, dir, kept)
	writeFiles(t, dir, map[string]string{"golden/a/two-2.trace.json": "{}\n"})
	r := runCLI(t, suiteArgs("prune", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "deleted golden/a/two-2.trace.json")
	for rel, content := range kept {
		wantFile(t, dir, rel, content)
	}
}

func TestTheGoldenAndFeaturesDirectoriesMustBeTheirOwnInsideTheRoot(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"golden: .", `golden: "." is the suite root`},
		{"golden: ./", `golden: "./" is the suite root`},
		{"golden: scenarios", "is also the scenarios directory"},
		{"golden: features", "is also the features directory"},
		{"golden: ../", "leaves the suite root"},
		{"golden: ../elsewhere", "leaves the suite root"},
		{"golden: /tmp/golden", "is an absolute path"},
		{"features: .", `features: "." is the suite root`},
		{"features: spec\ngolden: spec/golden", `"spec" contains the golden directory "spec/golden"`},
		{"golden: data\nscenarios: data/inputs", `"data" contains the scenarios directory "data/inputs"`},
		{"features: /abs/features", "is an absolute path"},
	} {
		t.Run(tc.yaml, func(t *testing.T) {
			files := map[string]string{
				"scenario.yaml":             tc.yaml + "\n",
				"features/a.feature":        goldenFeature("one"),
				"spec/a.feature":            goldenFeature("one"),
				"package.json":              "{}\n",
				"scenarios/input.json":      "{\"n\": 1}\n",
				"data/inputs/input.json":    "{\"n\": 1}\n",
				"node_modules/x/index.json": "{}\n",
			}
			dir := newSuite(t, files)
			for _, cmd := range []string{"prune", "update", "check"} {
				r := runCLI(t, suiteArgs(cmd, dir)...)
				wantCode(t, r, exitLoad)
				wantContains(t, r, tc.want)
			}
			for rel, content := range files {
				wantFile(t, dir, rel, content)
			}
			if _, err := os.Stat(filepath.Join(dir, "golden")); err == nil {
				t.Error("a refused run wrote golden/")
			}
		})
	}
}

func TestCheckReportsTheTemporaryFilesOfAnInterruptedUpdateAndPruneRemovesThem(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/a.feature": goldenFeature("one")})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	writeFiles(t, dir, map[string]string{"golden/a/.one.json.tmp-123456": "{\"n\""})
	junit := filepath.Join(dir, "junit.xml")
	r := runCLI(t, append(suiteArgs("check", dir), "--format", "progress,junit:"+junit)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "temporary files left by an interrupted update (1):", "golden/a/.one.json.tmp-123456", "prune --root "+quote(dir))
	if data, err := os.ReadFile(junit); err != nil || !strings.Contains(string(data), "temporary file golden/a/.one.json.tmp-123456 left by an interrupted update") {
		t.Errorf("the JUnit report does not list the temporary file (%v):\n%s", err, data)
	}
	r = runCLI(t, suiteArgs("prune", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "removed golden/a/.one.json.tmp-123456")
	if _, err := os.Stat(filepath.Join(dir, "golden", "a", ".one.json.tmp-123456")); !os.IsNotExist(err) {
		t.Fatalf("the temporary file is still there: %v", err)
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
}

// runCLIWithin is runCLI, failing the test when the run takes longer than
// a minute (a FIFO opened for reading blocks until a writer comes).
func runCLIWithin(t *testing.T, args ...string) cliResult {
	t.Helper()
	done := make(chan cliResult, 1)
	go func() { done <- runCLI(t, args...) }()
	select {
	case r := <-done:
		return r
	case <-time.After(time.Minute):
		t.Fatalf("scenario %v still runs after a minute", args)
		return cliResult{}
	}
}

func TestAFIFOIsRefusedWhereverAFileIsExpected(t *testing.T) {
	feature := "Feature: f\n\n  Scenario: one\n    Given the input state from \"scenarios/input.json\"\n    Then the state should match the golden file\n"
	for _, tc := range []struct{ fifo, cmd, want string }{
		{"scenarios/input.json", "run", `"scenarios/input.json" is a named pipe (FIFO), not a regular file; expected a file to read`},
		{"golden/f/one.json", "run", "golden/f/one.json: the path is a named pipe (FIFO), not a regular file; expected a golden file (JSON)"},
		{"golden/f/one.json", "update", "golden/f/one.json: the path is a named pipe (FIFO), not a regular file; expected a golden file (JSON)"},
		{"scenario.yaml", "run", "scenario.yaml is a named pipe (FIFO), not a regular file; expected a YAML file"},
		{"features/pipe.feature", "run", "features/pipe.feature is a named pipe (FIFO), not a regular file; expected a .feature file"},
	} {
		t.Run(tc.fifo+" "+tc.cmd, func(t *testing.T) {
			dir := newSuite(t, map[string]string{"features/f.feature": feature, "scenarios/input.json": "{\"n\": 1}\n"})
			wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
			p := filepath.Join(dir, filepath.FromSlash(tc.fifo))
			os.Remove(p)
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip("no FIFOs here:", err)
			}
			r := runCLIWithin(t, suiteArgs(tc.cmd, dir)...)
			if r.code == exitPassed {
				t.Fatalf("the run passed:\n%s", r.all())
			}
			wantContains(t, r, tc.want)
			if info, err := os.Lstat(p); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
				t.Errorf("the FIFO was replaced: %v", err)
			}
		})
	}
}

func TestFailureMessagesCutLongValuesInEveryReport(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	mid := strings.Repeat("y", 60000)
	schema := "    Given the state schema:\n      | field |\n      | v     |\n"
	feature := "Feature: big\n\n  Scenario: field\n" + schema + "    And the input state from \"scenarios/big.json\"\n    Then field \"v\" should equal \"a\"\n" +
		"\n  Scenario: state\n" + schema + "    And the input state from \"scenarios/big.json\"\n    Then the state should equal:\n      \"\"\"\n      {\"v\": \"a\"}\n      \"\"\"\n" +
		"\n  Scenario: golden\n" + schema + "    And the input state from \"scenarios/big.json\"\n    Then the state should match the golden file\n" +
		// the engine's own message quotes both values
		"\n  Scenario: engine\n" + schema + "    And an empty input state\n    When these nodes run in one step:\n      \"\"\"json\n      {\"a\": {\"v\": \"" + mid + "\"},\n      \"b\": {\"v\": \"" + mid + "z\"}}\n      \"\"\"\n    Then field \"v\" should be absent\n"
	dir := newSuite(t, map[string]string{
		"features/big.feature":   feature,
		"scenarios/big.json":     `{"v": "` + big + `"}`,
		"golden/big/golden.json": "{\n  \"v\": \"" + strings.Repeat("z", 1<<20) + "\"\n}\n",
	})
	junit, github, html := filepath.Join(dir, "junit.xml"), filepath.Join(dir, "github.txt"), filepath.Join(dir, "report.html")
	r := runCLI(t, append(suiteArgs("run", dir), "--format", "progress,junit:"+junit+",github:"+github+",html:"+html)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "(1048578 bytes in all)", "should equal \"a\"", "INVALID_CONCURRENT_GRAPH_UPDATE", "bytes cut)")
	if len(r.all()) > 20000 {
		t.Errorf("the output is %d bytes", len(r.all()))
	}
	for _, f := range []string{junit, github} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 20000 || !strings.Contains(string(data), "bytes in all") {
			t.Errorf("%s is %d bytes:\n%.2000s", f, len(data), data)
		}
	}
	if data, err := os.ReadFile(html); err != nil || strings.Contains(string(data), strings.Repeat("x", 300000)) {
		t.Errorf("the HTML report holds the whole value (%v)", err)
	}
}

func TestUpdateWritesNothingThroughALinkUnderGolden(t *testing.T) {
	for name, target := range map[string]func(dir string) string{
		"out of the root":         func(string) string { return t.TempDir() },
		"to the user's own files": func(dir string) string { return filepath.Join(dir, "scenarios") },
	} {
		t.Run(name, func(t *testing.T) {
			dir := newSuite(t, map[string]string{"features/a.feature": goldenFeature("one"), "scenarios/one.json": "mine\n"})
			to := target(dir)
			if err := os.MkdirAll(filepath.Join(dir, "golden"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(to, filepath.Join(dir, "golden", "a")); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			r := runCLI(t, suiteArgs("update", dir)...)
			wantCode(t, r, exitFailed)
			wantContains(t, r, "golden file golden/a/one.json: golden/a is a symbolic link", "nothing was written")
			if _, err := os.Stat(filepath.Join(to, "one.json")); err == nil && name == "out of the root" {
				t.Errorf("update wrote outside the root")
			}
			wantFile(t, dir, "scenarios/one.json", "mine\n")
		})
	}
}
