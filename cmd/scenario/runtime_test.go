package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/nodetest"
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
		wantContains(t, r, tc.want, "runtimes: builtin, langgraph-js")
	}
	// scenario.yaml's runtime is read like the flag
	writeFiles(t, dir, map[string]string{"scenario.yaml": "runtime: nope\n"})
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitLoad)
}

// linkNodeModules gives a temporary suite the repository's pinned packages,
// as a team's repository has its own node_modules.
func linkNodeModules(t *testing.T, env nodetest.Env, dir string) {
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
	env := nodetest.Require(t)
	dir := newSuite(t, map[string]string{
		"features/counter.feature": counterFeature,
		"features/awaken.feature":  awakenFeature,
	})
	linkNodeModules(t, env, dir)

	// side by side: the counter agrees; awaken runs on the built-in engine
	// alone and counts as skipped on langgraph-js, which check refuses
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-js")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "2 scenarios (2 passed)", "1 scenarios skipped on a runtime",
		"1× ran on the built-in engine alone: langgraph-js cannot run this scenario: the awaken profile is modelled only by the built-in engine",
		"give --allow-skips to accept that")
	r = runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-js", "--allow-skips")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "check: all scenarios pass and every golden file is current")

	// on langgraph-js alone the awaken scenario does not run at all
	r = runCLI(t, append(suiteArgs("run", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "1× langgraph-js cannot run this scenario: the awaken profile")
}

func TestMissingPackagesSayWhatToInstall(t *testing.T) {
	nodetest.Require(t)
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
