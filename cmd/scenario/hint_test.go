package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// shellWords splits a command as sh does for the words quote writes: plain
// words, and single-quoted ones with '\” for a quote.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			w.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(line):
			i++
			w.WriteByte(line[i])
			inWord = true
		case c == ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("unterminated quote in %q", line)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// hints are the commands a run printed for the user to paste: after
// "fix: ", "review the differences above, then ", "run: " and "To accept: ".
func hints(t *testing.T, out string) []string {
	t.Helper()
	self := regexp.QuoteMeta(selfName())
	re := regexp.MustCompile(`(?m)(` + self + ` (?:update|prune|check|run)\b.*)$`)
	var cmds []string
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		cmds = append(cmds, m[1])
	}
	return cmds
}

// pasteHint runs a printed command as a user who pastes it would, in this
// process: the words after the binary's name.
func pasteHint(t *testing.T, hint string) cliResult {
	t.Helper()
	self := shellWords(t, selfName())
	words := shellWords(t, hint)
	if len(words) < len(self) || strings.Join(words[:len(self)], " ") != strings.Join(self, " ") {
		t.Fatalf("hint %q does not start with %q", hint, selfName())
	}
	return runCLI(t, words[len(self):]...)
}

const profileFeature = `Feature: Profile

  Scenario: counts
    Given the state schema:
      | field | reducer |
      | n     | sum     |
    When the graph is invoked with:
      """json
      {"n": 1}
      """
    Then the state should match the golden file
`

// Each fix a check prints, pasted as is, fixes what it says: from a
// directory below the suite root, with --profile and --tags.
func TestCheckHintsWorkWhenPasted(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"scenario.yaml":        "features: features\n",
		"features/a.feature":   profileFeature,
		"features/b/b.feature": strings.ReplaceAll(profileFeature, "counts", "adds"),
	})
	t.Chdir(filepath.Join(dir, "features", "b"))
	args := []string{"check", "--no-color", "--format", "progress", "--profile", "dawn", "--tags", "~@wip", "b.feature"}
	r := runCLI(t, args...)
	wantCode(t, r, exitFailed)
	cmds := hints(t, r.all())
	if len(cmds) != 2 || !strings.HasSuffix(cmds[0], "update --profile dawn b.feature:3") ||
		!strings.HasSuffix(cmds[1], "update --profile dawn --tags '~@wip' b.feature") {
		t.Fatalf("check printed hints %q, want the accept command and the fix, with --profile, --tags and paths\n%s", cmds, r.all())
	}
	golden := filepath.Join(dir, "golden", "b", "b", "adds.json")
	for _, c := range cmds {
		os.RemoveAll(filepath.Join(dir, "golden"))
		wantCode(t, pasteHint(t, c), exitPassed)
		if _, err := os.Stat(golden); err != nil {
			t.Fatalf("pasted %q: it did not write the golden file: %v", c, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "golden", "a", "counts.json")); err == nil {
			t.Fatalf("pasted %q: it wrote a golden file of a feature the check did not run", c)
		}
		wantCode(t, runCLI(t, args...), exitPassed)
	}

	// a stale golden: the accept command in the failure, pasted, accepts it
	stale := filepath.Join(dir, "golden", "b", "b", "adds.json")
	if err := os.WriteFile(stale, []byte("{\n  \"n\": 7\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "report.html")
	r = runCLI(t, append(args, "--format", "progress,html:"+page)...)
	wantCode(t, r, exitFailed)
	cmds = hints(t, r.all())
	if len(cmds) < 2 {
		t.Fatalf("check printed hints %q, want the accept command and the fix\n%s", cmds, r.all())
	}
	// the HTML report's Copy button copies the same accept command
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	copied := regexp.MustCompile(`"accept":"([^"]*)"`).FindSubmatch(html)
	if copied == nil || string(copied[1]) != cmds[0] {
		t.Fatalf("the HTML report's accept command is %q, want %q", copied, cmds[0])
	}
	for _, c := range cmds {
		if err := os.WriteFile(stale, []byte("{\n  \"n\": 7\n}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		wantCode(t, pasteHint(t, c), exitPassed)
		wantCode(t, runCLI(t, args...), exitPassed)
	}

	// an orphan: the prune the check prints, pasted, deletes it
	orphan := filepath.Join(dir, "golden", "b", "b", "gone.json")
	writeFiles(t, dir, map[string]string{"golden/b/b/gone.json": "{}\n"})
	args = []string{"check", "--no-color", "--format", "progress", "--profile", "dawn", "b.feature"}
	r = runCLI(t, args...)
	wantCode(t, r, exitFailed)
	cmds = hints(t, r.all())
	if len(cmds) != 1 || !strings.Contains(cmds[0], "prune --profile dawn b.feature") {
		t.Fatalf("check printed hints %q, want one prune\n%s", cmds, r.all())
	}
	wantCode(t, pasteHint(t, cmds[0]), exitPassed)
	if _, err := os.Stat(orphan); err == nil {
		t.Fatal("the pasted prune left the orphan")
	}
	wantCode(t, runCLI(t, args...), exitPassed)
}

// On langgraph-js, the fix check prints carries --runtime: pasted, it runs
// the own-graph scenarios (which the built-in engine skips) and writes
// their golden files.
func TestCheckHintsKeepTheRuntime(t *testing.T) {
	env := toolchain.Node(t)
	dir := newSuite(t, map[string]string{
		"features/own.feature": `Feature: Own graph

  Scenario: on the team's graph
    Given the graph from "graph.mjs:graph"
    And the input state:
      """json
      {"notes": ["a"]}
      """
    When node "note" returns:
      """json
      {"notes": ["b"]}
      """
    Then the state should match the golden file
`,
		"graph.mjs": `import { Annotation, StateGraph } from "@langchain/langgraph";
const State = Annotation.Root({ notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
export const graph = new StateGraph(State).addNode("note", () => ({})).addEdge("__start__", "note").compile();
`,
	})
	linkNodeModules(t, env, dir)
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitFailed)
	cmds := hints(t, r.all())
	if len(cmds) != 2 {
		t.Fatalf("check printed hints %q, want the accept command and the fix\n%s", cmds, r.all())
	}
	for _, c := range cmds {
		if !strings.Contains(c, "--runtime langgraph-js") {
			t.Errorf("hint %q drops --runtime langgraph-js", c)
		}
	}
	for _, c := range cmds {
		os.RemoveAll(filepath.Join(dir, "golden"))
		wantCode(t, pasteHint(t, c), exitPassed)
		data, err := os.ReadFile(filepath.Join(dir, "golden", "own", "on-the-team-s-graph.json"))
		if err != nil || !strings.Contains(string(data), `"b"`) {
			t.Fatalf("pasted %q: golden %q (%v)", c, data, err)
		}
		wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...), exitPassed)
	}
	// the default runtime skips the scenario, and update says it wrote nothing
	os.RemoveAll(filepath.Join(dir, "golden"))
	r = runCLI(t, suiteArgs("update", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "update: 1 scenario was run on no runtime, so their golden files were not written")
}
