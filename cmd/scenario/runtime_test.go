package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

func TestRuntimeFlagErrorsExit2(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/counter.feature": counterFeature})
	for _, tc := range []struct{ runtime, want string }{
		{"nope", `--runtime nope: unknown runtime "nope"`},
		{"builtin,builtin", "runs one runtime, or the built-in one and one other"},
		{"langgraph-js,nope", "runs one runtime, or the built-in one and one other"},
		{"builtin,langgraph-js,builtin", "runs one runtime, or the built-in one and one other"},
	} {
		r := runCLI(t, append(suiteArgs("check", dir), "--runtime", tc.runtime)...)
		wantCode(t, r, exitLoad)
		wantContains(t, r, tc.want, "runtimes: builtin, awaken, langgraph-js")
	}
	// scenario.yaml's runtime is read like the flag
	writeFiles(t, dir, map[string]string{"scenario.yaml": "runtime: nope\n"})
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitLoad)
}

// linkNodeModules gives a temporary suite the repository's pinned packages,
// as a team's repository has its own node_modules.
func linkNodeModules(t *testing.T, env toolchain.NodeEnv, dir string) {
	t.Helper()
	if err := os.Symlink(env.NodePath(), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
}

const awakenFeature = `Feature: Awaken

  Scenario: awaken counts
    Given the "awaken" profile
    And the state schema:
      | field | reducer |
      | n     | sum     |
    When the graph is invoked with:
      """json
      {"n": 1}
      """
    Then field "n" should equal 1
`

func TestCheckOnLangGraphJS(t *testing.T) {
	env := toolchain.Node(t)
	dir := newSuite(t, map[string]string{
		"features/counter.feature": counterFeature,
		"features/awaken.feature":  awakenFeature,
	})
	linkNodeModules(t, env, dir)

	// side by side: the counter agrees; awaken runs on the built-in engine
	// alone and counts as skipped on langgraph-js, which check refuses
	junit, html := filepath.Join(dir, "report.xml"), filepath.Join(dir, "report.html")
	r := runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress,junit:"+junit+",html:"+html, "--runtime", "builtin,langgraph-js")
	wantCode(t, r, exitFailed)
	// the reports count the scenario that ran on one runtime alone as skipped
	xml, err := os.ReadFile(junit)
	if err != nil || !strings.Contains(string(xml), `<skipped message="ran on the built-in engine alone: langgraph-js cannot run this scenario`) {
		t.Errorf("JUnit report (%v) does not skip the awaken scenario:\n%s", err, xml)
	}
	page, err := os.ReadFile(html)
	if err != nil || strings.Count(string(page), `"status":"skipped"`) != 1 {
		t.Errorf("HTML report (%v) does not show one skipped scenario", err)
	}
	wantContains(t, r, "2 scenarios (1 passed, 1 skipped)", "1 scenario skipped on a runtime",
		"1× ran on the built-in engine alone: langgraph-js cannot run this scenario: the awaken profile is modelled only by the built-in engine",
		"give --allow-skips to accept that")
	wantNotContains(t, r, "all scenarios pass", "every scenario that ran passes")
	r = runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-js", "--allow-skips")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "check: every scenario that ran passes, every golden file it read is current, and no golden file is an orphan",
		"check: 1 scenario was skipped on a runtime (see why above), allowed by --allow-skips")

	// on langgraph-js alone the awaken scenario does not run at all: run
	// counts it as skipped and says that check fails on it
	r = runCLI(t, append(suiteArgs("run", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "2 scenarios (1 passed, 1 skipped)", "1× not run: langgraph-js cannot run this scenario: the awaken profile",
		"run: 1 scenario was skipped on a runtime, never passed (see why above); run does not fail on skips, check does unless --allow-skips")
	r = runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitFailed)
	r = runCLI(t, append(suiteArgs("run", dir), "--runtime", "langgraph-js", "--allow-skips")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "run: 1 scenario was skipped on a runtime (see why above), allowed by --allow-skips")
}

func wantNotContains(t *testing.T, r cliResult, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if strings.Contains(r.all(), s) {
			t.Errorf("output contains %q\nstdout:\n%s\nstderr:\n%s", s, r.out, r.errOut)
		}
	}
}

func TestMissingPackagesSayWhatToInstall(t *testing.T) {
	toolchain.Node(t)
	dir := newSuite(t, map[string]string{"features/counter.feature": counterFeature})
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "cannot resolve @langchain/langgraph from", "npm install @langchain/langgraph @langchain/core")
}

// A step whose commit fails is the step that fails, in the JUnit report
// too: the failure names that step, not the plain Then after it.
func TestJUnitFailureOnTheFailingStep(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/x.feature": readonlyFeature})
	junit := filepath.Join(dir, "report.xml")
	r := runCLI(t, "run", "--root", dir, "--no-color", "--format", "progress,junit:"+junit)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "features/x.feature:11: READONLY_WRITE")
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `Step node &#34;vandal&#34; returns:: features/x.feature:11: READONLY_WRITE`) {
		t.Fatalf("the JUnit failure does not belong to the node step:\n%s", data)
	}
}

func TestRuntimeTimeoutErrorsExit2(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/counter.feature": counterFeature})
	for _, v := range []string{"soon", "0s", "-5s", "30"} {
		r := runCLI(t, append(suiteArgs("run", dir), "--runtime-timeout", v)...)
		wantCode(t, r, exitLoad)
		wantContains(t, r, "--runtime-timeout: ", "is not a positive duration such as 90s, 2m or 1m30s")
	}
	writeFiles(t, dir, map[string]string{"scenario.yaml": "features: features\nruntime_timeout: soon\n"})
	r := runCLI(t, suiteArgs("run", dir)...)
	wantCode(t, r, exitLoad)
	wantContains(t, r, `scenario.yaml: line 2: runtime_timeout: "soon" is not a duration: write it as 90s, 2m or 1m30s`)
	writeFiles(t, dir, map[string]string{"scenario.yaml": "runtime_timeout: 2m\n"})
	wantCode(t, runCLI(t, suiteArgs("run", dir)...), exitPassed)
}

const ownGraphFeature = `Feature: Own graph

  Scenario: on the team's graph
    Given the graph from "graph.mjs:graph"
    And the input state:
      """json
      {"n": 1}
      """
    Then field "n" should equal 1

  Scenario: on the built-in engine
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": 1}
      """
    Then field "n" should equal 1
`

// A scenario the built-in engine cannot run is skipped, and every
// formatter's summary says so: never "passed".
func TestSkippedScenariosAreCountedAsSkipped(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/own.feature": ownGraphFeature, "graph.mjs": "export const graph = null;\n"})
	for _, format := range []string{"pretty", "progress"} {
		r := runCLI(t, "run", "--root", dir, "--no-color", "--format", format)
		wantCode(t, r, exitPassed)
		wantContains(t, r, "2 scenarios (1 passed, 1 skipped)",
			"1× not run: builtin cannot run this scenario: the scenario runs on its own graph \"graph.mjs:graph\"",
			"run: 1 scenario was skipped on a runtime, never passed")
		r = runCLI(t, "run", "--root", dir, "--no-color", "--format", format, "features/own.feature:3")
		wantCode(t, r, exitPassed)
		wantContains(t, r, "1 scenarios (1 skipped)")
	}
	r := runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress")
	wantCode(t, r, exitFailed)
	wantNotContains(t, r, "all scenarios pass", "every scenario that ran passes")

	// a scenario no runtime ran keeps every golden file that may be its
	// own (its slug or a name its steps give, -N, a kind suffix); the
	// others are orphans that check lists and prune deletes
	kept := []string{"on-the-team-s-graph.json", "on-the-team-s-graph-2.json", "on-the-team-s-graph.trace.json", "on-the-team-s-graph-3.checkpoint.json", "before-the-turn.json"}
	orphans := []string{"on-the-team-s-graph-x.json", "on-the-team.json", "on-the-built-in-engine.json", "before-the-turn.trace.json"}
	withName := strings.Replace(ownGraphFeature, `    Then field "n" should equal 1

  Scenario: on the built-in engine`, `    Then field "n" should equal 1
    And the state should match the golden file "before-the-turn"

  Scenario: on the built-in engine`, 1)
	writeFiles(t, dir, map[string]string{"features/own.feature": withName})
	for _, f := range append(kept, orphans...) {
		writeFiles(t, dir, map[string]string{"golden/own/" + f: "{}\n"})
	}
	r = runCLI(t, "check", "--root", dir, "--no-color", "--format", "progress", "--allow-skips")
	wantCode(t, r, exitFailed)
	for _, f := range orphans {
		wantContains(t, r, "golden/own/"+f)
	}
	for _, f := range kept {
		wantNotContains(t, r, "golden/own/"+f)
	}
	r = runCLI(t, "prune", "--root", dir, "--no-color", "--format", "progress")
	wantCode(t, r, exitPassed)
	for _, f := range orphans {
		wantContains(t, r, "deleted golden/own/"+f)
		if _, err := os.Stat(filepath.Join(dir, "golden", "own", f)); err == nil {
			t.Errorf("prune kept the orphan %s", f)
		}
	}
	for _, f := range kept {
		if _, err := os.Stat(filepath.Join(dir, "golden", "own", f)); err != nil {
			t.Errorf("prune deleted %s, which a scenario of the run may own", f)
		}
	}
}

// A run given file.feature:LINE prints every location as file.feature:N,
// never file.feature:LINE:N.
func TestLocationsOfARunGivenALine(t *testing.T) {
	feature := strings.Replace(ownGraphFeature, `Then field "n" should equal 1
`, `Then field "n" should equal 2
`, 2)
	dir := newSuite(t, map[string]string{"features/own.feature": feature, "graph.mjs": "export const graph = null;\n"})
	for _, format := range []string{"pretty", "progress"} {
		r := runCLI(t, "run", "--root", dir, "--no-color", "--format", format, "features/own.feature:11")
		wantCode(t, r, exitFailed)
		wantContains(t, r, "# features/own.feature:11\n", "# features/own.feature:19\n")
		wantNotContains(t, r, "own.feature:11:")
	}
}

// --python names the interpreter of langgraph-py over scenario.yaml's
// python:, a path from the current directory; a failing scenario's accept
// command repeats it, and a wrong one fails the run saying which.
func TestPythonFlag(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	dir := newSuite(t, map[string]string{
		"features/py.feature": "Feature: py\n  Scenario: a list starts empty\n    Given the \"langgraph-py\" profile\n    And the state schema:\n      | field | type  | reducer |\n      | log   | array | append  |\n    And an empty input state\n    Then the state should match the golden file\n",
		"scenario.yaml":       "python: nowhere/bin/python\n",
	})
	// the interpreter behind a script in a directory of its own, named
	// from the current directory
	venv := filepath.Join(t.TempDir(), "env", "bin")
	writeFiles(t, venv, map[string]string{"python": "#!/bin/sh\nexec " + quote(python) + " \"$@\"\n"})
	if err := os.Chmod(filepath.Join(venv, "python"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(filepath.Dir(venv)))
	r := runCLI(t, append(suiteArgs("run", dir), "--runtime", "builtin,langgraph-py")...)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "nowhere/bin/python was not found")
	r = runCLI(t, append(suiteArgs("run", dir), "--runtime", "builtin,langgraph-py", "--python", "env/bin/python")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "langgraph-py: langgraph ", "--python env/bin/python")
	r = runCLI(t, append(suiteArgs("update", dir), "--runtime", "builtin,langgraph-py", "--python", "env/bin/python")...)
	wantCode(t, r, exitPassed)
	r = runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-py", "--python", "env/bin/python")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "check: all scenarios pass")
}
