package langgraphjs

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// freshGraph is a graph whose node takes the next reply off a queue kept
// at module level in a sibling module, as a team's scripted model is:
// {{import}} imports nextReply from it.
const freshGraph = `{{import}}
const { Annotation, StateGraph, START, END } = lg;
export const graph = new StateGraph(Annotation.Root({ reply: Annotation() }))
  .addNode("agent", () => ({ reply: nextReply() }))
  .addEdge(START, "agent")
  .addEdge("agent", END)
  .compile();
`

const (
	esmReplies = `const replies = ["first", "second"];
export function nextReply() { return replies.shift() ?? "none left"; }
`
	cjsReplies = `const replies = ["first", "second"];
exports.nextReply = () => replies.shift() ?? "none left";
`
)

// freshCase is one module format: the graph and its sibling, in a package
// of its own.
type freshCase struct {
	dir, pkgType, graph, replies, repliesText, importLine string
}

func (c freshCase) graphText() string {
	text := strings.Replace(freshGraph, "{{import}}", c.importLine, 1)
	if strings.HasPrefix(c.importLine, "const") {
		// CommonJS
		text = strings.Replace(text, "export const graph =", "exports.graph =", 1)
	}
	return text
}

var freshCases = []freshCase{
	{"esm-mjs", "module", "graph.mjs", "replies.mjs", esmReplies, `import * as lg from "@langchain/langgraph"; import { nextReply } from "./replies.mjs";`},
	{"esm-js", "module", "graph.js", "replies.js", esmReplies, `import * as lg from "@langchain/langgraph"; import { nextReply } from "./replies.js";`},
	{"esm-mjs-cjs", "module", "graph.mjs", "replies.cjs", cjsReplies, `import * as lg from "@langchain/langgraph"; import { nextReply } from "./replies.cjs";`},
	{"esm-ts", "module", "graph.ts", "replies.ts", esmReplies, `import * as lg from "@langchain/langgraph"; import { nextReply } from "./replies.js";`},
	{"esm-mts", "module", "graph.mts", "replies.mts", esmReplies, `import * as lg from "@langchain/langgraph"; import { nextReply } from "./replies.mjs";`},
	{"cjs-cjs", "commonjs", "graph.cjs", "replies.cjs", cjsReplies, `const lg = require("@langchain/langgraph"); const { nextReply } = require("./replies.cjs");`},
	{"cjs-js", "commonjs", "graph.js", "replies.js", cjsReplies, `const lg = require("@langchain/langgraph"); const { nextReply } = require("./replies");`},
	{"cjs-ts", "commonjs", "graph.ts", "replies.ts", esmReplies, `import * as lg from "@langchain/langgraph"; import { nextReply } from "./replies";`},
	{"cjs-cts", "commonjs", "graph.cts", "replies.cts", esmReplies, `import * as lg from "@langchain/langgraph"; import { nextReply } from "./replies.cjs";`},
}

// freshInvoke invokes each graph twice in one process, as node --import
// tsx runs it, and prints the two replies: the queue is the module's.
const freshInvoke = `import { pathToFileURL } from "node:url";
const out = {};
for (const file of process.argv.slice(2)) {
  const mod = await import(pathToFileURL(file).href);
  const g = mod.graph ?? mod.default?.graph;
  out[file] = [(await g.invoke({})).reply, (await g.invoke({})).reply];
}
process.stdout.write(JSON.stringify(out));
`

// TestOwnGraphIsFreshPerScenario: in every module format, the queue a
// sibling module keeps gives its first reply to each scenario, even to
// two scenarios open at once (--concurrency), and its next one within a
// scenario; in one process of its own, the graph gives "first" then
// "second", which is what the scenarios must not share.
func TestOwnGraphIsFreshPerScenario(t *testing.T) {
	env := toolchain.Node(t)
	requireTsx(t, env.Root)
	root := t.TempDir()
	write := func(name, text string) {
		file := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var graphs []string
	for _, c := range freshCases {
		write(c.dir+"/package.json", `{"name": "`+c.dir+`", "type": "`+c.pkgType+`"}`)
		write(c.dir+"/"+c.graph, c.graphText())
		// another graph of the suite on the same sibling
		write(c.dir+"/other"+filepath.Ext(c.graph), c.graphText())
		write(c.dir+"/"+c.replies, c.repliesText)
		graphs = append(graphs, c.dir+"/"+c.graph)
	}
	write("invoke.mjs", freshInvoke)
	if err := os.Symlink(env.NodePath(), filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(env.Node, append([]string{"--import", "tsx", "invoke.mjs"}, graphs...)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("invoke(): %v\n%s", err, stderrOf(err))
	}
	var real map[string][]string
	if err := json.Unmarshal(out, &real); err != nil {
		t.Fatalf("invoke() printed %s: %v", out, err)
	}

	// the loader hook that keeps a graph's imports fresh comes before
	// tsx's (a .mjs graph first) or after it (a .ts graph first)
	reversed := make([]string, len(graphs))
	for i, g := range graphs {
		reversed[len(graphs)-1-i] = g
	}
	for _, order := range [][]string{graphs, reversed} {
		b, err := Start(root, Options{Node: env.Node})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		freshInEveryFormat(t, b, order, real)
	}
}

func freshInEveryFormat(t *testing.T, b *Bridge, graphs []string, real map[string][]string) {
	t.Helper()
	for _, file := range graphs {
		t.Run(file+"/after "+graphs[0], func(t *testing.T) {
			if got := real[file]; !reflect.DeepEqual(got, []string{"first", "second"}) {
				t.Fatalf("in a process of its own, the graph replies %v; want first, second (the test's graph is wrong)", got)
			}
			open := func() engine.Session {
				s, err := b.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Graph: file + ":graph"})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				return s
			}
			reply := func(s engine.Session) any {
				res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{}, Outputs: []engine.NodeOutput{{Node: "agent", Run: true}}})
				if err != nil {
					t.Fatal(err)
				}
				return res.Values["reply"]
			}
			one, two := open(), open()
			if got := reply(one); got != "first" {
				t.Errorf("the first scenario's reply %v; want first", got)
			}
			if got := reply(two); got != "first" {
				t.Errorf("a second scenario, open at the same time, replies %v; want first (a fresh graph)", got)
			}
			if got := reply(one); got != "second" {
				t.Errorf("the first scenario's next reply %v; want second (its own graph)", got)
			}
			one.Close()
			if got := reply(open()); got != "first" {
				t.Errorf("a third scenario replies %v; want first", got)
			}
			other := filepath.ToSlash(filepath.Join(filepath.Dir(file), "other"+filepath.Ext(file)))
			s, err := b.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Graph: other + ":graph"})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if got := reply(s); got != "first" {
				t.Errorf("the first scenario of another graph on the same sibling module replies %v; want first", got)
			}
		})
	}
}

// TestOwnGraphScenarioKeepsItsOwnProcessState: what a node changes in the
// process (its directory, a variable set or removed) stays for the rest
// of its scenario, and reaches neither another scenario open at the same
// time nor a later one; so does what the module's top level changes.
func TestOwnGraphScenarioKeepsItsOwnProcessState(t *testing.T) {
	env := toolchain.Node(t)
	root := t.TempDir()
	files := map[string]string{
		"graph.mjs": `import { Annotation, StateGraph, START, END } from "@langchain/langgraph";
process.env.LOADED = String(Number(process.env.LOADED ?? 0) + 1);
const look = () => ({ seen: { cwd: process.cwd(), keep: process.env.SCENARIO_KEEP ?? null, region: process.env.REGION ?? null, loaded: process.env.LOADED } });
export const graph = new StateGraph(Annotation.Root({ seen: Annotation() }))
  .addNode("wander", () => {
    process.chdir("sub");
    delete process.env.SCENARIO_KEEP;
    process.env.REGION = "eu";
    return look();
  })
  .addNode("look", look)
  .addConditionalEdges(START, () => "look", ["look", "wander"])
  .addEdge("look", END)
  .compile();
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(env.NodePath(), filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SCENARIO_KEEP", "kept")
	b, err := Start(root, Options{Node: env.Node})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	open := func() engine.Session {
		s, err := b.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Graph: "graph.mjs:graph"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	run := func(s engine.Session, node string) any {
		res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{}, Outputs: []engine.NodeOutput{{Node: node, Run: true}}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Values["seen"]
	}
	dir, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	untouched := map[string]any{"cwd": dir, "keep": "kept", "region": nil, "loaded": "1"}
	moved := map[string]any{"cwd": filepath.Join(dir, "sub"), "keep": nil, "region": "eu", "loaded": "1"}
	one, two := open(), open()
	if got := run(one, "wander"); !reflect.DeepEqual(got, moved) {
		t.Errorf("the node that moves sees %v; want %v", got, moved)
	}
	if got := run(two, "look"); !reflect.DeepEqual(got, untouched) {
		t.Errorf("another scenario open at the same time sees %v; want %v", got, untouched)
	}
	if got := run(one, "look"); !reflect.DeepEqual(got, moved) {
		t.Errorf("a later step of the scenario that moved sees %v; want %v", got, moved)
	}
	if got := run(open(), "look"); !reflect.DeepEqual(got, untouched) {
		t.Errorf("a later scenario sees %v; want %v", got, untouched)
	}
}

// TestOwnGraphNodesTakeMessageObjects runs the order agent of
// scenarios/graphs/orders.mjs (a router on isAIMessage and toolsCondition,
// the prebuilt ToolNode) step by step and compares each state with the
// one its own invoke() gives, streamed: the nodes take LangChain messages.
func TestOwnGraphNodesTakeMessageObjects(t *testing.T) {
	env := toolchain.Node(t)
	const module = "scenarios/graphs/orders.mjs"
	const input = `{"messages": [{"role": "user", "content": "where is A-17?"}, {"role": "assistant", "content": "", "tool_calls": [{"id": "call_1", "name": "lookup_order", "args": {"order": "A-17"}}, {"id": "call_2", "name": "lookup_order", "args": {"order": "B-2"}}]}]}`
	script := `import { pathToFileURL } from "node:url";
const { graph } = await import(pathToFileURL(process.argv[2]).href);
const plain = (s) => ({ ...s, messages: s.messages.map((m) => ({ type: m.getType(), content: m.content, ...(m.tool_call_id ? { tool_call_id: m.tool_call_id } : {}) })) });
const states = [];
for await (const s of await graph.stream(JSON.parse(process.argv[3]), { streamMode: "values" })) states.push(plain(s));
process.stdout.write(JSON.stringify(states));
`
	file := filepath.Join(t.TempDir(), "invoke.mjs")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(env.Node, file, filepath.Join(env.Root, module), input)
	cmd.Dir = env.Root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("invoke(): %v\n%s", err, stderrOf(err))
	}
	var real []map[string]any
	if err := json.Unmarshal(out, &real); err != nil {
		t.Fatalf("invoke() printed %s: %v", out, err)
	}
	// the input, then route, tools, route
	if len(real) != 4 || real[3]["next"] != "end" {
		t.Fatalf("the graph's own run gives %v; want four states, ending on next: end", real)
	}

	s := openOwn(t, module+":graph")
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: decode(t, input)})
	if err != nil {
		t.Fatal(err)
	}
	got := []map[string]any{res.Values}
	for _, node := range []string{"route", "tools", "route"} {
		res, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: res.Values, NextID: res.NextID, Outputs: []engine.NodeOutput{{Node: node, Run: true}}})
		if err != nil {
			t.Fatalf("node %s: %v", node, err)
		}
		got = append(got, res.Values)
	}
	for i, state := range got {
		if want := real[i]; !reflect.DeepEqual(typeContentCall(state), want) {
			t.Errorf("state %d: the harness gives %v; the graph's own run %v", i, typeContentCall(state), want)
		}
	}
}

// typeContentCall is a state with its messages as type, content and
// tool_call_id.
func typeContentCall(state map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range state {
		out[k] = v
	}
	msgs, _ := state["messages"].([]any)
	plain := make([]any, len(msgs))
	for i, m := range msgs {
		mm, _ := m.(map[string]any)
		p := map[string]any{"type": mm["type"], "content": mm["content"]}
		if id, ok := mm["tool_call_id"]; ok {
			p["tool_call_id"] = id
		}
		plain[i] = p
	}
	out["messages"] = plain
	return out
}
