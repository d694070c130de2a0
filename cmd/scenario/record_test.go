package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// streamChatGraph runs the LangGraph JS graph of internal/record/testdata
// and returns what it streamed with the modes updates and values.
func streamChatGraph(t *testing.T, env toolchain.NodeEnv) []byte {
	t.Helper()
	script := filepath.Join(env.Root, "internal", "record", "testdata", "chat_graph.mjs")
	cmd := exec.Command(env.Node, script)
	cmd.Env = append(os.Environ(), "NODE_PATH="+env.NodePath())
	cmd.Dir = env.Root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v", script, err)
	}
	return out
}

// A real LangGraph JS run, recorded, passes check on the built-in engine
// and side by side with LangGraph JS, and its golden is the run's last
// values chunk.
func TestRecordRealRun(t *testing.T) {
	env := toolchain.Node(t)
	run := streamChatGraph(t, env)
	dir := newSuite(t, map[string]string{"runs/chat.jsonl": string(run)})
	linkNodeModules(t, env, dir)

	r := runCLI(t, "record", "--root", dir, filepath.Join(dir, "runs/chat.jsonl"), "--runtime", "builtin,langgraph-js")
	wantCode(t, r, exitPassed)
	feature, err := os.ReadFile(filepath.Join(dir, "features/recorded/chat.feature"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Scenario: chat", `When node "model" returns:`, "When these nodes run in one step:",
		`"reducer": "messages"`, `"reducer": "append"`, `"reducer": "sum"`,
		"No reducer, so the profile's default (last-value under langgraph and langgraph-py; nothing in the run proves one): status.",
		"Then the state should match the golden file",
	} {
		if !strings.Contains(string(feature), want) {
			t.Errorf("the recorded feature lacks %q:\n%s", want, feature)
		}
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-js")...), exitPassed)

	// the golden is the last values chunk, messages in plain form
	lines := strings.Split(strings.TrimSpace(string(run)), "\n")
	last, err := engine.DecodeJSON([]byte(lines[len(lines)-1]), engine.Source{})
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join(dir, "golden/recorded/chat/chat.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := engine.DecodeJSON(golden, engine.Source{})
	if err != nil {
		t.Fatal(err)
	}
	want := last.([]any)[1].(map[string]any)
	if gotLog, wantLog := got.(map[string]any)["log"], want["log"]; !engine.Equal(gotLog, wantLog) ||
		got.(map[string]any)["total"] != want["total"] || got.(map[string]any)["status"] != want["status"] {
		t.Errorf("golden %s is not the last values chunk %v", golden, want)
	}
	msgs := got.(map[string]any)["messages"].([]any)
	if len(msgs) != 3 || msgs[2].(map[string]any)["id"] != "ai-2" || msgs[2].(map[string]any)["content"] != "Both sources agree." {
		t.Errorf("golden messages %v", msgs)
	}

	// a second recording under the same name is refused; the feature is kept
	r = runCLI(t, "record", "--root", dir, filepath.Join(dir, "runs/chat.jsonl"))
	wantCode(t, r, exitLoad)
	wantContains(t, r, `already has a scenario "chat"`)
	again, _ := os.ReadFile(filepath.Join(dir, "features/recorded/chat.feature"))
	if string(again) != string(feature) {
		t.Error("a refused recording changed the feature file")
	}
}

// A schema that gives replace to a field the graph appends to is refused,
// naming the step (the run's line) and the path, and nothing is written.
func TestRecordRealRunWrongSchema(t *testing.T) {
	env := toolchain.Node(t)
	run := streamChatGraph(t, env)
	dir := newSuite(t, map[string]string{
		"runs/chat.jsonl": string(run),
		"schema.yaml": `fields:
  messages: {type: array, default: [], reducer: messages}
  total: {type: number, default: 0, reducer: sum}
  log: {type: array, default: []}
  status: {type: string}
`,
	})
	linkNodeModules(t, env, dir)
	for _, rt := range []string{"builtin", "builtin,langgraph-js"} {
		r := runCLI(t, "record", "--root", dir, filepath.Join(dir, "runs/chat.jsonl"), "--schema", filepath.Join(dir, "schema.yaml"), "--runtime", rt)
		wantCode(t, r, exitLoad)
		wantContains(t, r, `runs/chat.jsonl:3: replayed, node "model" (line 2)`, `$.log[0]`)
		if _, err := os.Stat(filepath.Join(dir, "features")); err == nil {
			t.Errorf("--runtime %s: a refused recording wrote features/", rt)
		}
		if _, err := os.Stat(filepath.Join(dir, "golden")); err == nil {
			t.Errorf("--runtime %s: a refused recording wrote golden/", rt)
		}
	}
}

// A real LangGraph Python run, its messages in dumpd's lc: 1 form or as
// model_dump() dicts, recorded under the langgraph-py profile, passes
// check side by side with LangGraph Python; both forms record the same.
func TestRecordRealPythonRun(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	script := filepath.Join(toolchain.RepoRoot(), "internal", "record", "testdata", "chat_graph.py")
	var goldens []string
	for _, form := range []string{"dumpd", "model_dump"} {
		run, err := exec.Command(python, script, form).Output()
		if err != nil {
			t.Fatalf("%s %s %s: %v", python, script, form, err)
		}
		if !strings.Contains(string(run), map[string]string{"dumpd": `"lc": 1`, "model_dump": `"usage_metadata": null`}[form]) {
			t.Fatalf("%s does not write %s's form:\n%s", script, form, run)
		}
		dir := newSuite(t, map[string]string{"runs/chat_py.jsonl": string(run), "scenario.yaml": "python: " + python + "\n"})
		r := runCLI(t, "record", "--root", dir, filepath.Join(dir, "runs/chat_py.jsonl"), "--profile", "langgraph-py", "--runtime", "builtin,langgraph-py")
		wantCode(t, r, exitPassed)
		wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-py")...), exitPassed)
		feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/chat_py.feature"))
		if !strings.Contains(string(feature), `Given the "langgraph-py" profile`) || !strings.Contains(string(feature), "When these nodes run in one step:") || !strings.Contains(string(feature), `"reducer": "messages"`) {
			t.Errorf("%s: feature:\n%s", form, feature)
		}
		golden, _ := os.ReadFile(filepath.Join(dir, "golden/recorded/chat_py/chat-py.json"))
		goldens = append(goldens, string(golden))
	}
	if goldens[0] == "" || goldens[0] != goldens[1] {
		t.Errorf("dumpd's run records the golden\n%s\nmodel_dump's\n%s", goldens[0], goldens[1])
	}
}

const smallRun = `["values", {"n": 1}]
["updates", {"a": {"n": 2}}]
["values", {"n": 2}]
`

// RUN may be - for stdin; --feature and --name choose where and what.
func TestRecordStdinFeatureName(t *testing.T) {
	dir := newSuite(t, map[string]string{"scenario.yaml": "features: features\n"})
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdin
	os.Stdin = r
	t.Cleanup(func() { os.Stdin = old })
	go func() { w.WriteString(smallRun); w.Close() }()
	res := runCLI(t, "record", "--root", dir, "-", "--feature", filepath.Join(dir, "features/mine.feature"), "--name", "counting up")
	wantCode(t, res, exitPassed)
	wantContains(t, res, `recorded "counting up" (1 steps) in features/mine.feature, golden golden/mine/counting-up.json`)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/mine.feature"))
	if !strings.Contains(string(feature), "Scenario: counting up") || !strings.Contains(string(feature), "# Recorded from - (1 supersteps).") {
		t.Errorf("feature:\n%s", feature)
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)

	// a bad line names the run's line; nothing is written
	bad := newSuite(t, map[string]string{"runs/bad.jsonl": "[\"values\", {}]\nnope\n"})
	res = runCLI(t, "record", "--root", bad, filepath.Join(bad, "runs/bad.jsonl"))
	wantCode(t, res, exitLoad)
	wantContains(t, res, "bad.jsonl:2: not a JSON line")
	if _, err := os.Stat(filepath.Join(bad, "features")); err == nil {
		t.Error("a refused run wrote features/")
	}
}

// The profile and the runtimes default to the suite's scenario.yaml.
func TestRecordSuiteDefaults(t *testing.T) {
	dir := newSuite(t, map[string]string{"scenario.yaml": "profile: langgraph-py\n", "run.jsonl": smallRun})
	wantCode(t, runCLI(t, "record", "--root", dir, filepath.Join(dir, "run.jsonl")), exitPassed)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/run.feature"))
	if !strings.Contains(string(feature), `Given the "langgraph-py" profile`) {
		t.Errorf("want the suite's profile:\n%s", feature)
	}
	bad := newSuite(t, map[string]string{"scenario.yaml": "runtime: nope\n", "run.jsonl": smallRun})
	r := runCLI(t, "record", "--root", bad, filepath.Join(bad, "run.jsonl"))
	wantCode(t, r, exitLoad)
	wantContains(t, r, `scenario.yaml's runtime: nope: unknown runtime "nope"`)
}
