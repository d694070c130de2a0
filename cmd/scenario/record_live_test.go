package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// testdataFile is a file of internal/record/testdata.
func testdataFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(toolchain.RepoRoot(), "internal", "record", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// wantNothingWritten fails when a refused recording wrote features/ or
// golden/ in dir.
func wantNothingWritten(t *testing.T, dir string) {
	t.Helper()
	for _, d := range []string{"features", "golden"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			t.Errorf("a refused recording wrote %s/", d)
		}
	}
}

// stepsOf is a recorded feature from its input on: what the run did.
func stepsOf(t *testing.T, feature string) string {
	t.Helper()
	i := strings.Index(feature, "And the input state:")
	if i < 0 {
		t.Fatalf("no input state in\n%s", feature)
	}
	return feature[i:]
}

// The live run of the example LangGraph JS graph (a scripted model,
// three supersteps, one of two nodes in parallel, messages with their own
// ids, the graph's own reducers) records the steps and golden that the
// run streamed by the graph's own lines records, with a schema the graph's
// channels settle, and it passes check on the built-in engine and side by
// side with LangGraph JS.
func TestRecordLiveJS(t *testing.T) {
	env := toolchain.Node(t)
	run := streamChatGraph(t, env)
	dir := newSuite(t, map[string]string{
		"graphs/chat.mjs": testdataFile(t, "chat_graph.mjs"),
		"runs/chat.json":  testdataFile(t, "chat_input.json"),
		"runs/chat.jsonl": string(run),
	})
	linkNodeModules(t, env, dir)
	r := runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, "graphs/chat.mjs")+":graph", "--steps", "--input", filepath.Join(dir, "runs/chat.json"), "--runtime", "builtin,langgraph-js")
	wantCode(t, r, exitPassed)
	wantContains(t, r, `recorded "chat" (3 steps) in features/recorded/chat.feature, golden golden/recorded/chat/chat.json`)
	live, _ := os.ReadFile(filepath.Join(dir, "features/recorded/chat.feature"))
	if !strings.Contains(string(live), "# Recorded from the live run of graphs/chat.mjs:graph on runs/chat.json (3 supersteps).") {
		t.Errorf("the feature does not name the live run:\n%s", live)
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-js")...), exitPassed)
	golden, err := os.ReadFile(filepath.Join(dir, "golden/recorded/chat/chat.json"))
	if err != nil {
		t.Fatal(err)
	}

	// the same graph streamed by its own lines records the same
	r = runCLI(t, "record", "--root", dir, filepath.Join(dir, "runs/chat.jsonl"), "--feature", filepath.Join(dir, "features/file.feature"))
	wantCode(t, r, exitPassed)
	file, _ := os.ReadFile(filepath.Join(dir, "features/file.feature"))
	if a, b := stepsOf(t, string(live)), stepsOf(t, string(file)); a != b {
		t.Errorf("the live run records\n%s\nthe streamed file\n%s", live, file)
	}
	// the graph settles what the run cannot prove
	for _, want := range []string{
		"# Reducers the graph's channels give: messages (messages), status (last-value).",
		"# Reducers proved by a step of the run: log (append, line 2), total (sum, line 2).",
		`"reducer": "last-value"`,
	} {
		if !strings.Contains(string(live), want) {
			t.Errorf("the live run's feature lacks %q:\n%s", want, live)
		}
	}
	fileGolden, _ := os.ReadFile(filepath.Join(dir, "golden/file/chat.json"))
	if string(golden) != string(fileGolden) {
		t.Errorf("the live run's golden\n%s\nthe streamed file's\n%s", golden, fileGolden)
	}
	// the last values chunk, messages in plain form
	const last = `{
  "log": [
    "start",
    "model",
    "search",
    "answer"
  ],
  "messages": [
    {
      "content": "Is it true?",
      "id": "human-1",
      "type": "human"
    },
    {
      "content": "Let me check two sources.",
      "id": "ai-1",
      "type": "ai"
    },
    {
      "content": "Both sources agree.",
      "id": "ai-2",
      "type": "ai"
    }
  ],
  "status": "done",
  "total": 16
}
`
	if string(golden) != last {
		t.Errorf("golden\n%s\nwant the run's last values chunk\n%s", golden, last)
	}
}

// failingGraphs are LangGraph JS graphs whose live run cannot be recorded.
const failingGraphs = `import { Annotation, StateGraph, START, END, MemorySaver, interrupt } from "@langchain/langgraph";
const State = Annotation.Root({ status: Annotation(), at: Annotation() });
const one = (name, fn, opts) => new StateGraph(State).addNode(name, fn).addEdge(START, name).addEdge(name, END).compile(opts);
export const asks = one("ask", () => ({ status: interrupt("approve?") }));
export const saved = one("work", () => ({ status: "done" }), { checkpointer: new MemorySaver() });
export const throws = one("lookup", () => {
  throw new Error("the order service is down");
});
export const dated = one("stamp", () => ({ at: new Date(0) }));
export const slow = one("wait", () => new Promise((r) => setTimeout(() => r({ status: "late" }), 5000)));
`

// What the live run cannot record is an error that says what to do, and
// nothing is written.
func TestRecordLiveJSErrors(t *testing.T) {
	env := toolchain.Node(t)
	dir := newSuite(t, map[string]string{
		"graphs/bad.mjs": failingGraphs,
		"in.json":        `{"status": "new"}`,
		"list.json":      `[1]`,
		"broken.json":    "{\"status\": \n",
	})
	linkNodeModules(t, env, dir)
	record := func(graph, input string, more ...string) cliResult {
		args := append([]string{"record", "--root", dir, "--graph", filepath.Join(dir, graph), "--steps", "--input", filepath.Join(dir, input)}, more...)
		return runCLI(t, args...)
	}
	for _, c := range []struct {
		graph, input string
		more         []string
		want         []string
	}{
		{"graphs/bad.mjs:asks", "in.json", nil, []string{`node "ask" called interrupt(): the live run does not support interrupts`, "stream the run yourself"}},
		{"graphs/bad.mjs:saved", "in.json", nil, []string{"the graph graphs/bad.mjs:saved is compiled with a checkpointer, so a run needs a thread_id", "stream the run yourself"}},
		{"graphs/bad.mjs:throws", "in.json", nil, []string{`NODE_ERROR: node "lookup" threw Error: the order service is down (at graphs/bad.mjs:7:9)`}},
		{"graphs/bad.mjs:dated", "in.json", nil, []string{`NON_JSON_VALUE: node "stamp" returned a Date, which is not a JSON value: use date.toISOString() (at $.at)`}},
		{"graphs/bad.mjs:slow", "in.json", []string{"--runtime-timeout", "1s"}, []string{"langgraph-js did not answer stream within 1s"}},
		{"graphs/nope.mjs:graph", "in.json", nil, []string{"cannot load the graph graphs/nope.mjs:graph: cannot load graphs/nope.mjs: no such file"}},
		{"graphs/bad.mjs:none", "in.json", nil, []string{`the module graphs/bad.mjs has no export "none"`}},
		{"graphs/bad.rs:graph", "in.json", nil, []string{"--graph graphs/bad.rs:graph: no runtime loads a module .rs (Cargo.toml: awaken; .js, .mjs"}},
		{"graphs/bad.mjs:asks", "list.json", nil, []string{"--input list.json: the input state is array; expected an object"}},
		{"graphs/bad.mjs:asks", "broken.json", nil, []string{"broken.json:2"}},
	} {
		r := record(c.graph, c.input, c.more...)
		wantCode(t, r, exitLoad)
		wantContains(t, r, c.want...)
		wantNothingWritten(t, dir)
	}
	r := runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, "graphs/bad.mjs:asks"))
	wantCode(t, r, exitLoad)
	wantContains(t, r, "record --graph "+filepath.Join(dir, "graphs/bad.mjs:asks")+" needs --input FILE")
	r = runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, "graphs/bad.mjs:asks"), filepath.Join(dir, "in.json"), filepath.Join(dir, "list.json"))
	wantCode(t, r, exitLoad)
	wantContains(t, r, "record --graph "+filepath.Join(dir, "graphs/bad.mjs:asks")+" takes one RUN (a run of the graph you streamed), or none and --input FILE to run the graph; got 2 arguments")
	r = runCLI(t, "record", "--root", dir)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "record takes one RUN (a file of JSON lines [mode, chunk], - for stdin), or --graph MODULE:EXPORT --input FILE to run your graph; got 0 arguments")
	wantNothingWritten(t, dir)
}

// The live run of a LangGraph Python graph (add_messages, a parallel
// step) records under the langgraph-py profile and passes check on the
// built-in engine and side by side with LangGraph Python; a node that
// raises and an interrupt are errors that write nothing.
func TestRecordLivePython(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	dir := newSuite(t, map[string]string{
		"agent/chat.py":  testdataFile(t, "chat_graph.py"),
		"agent/bad.py":   failingPythonGraphs,
		"runs/chat.json": testdataFile(t, "chat_py_input.json"),
		"scenario.yaml":  "python: " + python + "\n",
	})
	for _, c := range []struct{ graph, want string }{
		{"agent/bad.py:raises", `NODE_ERROR: node "lookup" raised RuntimeError: the order service is down (at agent/bad.py:13)`},
		{"agent/bad.py:asks", "the run was interrupted (interrupt()): the live run does not support interrupts"},
		{"agent/bad.py:saved", "the graph agent/bad.py:saved is compiled with a checkpointer"},
		{"agent/bad.py:dated", `NON_JSON_VALUE: node "stamp" returned a datetime, which is not a JSON value: use .isoformat() (at $.at)`},
	} {
		r := runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, c.graph), "--steps", "--input", filepath.Join(dir, "runs/chat.json"))
		wantCode(t, r, exitLoad)
		wantContains(t, r, c.want)
		wantNothingWritten(t, dir)
	}
	r := runCLI(t, "record", "--root", dir, "--graph", filepath.Join(dir, "agent/chat.py")+":graph", "--steps", "--input", filepath.Join(dir, "runs/chat.json"), "--runtime", "builtin,langgraph-py")
	wantCode(t, r, exitPassed)
	feature, _ := os.ReadFile(filepath.Join(dir, "features/recorded/chat.feature"))
	for _, want := range []string{`Given the "langgraph-py" profile`, "When these nodes run in one step:", `"reducer": "messages"`, `"reducer": "append"`} {
		if !strings.Contains(string(feature), want) {
			t.Errorf("the feature lacks %q:\n%s", want, feature)
		}
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
	wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin,langgraph-py")...), exitPassed)
	golden, _ := os.ReadFile(filepath.Join(dir, "golden/recorded/chat/chat.json"))
	const last = `{
  "log": [
    "start",
    "model",
    "a"
  ],
  "messages": [
    {
      "content": "hi",
      "id": "h-1",
      "type": "human"
    },
    {
      "content": "hello",
      "id": "ai-1",
      "type": "ai"
    }
  ],
  "status": "b"
}
`
	if string(golden) != last {
		t.Errorf("golden\n%s\nwant the run's last values chunk\n%s", golden, last)
	}
}

const failingPythonGraphs = `import datetime
from typing import Optional, TypedDict
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import StateGraph, START, END
from langgraph.types import interrupt

class State(TypedDict, total=False):
    status: str
    at: Optional[str]

def lookup(state):
    x = 1
    raise RuntimeError("the order service is down")

def one(name, fn, **kw):
    g = StateGraph(State)
    g.add_node(name, fn)
    g.add_edge(START, name)
    g.add_edge(name, END)
    return g.compile(**kw)

raises = one("lookup", lookup)
asks = one("ask", lambda s: {"status": interrupt("approve?")})
saved = one("work", lambda s: {"status": "done"}, checkpointer=InMemorySaver())
dated = one("stamp", lambda s: {"at": datetime.datetime(2024, 1, 2)})
`
