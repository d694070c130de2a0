package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// llmfySuite is a suite of the llmfy profile with
// scenarios/graphs/llmfy/local_weather.py (an llmfy agent whose model is a
// local BaseAIModel of its own) and an input; yaml is more of
// scenario.yaml.
func llmfySuite(t *testing.T, yaml string) string {
	t.Helper()
	python := toolchain.LlmfyPython(t)
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "llmfy", "local_weather.py"))
	if err != nil {
		t.Fatal(err)
	}
	return newSuite(t, map[string]string{
		"scenario.yaml":     "features: features\npython: " + python + "\n" + yaml,
		"graphs/weather.py": string(src),
		"runs/paris.json":   `{"messages": [{"role": "user", "content": "Weather in Paris?"}]}`,
	})
}

// recordFlow runs scenario record --graph graphs/weather.py:flow --input
// runs/paris.json in dir.
func recordFlow(t *testing.T, dir string, more ...string) cliResult {
	t.Helper()
	args := append([]string{"record", "--root", dir, "--graph", filepath.Join(dir, "graphs", "weather.py") + ":flow", "--input", filepath.Join(dir, "runs", "paris.json")}, more...)
	return runCLI(t, args...)
}

// TestRecordWholeGraphLlmfy: record --graph of an llmfy flow under the
// llmfy profile (scenario.yaml's, or --profile) captures the run's model
// replies and tool results on llmfy, writes the whole-graph scenario and
// replays it green; the scenario then checks green on --runtime llmfy,
// and fails when the flow's tool answers otherwise with real tools.
func TestRecordWholeGraphLlmfy(t *testing.T) {
	dir := llmfySuite(t, "profile: llmfy\n")
	r := recordFlow(t, dir)
	wantCode(t, r, exitPassed)
	wantContains(t, r, `recorded "paris" (3 supersteps) in features/recorded/weather.feature`)
	feature, err := os.ReadFile(filepath.Join(dir, "features", "recorded", "weather.feature"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"name": "get_current_weather"`, `"content": "Here it is: The weather in Paris is 22 degrees"`,
		"And tool \"get_current_weather\" answers, in turn:", "| 3    | main  |"} {
		if !strings.Contains(string(feature), want) {
			t.Errorf("the recorded feature has no %q:\n%s", want, feature)
		}
	}
	wantCode(t, runCLI(t, "check", "--root", dir, "--no-color", "--runtime", "llmfy"), exitPassed)

	// as steps: refused, saying to record it whole
	r = recordFlow(t, dir, "--steps", "--name", "as steps")
	wantCode(t, r, exitLoad)
	wantContains(t, r, "is recorded whole, not as steps", "record it without --steps")

	// --real-tools: the tool runs when the scenario does, and a change of
	// what it says fails the check
	r = recordFlow(t, dir, "--real-tools", "--name", "paris with real tools")
	wantCode(t, r, exitPassed)
	g := filepath.Join(dir, "graphs", "weather.py")
	src, _ := os.ReadFile(g)
	if err := os.WriteFile(g, []byte(strings.Replace(string(src), "is 22 degrees", "is 9 degrees", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, "check", "--root", dir, "--no-color", "--runtime", "llmfy")
	wantCode(t, r, exitFailed)
	wantContains(t, r, "paris with real tools")
}

// TestRecordWholeGraphLlmfyProfile: the profile may come from --profile,
// which the scenario then names; with none, the flow is refused as an
// llmfy flow, saying how to give it the llmfy profile.
func TestRecordWholeGraphLlmfyProfile(t *testing.T) {
	dir := llmfySuite(t, "")
	r := recordFlow(t, dir, "--profile", "llmfy")
	wantCode(t, r, exitPassed)
	feature, err := os.ReadFile(filepath.Join(dir, "features", "recorded", "weather.feature"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(feature), `Given the "llmfy" profile`) {
		t.Errorf("the recorded feature names no llmfy profile:\n%s", feature)
	}
	toolchain.LangGraphPython(t)
	dir = llmfySuite(t, "")
	r = recordFlow(t, dir)
	wantCode(t, r, exitLoad)
	wantContains(t, r, `is an llmfy FlowEngine, not a LangGraph graph: give it the llmfy profile (Given the "llmfy" profile, --profile llmfy, or profile: llmfy in scenario.yaml) and run it with --runtime llmfy`)
	wantNothingWritten(t, dir)
}
