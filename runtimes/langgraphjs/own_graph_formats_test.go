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

// formatsGraph declares one state three ways (Annotation, zod with
// LangGraph's registry, StateSchema), each with a messages channel, a
// custom reducer with a default, and an enum; its node "closer" writes to
// both reducers. {{import}} and {{export}} make it a module of either kind.
const formatsGraph = `{{import}}

const trimmed = (a, b) => [...a, ...b.map((s) => s.trim())];

function build(State) {
  return new StateGraph(State)
    .addNode("closer", () => ({ notes: [" closed after 1 "], messages: [{ role: "ai", content: "closed" }] }))
    .addEdge(START, "closer")
    .addEdge("closer", END)
    .compile();
}

{{export}} annotation = build(Annotation.Root({
  messages: Annotation({ reducer: messagesStateReducer, default: () => [] }),
  notes: Annotation({ reducer: trimmed, default: () => [] }),
  mood: Annotation(),
}));

{{export}} zod = build(z.object({
  messages: z.custom().register(registry, MessagesZodMeta),
  notes: z.array(z.string()).register(registry, { reducer: { fn: trimmed }, default: () => [] }),
  mood: z.enum(["calm", "angry"]).optional(),
}));

{{export}} stateSchema = build(new StateSchema({
  messages: MessagesValue,
  notes: new ReducedValue(z.array(z.string()).default(() => []), { inputSchema: z.array(z.string()), reducer: trimmed }),
  mood: z.enum(["calm", "angry"]).optional(),
}));
`

const formatsNames = "Annotation, END, MessagesValue, MessagesZodMeta, ReducedValue, START, StateGraph, StateSchema, messagesStateReducer"

var (
	esmSyntax = strings.NewReplacer(
		"{{import}}", `import { `+formatsNames+` } from "@langchain/langgraph";
import { registry } from "@langchain/langgraph/zod";
import { z } from "zod";`,
		"{{export}}", "export const")
	cjsSyntax = strings.NewReplacer(
		"{{import}}", `const { `+formatsNames+` } = require("@langchain/langgraph");
const { registry } = require("@langchain/langgraph/zod");
const { z } = require("zod");`,
		"{{export}}", "exports.")
)

// formatsInvoke runs each graph's own invoke() in node, loaded as a user
// runs TypeScript (node --import tsx), and prints its values (messages as
// type and content) or that it refused the input.
const formatsInvoke = `import { pathToFileURL } from "node:url";
const plain = (v) =>
  v && typeof v._getType === "function" ? { type: v._getType(), content: v.content }
  : Array.isArray(v) ? v.map(plain)
  : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
  : v;
const out = {};
for (const file of process.argv.slice(2)) {
  const mod = await import(pathToFileURL(file).href);
  for (const name of ["annotation", "zod", "stateSchema"]) {
    const g = mod[name] ?? mod.default?.[name];
    const ref = file + ":" + name;
    out[ref] = { values: plain(await g.invoke({ messages: [["user", "bye"]], notes: ["a"] })) };
    try {
      await g.invoke({ mood: "bored" });
    } catch {
      out[ref].refused = true;
    }
  }
}
process.stdout.write(JSON.stringify(out));
`

// TestOwnGraphKeepsItsChannelsInEveryModuleFormat loads one graph from
// every kind of module, in an ES module package and in a CommonJS one, and
// checks the harness's state after the input and the real node against the
// same graph's own invoke(): every reducer and check the code declares is
// kept, whatever loaded it.
func TestOwnGraphKeepsItsChannelsInEveryModuleFormat(t *testing.T) {
	env := toolchain.Node(t)
	root := t.TempDir()
	files := map[string]*strings.Replacer{
		"esm/graph.ts": esmSyntax, "esm/graph.mts": esmSyntax, "esm/graph.cts": esmSyntax,
		"esm/graph.js": esmSyntax, "esm/graph.mjs": esmSyntax,
		"cjs/graph.ts": esmSyntax, "cjs/graph.mts": esmSyntax, "cjs/graph.cts": esmSyntax,
		"cjs/graph.js": cjsSyntax, "cjs/graph.cjs": cjsSyntax,
	}
	write := func(name, text string) {
		file := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// "commonjs" as npm init writes it today
	write("esm/package.json", `{"name": "esm", "type": "module"}`)
	write("cjs/package.json", `{"name": "cjs", "version": "1.0.0", "type": "commonjs"}`)
	write("invoke.mjs", formatsInvoke)
	var names []string
	for name, syntax := range files {
		write(name, syntax.Replace(formatsGraph))
		names = append(names, name)
	}
	if err := os.Symlink(env.NodePath(), filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	requireTsx(t, env.Root)

	cmd := exec.Command(env.Node, append([]string{"--import", "tsx", "invoke.mjs"}, names...)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("invoke(): %v\n%s", err, stderrOf(err))
	}
	var real map[string]struct {
		Values  map[string]any `json:"values"`
		Refused bool           `json:"refused"`
	}
	if err := json.Unmarshal(out, &real); err != nil {
		t.Fatalf("invoke() printed %s: %v", out, err)
	}
	want := map[string]any{
		"messages": []any{map[string]any{"type": "human", "content": "bye"}, map[string]any{"type": "ai", "content": "closed"}},
		"notes":    []any{"a", "closed after 1"},
	}

	b, err := Start(root, Options{Node: env.Node})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for ref, r := range real {
		t.Run(ref, func(t *testing.T) {
			if !reflect.DeepEqual(r.Values, want) {
				t.Errorf("the graph's own invoke() gives %v; want %v (the test's graph is wrong)", r.Values, want)
			}
			s, err := b.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Graph: ref})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if got, want := s.(engine.GraphSession).Channels(), []string{"messages", "notes", "mood"}; !reflect.DeepEqual(got, want) {
				t.Errorf("channels %v; want %v", got, want)
			}
			res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: decode(t, `{"messages": [["user", "bye"]], "notes": ["a"]}`)})
			if err != nil {
				t.Fatal(err)
			}
			res, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: res.Values, NextID: res.NextID, Outputs: []engine.NodeOutput{{Node: "closer", Run: true}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := typeAndContent(res.Values); !reflect.DeepEqual(got, r.Values) {
				t.Errorf("the harness gives %v; invoke() gives %v", got, r.Values)
			}
			_, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: decode(t, `{"mood": "bored"}`)})
			if refused := err != nil; refused != r.Refused {
				t.Errorf("the harness refuses a mood outside the enum: %v (%v); invoke() does: %v", refused, err, r.Refused)
			}
		})
	}
}

// requireTsx skips a test that loads TypeScript when root's node_modules
// has no tsx (fails under SCENARIO_REQUIRE_NODE=1: package.json pins it).
func requireTsx(t testing.TB, root string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(root, "node_modules", "tsx", "package.json")); err != nil {
		why := "needs tsx, pinned in package.json: run npm ci in " + root
		if os.Getenv(toolchain.RequireNode) == "1" {
			t.Fatal(why)
		}
		t.Skip(why)
	}
}

// typeAndContent is a state with its messages as type and content, as
// formatsInvoke prints them.
func typeAndContent(state map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range state {
		out[k] = v
	}
	if msgs, ok := state["messages"].([]any); ok {
		plain := make([]any, len(msgs))
		for i, m := range msgs {
			mm, _ := m.(map[string]any)
			plain[i] = map[string]any{"type": mm["type"], "content": mm["content"]}
		}
		out["messages"] = plain
	}
	return out
}

func stderrOf(err error) string {
	if e, ok := err.(*exec.ExitError); ok {
		return string(e.Stderr)
	}
	return ""
}
