package langgraphjs

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
)

// ownGraph is the user's graph of testdata/own/graph.mjs, relative to the
// repository root, which is the shared bridge's suite root.
const ownGraph = "runtimes/langgraphjs/testdata/own/graph.mjs"

// openOwn opens an export of a module under testdata/own.
func openOwn(t *testing.T, ref string) engine.GraphSession {
	t.Helper()
	s, err := bridgeFor(t).Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Graph: ref})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	os, ok := s.(engine.GraphSession)
	if !ok {
		t.Fatalf("Open gave a %T; want an engine.GraphSession", s)
	}
	return os
}

func TestOwnGraphNamesItsChannels(t *testing.T) {
	s := openOwn(t, ownGraph+":graph")
	var gs engine.GraphSession = s
	if got, want := gs.Channels(), []string{"messages", "trail", "strict", "summary"}; !reflect.DeepEqual(got, want) {
		t.Errorf("channels %v; want %v", got, want)
	}
}

func TestOwnGraphScriptedOutputsFoldThroughItsReducers(t *testing.T) {
	s := openOwn(t, ownGraph+":graph")
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: decode(t, `{"trail": "in", "messages": ["hi"]}`)})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"trail": "in", "strict": 0.0,
		"messages": []any{map[string]any{"type": "human", "content": "hi", "id": "auto-1"}},
	}
	if !reflect.DeepEqual(want, res.Values) {
		t.Errorf("after the input: %v; want %v", res.Values, want)
	}
	if res.NextID != 1 {
		t.Errorf("next id %d; want 1", res.NextID)
	}
	// listed b before a: the graph's own reducer folds them in node-name order
	res, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: res.Values, NextID: res.NextID, Outputs: []engine.NodeOutput{
		{Node: "b", Output: decode(t, `{"trail": "B", "messages": [{"role": "ai", "content": "from b"}]}`)},
		{Node: "a", Output: decode(t, `{"trail": "A", "strict": 2}`)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Values["trail"]; got != "in>A>B" {
		t.Errorf("trail %v; want in>A>B", got)
	}
	if got := res.Values["strict"]; got != 2.0 {
		t.Errorf("strict %v; want 2", got)
	}
	if msgs := res.Values["messages"].([]any); len(msgs) != 2 || msgs[1].(map[string]any)["id"] != "auto-2" || res.NextID != 2 {
		t.Errorf("messages %v, next id %d; want the new one as auto-2", msgs, res.NextID)
	}
	if res.Returned != nil {
		t.Errorf("scripted nodes returned %v; want nothing", res.Returned)
	}
	// a scripted node named like a real one takes its place
	res, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: res.Values, NextID: res.NextID, Outputs: []engine.NodeOutput{
		{Node: "reader", Output: decode(t, `{"summary": "scripted"}`)},
	}})
	if err != nil || res.Values["summary"] != "scripted" {
		t.Errorf("a scripted reader: %v, %v; want its summary", res, err)
	}
}

func TestOwnGraphRealNodeRunsOnTheState(t *testing.T) {
	s := openOwn(t, ownGraph+":graph")
	before := map[string]any{
		"trail": "x>y", "strict": 0.0,
		"messages": []any{map[string]any{"type": "human", "content": "hi", "id": "m1"}},
	}
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: before, NextID: 4, Outputs: []engine.NodeOutput{{Node: "reader", Run: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Values["summary"]; got != "x>y/1" {
		t.Errorf("summary %v; want x>y/1, read from the state", got)
	}
	msgs := res.Values["messages"].([]any)
	if len(msgs) != 2 || msgs[1].(map[string]any)["id"] != "auto-5" || res.NextID != 5 {
		t.Errorf("messages %v, next id %d; want the node's message as auto-5", msgs, res.NextID)
	}
	ret, ok := returned(res, "reader").(map[string]any)
	if !ok {
		t.Fatalf("returned %v; want what reader returned", res.Returned)
	}
	if ret["summary"] != "x>y/1" {
		t.Errorf("reader returned %v; want its summary", ret)
	}
	if m := ret["messages"].([]any)[0].(map[string]any); m["type"] != "ai" || m["content"] != "read it" {
		t.Errorf("reader returned the message %v; want its plain form", m)
	}
	// the seeded state is not kept: the same commit gives the same answer
	again, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: before, NextID: 4, Outputs: []engine.NodeOutput{{Node: "reader", Run: true}}})
	if err != nil || !reflect.DeepEqual(again.Values, res.Values) {
		t.Errorf("the commit again: %v, %v; want the same state", again, err)
	}
}

func TestOwnGraphRealNodeBesideScriptedOnes(t *testing.T) {
	s := openOwn(t, ownGraph+":graph")
	before := map[string]any{"trail": "", "strict": 0.0, "messages": []any{}}
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: before, Outputs: []engine.NodeOutput{
		{Node: "z", Output: decode(t, `{"trail": "Z"}`)},
		{Node: "commander", Run: true},
		{Node: "a", Output: decode(t, `{"trail": "A"}`)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Values["trail"]; got != "A>C>Z" {
		t.Errorf("trail %v; want A>C>Z (node-name order)", got)
	}
	if _, ran := res.Values["summary"]; ran {
		t.Errorf("the command's goto ran reader: %v", res.Values)
	}
	want := map[string]any{"lg_name": "Command", "update": map[string]any{"trail": "C"}, "goto": []any{"reader"}}
	if got := returned(res, "commander"); !reflect.DeepEqual(want, got) {
		t.Errorf("commander returned %v; want %v", got, want)
	}
}

func TestOwnGraphErrors(t *testing.T) {
	s := openOwn(t, ownGraph+":graph")
	before := map[string]any{"trail": "", "strict": 0.0, "messages": []any{}}
	cases := []struct {
		name    string
		outputs []engine.NodeOutput
		code    engine.Code
		path    string
		message string
	}{
		{"a real node that throws", []engine.NodeOutput{{Node: "boom", Run: true}}, engine.NodeError, "", `node "boom" threw Error: the CRM is down (at ` + ownGraph + `:28:11)`},
		{"a real node that throws beside a scripted one", []engine.NodeOutput{{Node: "a", Output: decode(t, `{"trail": "A"}`)}, {Node: "boom", Run: true}}, engine.NodeError, "", "the CRM is down"},
		{"a node the graph lacks", []engine.NodeOutput{{Node: "writer", Run: true}}, engine.RuntimeError, "", `the graph ` + ownGraph + `:graph has no node "writer" (its nodes: reader, boom, commander)`},
		{"the graph's reducer refuses a write", []engine.NodeOutput{{Node: "a", Output: decode(t, `{"strict": "many"}`)}}, engine.RuntimeError, "$.strict", "strict takes numbers, got string"},
		{"the messages reducer refuses a message", []engine.NodeOutput{{Node: "a", Output: decode(t, `{"messages": [{"role": "bogus", "content": "x"}]}`)}}, engine.MessageCoercionFailure, "$.messages", ""},
		{"two nodes write a last-value channel", []engine.NodeOutput{{Node: "a", Output: decode(t, `{"summary": 1}`)}, {Node: "b", Output: decode(t, `{"summary": 2}`)}}, engine.InvalidConcurrentGraphUpdate, "$.summary", ""},
		{"a node named like a channel", []engine.NodeOutput{{Node: "trail", Output: decode(t, `{}`)}}, engine.RuntimeError, "", "already being used as a state attribute"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: before, Outputs: tc.outputs})
			if err == nil {
				t.Fatalf("commit succeeded with %v; want %s", res.Values, tc.code)
			}
			e, ok := err.(*engine.Error)
			if !ok || e.Code != tc.code || e.Path != tc.path || !strings.Contains(e.Message, tc.message) {
				t.Errorf("got %T %v (path %q); want %s at %q mentioning %q", err, err, pathOf(err), tc.code, tc.path, tc.message)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %s", took)
			}
		})
	}
	// the bridge is fine after them
	if _, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: before, Outputs: []engine.NodeOutput{{Node: "reader", Run: true}}}); err != nil {
		t.Errorf("a commit after the errors: %v", err)
	}
}

// TestOwnGraphSchemaRefusals: what the graph's own schema (zod, or a
// StateSchema) refuses is TYPE_MISMATCH at the JSON path of zod's issue
// with zod's message, as the built-in engine's schema refuses a value
// outside an enum; a node that throws names the line of the user's code
// that threw, through the source map of a .ts module.
func TestOwnGraphSchemaRefusals(t *testing.T) {
	const module = "runtimes/langgraphjs/testdata/own/checked.ts"
	requireTsx(t, bridgeFor(t).Dir())
	cases := []struct {
		name    string
		kind    engine.CommitKind
		input   string
		outputs []engine.NodeOutput
		code    engine.Code
		path    string
		message []string
	}{
		{"an input outside the enum", engine.CommitInput, `{"mood": "bored"}`, nil, engine.TypeMismatch, "$.mood",
			[]string{`field "mood" does not match the graph's schema: Invalid option: expected one of "calm"|"angry"`, `the value is "bored", from input`}},
		{"a scripted output of the wrong type", engine.CommitStep, "", []engine.NodeOutput{{Node: "x", Output: decode(t, `{"profile": {"age": "x"}}`)}}, engine.TypeMismatch, "$.profile.age",
			[]string{"expected number, received string", `the value is "x", from node "x"`}},
		{"a real node's output of the wrong type", engine.CommitStep, "", []engine.NodeOutput{{Node: "ager", Run: true}}, engine.TypeMismatch, "$.profile.age",
			[]string{"expected number, received string", `the value is "old", from node "ager"`}},
		{"a real node that throws", engine.CommitStep, "", []engine.NodeOutput{{Node: "lookup", Run: true}}, engine.NodeError, "",
			[]string{`node "lookup" threw Error: the CRM is down for A-17 (at ` + module + `:13:9)`}},
	}
	for _, export := range []string{"zod", "schema"} {
		s := openOwn(t, module+":"+export)
		for _, tc := range cases {
			t.Run(export+"/"+tc.name, func(t *testing.T) {
				req := &engine.CommitRequest{Kind: tc.kind, Before: map[string]any{}, Outputs: tc.outputs}
				if tc.input != "" {
					req.Input = decode(t, tc.input)
				}
				res, err := s.Commit(req)
				if err == nil {
					t.Fatalf("commit succeeded with %v; want %s", res.Values, tc.code)
				}
				e, ok := err.(*engine.Error)
				if !ok || e.Code != tc.code || e.Path != tc.path {
					t.Fatalf("got %T %v; want %s at %q", err, err, tc.code, tc.path)
				}
				for _, want := range tc.message {
					if !strings.Contains(e.Message, want) {
						t.Errorf("message %q; want it to mention %q", e.Message, want)
					}
				}
			})
		}
	}
	// the built-in engine, given the same enum as zod's JSON Schema, gives
	// the same code at the same path
	doc := map[string]any{"type": "object", "properties": map[string]any{"mood": map[string]any{"type": "string", "enum": []any{"calm", "angry"}}}}
	schema, err := engine.SchemaFromJSONSchema(doc)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(schema, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	err = g.Invoke("main", map[string]any{"mood": "bored"})
	if e, ok := err.(*engine.Error); !ok || e.Code != engine.TypeMismatch || e.Path != "$.mood" {
		t.Errorf("the built-in engine: %v; want TYPE_MISMATCH at $.mood", err)
	}
}

// returned is what a real node returned, as the session gives it: checked,
// with the order of its keys.
func returned(res *engine.CommitResult, node string) any {
	c, ok := res.Returned[node].(engine.Checked)
	if !ok {
		return res.Returned[node]
	}
	return c.Value
}

func pathOf(err error) string {
	if e, ok := err.(*engine.Error); ok {
		return e.Path
	}
	return ""
}

func TestOwnGraphThatDoesNotLoad(t *testing.T) {
	b := bridgeFor(t)
	tsx := ".ts modules need tsx: npm install -D tsx"
	if _, err := os.Stat(filepath.Join(b.Dir(), "node_modules", "tsx", "package.json")); err == nil {
		tsx = ""
	}
	// the position of esbuild's error, relative to the suite root
	tsSyntax := `cannot load runtimes/langgraphjs/testdata/own/broken.ts: TransformError: Transform failed with 1 error:
runtimes/langgraphjs/testdata/own/broken.ts:2:25: ERROR: Unexpected ";"`
	if tsx != "" {
		tsSyntax = tsx
	}
	cases := []struct{ name, ref, want string }{
		{"a missing export", ownGraph + ":agent", `the module ` + ownGraph + ` has no export "agent" (its exports: graph, notAGraph, uncompiled)`},
		{"an export that is no graph", ownGraph + ":notAGraph", `the export "notAGraph" of ` + ownGraph + ` is not a compiled LangGraph graph (a CompiledStateGraph from StateGraph(...).compile())`},
		{"a graph not compiled", ownGraph + ":uncompiled", "it is a StateGraph that is not compiled; export its .compile()"},
		{"a module with a syntax error", "runtimes/langgraphjs/testdata/own/broken.mjs:graph", "cannot load runtimes/langgraphjs/testdata/own/broken.mjs: SyntaxError: Unexpected end of input (line 3)"},
		{"a .ts module with a syntax error", "runtimes/langgraphjs/testdata/own/broken.ts:graph", tsSyntax},
		{"a module that throws as it loads", "runtimes/langgraphjs/testdata/own/unreachable.mjs:graph", "(at runtimes/langgraphjs/testdata/own/unreachable.mjs:10:4)"},
		{"a module that is not there", "runtimes/langgraphjs/testdata/own/nothing.mjs:graph", "cannot load runtimes/langgraphjs/testdata/own/nothing.mjs: no such file"},
		{"a .ts module", "runtimes/langgraphjs/testdata/own/graph.ts:graph", tsx},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			s, err := b.Open(engine.GraphSpec{Profile: "langgraph", Graph: tc.ref})
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %s", took)
			}
			if tc.want == "" {
				if err != nil {
					t.Fatalf("tsx is installed, yet: %v", err)
				}
				s.Close()
				return
			}
			if err == nil {
				s.Close()
				t.Fatalf("opened %s; want an error mentioning %q", tc.ref, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "langgraph-js cannot open the graph "+tc.ref) {
				t.Errorf("error %q; want it to name the graph and mention %q", err, tc.want)
			}
		})
	}
	// the bridge still works
	openOwn(t, ownGraph+":graph")
}

// TestOwnGraphThroughTheEngine runs a real node through the engine: the
// state is the graph's, and the trace records what the node wrote.
func TestOwnGraphThroughTheEngine(t *testing.T) {
	b := bridgeFor(t)
	g, err := engine.New(nil, engine.Options{Graph: ownGraph + ":graph", Runtimes: []engine.Runtime{b}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.Invoke("main", map[string]any{"trail": "in", "messages": "hi"}); err != nil {
		t.Fatal(err)
	}
	if err := g.Step("main", []engine.NodeOutput{{Node: "reader", Run: true}}); err != nil {
		t.Fatal(err)
	}
	state := g.State("main")
	if state["summary"] != "in/1" || len(state["messages"].([]any)) != 2 {
		t.Errorf("state %v; want reader's summary and message", state)
	}
	trace := g.Trace()
	last := trace[len(trace)-1]
	var fields []string
	for _, w := range last.Writes {
		if w.Node != "reader" {
			t.Errorf("write %v by %s; want reader's", w.Field, w.Node)
		}
		fields = append(fields, w.Field)
	}
	if !reflect.DeepEqual(fields, []string{"summary", "messages"}) {
		t.Errorf("the trace records writes to %v; want summary, messages", fields)
	}
	if err := g.Step("main", []engine.NodeOutput{{Node: "boom", Run: true}}); engine.CodeOf(err) != engine.NodeError {
		t.Errorf("boom: %v; want NODE_ERROR", err)
	}
	if !reflect.DeepEqual(g.State("main"), state) {
		t.Errorf("the state changed after NODE_ERROR: %v", g.State("main"))
	}
}
