package engine_test

import (
	"testing"

	"github.com/stateharness/scenario/engine"
)

// runOp is one call on a graph: a run with an input, a run with no input, or
// one node's output, on a thread.
type runOp struct {
	thread string
	kind   string // "invoke", "none" or "node"
	value  any    // the input, or the node's output
	code   engine.Code
	rev    int // the thread's revision after the call
}

func invokeOp(thread string, input any, rev int) runOp {
	return runOp{thread: thread, kind: "invoke", value: input, rev: rev}
}

func noInputOp(thread string, rev int) runOp {
	return runOp{thread: thread, kind: "none", rev: rev}
}

func nodeOp(thread string, output any, rev int) runOp {
	return runOp{thread: thread, kind: "node", value: output, rev: rev}
}

func failOp(op runOp, code engine.Code) runOp {
	op.code = code
	return op
}

func (op runOp) apply(g *engine.Graph) error {
	switch op.kind {
	case "invoke":
		return g.Invoke(op.thread, op.value)
	case "none":
		return g.InvokeNoInput(op.thread)
	default:
		return g.Node(op.thread, "n", op.value)
	}
}

func threadGraph(t *testing.T, profile string, fields map[string]any) *engine.Graph {
	t.Helper()
	s, err := engine.SchemaFromValue(map[string]any{"fields": fields})
	if err != nil {
		t.Fatalf("SchemaFromValue: %v", err)
	}
	g, err := engine.New(s, engine.Options{Profile: profile})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// TestRuns checks the run rules of docs/reference.md, Threads and runs (and the per-profile rows of §4
// they depend on): how a run starts on a new thread and on one that has
// state, scopes, persistence and revisions.
func TestRuns(t *testing.T) {
	counters := map[string]any{
		"total": map[string]any{"type": "number", "default": 10, "reducer": "sum"},
		"log":   map[string]any{"type": "array", "default": []any{"boot"}, "reducer": "append"},
	}
	plain := map[string]any{
		"status": map[string]any{"type": "string"},
		"log":    map[string]any{"type": "array", "default": []any{}, "reducer": "append"},
	}
	scoped := map[string]any{
		"question": map[string]any{"type": "string"},
		"history":  map[string]any{"type": "array", "default": []any{}, "reducer": "append", "scope": "thread"},
		"attempts": map[string]any{"type": "integer", "default": 0, "scope": "run"},
		"scratch":  map[string]any{"type": "string", "scope": "run"},
	}
	awaken := map[string]any{
		"history": map[string]any{"type": "array", "default": []any{}, "reducer": "append", "scope": "thread"},
		"steps":   map[string]any{"type": "integer", "default": 0, "reducer": "sum"},
		"draft":   map[string]any{"type": "string"},
	}
	volatile := map[string]any{
		"topic":  map[string]any{"type": "string"},
		"tokens": map[string]any{"type": "integer", "default": 0, "reducer": "sum", "persistent": false},
		"cache":  map[string]any{"type": "object", "reducer": "merge", "persistent": false},
	}
	tests := []struct {
		name       string
		profile    string
		fields     map[string]any
		ops        []runOp
		thread     string // the thread read at the end; default main
		state      map[string]any
		checkpoint map[string]any // nil: not checked
	}{
		{
			name: "langgraph applies the first input through the reducers", profile: "langgraph", fields: counters,
			ops:   []runOp{invokeOp("main", map[string]any{"total": 5, "log": []any{"first"}}, 1)},
			state: map[string]any{"total": 15.0, "log": []any{"boot", "first"}},
		},
		{
			name: "dawn applies the first input through the reducers", profile: "dawn", fields: counters,
			ops:   []runOp{invokeOp("main", map[string]any{"total": 5, "log": []any{"first"}}, 1)},
			state: map[string]any{"total": 15.0, "log": []any{"boot", "first"}, "messages": []any{}},
		},
		{
			// Awaken's apply_seed: each key as written, no reducer
			name: "awaken seeds the run with its input, at revision 0", profile: "awaken", fields: counters,
			ops:   []runOp{invokeOp("main", map[string]any{"total": 5, "log": []any{"first"}}, 0)},
			state: map[string]any{"total": 5.0, "log": []any{"first"}},
		},
		{
			name: "llmfy copies the first input and reduces the later ones", profile: "llmfy", fields: counters,
			ops: []runOp{
				invokeOp("main", map[string]any{"total": 5, "log": []any{"first"}}, 1),
				invokeOp("main", map[string]any{"total": 5, "log": []any{"second"}}, 2),
			},
			state: map[string]any{"total": 10.0, "log": []any{"first", "second"}},
		},
		{
			name: "llmfy's copied first input still has to match the field types", profile: "llmfy", fields: plain,
			ops: []runOp{
				failOp(invokeOp("main", map[string]any{"status": 7}, 0), engine.TypeMismatch),
				invokeOp("main", map[string]any{"status": "ok"}, 1),
			},
			// llmfy's state is the input: log's default is no value of it
			state: map[string]any{"status": "ok"},
		},
		{
			name: "langgraph: no input on a new thread is EMPTY_INPUT, and the thread stays new", profile: "langgraph", fields: plain,
			ops: []runOp{
				failOp(noInputOp("main", 0), engine.EmptyInput),
				invokeOp("main", map[string]any{"status": "ready"}, 1),
			},
			state: map[string]any{"status": "ready", "log": []any{}},
		},
		{
			name: "dawn: no input on a new thread is EMPTY_INPUT", profile: "dawn", fields: plain,
			ops: []runOp{
				failOp(noInputOp("main", 0), engine.EmptyInput),
				invokeOp("main", map[string]any{"status": "ready"}, 1),
			},
			state: map[string]any{"status": "ready", "log": []any{}, "messages": []any{}},
		},
		{
			name: "awaken: no input on a new thread is EMPTY_INPUT", profile: "awaken", fields: plain,
			ops: []runOp{
				failOp(noInputOp("main", 0), engine.EmptyInput),
				invokeOp("main", map[string]any{"status": "ready"}, 0),
			},
			state: map[string]any{"status": "ready", "log": []any{}},
		},
		{
			name: "llmfy: no input on a new thread starts it, at revision 1", profile: "llmfy",
			fields: map[string]any{"status": map[string]any{"type": "string"}},
			ops:    []runOp{noInputOp("main", 1)},
			state:  map[string]any{},
		},
		{
			name: "langgraph: no input on a thread that has state changes nothing", profile: "langgraph", fields: plain,
			ops: []runOp{
				invokeOp("main", map[string]any{"status": "start", "log": []any{"in"}}, 1),
				nodeOp("main", map[string]any{"status": "done", "log": []any{"out"}}, 2),
				noInputOp("main", 2),
			},
			state: map[string]any{"status": "done", "log": []any{"in", "out"}},
		},
		{
			name: "llmfy: no input on a thread that has state changes nothing", profile: "llmfy", fields: plain,
			ops: []runOp{
				invokeOp("main", map[string]any{"status": "start", "log": []any{"in"}}, 1),
				nodeOp("main", map[string]any{"status": "done", "log": []any{"out"}}, 2),
				noInputOp("main", 2),
			},
			state: map[string]any{"status": "done", "log": []any{"in", "out"}},
		},
		{
			name: "the first input is revision 1 even when it is empty", profile: "langgraph", fields: plain,
			ops:        []runOp{invokeOp("main", map[string]any{}, 1)},
			state:      map[string]any{"log": []any{}},
			checkpoint: map[string]any{"revision": 1.0, "values": map[string]any{"log": []any{}}},
		},
		{
			name: "a later input adds 1 when it changes something, and 0 when it does not", profile: "langgraph", fields: plain,
			ops: []runOp{
				invokeOp("main", map[string]any{"status": "start"}, 1),
				invokeOp("main", map[string]any{"status": "start"}, 1),
				invokeOp("main", map[string]any{}, 1),
				invokeOp("main", map[string]any{"log": []any{"more"}}, 2),
				nodeOp("main", nil, 2),
				invokeOp("main", map[string]any{"status": "again"}, 3),
			},
			state: map[string]any{"status": "again", "log": []any{"more"}},
		},
		{
			name: "a failed input keeps the state and the revision", profile: "langgraph", fields: plain,
			ops: []runOp{
				invokeOp("main", map[string]any{"status": "start"}, 1),
				failOp(invokeOp("main", map[string]any{"status": 7, "log": []any{"lost"}}, 1), engine.TypeMismatch),
			},
			state: map[string]any{"status": "start", "log": []any{}},
		},
		{
			name: "run-scoped fields go back to their default, or absent, at the start of a run", profile: "langgraph", fields: scoped,
			ops: []runOp{
				invokeOp("main", map[string]any{"question": "q1", "history": []any{"q1"}, "scratch": "notes"}, 1),
				nodeOp("main", map[string]any{"attempts": 2, "history": []any{"a1"}}, 2),
				invokeOp("main", map[string]any{"question": "q2", "history": []any{"q2"}}, 3),
			},
			state: map[string]any{"question": "q2", "history": []any{"q1", "a1", "q2"}, "attempts": 0.0},
		},
		{
			name: "a run that only resets run-scoped fields changes the state", profile: "langgraph", fields: scoped,
			ops: []runOp{
				invokeOp("main", map[string]any{"scratch": "notes"}, 1),
				invokeOp("main", map[string]any{}, 2),
			},
			state: map[string]any{"history": []any{}, "attempts": 0.0},
		},
		{
			name: "an input that writes a run-scoped field's old value back changes nothing", profile: "langgraph", fields: scoped,
			ops: []runOp{
				invokeOp("main", map[string]any{"scratch": "notes"}, 1),
				invokeOp("main", map[string]any{"scratch": "notes"}, 1),
			},
			state: map[string]any{"history": []any{}, "attempts": 0.0, "scratch": "notes"},
		},
		{
			name: "awaken: fields without scope are run-scoped; every run starts at revision 0", profile: "awaken", fields: awaken,
			ops: []runOp{
				invokeOp("main", map[string]any{"history": []any{"q1"}, "draft": "d1"}, 0),
				nodeOp("main", map[string]any{"history": []any{"a1"}, "steps": 1}, 1),
				nodeOp("main", map[string]any{"steps": 1}, 2),
				invokeOp("main", map[string]any{}, 0),
				nodeOp("main", map[string]any{"steps": 1}, 1),
				// the seed sets history as written
				invokeOp("main", map[string]any{"history": []any{"q2"}}, 0),
			},
			state:      map[string]any{"history": []any{"q2"}, "steps": 0.0},
			checkpoint: map[string]any{"revision": 0.0, "values": map[string]any{"history": []any{"q2"}, "steps": 0.0}},
		},
		{
			name: "awaken: an unknown key in the first input is UNKNOWN_KEY and the thread stays new", profile: "awaken", fields: awaken,
			ops: []runOp{
				failOp(invokeOp("main", map[string]any{"history": []any{"q1"}, "other": 1}, 0), engine.UnknownKey),
				invokeOp("main", map[string]any{"history": []any{"q1"}}, 0),
			},
			state: map[string]any{"history": []any{"q1"}, "steps": 0.0},
		},
		{
			name: "persistent: false is left out of the checkpoint", profile: "langgraph", fields: volatile,
			ops: []runOp{
				invokeOp("main", map[string]any{"topic": "go", "cache": map[string]any{"go": "golang.org"}}, 1),
				nodeOp("main", map[string]any{"tokens": 42}, 2),
			},
			state:      map[string]any{"topic": "go", "tokens": 42.0, "cache": map[string]any{"go": "golang.org"}},
			checkpoint: map[string]any{"revision": 2.0, "values": map[string]any{"topic": "go"}},
		},
		{
			name: "persistent: false starts every run at its default", profile: "langgraph", fields: volatile,
			ops: []runOp{
				invokeOp("main", map[string]any{"topic": "go", "cache": map[string]any{"go": "golang.org"}}, 1),
				nodeOp("main", map[string]any{"tokens": 42}, 2),
				invokeOp("main", map[string]any{"topic": "rust"}, 3),
			},
			state:      map[string]any{"topic": "rust", "tokens": 0.0},
			checkpoint: map[string]any{"revision": 3.0, "values": map[string]any{"topic": "rust"}},
		},
		{
			name: "threads are independent: a new thread starts from the defaults", profile: "langgraph", fields: plain,
			ops: []runOp{
				invokeOp("main", map[string]any{"status": "main", "log": []any{"m"}}, 1),
				nodeOp("main", map[string]any{"log": []any{"m2"}}, 2),
				invokeOp("t2", map[string]any{"status": "t2"}, 1),
				nodeOp("t2", map[string]any{"log": []any{"t"}}, 2),
				invokeOp("t2", map[string]any{"log": []any{"t3"}}, 3),
				noInputOp("main", 2),
			},
			thread: "t2",
			state:  map[string]any{"status": "t2", "log": []any{"t", "t3"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := threadGraph(t, tc.profile, tc.fields)
			for i, op := range tc.ops {
				err := op.apply(g)
				if got := engine.CodeOf(err); got != op.code || (op.code == "" && err != nil) {
					t.Fatalf("call %d (%s on %q): error %v, want code %q", i+1, op.kind, op.thread, err, op.code)
				}
				if got := g.Revision(op.thread); got != op.rev {
					t.Errorf("call %d (%s on %q): revision %d, want %d", i+1, op.kind, op.thread, got, op.rev)
				}
			}
			thread := tc.thread
			if thread == "" {
				thread = "main"
			}
			if got := g.State(thread); !engine.Equal(any(got), any(tc.state)) {
				t.Errorf("state of %q = %v, want %v", thread, got, tc.state)
			}
			if tc.checkpoint != nil {
				if got := g.Checkpoint(thread); !engine.Equal(any(got), any(tc.checkpoint)) {
					t.Errorf("checkpoint of %q = %v, want %v", thread, got, tc.checkpoint)
				}
			}
		})
	}
}

// TestThreadsStartWithNoState: a graph has no threads until a run starts one.
func TestThreadsStartWithNoState(t *testing.T) {
	g := threadGraph(t, "langgraph", map[string]any{"status": map[string]any{"default": "idle"}})
	if g.HasThread("main") || g.State("main") != nil || g.Checkpoint("main") != nil || g.Revision("main") != 0 {
		t.Fatalf("a new graph has state on main: %v", g.State("main"))
	}
	if err := g.Invoke("t2", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	if g.HasThread("main") || !g.HasThread("t2") {
		t.Errorf("a run on t2 should start t2 only: main %v, t2 %v", g.HasThread("main"), g.HasThread("t2"))
	}
}

// TestRunKeepsHandedOutState: resetting run-scoped and non-persistent fields
// at the start of a run builds a new state; what the engine handed out
// before stays as it was.
func TestRunKeepsHandedOutState(t *testing.T) {
	g := threadGraph(t, "langgraph", map[string]any{
		"scratch": map[string]any{"scope": "run"},
		"tokens":  map[string]any{"default": 0, "persistent": false},
		"log":     map[string]any{"default": []any{}, "reducer": "append"},
	})
	if err := g.Invoke("main", map[string]any{"scratch": "s", "tokens": 5, "log": []any{"a"}}); err != nil {
		t.Fatal(err)
	}
	before := g.State("main")
	checkpoint := g.Checkpoint("main")
	if err := g.Invoke("main", map[string]any{"log": []any{"b"}}); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"scratch": "s", "tokens": 5.0, "log": []any{"a"}}
	if !engine.Equal(any(before), any(want)) {
		t.Errorf("state handed out before the second run changed: %v, want %v", before, want)
	}
	wantCheckpoint := map[string]any{"revision": 1.0, "values": map[string]any{"scratch": "s", "log": []any{"a"}}}
	if !engine.Equal(any(checkpoint), any(wantCheckpoint)) {
		t.Errorf("checkpoint handed out before the second run changed: %v, want %v", checkpoint, wantCheckpoint)
	}
}
