package awaken

import (
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// shared is the one bridge of the test binary, built in the user's cache
// (the cache a run uses, which CI fills before the tests): a cold build
// takes minutes, and the tests must not make a second one.
var shared struct {
	once sync.Once
	b    *Bridge
	err  error
}

// bridgeFor starts the bridge once, or skips without cargo or when cargo
// cannot build it (fails under SCENARIO_REQUIRE_CARGO=1).
func bridgeFor(t testing.TB) *Bridge {
	t.Helper()
	cargo := toolchain.Cargo(t)
	shared.once.Do(func() {
		shared.b, shared.err = Start(toolchain.RepoRoot(), Options{Cargo: cargo})
	})
	toolchain.CargoBuilt(t, shared.err)
	return shared.b
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.b != nil {
		shared.b.Close()
	}
	if sharedRuntime.r != nil {
		sharedRuntime.r.Close()
	}
	os.Exit(code)
}

// TestVersions: the run names the Awaken it ran on and the compiler.
func TestVersions(t *testing.T) {
	b := bridgeFor(t)
	if got := b.Versions.String(); !strings.HasPrefix(got, "awaken-runtime 0.6.0, rustc 1.") {
		t.Errorf("versions %q, want awaken-runtime 0.6.0, rustc 1.x", got)
	}
}

// TestAccept: the program runs the awaken profile's graphs, and refuses
// what it cannot run with a reason the run shows.
func TestAccept(t *testing.T) {
	for _, c := range []struct {
		name string
		spec engine.GraphSpec
		want string // "" accepted, else in the reason
	}{
		{"awaken", engine.GraphSpec{Profile: "awaken", Fields: []engine.FieldSpec{{Name: "x", Reducer: "replace"}, {Name: "n", Reducer: "sum", Merge: engine.Commutative}}}, ""},
		{"another profile", engine.GraphSpec{Profile: "langgraph"}, "the langgraph profile is not Awaken's"},
		{"no profile", engine.GraphSpec{}, "the langgraph profile is not Awaken's"},
		{"own graph", engine.GraphSpec{Profile: "awaken", Graph: "g.mjs:graph"}, "not an Awaken crate"},
		{"messages", engine.GraphSpec{Profile: "awaken", Fields: []engine.FieldSpec{{Name: "m", Reducer: "messages"}}}, "messages reducer"},
		{"order-dependent commutative", engine.GraphSpec{Profile: "awaken", Fields: []engine.FieldSpec{{Name: "l", Reducer: "append", Merge: engine.Commutative}}}, "ORDER_DEPENDENT_MERGE"},
		{"too many fields", engine.GraphSpec{Profile: "awaken", Fields: make([]engine.FieldSpec, Slots+1)}, "pool has 64 keys"},
	} {
		err := accept(c.spec)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		u, ok := err.(*engine.Unsupported)
		if !ok || !strings.Contains(u.Reason, c.want) {
			t.Errorf("%s: got %v, want an Unsupported mentioning %q", c.name, err, c.want)
		}
	}
}

// TestCommits: what Awaken's store makes of each kind of commit, through
// the program: a run's input seeds a fresh store (no reducer), a step's
// nodes merge as commands and commit through the keys' reducers, and the
// store's refusals keep their codes.
func TestCommits(t *testing.T) {
	b := bridgeFor(t)
	s, err := b.Open(engine.GraphSpec{Profile: "awaken", Fields: []engine.FieldSpec{
		{Name: "log", Reducer: "append", Scope: engine.ScopeThread, Default: []any{}, HasDefault: true},
		{Name: "n", Reducer: "sum", Merge: engine.Commutative, Scope: engine.ScopeRun},
		{Name: "status", Reducer: "replace", Scope: engine.ScopeRun},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	commit := func(req *engine.CommitRequest) (map[string]any, error) {
		t.Helper()
		res, err := s.Commit(req)
		if err != nil {
			return nil, err
		}
		return res.Values, nil
	}
	out := func(node string, v map[string]any) engine.NodeOutput { return engine.NodeOutput{Node: node, Output: v} }

	got, err := commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: engine.Checked{Value: map[string]any{"log": []any{"q1"}, "status": "new"}}})
	if err != nil {
		t.Fatal(err)
	}
	// the seed writes the value as given: no append onto the default
	if want := map[string]any{"log": []any{"q1"}, "status": "new"}; !engine.Equal(got, want) {
		t.Fatalf("after the input: %v, want %v", got, want)
	}
	got, err = commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: got, Outputs: []engine.NodeOutput{
		out("a", map[string]any{"log": []any{"a"}, "n": 1.0}), out("b", map[string]any{"n": 2.0}),
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"log": []any{"q1", "a"}, "n": 3.0, "status": "new"}; !engine.Equal(got, want) {
		t.Fatalf("after the step: %v, want %v", got, want)
	}
	// a new run: the thread-scoped log stays, the run-scoped keys go
	next, err := commit(&engine.CommitRequest{Kind: engine.CommitInput, Before: got, Input: engine.Checked{Value: map[string]any{}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"log": []any{"q1", "a"}}; !engine.Equal(next, want) {
		t.Fatalf("after a new run: %v, want %v", next, want)
	}
	// as deep as the harness lets a value be (docs/reference.md, Values)
	var deep any = "bottom"
	for i := 0; i < 990; i++ {
		deep = []any{deep}
	}
	if got, err := commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: next, Outputs: []engine.NodeOutput{out("a", map[string]any{"status": deep})}}); err != nil || !engine.Equal(got["status"], deep) {
		t.Errorf("a value 990 levels deep: %v", err)
	}
	for _, c := range []struct {
		name    string
		outputs []engine.NodeOutput
		code    engine.Code
		path    string
	}{
		{"two nodes write an exclusive key", []engine.NodeOutput{out("a", map[string]any{"log": []any{1.0}}), out("b", map[string]any{"log": []any{2.0}})}, engine.ExclusiveMergeConflict, "$.log"},
		{"an unknown key", []engine.NodeOutput{out("a", map[string]any{"status": "x", "zz": 1.0})}, engine.UnknownKey, "$.zz"},
		{"two nodes write an unknown key", []engine.NodeOutput{out("a", map[string]any{"zz": 1.0}), out("b", map[string]any{"zz": 2.0})}, engine.ExclusiveMergeConflict, "$.zz"},
		{"sum given a string", []engine.NodeOutput{out("a", map[string]any{"n": "many"})}, engine.ReducerTypeError, "$.n"},
		{"a string returned", []engine.NodeOutput{{Node: "a", Output: "done"}}, engine.InvalidNodeReturn, ""},
	} {
		_, err := commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: got, Outputs: c.outputs})
		e, ok := err.(*engine.Error)
		if !ok || e.Code != c.code || e.Path != c.path {
			t.Errorf("%s: got %v, want %s at %q", c.name, err, c.code, c.path)
		}
	}
}
