package engine

import (
	"testing"
)

func mustGraph(t testing.TB, s *Schema, opts Options) *Graph {
	t.Helper()
	g, err := New(s, opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

func schemaOf(t testing.TB, doc map[string]any) *Schema {
	t.Helper()
	s, err := SchemaFromValue(map[string]any{"fields": doc})
	if err != nil {
		t.Fatalf("SchemaFromValue: %v", err)
	}
	return s
}

func TestCommitRules(t *testing.T) {
	schema := map[string]any{
		"status": map[string]any{"type": "string"},
		"log":    map[string]any{"type": "array", "default": []any{}, "reducer": "append"},
		"tenant": map[string]any{"type": "string", "readonly": true},
		"total":  map[string]any{"reducer": "sum", "merge": "commutative"},
		"last":   map[string]any{"reducer": "replace", "merge": "commutative"},
	}
	input := map[string]any{"status": "new", "tenant": "acme"}
	tests := []struct {
		name    string
		profile string
		outs    []NodeOutput
		code    Code
		want    map[string]any // fields to check after success
		rev     int
	}{
		{name: "one write", outs: []NodeOutput{{Node: "a", Output: map[string]any{"status": "done"}}}, want: map[string]any{"status": "done"}, rev: 2},
		{name: "no change keeps revision", outs: []NodeOutput{{Node: "a", Output: map[string]any{"status": "new"}}}, rev: 1},
		{name: "null output", outs: []NodeOutput{{Node: "a", Output: nil}}, rev: 1},
		{name: "exclusive conflict", outs: []NodeOutput{{Node: "a", Output: map[string]any{"status": "x"}}, {Node: "b", Output: map[string]any{"status": "y"}}}, code: InvalidConcurrentGraphUpdate},
		{name: "awaken conflict", profile: "awaken", outs: []NodeOutput{{Node: "a", Output: map[string]any{"log": []any{1.0}}}, {Node: "b", Output: map[string]any{"log": []any{2.0}}}}, code: ExclusiveMergeConflict},
		{name: "llmfy: two nodes of a step write one field", profile: "llmfy", outs: []NodeOutput{{Node: "a", Output: map[string]any{"status": "x"}}, {Node: "b", Output: map[string]any{"status": "y"}}}, code: ParallelUnsupported},
		{name: "llmfy: a fan-out writing disjoint fields", profile: "llmfy", outs: []NodeOutput{{Node: "b", Output: map[string]any{"status": "x"}}, {Node: "a", Output: map[string]any{"zzz": 1.0}}}, want: map[string]any{"status": "x", "zzz": 1.0}, rev: 2},
		{name: "llmfy: a falsy return writes nothing", profile: "llmfy", outs: []NodeOutput{{Node: "a", Output: []any{}}, {Node: "b", Output: 0.0}}, rev: 1},
		{name: "llmfy: a truthy return that is no dict", profile: "llmfy", outs: []NodeOutput{{Node: "a", Output: []any{1.0}}}, code: InvalidNodeReturn},
		{name: "llmfy: a command", profile: "llmfy", outs: []NodeOutput{{Node: "a", Output: map[string]any{"update": map[string]any{"status": "x"}}, Command: true}}, code: InvalidNodeReturn},
		{name: "appends sorted by node", outs: []NodeOutput{{Node: "b", Output: map[string]any{"log": "b"}}, {Node: "a", Output: map[string]any{"log": "a"}}}, want: map[string]any{"log": []any{"a", "b"}}, rev: 2},
		{name: "awaken keeps listed order", profile: "awaken", outs: []NodeOutput{{Node: "b", Output: map[string]any{"log": "b"}}}, want: map[string]any{"log": []any{"b"}}, rev: 1},
		{name: "readonly change", outs: []NodeOutput{{Node: "a", Output: map[string]any{"tenant": "x"}}}, code: ReadonlyWrite},
		{name: "readonly same value", outs: []NodeOutput{{Node: "a", Output: map[string]any{"tenant": "acme", "status": "s"}}}, want: map[string]any{"status": "s"}, rev: 2},
		{name: "type mismatch", outs: []NodeOutput{{Node: "a", Output: map[string]any{"status": 3.0}}}, code: TypeMismatch},
		{name: "not an object", outs: []NodeOutput{{Node: "a", Output: "text"}}, code: InvalidNodeReturn},
		{name: "unknown key dropped", outs: []NodeOutput{{Node: "a", Output: map[string]any{"zzz": 1.0}}}, rev: 1},
		{name: "unknown key awaken", profile: "awaken", outs: []NodeOutput{{Node: "a", Output: map[string]any{"zzz": 1.0}}}, code: UnknownKey},
		{name: "unknown key llmfy assigned", profile: "llmfy", outs: []NodeOutput{{Node: "a", Output: map[string]any{"zzz": 1.0}}}, want: map[string]any{"zzz": 1.0}, rev: 2},
		{name: "commutative sum", outs: []NodeOutput{{Node: "a", Output: map[string]any{"total": 2.0}}, {Node: "b", Output: map[string]any{"total": 3.0}}}, want: map[string]any{"total": 5.0}, rev: 2},
		{name: "declared commutative replace depends on order", outs: []NodeOutput{{Node: "a", Output: map[string]any{"last": 1.0}}, {Node: "b", Output: map[string]any{"last": 2.0}}}, code: OrderDependentMerge},
		{name: "not JSON", outs: []NodeOutput{{Node: "a", Output: map[string]any{"status": make(chan int)}}}, code: NonJSONValue},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGraph(t, schemaOf(t, schema), Options{Profile: tc.profile})
			if err := g.Invoke("main", input); err != nil {
				t.Fatalf("Invoke: %v", err)
			}
			before := g.State("main")
			beforeRev := g.Revision("main")
			beforeTrace := len(g.Trace())
			beforeEvents := len(g.Events())
			err := g.Step("main", tc.outs)
			if tc.code != "" {
				if CodeOf(err) != tc.code {
					t.Fatalf("err = %v, want code %s", err, tc.code)
				}
				// a failed commit leaves everything as it was
				if !Equal(mapAny(g.State("main")), mapAny(before)) || g.Revision("main") != beforeRev ||
					len(g.Trace()) != beforeTrace || len(g.Events()) != beforeEvents {
					t.Fatalf("failed commit changed the graph")
				}
				return
			}
			if err != nil {
				t.Fatalf("Step: %v", err)
			}
			for k, v := range tc.want {
				if got := g.State("main")[k]; !Equal(got, v) {
					t.Errorf("%s = %v, want %v", k, got, v)
				}
			}
			if got := g.Revision("main"); got != tc.rev {
				t.Errorf("revision = %d, want %d", got, tc.rev)
			}
		})
	}
}

func TestCommitNeverMutatesInputs(t *testing.T) {
	g := mustGraph(t, schemaOf(t, map[string]any{
		"log":    map[string]any{"reducer": "append", "default": []any{}},
		"config": map[string]any{"reducer": "merge"},
	}), Options{})
	in := map[string]any{"log": []any{"a"}, "config": map[string]any{"x": 1.0}}
	if err := g.Invoke("main", in); err != nil {
		t.Fatal(err)
	}
	handedOut := g.State("main")
	out := map[string]any{"log": []any{"b"}, "config": map[string]any{"y": 2.0}}
	if err := g.Node("main", "n", out); err != nil {
		t.Fatal(err)
	}
	if !Equal(mapAny(in), map[string]any{"log": []any{"a"}, "config": map[string]any{"x": 1.0}}) {
		t.Errorf("input mutated: %v", in)
	}
	if !Equal(mapAny(out), map[string]any{"log": []any{"b"}, "config": map[string]any{"y": 2.0}}) {
		t.Errorf("output mutated: %v", out)
	}
	if !Equal(mapAny(handedOut), map[string]any{"log": []any{"a"}, "config": map[string]any{"x": 1.0}}) {
		t.Errorf("state handed out earlier changed: %v", handedOut)
	}
}

func TestFirstInput(t *testing.T) {
	schema := map[string]any{"n": map[string]any{"reducer": "sum", "default": 10.0}}
	g := mustGraph(t, schemaOf(t, schema), Options{})
	if err := g.Invoke("main", map[string]any{"n": 1.0}); err != nil {
		t.Fatal(err)
	}
	if got := g.State("main")["n"]; got != 11.0 {
		t.Errorf("langgraph first input goes through the reducer: n = %v, want 11", got)
	}
	g = mustGraph(t, schemaOf(t, schema), Options{Profile: "llmfy"})
	if err := g.Invoke("main", map[string]any{"n": 1.0}); err != nil {
		t.Fatal(err)
	}
	if got := g.State("main")["n"]; got != 1.0 {
		t.Errorf("llmfy first input is copied: n = %v, want 1", got)
	}
	if err := mustGraph(t, nil, Options{}).InvokeNoInput("main"); CodeOf(err) != EmptyInput {
		t.Errorf("no input on a new thread: %v, want EMPTY_INPUT", err)
	}
}

// Rule 4 reverses the order of the nodes, never one node's own writes
// (docs/reference.md, Profiles: "one node's writes in its own order").
func TestOrderCheckKeepsEachNodesOwnOrder(t *testing.T) {
	g := mustGraph(t, schemaOf(t, map[string]any{
		"cfg": map[string]any{"reducer": "merge", "merge": "commutative"},
	}), Options{})
	if err := g.Invoke("main", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	err := g.Step("main", []NodeOutput{
		{Node: "a", Command: true, Output: map[string]any{"update": []any{
			[]any{"cfg", map[string]any{"k": 1.0}}, []any{"cfg", map[string]any{"k": 2.0}},
		}}},
		{Node: "b", Output: map[string]any{"cfg": map[string]any{"j": 1.0}}},
	})
	if err != nil {
		t.Fatalf("Step: %v", err)
	}
	if got := compactJSON(g.State("main")["cfg"]); got != `{"j":1,"k":2}` {
		t.Errorf("cfg = %s", got)
	}
}

// A cyclic Go value is an error, not a crash.
func TestCyclicValueIsAnError(t *testing.T) {
	g := mustGraph(t, nil, Options{Profile: "llmfy"})
	if err := g.Invoke("main", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	m["self"] = m
	if err := g.Node("main", "a", map[string]any{"n": m}); CodeOf(err) != TooDeep {
		t.Fatalf("err = %v, want TOO_DEEP", err)
	}
}
