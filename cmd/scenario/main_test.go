package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// These tests drive the whole CLI through run against suites written into
// t.TempDir(), the way a user runs `scenario --root DIR`.

type cliResult struct {
	code        int
	out, errOut string
}

// all is stdout and stderr together, for checks that do not care which.
func (r cliResult) all() string { return r.out + r.errOut }

// runCLI runs the CLI with args and returns its exit code and output.
func runCLI(t *testing.T, args ...string) cliResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return cliResult{code: code, out: stdout.String(), errOut: stderr.String()}
}

// suiteArgs is `[cmd] --root dir --no-color --format progress [paths...]`.
func suiteArgs(cmd, dir string, paths ...string) []string {
	var args []string
	if cmd != "" {
		args = append(args, cmd)
	}
	args = append(args, "--root", dir, "--no-color", "--format", "progress")
	return append(args, paths...)
}

// writeFiles writes files (slash paths relative to dir) and returns dir.
func writeFiles(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// newSuite writes files into a fresh suite root.
func newSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	return writeFiles(t, t.TempDir(), files)
}

// lineOf is the 1-based line of the first line of text containing needle
// at or after line from (1-based).
func lineOf(t *testing.T, text, needle string, from int) int {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if i+1 >= from && strings.Contains(l, needle) {
			return i + 1
		}
	}
	t.Fatalf("%q not found in the feature text from line %d", needle, from)
	return 0
}

func wantCode(t *testing.T, r cliResult, want int) {
	t.Helper()
	if r.code != want {
		t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, want, r.out, r.errOut)
	}
}

func wantContains(t *testing.T, r cliResult, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(r.all(), s) {
			t.Errorf("output does not contain %q\nstdout:\n%s\nstderr:\n%s", s, r.out, r.errOut)
		}
	}
}

const counterFeature = `Feature: Counter

  Scenario: counts up
    Given the state schema:
      | field | type    | reducer |
      | n     | integer | sum     |
    And the input state:
      """json
      {"n": 1}
      """
    When node "inc" returns:
      """json
      {"n": 2}
      """
    Then field "n" should equal 3
    And the revision should be 2
`

func TestRunPassingSuiteExits0(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/counter.feature": counterFeature})
	r := runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "1 scenarios (1 passed)")
	// the explicit run command behaves like the default one
	wantCode(t, runCLI(t, suiteArgs("run", dir)...), exitPassed)
}

func TestRunFailingScenarioExits1(t *testing.T) {
	feature := strings.Replace(counterFeature, `should equal 3`, `should equal 4`, 1)
	dir := newSuite(t, map[string]string{"features/counter.feature": feature})
	r := runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitFailed)
	line := lineOf(t, feature, `should equal 4`, 1)
	wantContains(t, r, "features/counter.feature:"+strconv.Itoa(line)+":", "1 scenarios (1 failed)")
}

func TestRunLoadErrorsExit2(t *testing.T) {
	good := map[string]string{"features/counter.feature": counterFeature}
	tests := []struct {
		name  string
		files map[string]string
		args  func(dir string) []string
		want  []string // in stderr
	}{
		{
			name:  "unknown flag",
			files: good,
			args:  func(dir string) []string { return append(suiteArgs("", dir), "--no-such-flag") },
			want:  []string{"--no-such-flag"},
		},
		{
			name:  "missing features directory",
			files: map[string]string{"golden/.keep": ""},
			args:  func(dir string) []string { return suiteArgs("", dir) },
			want:  []string{"features"},
		},
		{
			name:  "missing feature file",
			files: good,
			args:  func(dir string) []string { return suiteArgs("", dir, "features/nope.feature") },
			want:  []string{"features/nope.feature"},
		},
		{
			name: "unparsable feature file",
			files: map[string]string{
				"features/counter.feature": counterFeature,
				// the docstring is never closed
				"features/bad.feature": "Feature: Bad\n\n  Scenario: open docstring\n    Given the input state:\n      \"\"\"json\n      {}\n",
			},
			args: func(dir string) []string { return suiteArgs("", dir) },
			want: []string{"features/bad.feature"},
		},
		{
			name:  "unknown profile",
			files: good,
			args:  func(dir string) []string { return append(suiteArgs("", dir), "--profile", "nope") },
			want:  []string{`"nope"`},
		},
		{
			name:  "path outside the root",
			files: good,
			args:  func(dir string) []string { return suiteArgs("", dir, "../elsewhere.feature") },
			want:  []string{"../elsewhere.feature"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newSuite(t, tt.files)
			r := runCLI(t, tt.args(dir)...)
			wantCode(t, r, exitLoad)
			for _, w := range tt.want {
				if !strings.Contains(r.errOut, w) {
					t.Errorf("stderr does not name %q:\n%s", w, r.errOut)
				}
			}
			if strings.Contains(r.out, "scenarios (") {
				t.Errorf("a suite that cannot be loaded ran scenarios:\n%s", r.out)
			}
		})
	}
}

const staleFeature = `Feature: X

  Scenario: stale state
    Given the state schema:
      | field | type    | reducer |
      | list  | array   | append  |
      | n     | integer | replace |
      | s     | string  | replace |
    And the input state:
      """json
      {"list": [1], "n": 1, "s": "a"}
      """
    When node "a" returns:
      """json
      {"list": [2]}
      """
    Then the state should match the golden file
`

const staleCanonical = `{
  "list": [
    1,
    2
  ],
  "n": 1,
  "s": "a"
}
`

func TestStaleGoldenFailsThenUpdateFixesIt(t *testing.T) {
	golden := "golden/x/stale-state.json"
	dir := newSuite(t, map[string]string{
		"features/x.feature": staleFeature,
		golden:               `{"gone": true, "list": [1], "n": 2, "s": "a"}`,
	})
	goldenPath := filepath.Join(dir, filepath.FromSlash(golden))

	r := runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitFailed)
	stepLine := lineOf(t, staleFeature, "should match the golden file", 1)
	scenarioLine := lineOf(t, staleFeature, "Scenario: stale state", 1)
	wantContains(t, r,
		"features/x.feature:"+strconv.Itoa(stepLine)+": golden file "+golden,
		" update --root "+dir+" features/x.feature:"+strconv.Itoa(scenarioLine),
	)
	// each differing path with want and got, in path order, and nothing on
	// the equal $.s
	diffs := regexp.MustCompile(`(\$\S*)\s+want:\s*(.*)\n\s*got:\s*(.*)\n`).FindAllStringSubmatch(r.out, -1)
	var listed []string
	for _, d := range diffs {
		listed = append(listed, d[1]+" want "+d[2]+" got "+d[3])
	}
	if want := []string{
		"$.gone want true got (absent)",
		"$.list[1] want (absent) got 2",
		"$.n want 2 got 1",
	}; !reflect.DeepEqual(listed, want) {
		t.Errorf("differing paths\n%q\nwant\n%q\noutput:\n%s", listed, want, r.out)
	}
	if got, _ := os.ReadFile(goldenPath); string(got) == staleCanonical {
		t.Fatal("a failing run rewrote the golden file")
	}

	r = runCLI(t, suiteArgs("update", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "updated "+golden)
	got, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != staleCanonical {
		t.Fatalf("updated golden file:\n%s\nwant:\n%s", got, staleCanonical)
	}
	assertNoTempFiles(t, filepath.Dir(goldenPath))

	wantCode(t, runCLI(t, suiteArgs("", dir)...), exitPassed)

	// a second update leaves the file alone
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(goldenPath, old, old); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, suiteArgs("update", dir)...)
	wantCode(t, r, exitPassed)
	if strings.Contains(r.out, "updated ") {
		t.Errorf("second update reports a write:\n%s", r.out)
	}
	info, err := os.Stat(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	if !info.ModTime().Equal(old) {
		t.Errorf("second update changed the modification time: %v, want %v", info.ModTime(), old)
	}
	if again, _ := os.ReadFile(goldenPath); !bytes.Equal(again, got) {
		t.Errorf("second update changed the bytes:\n%s", again)
	}
}

func TestNonCanonicalButEqualGoldenFailsAndUpdateRewritesIt(t *testing.T) {
	golden := "golden/x/stale-state.json"
	dir := newSuite(t, map[string]string{
		"features/x.feature": staleFeature,
		golden:               `{"s":"a","n":1.0,"list":[1e0,2]}`,
	})
	r := runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, golden, "update --root "+dir+" features/x.feature:3")
	if strings.Contains(r.all(), "want:") {
		t.Errorf("equal values are reported as differing paths:\n%s", r.all())
	}
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	if got, _ := os.ReadFile(filepath.Join(dir, golden)); string(got) != staleCanonical {
		t.Errorf("golden after update:\n%s", got)
	}
}

func TestMissingGoldenFailsAndUpdateCreatesIt(t *testing.T) {
	feature := strings.Replace(staleFeature, "Scenario: stale state", "Scenario: Fresh state!", 1)
	dir := newSuite(t, map[string]string{"features/x.feature": feature})
	golden := "golden/x/fresh-state.json"
	goldenPath := filepath.Join(dir, filepath.FromSlash(golden))

	r := runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitFailed)
	stepLine := lineOf(t, feature, "should match the golden file", 1)
	wantContains(t, r,
		"features/x.feature:"+strconv.Itoa(stepLine)+": golden file "+golden,
		" update --root "+dir+" features/x.feature:3",
	)
	if _, err := os.Stat(goldenPath); !os.IsNotExist(err) {
		t.Fatalf("a run without update created the golden file (stat: %v)", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "golden")); !os.IsNotExist(err) {
		t.Errorf("a run without update created golden/ (stat: %v)", err)
	}

	r = runCLI(t, suiteArgs("update", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "updated "+golden)
	if got, _ := os.ReadFile(goldenPath); string(got) != staleCanonical {
		t.Fatalf("created golden file:\n%s\nwant:\n%s", got, staleCanonical)
	}
	wantCode(t, runCLI(t, suiteArgs("", dir)...), exitPassed)
}

func TestAcceptCommandQuotesARootWithSpaces(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my suite")
	writeFiles(t, dir, map[string]string{"features/x.feature": staleFeature})
	r := runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "update --root '"+dir+"' features/x.feature:3")
}

// The accept command is meant to be pasted into a shell: every path must
// come out of the shell as it went in.
func TestQuoteSurvivesTheShell(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	tests := []struct {
		in  string
		bug string
	}{
		{in: "features/x.feature:3"},
		{in: "features/my login.feature:3"},
		{in: "features/it's.feature:3"},
		{in: `features/$HOME"x".feature:3`},
		{in: "features/back`tick`\\.feature:3"},
		{in: "features/r&d.feature:3"},
		{in: "features/login(old).feature:3"},
		{in: "features/a;b.feature:3"},
		{in: "features/a|b.feature:3"},
		{in: "features/tab\there.feature:3"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if tt.bug != "" {
				t.Skip("bug: " + tt.bug)
			}
			cmd := exec.Command(sh, "-c", "printf '%s' "+quote(tt.in))
			cmd.Dir = t.TempDir() // an unquoted > or < would touch files here
			out, err := cmd.CombinedOutput()
			if err != nil || string(out) != tt.in {
				t.Errorf("sh -c \"printf '%%s' %s\" printed %q (err %v), want %q", quote(tt.in), out, err, tt.in)
			}
		})
	}
}

func TestMalformedJSONDocstringNamesLineAndColumn(t *testing.T) {
	feature := `Feature: X

  Scenario: cut short
    Given the input state:
      """json
      {"n": 1,
       "s": }
      """

  Scenario: bad first line
    Given the input state:
        """json
        {"n": 01}
        """
`
	dir := newSuite(t, map[string]string{"features/x.feature": feature})
	r := runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitFailed)
	// `}` stands on the line of "s", column 13 of the file
	l1 := lineOf(t, feature, `"s": }`, 1)
	c1 := strings.Index(strings.Split(feature, "\n")[l1-1], "}") + 1
	// the literal 01 starts at column 15 of the file
	l2 := lineOf(t, feature, `{"n": 01}`, 1)
	c2 := strings.Index(strings.Split(feature, "\n")[l2-1], "01") + 1
	wantContains(t, r,
		"features/x.feature:"+strconv.Itoa(l1)+":"+strconv.Itoa(c1)+":",
		"features/x.feature:"+strconv.Itoa(l2)+":"+strconv.Itoa(c2)+":",
		"2 scenarios (2 failed)",
	)
}

const engineErrorFeature = `Feature: X

  Background:
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": 1}
      """

  Scenario: asserted
    When node "a" returns:
      """json
      {"n": "two"}
      """
    Then the step should fail with "TYPE_MISMATCH"
    And the state should be unchanged

  Scenario: not asserted
    When node "b" returns:
      """json
      {"n": "two"}
      """
    Then the revision should be 1

  Scenario: pending at the end
    When node "c" returns:
      """json
      {"n": "two"}
      """
`

func TestEngineErrorMustBeAsserted(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/x.feature": engineErrorFeature})
	lineAsserted := lineOf(t, engineErrorFeature, "Scenario: asserted", 1)
	lineNot := lineOf(t, engineErrorFeature, "Scenario: not asserted", 1)
	linePending := lineOf(t, engineErrorFeature, "Scenario: pending at the end", 1)

	r := runCLI(t, suiteArgs("", dir, "features/x.feature:"+strconv.Itoa(lineAsserted))...)
	wantCode(t, r, exitPassed)

	for _, tt := range []struct{ scenario, node string }{
		{"features/x.feature:" + strconv.Itoa(lineNot), `node "b" returns:`},
		{"features/x.feature:" + strconv.Itoa(linePending), `node "c" returns:`},
	} {
		t.Run(tt.scenario, func(t *testing.T) {
			r := runCLI(t, suiteArgs("", dir, tt.scenario)...)
			wantCode(t, r, exitFailed)
			// the line of the step that failed, not of the step after it
			stepLine := lineOf(t, engineErrorFeature, tt.node, 1)
			wantContains(t, r, "features/x.feature:"+strconv.Itoa(stepLine)+": TYPE_MISMATCH: ")
		})
	}
}

func TestFeatureLineRunsOnlyThatScenario(t *testing.T) {
	feature := counterFeature + `
  Scenario: would fail
    Given an empty input state
    Then field "n" should equal 1
`
	dir := newSuite(t, map[string]string{
		"features/counter.feature": feature,
		"features/other.feature":   strings.Replace(feature, "Feature: Counter", "Feature: Other", 1),
	})
	passing := lineOf(t, feature, "Scenario: counts up", 1)
	failing := lineOf(t, feature, "Scenario: would fail", 1)

	r := runCLI(t, suiteArgs("", dir, "features/counter.feature:"+strconv.Itoa(passing))...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "1 scenarios (1 passed)")

	// the same suite does fail, on the other scenario
	r = runCLI(t, suiteArgs("", dir, "features/counter.feature:"+strconv.Itoa(failing))...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "1 scenarios (1 failed)")
	wantCode(t, runCLI(t, suiteArgs("", dir)...), exitFailed)
}

func TestUpdateIsDeterministic(t *testing.T) {
	chat := `Feature: Chat

  Scenario: a chat with two nodes in one step
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
        tags: {type: array, default: [], reducer: union}
        notes: {type: array, default: [], reducer: append}
        config: {type: object, reducer: merge, default: {model: gpt, zeta: 1, alpha: 2}}
      """
    And the input state:
      """json
      {"messages": [{"role": "user", "content": "<b>hi</b> & bye"}, "plain text"]}
      """
    When these nodes run in one step:
      """yaml
      writer: {notes: ["from writer"], tags: [x, y], config: {temp: 0.5, max: 1e3}}
      agent: {notes: ["from agent"], tags: [y, z], messages: [{role: assistant, content: hello}]}
      """
    Then the state should match the golden file
    And the checkpoint should match the golden file
    When node "agent" returns:
      """json
      {"messages": [{"role": "assistant", "content": "bye"}]}
      """
    Then the state should match the golden file

  Scenario Outline: counter starts at <start>
    Given the state schema:
      | field | type    | reducer |
      | n     | integer | sum     |
    And the input state:
      """json
      {"n": <start>}
      """
    Then the state should match the golden file

    Examples:
      | start |
      | 1     |
      | 2     |
`
	dir := newSuite(t, map[string]string{
		"features/chat.feature":      chat,
		"features/nested/y.feature":  strings.Replace(chat, "Feature: Chat", "Feature: Y", 1),
		"features/nested/zz.feature": counterFeature,
	})
	want := []string{
		"golden/chat/a-chat-with-two-nodes-in-one-step.checkpoint.json",
		"golden/chat/a-chat-with-two-nodes-in-one-step.json",
		"golden/chat/a-chat-with-two-nodes-in-one-step-2.json",
		"golden/chat/counter-starts-at-1-1.json",
		"golden/chat/counter-starts-at-2-2.json",
		"golden/nested/y/a-chat-with-two-nodes-in-one-step.checkpoint.json",
		"golden/nested/y/a-chat-with-two-nodes-in-one-step.json",
		"golden/nested/y/a-chat-with-two-nodes-in-one-step-2.json",
		"golden/nested/y/counter-starts-at-1-1.json",
		"golden/nested/y/counter-starts-at-2-2.json",
	}
	var first map[string]string
	for i := 0; i < 3; i++ {
		if err := os.RemoveAll(filepath.Join(dir, "golden")); err != nil {
			t.Fatal(err)
		}
		wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
		got := readTree(t, filepath.Join(dir, "golden"))
		if i == 0 {
			first = got
			var names []string
			for name := range got {
				names = append(names, name)
			}
			if len(names) != len(want) {
				t.Errorf("update wrote %d golden files %v, want %d %v", len(names), names, len(want), want)
			}
			for _, w := range want {
				if _, ok := got[w]; !ok {
					t.Errorf("update did not write %s (wrote %v)", w, names)
				}
			}
			continue
		}
		for name, content := range first {
			if got[name] != content {
				t.Errorf("run %d: %s differs from the first run:\n%s\nfirst:\n%s", i+1, name, got[name], content)
			}
		}
		if len(got) != len(first) {
			t.Errorf("run %d wrote %d files, the first %d", i+1, len(got), len(first))
		}
	}
	// and the goldens pass without update
	wantCode(t, runCLI(t, suiteArgs("", dir)...), exitPassed)
}

// docs/reference.md, Golden files: "Two scenarios of one feature that map to the same file fail the
// run." A second assertion's -2 suffix can meet another scenario's slug.
func TestTwoScenariosWritingOneGoldenFailTheRun(t *testing.T) {
	feature := `Feature: X

  Scenario: counter
    Given the state schema:
      | field | type    | reducer |
      | n     | integer | sum     |
    And the input state:
      """json
      {"n": 1}
      """
    Then the state should match the golden file
    When node "inc" returns:
      """json
      {"n": 1}
      """
    Then the state should match the golden file

  Scenario: counter 2
    Given the state schema:
      | field | type    | reducer |
      | n     | integer | sum     |
    And the input state:
      """json
      {"n": 40}
      """
    Then the state should match the golden file
`
	dir := newSuite(t, map[string]string{"features/x.feature": feature})
	r := runCLI(t, suiteArgs("update", dir)...)
	if r.code == exitPassed {
		t.Fatalf("update passed although two scenarios write golden/x/counter-2.json:\n%s", r.all())
	}
	wantContains(t, r, "counter-2.json")
}

func readTree(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(root), p)
		files[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}
