//go:build unix

package bridge

import (
	"errors"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// served commits input on s and returns how many commits the process had
// answered when it answered this one (the count fake's "served").
func served(t *testing.T, s engine.Session, next int, input map[string]any) int {
	t.Helper()
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, NextID: next, Input: engine.Checked{Value: input}})
	if err != nil {
		t.Fatal(err)
	}
	n, ok := res.Values["served"].(float64)
	if !ok {
		t.Fatalf("the state has no served count: %v", res.Values)
	}
	for k, v := range input {
		if res.Values[k] != v {
			t.Errorf("the state's %s is %v; want %v, the input's", k, res.Values[k], v)
		}
	}
	return int(n)
}

func openSpec(t *testing.T, rt engine.Runtime, spec engine.GraphSpec) engine.Session {
	t.Helper()
	s, err := rt.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestRepeatedCommitIsAnsweredFromMemory: the same commit of the same
// spec, in this scenario or another, is answered as the program answered
// it the first time, without the program; a commit that differs in
// anything (its input, its next id, its graph's spec) reaches it.
func TestRepeatedCommitIsAnsweredFromMemory(t *testing.T) {
	b := start(t, fakeProgram("count"))
	spec := engine.GraphSpec{Profile: "langgraph", Fields: []engine.FieldSpec{{Name: "x", Reducer: "last-value"}}}
	a := openSpec(t, b, spec)
	if got := served(t, a, 0, map[string]any{"x": 1.0}); got != 1 {
		t.Fatalf("the first commit was the program's %dth; want its first", got)
	}
	if got := served(t, a, 0, map[string]any{"x": 1.0}); got != 1 {
		t.Errorf("the repeated commit was answered as the program's commit %d; want the first's answer", got)
	}
	other := openSpec(t, b, spec)
	if got := served(t, other, 0, map[string]any{"x": 1.0}); got != 1 {
		t.Errorf("the same commit in another scenario was the program's commit %d; want the first's answer", got)
	}
	// each of these differs from the first in one thing: each reaches the program
	if got := served(t, other, 0, map[string]any{"x": 2.0}); got != 2 {
		t.Errorf("another input: the program's commit %d; want 2", got)
	}
	if got := served(t, other, 3, map[string]any{"x": 1.0}); got != 3 {
		t.Errorf("another next id: the program's commit %d; want 3", got)
	}
	wider := openSpec(t, b, engine.GraphSpec{Profile: "langgraph", Fields: []engine.FieldSpec{{Name: "x", Reducer: "last-value"}, {Name: "y", Reducer: "last-value"}}})
	if got := served(t, wider, 0, map[string]any{"x": 1.0}); got != 4 {
		t.Errorf("another spec: the program's commit %d; want 4", got)
	}
}

// TestRefusalIsAnsweredFromMemory: a refusal is an answer too: the
// repeated commit is refused with the program's first words.
func TestRefusalIsAnsweredFromMemory(t *testing.T) {
	b := start(t, fakeProgram("count"))
	s := openSpec(t, b, engine.GraphSpec{Profile: "langgraph"})
	var first string
	for i := range 2 {
		_, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: engine.Checked{Value: map[string]any{"refuse": true}}})
		var e *engine.Error
		if !errors.As(err, &e) || e.Code != engine.ReducerTypeError {
			t.Fatalf("commit %d: %v; want the program's REDUCER_TYPE_ERROR", i+1, err)
		}
		if i == 0 {
			first = e.Message
		} else if e.Message != first {
			t.Errorf("the repeated refusal says %q; want the first's %q", e.Message, first)
		}
	}
	if !strings.Contains(first, "served 1") {
		t.Errorf("the refusal %q is not the program's first answer", first)
	}
}

// TestHeldIsNeverAnsweredFromMemory: an answer the process holds in a
// form of its own (held) reaches the program each time, since the next
// commit from its state depends on that process having answered it.
func TestHeldIsNeverAnsweredFromMemory(t *testing.T) {
	b := start(t, fakeProgram("count"))
	s := openSpec(t, b, engine.GraphSpec{Profile: "langgraph"})
	one := served(t, s, 0, map[string]any{"held": true})
	if two := served(t, s, 0, map[string]any{"held": true}); two != one+1 {
		t.Errorf("a repeated held commit was the program's commit %d; want %d, a new one", two, one+1)
	}
}

// TestUserCodeIsNeverAnsweredFromMemory: a graph that runs the suite's
// code (its own graph, a route's reducer) may answer differently each
// time: each commit of it reaches the program.
func TestUserCodeIsNeverAnsweredFromMemory(t *testing.T) {
	prog := fakeProgram("count")
	prog.Routes = true
	b := start(t, prog)
	for _, c := range []struct {
		name string
		spec engine.GraphSpec
	}{
		{"an own graph", engine.GraphSpec{Profile: "langgraph", Graph: "graph.ts:graph"}},
		{"a route's reducer", engine.GraphSpec{Profile: "dawn", Fields: []engine.FieldSpec{{Name: "x", Reducer: "custom", ReducerFile: "reducers/x.ts"}}}},
	} {
		s := openSpec(t, b, c.spec)
		one := served(t, s, 0, map[string]any{"x": 9.0})
		if two := served(t, s, 0, map[string]any{"x": 9.0}); two != one+1 {
			t.Errorf("%s: the repeated commit was the program's commit %d; want %d, a new one", c.name, two, one+1)
		}
	}
}

// TestPoolSharesItsMemory: a commit answered on one process of a pool is
// not run again on another.
func TestPoolSharesItsMemory(t *testing.T) {
	p := startPool(t, 2, "count")
	spec := engine.GraphSpec{Profile: "langgraph"}
	a, b := openSpec(t, p, spec), openSpec(t, p, spec)
	if got := served(t, a, 0, map[string]any{"x": 1.0}); got != 1 {
		t.Fatalf("the first commit was the program's commit %d", got)
	}
	if got := served(t, b, 0, map[string]any{"x": 1.0}); got != 1 {
		t.Errorf("on the other process, the same commit was answered as commit %d; want the first's answer", got)
	}
	// b's process has answered nothing yet: its first commit is its own first
	if got := served(t, b, 0, map[string]any{"x": 2.0}); got != 1 {
		t.Errorf("a new commit on the other process was its commit %d; want 1", got)
	}
}

// TestFullMemoStartsAgain: past its bound, the memory empties, and the
// program answers again.
func TestFullMemoStartsAgain(t *testing.T) {
	b := start(t, fakeProgram("count"))
	b.memo.max = 1 << 10
	s := openSpec(t, b, engine.GraphSpec{Profile: "langgraph"})
	big := strings.Repeat("v", 600)
	served(t, s, 0, map[string]any{"x": big})
	served(t, s, 0, map[string]any{"x": big + "2"})
	if got := served(t, s, 0, map[string]any{"x": big}); got != 3 {
		t.Errorf("after the memory filled, the first commit was answered as commit %d; want 3, the program's again", got)
	}
	if got := served(t, s, 0, map[string]any{"x": big}); got != 3 {
		t.Errorf("and then from memory: commit %d; want 3", got)
	}
}
