package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// recordedSuite is a suite with scenarios/graphs/recorded/orders.mjs (react.mjs
// with its fake model's replies given) and its input.
func recordedSuite(t *testing.T, env toolchain.NodeEnv) (dir, graph string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "recorded", "orders.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	dir = newSuite(t, map[string]string{
		"scenario.yaml":     "features: features\n",
		"graphs/orders.mjs": string(src),
		"runs/refund.json":  `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`,
	})
	linkNodeModules(t, env, dir)
	return dir, string(src)
}

// recordWhole runs scenario record --graph graphs/<module>:graph --input
// runs/<input> in dir.
func recordWhole(t *testing.T, dir, module, input string, more ...string) cliResult {
	t.Helper()
	args := append([]string{"record", "--root", dir, "--graph", filepath.Join(dir, "graphs", module) + ":graph", "--input", filepath.Join(dir, "runs", input)}, more...)
	return runCLI(t, args...)
}

// A drift is one of the one-line changes a recorded graph is replayed on:
// the line changed, and what the failing check prints.
type drift struct {
	name, from, to string
	// failing is how many of the two recordings drift (the scripted
	// tool's hides a change of the tool's code); rows the drift table's
	// lines that must appear
	failing int
	rows    []string
}

// recordDrifts records module (scenarios/graphs/recorded/<module>, in dir) twice,
// its tools scripted and real, checks both green on runtime, then fails
// them with each drift and passes them with a refactor that changes
// nothing (from → to).
func recordDrifts(t *testing.T, dir, module, runtime string, drifts []drift, refactor [2][2]string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "recorded", module))
	if err != nil {
		t.Fatal(err)
	}
	graph := "graphs/" + module
	writeFiles(t, dir, map[string]string{
		graph:              string(src),
		"runs/refund.json": `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`,
	})
	base := strings.TrimSuffix(module, filepath.Ext(module))
	r := recordWhole(t, dir, module, "refund.json")
	wantCode(t, r, exitPassed)
	wantContains(t, r, `recorded "refund" (3 supersteps) in features/recorded/`+base+`.feature, golden golden/recorded/`+base+`/refund.json and golden/recorded/`+base+`/refund.trace.json; replayed green`)
	r = recordWhole(t, dir, module, "refund.json", "--real-tools", "--name", "refund with real tools")
	wantCode(t, r, exitPassed)
	feature, err := os.ReadFile(filepath.Join(dir, "features/recorded/"+base+".feature"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(feature)
	for _, want := range []string{
		`Given the graph from "` + graph + `:graph"`,
		"And the model replies:\n",
		`"name": "lookup_order"`,
		`"content": "Order A-17 shipped on 2 March."`,
		"And tool \"lookup_order\" answers, in turn:\n      \"\"\"json\n      [\n        \"order A-17: shipped on 2026-03-02\"\n      ]",
		"When the graph runs with:",
		"Then the trace should match the golden file\n    And the steps should be:\n      | step | nodes |\n      | 1    | agent |\n      | 2    | tools |\n      | 3    | agent |\n    And the state should match the golden file",
		"# Run it with --runtime " + runtime,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the recorded feature lacks %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, `tool "lookup_order" answers`); n != 1 {
		t.Errorf("the tool is scripted %d times; want once (not with --real-tools):\n%s", n, text)
	}
	check := append(suiteArgs("check", dir), "--runtime", runtime)
	wantCode(t, runCLI(t, check...), exitPassed)

	code := string(src)
	for _, c := range drifts {
		t.Run(c.name, func(t *testing.T) {
			if strings.Count(code, c.from) != 1 {
				t.Fatalf("the graph has %q %d times; the change is one line", c.from, strings.Count(code, c.from))
			}
			writeFiles(t, dir, map[string]string{graph: strings.Replace(code, c.from, c.to, 1)})
			defer writeFiles(t, dir, map[string]string{graph: code})
			r := runCLI(t, check...)
			wantCode(t, r, exitFailed)
			wantContains(t, r, c.rows...)
			wantContains(t, r, "(later supersteps follow from this one and are not compared)")
			if n := strings.Count(r.all(), "the run drifted from the recorded trace"); n != c.failing {
				t.Errorf("%d scenarios drifted, want %d:\n%s", n, c.failing, r.all())
			}
		})
	}
	t.Run("a no-op refactor", func(t *testing.T) {
		refactored := code
		for _, ch := range refactor {
			if strings.Count(refactored, ch[0]) != 1 {
				t.Fatalf("the graph has %q %d times", ch[0], strings.Count(refactored, ch[0]))
			}
			refactored = strings.Replace(refactored, ch[0], ch[1], 1)
		}
		writeFiles(t, dir, map[string]string{graph: refactored})
		defer writeFiles(t, dir, map[string]string{graph: code})
		wantCode(t, runCLI(t, check...), exitPassed)
	})
}

// A real run of the ReAct graph becomes a whole-graph scenario: the
// model's replies and the tool's result as they came, the input, the
// supersteps, the trace and state goldens; it replays green. Each of four
// one-line changes to the graph then fails the replay at the superstep
// where it happened, with the drift table; a no-op refactor stays green.
func TestRecordWholeGraphJSDrift(t *testing.T) {
	env := toolchain.Node(t)
	dir := newSuite(t, map[string]string{"scenario.yaml": "features: features\n"})
	linkNodeModules(t, env, dir)
	recordDrifts(t, dir, "orders.mjs", "langgraph-js", []drift{
		{"a reroute", `.addEdge(TOOLS, "agent")`, `.addEdge(TOOLS, END)`, 2,
			[]string{"the run drifted from the recorded trace at superstep 3:", "| 2 | tools | tools | same |", "| 3 | agent | (none: the run ended) | the run ended before it |"}},
		{"a reducer change", `(a, b) => a + b`, `(a, b) => Math.max(a, b)`, 2,
			[]string{"the run drifted from the recorded trace at superstep 3:", "| 2 | tools | tools | same |", "| 3 | agent | agent | $.state.visits: recorded 2, ran 1 |"}},
		{"a node rename", `const TOOLS = "tools";`, `const TOOLS = "lookup";`, 2,
			[]string{"the run drifted from the recorded trace at superstep 2:", `| 2 | tools | lookup | $.tasks[0].node: recorded "tools", ran "lookup" |`}},
		{"a tool that answers otherwise", "shipped on 2026-03-02", "delayed", 1,
			[]string{"refund-with-real-tools.trace.json differs", "the run drifted from the recorded trace at superstep 2:", `| 2 | tools | tools | $.state.messages[2].content: recorded "order A-17: shipped on 2026-03-02", ran "order A-17: delayed" |`}},
	}, [2][2]string{{"function route(state) {", "function nextNode(state) {"}, {`addConditionalEdges("agent", route,`, `addConditionalEdges("agent", nextNode,`}})
}

// The same on the Python twin of the graph, on langgraph-py.
func TestRecordWholeGraphPyDrift(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	dir := newSuite(t, map[string]string{"scenario.yaml": "features: features\npython: " + python + "\n"})
	recordDrifts(t, dir, "orders.py", "langgraph-py", []drift{
		{"a reroute", `.add_edge(TOOLS, "agent")`, `.add_edge(TOOLS, END)`, 2,
			[]string{"the run drifted from the recorded trace at superstep 3:", "| 2 | tools | tools | same |", "| 3 | agent | (none: the run ended) | the run ended before it |"}},
		{"a reducer change", `Annotated[int, operator.add]`, `Annotated[int, lambda a, b: max(a, b)]`, 2,
			[]string{"the run drifted from the recorded trace at superstep 3:", "| 2 | tools | tools | same |", "| 3 | agent | agent | $.state.visits: recorded 2, ran 1 |"}},
		{"a node rename", `TOOLS = "tools"`, `TOOLS = "lookup"`, 2,
			[]string{"the run drifted from the recorded trace at superstep 2:", `| 2 | tools | lookup | $.tasks[0].node: recorded "tools", ran "lookup" |`}},
		{"a tool that answers otherwise", "shipped on 2026-03-02", "delayed", 1,
			[]string{"refund-with-real-tools.trace.json differs", "the run drifted from the recorded trace at superstep 2:", `| 2 | tools | tools | $.state.messages[2].content: recorded "order A-17: shipped on 2026-03-02", ran "order A-17: delayed" |`}},
	}, [2][2]string{{"def route(state: State):", "def next_node(state: State):"}, {`add_conditional_edges("agent", route,`, `add_conditional_edges("agent", next_node,`}})
}

// A run that stops at an interrupt is recorded with what ran; --resume
// goes on with a resume value in the same recording, which replays green.
func TestRecordWholeGraphJSInterruptResume(t *testing.T) {
	env := toolchain.Node(t)
	root := toolchain.RepoRoot()
	approval, err := os.ReadFile(filepath.Join(root, "scenarios/graphs/approval.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	fake, err := os.ReadFile(filepath.Join(root, "scenarios/graphs/fake.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	filled := strings.Replace(string(fake), "export const replies = [];", `export const replies = ["Refund note for A-17."];`, 1)
	if filled == string(fake) {
		t.Fatal("fake.mjs has no empty replies to fill")
	}
	dir := newSuite(t, map[string]string{
		"graphs/approval.mjs": string(approval),
		"graphs/fake.mjs":     filled,
		"runs/refund.json":    `{"messages": [{"type": "human", "content": "Refund A-17", "id": "m-1"}]}`,
		"runs/yes.json":       `{"interrupt-1": "yes", "interrupt-2": "yes"}`,
	})
	linkNodeModules(t, env, dir)
	r := recordWhole(t, dir, "approval.mjs", "refund.json", "--name", "stops for approval")
	wantCode(t, r, exitPassed)
	r = recordWhole(t, dir, "approval.mjs", "refund.json", "--resume", filepath.Join(dir, "runs/yes.json"))
	wantCode(t, r, exitPassed)
	wantContains(t, r, `recorded "refund" (4 supersteps)`)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/approval.feature"))
	for _, want := range []string{
		"    Then the steps should be:\n      | step | nodes          |\n      | 1    | draft          |\n      | 2    | legal, manager |\n    When the graph resumes with:",
		"      | 1    | legal, manager |\n      | 2    | publish        |",
	} {
		if !strings.Contains(string(feature), want) {
			t.Errorf("the recorded feature lacks %q:\n%s", want, feature)
		}
	}
	golden, _ := os.ReadFile(filepath.Join(dir, "golden/recorded/approval/refund.json"))
	if !strings.Contains(string(golden), `"status": "published"`) {
		t.Errorf("the resumed run's state golden:\n%s", golden)
	}
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...), exitPassed)
}

// What a scenario cannot script is refused before anything is written:
// a tool that throws (without --real-tools), a node whose state the
// script does not settle (the clock), a resume of a run that ended.
func TestRecordWholeGraphJSRefused(t *testing.T) {
	env := toolchain.Node(t)
	dir, src := recordedSuite(t, env)
	cases := []struct {
		name, from, to string
		more           []string
		want           []string
	}{
		{"a tool that throws", "async ({ order }) => `order ${order}: shipped on 2026-03-02`", "async ({ order }) => { throw new Error(`no order ${order}`); }", nil,
			[]string{`the run of graphs/orders.mjs:graph on runs/refund.json, superstep 2, node "tools": tool "lookup_order" threw (no order A-17), which a scripted answer cannot do; record with --real-tools`}},
		{"a state the script does not settle", "return { messages: [reply], visits: 1 };", "return { messages: [reply], visits: Date.now() };", nil,
			[]string{"the replay of the recorded scenario gives another state than the run, the run of graphs/orders.mjs:graph on runs/refund.json, after superstep 1 (agent)", "$.visits: run "}},
		{"a resume of a run that ended", "", "", []string{"--resume", "runs/refund.json"},
			[]string{"--resume runs/refund.json: the run of graphs/orders.mjs:graph on runs/refund.json ended with no interrupt to resume; record without --resume"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := src
			if c.from != "" {
				if g = strings.Replace(src, c.from, c.to, 1); g == src {
					t.Fatalf("the graph has no %q", c.from)
				}
			}
			writeFiles(t, dir, map[string]string{"graphs/orders.mjs": g})
			more := c.more
			if len(more) == 2 {
				more = []string{more[0], filepath.Join(dir, more[1])}
			}
			r := recordWhole(t, dir, "orders.mjs", "refund.json", more...)
			wantCode(t, r, exitLoad)
			wantContains(t, r, c.want...)
			wantNothingWritten(t, dir)
		})
	}
}

// Several nodes that call models each get their own script (a stream and
// a batch in one superstep included), and the recording replays green.
func TestRecordWholeGraphJSScriptPerNode(t *testing.T) {
	env := toolchain.Node(t)
	src, err := os.ReadFile(filepath.Join(toolchain.RepoRoot(), "runtimes/langgraphjs/testdata/capture_graph.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	dir := newSuite(t, map[string]string{
		"graphs/capture.mjs": string(src),
		"runs/refund.json":   `{"messages": [{"type": "human", "content": "Refund A-17", "id": "m-1"}]}`,
	})
	linkNodeModules(t, env, dir)
	r := recordWhole(t, dir, "capture.mjs", "refund.json")
	wantCode(t, r, exitPassed)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/capture.feature"))
	for _, want := range []string{
		"Given the graph from \"graphs/capture.mjs:graph\"\n    And the model replies to node \"classify\":",
		"And the model replies to node \"billing\":\n      \"\"\"json\n      [\n        {\n          \"content\": \"Your refund is on its way.\"\n        }\n      ]",
		"And the model replies to node \"shipping\":\n      \"\"\"json\n      [\n        {\n          \"content\": \"A short draft.\"\n        },\n        {\n          \"content\": \"A much longer draft of the answer.\"\n        }\n      ]",
		"      | 2    | billing, shipping |",
	} {
		if !strings.Contains(string(feature), want) {
			t.Errorf("the recorded feature lacks %q:\n%s", want, feature)
		}
	}
	if strings.Contains(string(feature), "And the model replies:\n") {
		t.Errorf("one script for several nodes:\n%s", feature)
	}
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...), exitPassed)
}

// TestReadmeRecordLoop runs the README's record-then-replay loop as a user
// pastes it, in a copy of the example graph's suite: the recording and
// the first check pass, the edit makes the second check fail with the
// drift table the README shows.
func TestReadmeRecordLoop(t *testing.T) {
	env := toolchain.Node(t)
	root := toolchain.RepoRoot()
	fx := newDocFixtures(t, root)
	files := map[string]string{"scenario.yaml": "features: features\n"}
	for _, f := range []string{"orders.mjs", "refund.json"} {
		data, err := os.ReadFile(filepath.Join(root, "scenarios/graphs/recorded", f))
		if err != nil {
			t.Fatal(err)
		}
		files["scenarios/graphs/recorded/"+f] = string(data)
	}
	dir := newSuite(t, files)
	linkNodeModules(t, env, dir)
	block := docBlockOf(t, "README.md", "sh", "scenario record --graph scenarios/graphs/recorded/orders.mjs:graph")
	shown := docBlockOf(t, "README.md", "text", "the run drifted from the recorded trace at superstep 3")
	cmds := shellCommands(block)
	if len(cmds) != 4 {
		t.Fatalf("%s: %d commands, want record, check, the edit, check", block, len(cmds))
	}
	var last cliResult
	for i, c := range cmds {
		if c.words[0] == "sed" {
			sh := exec.Command("sh", "-ec", c.raw)
			sh.Dir = dir
			if out, err := sh.CombinedOutput(); err != nil {
				t.Fatalf("%s:%d: `%s`: %v\n%s", block.file, c.line, c.raw, err, out)
			}
			continue
		}
		args, ok := fx.cliArgs(c.words)
		if !ok {
			t.Fatalf("%s:%d: not a command of the CLI: %s", block.file, c.line, c.raw)
		}
		last = runCLIAt(t, dir, nil, args)
		want := exitPassed
		if i == len(cmds)-1 {
			want = exitFailed
		}
		if last.code != want {
			t.Fatalf("%s:%d: `%s` exits %d, want %d:\n%s", block.file, c.line, c.raw, last.code, want, last.all())
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(shown.text), "\n") {
		if !strings.Contains(last.all(), line) {
			t.Errorf("%s shows %q, which the last check does not print:\n%s", shown, line, last.all())
		}
	}
}

// On langgraph-py, a run through an interrupt is recorded whole with
// --resume: one interrupt resumed by its value, two by their ids.
func TestRecordWholeGraphPyInterruptResume(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	files := map[string]string{
		"scenario.yaml":  "features: features\npython: " + python + "\n",
		"runs/hi.json":   `{"messages": [{"type": "human", "content": "hi", "id": "m-1"}]}`,
		"runs/yes.json":  `"yes"`,
		"runs/both.json": `{"interrupt-1": "ok", "interrupt-2": "fine"}`,
	}
	for _, f := range []string{"__init__.py", "approval.py", "model.py"} {
		data, err := os.ReadFile(filepath.Join(toolchain.RepoRoot(), "scenarios/graphs/flows", f))
		if err != nil {
			t.Fatal(err)
		}
		files["graphs/flows/"+f] = string(data)
	}
	dir := newSuite(t, files)
	record := func(export, resume string) cliResult {
		return runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, "graphs/flows/approval.py")+":"+export, "--input", filepath.Join(dir, "runs/hi.json"),
			"--resume", filepath.Join(dir, "runs", resume), "--name", export)
	}
	r := record("graph", "yes.json")
	wantCode(t, r, exitPassed)
	wantContains(t, r, `recorded "graph" (4 supersteps)`)
	r = record("both", "both.json")
	wantCode(t, r, exitPassed)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/approval.feature"))
	for _, want := range []string{
		"      | 1    | draft   |\n      | 2    | approve |\n    When the graph resumes with:\n      \"\"\"json\n      \"yes\"\n      \"\"\"",
		"      | 1    | approve |\n      | 2    | send    |",
		"      | 2    | finance, legal |\n    When the graph resumes with:",
	} {
		if !strings.Contains(string(feature), want) {
			t.Errorf("the recorded feature lacks %q:\n%s", want, feature)
		}
	}
	golden, _ := os.ReadFile(filepath.Join(dir, "golden/recorded/approval/both.json"))
	if !strings.Contains(string(golden), `"finance: fine"`) || !strings.Contains(string(golden), `"legal: ok"`) {
		t.Errorf("the resume by ids did not answer each interrupt:\n%s", golden)
	}
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-py")...), exitPassed)
}

// On langgraph-py, a tool that raises, which ToolNode turns into an error
// message, is refused without --real-tools and recorded with it.
func TestRecordWholeGraphPyToolThatRaises(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	src, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "graphs", "recorded", "orders.py"))
	if err != nil {
		t.Fatal(err)
	}
	g := strings.Replace(string(src), `    return f"order {order}: shipped on 2026-03-02"`, `    raise RuntimeError(f"no order {order}")`, 1)
	g = strings.Replace(g, "ToolNode([lookup_order])", "ToolNode([lookup_order], handle_tool_errors=True)", 1)
	if strings.Count(g, "RuntimeError") != 1 || !strings.Contains(g, "handle_tool_errors=True") {
		t.Fatal("the graph's tool was not changed")
	}
	dir := newSuite(t, map[string]string{
		"scenario.yaml":    "features: features\npython: " + python + "\n",
		"graphs/orders.py": g,
		"runs/refund.json": `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`,
	})
	r := recordWhole(t, dir, "orders.py", "refund.json")
	wantCode(t, r, exitLoad)
	wantContains(t, r, `superstep 2, node "tools": tool "lookup_order" threw (RuntimeError: no order A-17), which a scripted answer cannot do; record with --real-tools`)
	wantNothingWritten(t, dir)
	wantCode(t, recordWhole(t, dir, "orders.py", "refund.json", "--real-tools"), exitPassed)
}
