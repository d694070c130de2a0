package engine

import (
	"errors"
	"strings"
	"testing"
)

// fakeRuntime answers every commit with the state before plus fixed
// values, or a fixed error.
type fakeRuntime struct {
	set     map[string]any
	err     error
	openErr error
	opened  int
	closed  int
}

func (f *fakeRuntime) Name() string { return "fake" }

func (f *fakeRuntime) Open(GraphSpec) (Session, error) {
	if f.openErr != nil {
		return nil, f.openErr
	}
	f.opened++
	return fakeSession{f}, nil
}

type fakeSession struct{ f *fakeRuntime }

func (s fakeSession) Commit(c *CommitRequest) (*CommitResult, error) {
	if s.f.err != nil {
		return nil, s.f.err
	}
	out := map[string]any{}
	for k, v := range c.Before {
		out[k] = v
	}
	for k, v := range s.f.set {
		out[k] = v
	}
	return &CommitResult{Values: out, NextID: c.NextID}, nil
}

func (s fakeSession) Close() error { s.f.closed++; return nil }

func runtimeGraph(t *testing.T, profile string, rts ...Runtime) *Graph {
	t.Helper()
	s, err := SchemaFromValue(ordered(t, `{"fields": {"x": {"type": "integer"}, "id": {"readonly": true}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	return mustGraph(t, s, Options{Profile: profile, Runtimes: rts})
}

// TestLoadGraph: the scenario's own graph is loaded and closed again at
// once, on the runtime that runs it; the graph is not started by it, and a
// graph that does not load is the runtime's error.
func TestLoadGraph(t *testing.T) {
	f := &fakeRuntime{}
	g := mustGraph(t, nil, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{Builtin(), f}})
	if err := g.LoadGraph(); err != nil || f.opened != 1 || f.closed != 1 || g.Started() {
		t.Fatalf("LoadGraph: %v, opened %d, closed %d, started %v; want one open and close", err, f.opened, f.closed, g.Started())
	}
	bad := &fakeRuntime{openErr: errors.New("no export graph")}
	g = mustGraph(t, nil, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{bad}})
	if err := g.LoadGraph(); err == nil || err.Error() != "no export graph" {
		t.Fatalf("LoadGraph: %v; want the runtime's error", err)
	}
	// without an own graph nothing is opened; without a runtime that
	// loads it, the scenario is skipped on the built-in engine
	if err := mustGraph(t, nil, Options{Runtimes: []Runtime{f}}).LoadGraph(); err != nil || f.opened != 1 {
		t.Fatalf("LoadGraph without a graph: %v, opened %d", err, f.opened)
	}
	var u *Unsupported
	if err := mustGraph(t, nil, Options{Graph: "graph.mjs:graph"}).LoadGraph(); !errors.As(err, &u) || u.Graph != "graph.mjs:graph" || f.opened != 1 {
		t.Fatalf("LoadGraph on the built-in engine alone: %v, opened %d; want it Unsupported", err, f.opened)
	}
}

// ownRuntime opens a graph of its own: its channels, nodes and kinds.
type ownRuntime struct {
	fakeRuntime
	channels, nodes []string
	kinds           map[string]string
}

type ownSession struct {
	fakeSession
	r *ownRuntime
}

func (r *ownRuntime) Open(GraphSpec) (Session, error) {
	r.opened++
	return ownSession{fakeSession{&r.fakeRuntime}, r}, nil
}

func (s ownSession) Channels() []string              { return s.r.channels }
func (s ownSession) Nodes() []string                 { return s.r.nodes }
func (s ownSession) ChannelKinds() map[string]string { return s.r.kinds }

// TestOwnGraphHoldsTheSchemaToIt (docs/reference.md, Runtimes): a reducer the schema declares
// must be the channel's, one it leaves out is the graph's, and a scripted
// output names a node of the graph; each refusal is SCHEMA_INVALID, as the
// graph loads (LoadGraph) and as the first commit opens it.
func TestOwnGraphHoldsTheSchemaToIt(t *testing.T) {
	rt := &ownRuntime{channels: []string{"messages", "status", "turns", "notes", "other"}, nodes: []string{"agent", "tools"},
		kinds: map[string]string{"messages": "messages", "status": "last-value", "turns": "add", "notes": "reducer", "other": "other"}}
	graph := func(fields string) *Graph {
		s, err := SchemaFromValue(ordered(t, `{"fields": {`+fields+`}}`).Value)
		if err != nil {
			t.Fatal(err)
		}
		return mustGraph(t, s, Options{Profile: "langgraph-py", Graph: "agent/graph.py:graph", Runtimes: []Runtime{rt}})
	}
	for _, ok := range []string{
		`"status": {"type": "string"}, "turns": {}, "notes": {}, "messages": {}`,
		`"status": {"reducer": "last-value"}, "turns": {"reducer": "sum"}, "notes": {"reducer": "merge"}, "messages": {"reducer": "messages"}`,
		`"status": {"reducer": "replace"}, "turns": {"reducer": "append"}, "other": {"reducer": "union"}`,
	} {
		if err := graph(ok).LoadGraph(); err != nil {
			t.Errorf("%s: %v; want it to agree with the graph", ok, err)
		}
	}
	for fields, want := range map[string]string{
		`"status": {"reducer": "merge"}`:      `field "status", attribute "reducer": the schema's reducer merge contradicts the graph's channel, a LastValue (last-value: no reducer), of the graph "agent/graph.py:graph"`,
		`"messages": {"reducer": "append"}`:   `the schema's reducer append contradicts the graph's channel, add_messages (messages)`,
		`"turns": {"reducer": "merge"}`:       `the schema's reducer merge contradicts the graph's channel, operator.add`,
		`"notes": {"reducer": "last-value"}`:  `the schema's reducer last-value contradicts the graph's channel, a reducer function of the graph's own`,
		`"status": {"reducer": "messages"}`:   `the schema's reducer messages contradicts the graph's channel, a LastValue`,
		`"mood": {"type": "string"}`:          `field "mood": not a channel of the graph "agent/graph.py:graph" (its channels: messages, status, turns, notes, other)`,
		`"turns": {"reducer": "join(\",\")"}`: `the schema's reducer join(",") contradicts the graph's channel, operator.add`,
	} {
		err := graph(fields).LoadGraph()
		if CodeOf(err) != SchemaInvalid || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: LoadGraph %v; want SCHEMA_INVALID with %q", fields, err, want)
		}
		// the first commit, without LoadGraph, says the same
		if err := graph(fields).Invoke("main", map[string]any{}); CodeOf(err) != SchemaInvalid || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: the first commit %v; want SCHEMA_INVALID with %q", fields, err, want)
		}
	}
	g := graph("")
	if err := g.Invoke("main", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	if got := g.GraphNodes(); strings.Join(got, ",") != "agent,tools" {
		t.Errorf("GraphNodes %v; want agent, tools", got)
	}
	err := g.Step("main", []NodeOutput{{Node: "tools", Output: map[string]any{}}, {Node: "agentt", Output: map[string]any{}}})
	if CodeOf(err) != SchemaInvalid || !strings.Contains(err.Error(), `node "agentt" is not a node of the graph "agent/graph.py:graph" (its nodes: agent, tools)`) {
		t.Errorf("a scripted output of no node of the graph: %v; want SCHEMA_INVALID naming its nodes", err)
	}
	// a real node too
	err = g.Step("main", []NodeOutput{{Node: "agent", Output: map[string]any{}}, {Node: "elsewhere", Run: true}})
	if CodeOf(err) != SchemaInvalid || !strings.Contains(err.Error(), `node "elsewhere" is not a node of the graph "agent/graph.py:graph" (its nodes: agent, tools): a step runs one of the graph's nodes`) {
		t.Errorf("a real node of no node of the graph: %v; want SCHEMA_INVALID naming its nodes", err)
	}
}

func TestRuntimeAlone(t *testing.T) {
	f := &fakeRuntime{set: map[string]any{"id": "a"}}
	g := runtimeGraph(t, "", f)
	if err := g.Invoke("main", ordered(t, `{"id": "a"}`)); err != nil {
		t.Fatal(err)
	}
	f.set = map[string]any{"x": 5.0}
	if err := g.Node("main", "n", ordered(t, `{"x": 1}`)); err != nil {
		t.Fatal(err)
	}
	// the runtime's state is the state, whatever the built-in engine would say
	if got := g.State("main")["x"]; got != 5.0 || g.Revision("main") != 2 {
		t.Fatalf("x = %v, revision %d", got, g.Revision("main"))
	}
	// the harness's rules apply to the runtime's result
	f.set = map[string]any{"x": 1.5}
	if err := g.Node("main", "n", ordered(t, `{"x": 1}`)); CodeOf(err) != TypeMismatch {
		t.Fatalf("err = %v, want TYPE_MISMATCH", err)
	}
	f.set = map[string]any{"id": "b"}
	if err := g.Node("main", "n", ordered(t, `{"id": "b"}`)); CodeOf(err) != ReadonlyWrite {
		t.Fatalf("err = %v, want READONLY_WRITE", err)
	}
	f.set, f.err = nil, &Error{Code: MessageNotFound, Message: "no"}
	if err := g.Node("main", "n", ordered(t, `{"x": 2}`)); CodeOf(err) != MessageNotFound {
		t.Fatalf("err = %v, want the runtime's error", err)
	}
	if g.Revision("main") != 2 {
		t.Fatalf("a failed commit changed the revision: %d", g.Revision("main"))
	}
	if err := g.Close(); err != nil || f.opened != 1 || f.closed != 1 {
		t.Fatalf("Close: %v, opened %d, closed %d", err, f.opened, f.closed)
	}
}

func TestRuntimesSideBySide(t *testing.T) {
	f := &fakeRuntime{set: map[string]any{"id": "a"}}
	g := runtimeGraph(t, "", Builtin(), f)
	if err := g.Invoke("main", ordered(t, `{"id": "a"}`)); err != nil {
		t.Fatalf("the runtimes agree on the input: %v", err)
	}
	f.set = map[string]any{"x": 1.0}
	if err := g.Node("main", "n", ordered(t, `{"x": 1}`)); err != nil {
		t.Fatalf("the runtimes agree on x = 1: %v", err)
	}
	err := g.Node("main", "n", ordered(t, `{"x": 2}`))
	if CodeOf(err) != RuntimeDisagreement || !strings.Contains(err.Error(), "$.x") || !strings.Contains(err.Error(), "builtin: 2") || !strings.Contains(err.Error(), "fake: 1") {
		t.Fatalf("err = %v, want RUNTIME_DISAGREEMENT at $.x with both values", err)
	}
	// both refuse with one code: the built-in engine's error stands
	f.err = &Error{Code: InvalidConcurrentGraphUpdate, Message: "theirs"}
	err = g.Step("main", []NodeOutput{{Node: "a", Output: ordered(t, `{"x": 1}`)}, {Node: "b", Output: ordered(t, `{"x": 2}`)}})
	if CodeOf(err) != InvalidConcurrentGraphUpdate || strings.Contains(err.Error(), "theirs") {
		t.Fatalf("err = %v, want the built-in INVALID_CONCURRENT_GRAPH_UPDATE", err)
	}
	// one refuses, the other applies
	err = g.Node("main", "n", ordered(t, `{"x": 1}`))
	if CodeOf(err) != RuntimeDisagreement || !strings.Contains(err.Error(), "builtin applies it; fake fails with INVALID_CONCURRENT_GRAPH_UPDATE") {
		t.Fatalf("err = %v", err)
	}
}

// TestRuntimeUnsupported: the runtime says what it cannot run, in Open;
// alone, the scenario is skipped on it; side by side, the built-in engine
// runs it alone. A custom Go reducer is refused before any runtime opens.
func TestRuntimeUnsupported(t *testing.T) {
	f := &fakeRuntime{openErr: &Unsupported{Runtime: "fake", Reason: "not awaken"}}
	g := runtimeGraph(t, "awaken", f)
	err := g.Invoke("main", ordered(t, `{}`))
	u, ok := err.(*Unsupported)
	if !ok || u.Runtime != "fake" || !strings.Contains(u.Reason, "awaken") {
		t.Fatalf("err = %v, want the runtime's Unsupported", err)
	}
	g = runtimeGraph(t, "awaken", Builtin(), f)
	if err := g.Invoke("main", ordered(t, `{}`)); err != nil || g.NotCompared() == nil || g.NotCompared().Reason != "not awaken" {
		t.Fatalf("side by side: %v, not compared %v; want the built-in engine alone", err, g.NotCompared())
	}
	s, err := SchemaFromValue(ordered(t, `{"fields": {"m": {"reducer": "max"}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	max := func(cur, next any) (any, error) { return next, nil }
	f = &fakeRuntime{}
	g = mustGraph(t, s, Options{Runtimes: []Runtime{f}, Reducers: map[string]ReducerFunc{"max": max}})
	err = g.Invoke("main", ordered(t, `{"m": 1}`))
	if u, ok := err.(*Unsupported); !ok || !strings.Contains(u.Reason, "custom reducer max") || f.opened != 0 {
		t.Fatalf("err = %v (opened %d), want Unsupported naming the custom reducer, before any Open", err, f.opened)
	}
}

// fakeDropping removes a field besides setting others.
type fakeDropping struct {
	fakeRuntime
	drop string
}

func (f *fakeDropping) Open(GraphSpec) (Session, error) { return dropSession{f}, nil }

type dropSession struct{ f *fakeDropping }

func (s dropSession) Commit(c *CommitRequest) (*CommitResult, error) {
	out, err := fakeSession{&s.f.fakeRuntime}.Commit(c)
	if err == nil && s.f.drop != "" {
		delete(out.Values, s.f.drop)
	}
	return out, err
}

func (s dropSession) Close() error { return nil }

// TestRuntimeChangesWithoutWrites: what another runtime changes or removes
// without a write the harness read is checked too, in a stable order.
func TestRuntimeChangesWithoutWrites(t *testing.T) {
	s, err := SchemaFromValue(ordered(t, `{"fields": {"a": {"type": "integer"}, "b": {"type": "integer"}, "c": {"type": "integer"}, "id": {"readonly": true}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		f := &fakeDropping{fakeRuntime: fakeRuntime{set: map[string]any{"id": "a"}}}
		g := mustGraph(t, s, Options{Runtimes: []Runtime{f}})
		if err := g.Invoke("main", ordered(t, `{"id": "a"}`)); err != nil {
			t.Fatal(err)
		}
		f.set = map[string]any{"c": "s", "b": "s", "a": "s"}
		err := g.Node("main", "n", ordered(t, `{}`))
		if e, ok := err.(*Error); !ok || e.Code != TypeMismatch || e.Path != "$.a" || !strings.Contains(e.Message, "from the runtime") {
			t.Fatalf("err = %v, want TYPE_MISMATCH at $.a naming the runtime", err)
		}
		f.set, f.drop = nil, "id"
		if err := g.Node("main", "n", ordered(t, `{}`)); CodeOf(err) != ReadonlyWrite {
			t.Fatalf("a readonly field the runtime removed: err = %v", err)
		}
	}
}

// TestRuntimeRefusalWording: a runtime's refusal takes the harness's
// wording when the built-in engine refuses the commit with the same code,
// and stays the runtime's otherwise.
func TestRuntimeRefusalWording(t *testing.T) {
	s, err := SchemaFromValue(ordered(t, `{"fields": {"n": {"reducer": "sum", "default": 0}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeRuntime{}
	g := mustGraph(t, s, Options{Runtimes: []Runtime{f}})
	if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
		t.Fatal(err)
	}
	f.err = &Error{Code: ReducerTypeError, Message: "theirs"}
	err = g.Node("main", "a", ordered(t, `{"n": "x"}`))
	if CodeOf(err) != ReducerTypeError || !strings.Contains(err.Error(), `node "a": field "n" with reducer sum expects a number`) {
		t.Fatalf("same code: err = %v, want the harness's wording", err)
	}
	f.err = &Error{Code: RuntimeError, Message: "theirs"}
	if err := g.Node("main", "a", ordered(t, `{"n": "x"}`)); CodeOf(err) != RuntimeError || !strings.Contains(err.Error(), "theirs") {
		t.Fatalf("another code: err = %v, want the runtime's", err)
	}
	if g.Revision("main") != 1 || len(g.coerced.fresh) != 0 {
		t.Fatalf("wording a refusal changed the graph")
	}
}

// TestRuntimeStateWithUndeclaredKey: a key no field declares in a
// runtime's state (llmfy assigns unknown keys; another runtime may add
// one) is a field of its own, of any type, on every profile.
func TestRuntimeStateWithUndeclaredKey(t *testing.T) {
	for _, profile := range []string{"llmfy", "langgraph"} {
		f := &fakeRuntime{set: map[string]any{"note": "hi"}}
		g := runtimeGraph(t, profile, f)
		if err := g.Invoke("main", map[string]any{"note": "hi"}); err != nil {
			t.Fatalf("%s: %v", profile, err)
		}
		if got := g.State("main")["note"]; got != "hi" {
			t.Errorf("%s: note = %v; want hi", profile, got)
		}
	}
}

// fakeGraph is a runtime that loads an own graph: its channels are those
// named, and each commit sets its fixed values over the state before.
type fakeGraph struct {
	fakeRuntime
	channels []string
}

func (f *fakeGraph) Open(GraphSpec) (Session, error) {
	f.opened++
	return fakeGraphSession{fakeSession{&f.fakeRuntime}, f.channels}, nil
}

type fakeGraphSession struct {
	fakeSession
	channels []string
}

// a graph of one node, "n", with no channel kinds to check
func (s fakeGraphSession) Channels() []string              { return s.channels }
func (s fakeGraphSession) Nodes() []string                 { return []string{"n"} }
func (s fakeGraphSession) ChannelKinds() map[string]string { return nil }

// TestOwnGraphSideBySide: side by side on an own graph with a schema, the
// built-in engine re-applies the writes to the schema's fields and a
// different value is RUNTIME_DISAGREEMENT; the graph's other channels are
// the runtime's. Without a schema, the runtime runs it alone: compared
// with nothing, and neither skipped nor "not compared" (docs/reference.md, Runtimes).
func TestOwnGraphSideBySide(t *testing.T) {
	s, err := SchemaFromValue(ordered(t, `{"fields": {"status": {"type": "string"}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	// the graph's context channel merges as the built-in engine would not:
	// it is not compared
	f := &fakeGraph{fakeRuntime: fakeRuntime{set: map[string]any{"status": "open", "context": map[string]any{"a": 1.0, "b": 2.0}}}, channels: []string{"context", "status"}}
	g := mustGraph(t, s, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{Builtin(), f}})
	if err := g.Invoke("main", ordered(t, `{"status": "open", "context": {"b": 2}}`)); err != nil {
		t.Fatalf("agreeing on the schema's field: %v", err)
	}
	if g.NotCompared() != nil || g.RanAlone() != "" {
		t.Fatalf("not compared %v, alone %q; want the schema's fields compared", g.NotCompared(), g.RanAlone())
	}
	if got := g.State("main")["context"]; !Equal(got, map[string]any{"a": 1.0, "b": 2.0}) {
		t.Fatalf("context = %v, want the runtime's", got)
	}
	// the runtime stores another status than the write: they disagree
	err = g.Node("main", "n", ordered(t, `{"status": "closed"}`))
	if CodeOf(err) != RuntimeDisagreement || !strings.Contains(err.Error(), `$.status`) || !strings.Contains(err.Error(), `builtin: "closed"`) {
		t.Fatalf("err = %v, want RUNTIME_DISAGREEMENT at $.status", err)
	}

	// no schema: the runtime alone, nothing skipped
	f = &fakeGraph{fakeRuntime: fakeRuntime{set: map[string]any{"status": "x"}}, channels: []string{"status"}}
	g = mustGraph(t, nil, Options{Graph: "graph.mjs:graph", Runtimes: []Runtime{Builtin(), f}})
	if err := g.Invoke("main", ordered(t, `{"status": "open"}`)); err != nil {
		t.Fatal(err)
	}
	if g.RanAlone() != "fake" || g.NotCompared() != nil {
		t.Fatalf("alone %q, not compared %v; want the runtime alone", g.RanAlone(), g.NotCompared())
	}
}
