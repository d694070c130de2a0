package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// agentSuite is a suite holding internal/record/testdata's agent graphs
// (agent/graph.py, graphs/agent.mjs) and inputs, with node_modules and the
// pinned LangGraph Python when those are installed.
func agentSuite(t *testing.T, lang string, files map[string]string) string {
	t.Helper()
	all := map[string]string{
		"runs/refund.json": `{"messages": [{"type": "human", "content": "Can I get a refund?", "id": "human-1"}]}`,
		"runs/empty.json":  `{}`,
		"runs/facts.json":  `{"facts": {"user": "ann"}}`,
	}
	for k, v := range files {
		all[k] = v
	}
	switch lang {
	case "py":
		python := toolchain.LangGraphPython(t)
		all["agent/graph.py"] = testdataFile(t, "agent_graph.py")
		all["scenario.yaml"] = "python: " + python + "\n"
		return newSuite(t, all)
	default:
		env := toolchain.Node(t)
		all["graphs/agent.mjs"] = testdataFile(t, "agent_graph.mjs")
		dir := newSuite(t, all)
		linkNodeModules(t, env, dir)
		return dir
	}
}

// agentGraph is the suite's agent graph of lang and its runtime.
func agentGraph(lang, export string) (graph, runtime string) {
	if lang == "py" {
		return "agent/graph.py:" + export, "langgraph-py"
	}
	return "graphs/agent.mjs:" + export, "langgraph-js"
}

// recordLive records the live run of the suite's graph on input (a file
// of runs/) and returns the feature it wrote.
func recordLive(t *testing.T, dir, graph, input string, more ...string) (cliResult, string) {
	t.Helper()
	args := append([]string{"record", "--root", dir, "--graph", filepath.Join(dir, graph), "--steps", "--input", filepath.Join(dir, "runs", input)}, more...)
	r := runCLI(t, args...)
	module := strings.SplitN(graph, ":", 2)[0]
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded", baseName(module)+".feature"))
	return r, string(feature)
}

// wantIn fails for each of wants that text lacks.
func wantIn(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// A model's tool call, AIMessage(content="", tool_calls=[...]) as every
// chat model gives it, records (the empty content kept, not refused as a
// message without content), and the golden keeps content "" as the run
// had it, not the [] a message without content would get; the scenario
// passes check on the built-in engine and side by side with the library.
func TestRecordLiveToolCall(t *testing.T) {
	for _, lang := range []string{"py", "js"} {
		t.Run(lang, func(t *testing.T) {
			dir := agentSuite(t, lang, nil)
			graph, rt := agentGraph(lang, map[string]string{"py": "tool_call", "js": "toolCall"}[lang])
			r, feature := recordLive(t, dir, graph, "refund.json", "--runtime", "builtin,"+rt)
			wantCode(t, r, exitPassed)
			wantContains(t, r, `recorded "refund" (2 steps)`)
			wantIn(t, "the feature", feature, `When node "model" returns:`, `"content": "",`, `"tool_calls": [`)
			golden, _ := os.ReadFile(filepath.Join(dir, "golden/recorded/agent/refund.json"))
			if lang == "py" {
				golden, _ = os.ReadFile(filepath.Join(dir, "golden/recorded/graph/refund.json"))
			}
			wantIn(t, "the golden", string(golden), `"content": "",`)
			if strings.Contains(string(golden), `"content": []`) {
				t.Errorf("the golden says content [] where the run had \"\":\n%s", golden)
			}
			wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
			wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,"+rt)...), exitPassed)
		})
	}
}

// A first node that routes with Command(goto=...) on an empty input is
// recorded superstep by superstep: the input as given ({}), the first
// node's write its own step, the node it routed to the next.
func TestRecordLiveCommandFirst(t *testing.T) {
	for _, lang := range []string{"py", "js"} {
		t.Run(lang, func(t *testing.T) {
			dir := agentSuite(t, lang, nil)
			graph, rt := agentGraph(lang, "routed")
			r, feature := recordLive(t, dir, graph, "empty.json", "--runtime", "builtin,"+rt)
			wantCode(t, r, exitPassed)
			wantContains(t, r, `recorded "empty" (2 steps)`)
			steps := stepsOf(t, feature)
			want := "And the input state:\n      \"\"\"json\n      {}\n      \"\"\"\n" +
				"    When node \"triage\" returns:\n      \"\"\"json\n      {\n        \"status\": \"routed\"\n      }\n      \"\"\"\n" +
				"    When node \"refund\" returns:\n"
			if !strings.HasPrefix(steps, want) {
				t.Errorf("the feature's steps\n%s\nwant them to start\n%s", steps, want)
			}
			wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", rt)...), exitPassed)
			if lang == "py" {
				// operator.add: the built-in engine has it; JS's own
				// concat reducer runs on the graph
				wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,"+rt)...), exitPassed)
			} else {
				wantIn(t, "the feature", feature, `Given the graph from "`+graph+`"`)
			}
		})
	}
}

// The same, streamed to a file: a stream that starts with an updates
// chunk (the input wrote no channel) starts from the empty state.
func TestRecordRunCommandFirst(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	script := filepath.Join(toolchain.RepoRoot(), "internal", "record", "testdata", "agent_graph.py")
	run, err := exec.Command(python, script, "routed", "{}").Output()
	if err != nil {
		t.Fatalf("%s %s: %v", python, script, err)
	}
	dir := newSuite(t, map[string]string{"runs/routed.jsonl": string(run), "scenario.yaml": "python: " + python + "\n"})
	r := runCLI(t, "record", "--root", dir, filepath.Join(dir, "runs/routed.jsonl"), "--profile", "langgraph-py", "--runtime", "builtin,langgraph-py")
	wantCode(t, r, exitPassed)
	wantContains(t, r, `recorded "routed" (2 steps)`)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/routed.feature"))
	wantIn(t, "the feature", stepsOf(t, string(feature)), "      {}\n", `When node "triage" returns:`, `When node "refund" returns:`)
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-py")...), exitPassed)
}

// A field merged by a reducer of the graph's own, which no step of the run
// can prove, is recorded without --schema: the scenario runs on the graph
// (Given the graph from), whose reducer merges it, and passes check there.
func TestRecordLiveOwnReducer(t *testing.T) {
	for _, lang := range []string{"py", "js"} {
		t.Run(lang, func(t *testing.T) {
			dir := agentSuite(t, lang, nil)
			graph, rt := agentGraph(lang, "merged")
			r, feature := recordLive(t, dir, graph, "facts.json")
			wantCode(t, r, exitPassed)
			wantContains(t, r, `recorded "facts" (2 steps)`)
			wantIn(t, "the feature", feature, `the graph from "`+graph+`"`, "facts")
			golden, _ := os.ReadFile(filepath.Join(dir, "golden/recorded", baseName(strings.SplitN(graph, ":", 2)[0]), "facts.json"))
			wantIn(t, "the golden", string(golden), `"order": "A-17"`, `"topic": "refund"`, `"user": "ann"`)
			wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", rt)...), exitPassed)
		})
	}
}

// record --graph MODULE:EXPORT RUN writes a step-level scenario of the
// streamed file that runs on that graph, its schema the graph's channels,
// and it passes check on the graph's runtime.
func TestRecordRunOnGraph(t *testing.T) {
	for _, lang := range []string{"py", "js"} {
		t.Run(lang, func(t *testing.T) {
			var run []byte
			var err error
			if lang == "py" {
				python := toolchain.LangGraphPython(t)
				run, err = exec.Command(python, filepath.Join(toolchain.RepoRoot(), "internal", "record", "testdata", "agent_graph.py"), "merged", `{"facts": {"user": "ann"}}`).Output()
			} else {
				env := toolchain.Node(t)
				cmd := exec.Command(env.Node, filepath.Join(toolchain.RepoRoot(), "internal", "record", "testdata", "agent_graph.mjs"), "merged", `{"facts": {"user": "ann"}}`)
				cmd.Env = append(os.Environ(), "NODE_PATH="+env.NodePath())
				run, err = cmd.Output()
			}
			if err != nil {
				t.Fatal(err)
			}
			dir := agentSuite(t, lang, map[string]string{"runs/merged.jsonl": string(run)})
			graph, rt := agentGraph(lang, "merged")
			// without the graph, the merge is not one the harness has: the
			// error says what to pass
			r := runCLI(t, "record", "--root", dir, filepath.Join(dir, "runs/merged.jsonl"))
			wantCode(t, r, exitLoad)
			wantContains(t, r, "give --graph MODULE:EXPORT, the graph the run is of, to record a scenario that runs on it with its own reducers")
			wantNothingWritten(t, dir)
			r = runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, graph), filepath.Join(dir, "runs/merged.jsonl"))
			wantCode(t, r, exitPassed)
			wantContains(t, r, `recorded "merged" (2 steps) in features/recorded/merged.feature`)
			feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/merged.feature"))
			wantIn(t, "the feature", string(feature), `the graph from "`+graph+`"`, `When node "lookup" returns:`, `When node "triage" returns:`)
			if strings.Contains(string(feature), "the state schema") {
				t.Errorf("the feature gives a schema of its own; the graph's channels are its schema:\n%s", feature)
			}
			wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", rt)...), exitPassed)

			// a graph the run is not of is refused, naming the step
			other := filepath.Join(dir, strings.Replace(graph, "merged", "routed", 1))
			r = runCLI(t, "record", "--root", dir, "--graph", other, filepath.Join(dir, "runs/merged.jsonl"), "--name", "other")
			wantCode(t, r, exitLoad)
			wantContains(t, r, "runs/merged.jsonl:1: replayed on the graph "+strings.Replace(graph, "merged", "routed", 1)+", the input state gives another state than the run recorded (the run is not one of this graph as it is now", "$.facts: recorded")
			if _, err := os.Stat(filepath.Join(dir, "features/recorded/merged.feature")); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(filepath.Join(dir, "features/recorded/merged.feature")); strings.Contains(string(data), "Scenario: other") {
				t.Error("a refused recording wrote its scenario")
			}
		})
	}
}
