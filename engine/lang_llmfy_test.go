package engine

import (
	"strings"
	"testing"
)

// TestReadReturnLlmfy: llmfy's `result or {}` then `.items()`.
func TestReadReturnLlmfy(t *testing.T) {
	p := profiles["llmfy"]
	for _, c := range []struct {
		out    any
		writes int
		typ    string // the AttributeError's type, "" for no error
	}{
		{nil, 0, ""}, {false, 0, ""}, {0.0, 0, ""}, {"", 0, ""}, {[]any{}, 0, ""}, {map[string]any{}, 0, ""},
		{map[string]any{"a": 1.0, "b": nil}, 2, ""},
		{"done", 0, "str"}, {3.0, 0, "int"}, {-2.0, 0, "int"}, {1.5, 0, "float"}, {-0.25, 0, "float"}, {true, 0, "bool"},
		{[]any{1.0}, 0, "list"}, {[]any{map[string]any{"a": 1.0}}, 0, "list"},
	} {
		r, err := readReturnLlmfy(p, "n", c.out, nil)
		if c.typ == "" {
			if err != nil || len(r.writes) != c.writes {
				t.Errorf("%#v: %d writes, %v; want %d writes", c.out, len(r.writes), err, c.writes)
			}
			continue
		}
		want := `node "n": AttributeError: '` + c.typ + `' object has no attribute 'items'`
		if CodeOf(err) != InvalidNodeReturn || !strings.Contains(err.Error(), want) {
			t.Errorf("%#v: %v; want INVALID_GRAPH_NODE_RETURN_VALUE %s", c.out, err, want)
		}
	}
}

// TestBranchesUnorderedConflict: a fan-out is refused at the first field
// (in write order) that two nodes write; one node's own writes and
// disjoint fields are fine.
func TestBranchesUnorderedConflict(t *testing.T) {
	w := func(node, field string) Write { return Write{Node: node, Field: field} }
	for _, c := range []struct {
		writes []Write
		field  string
	}{
		{nil, ""},
		{[]Write{w("a", "x"), w("b", "y"), w("c", "z")}, ""},
		{[]Write{w("a", "x"), w("a", "x")}, ""},
		{[]Write{w("a", "y"), w("a", "x"), w("b", "x"), w("c", "y")}, "y"},
		{[]Write{w("b", "x"), w("a", "q"), w("c", "x"), w("a", "x")}, "x"},
	} {
		err := branchesUnorderedConflict(profiles["llmfy"], c.writes)
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%v: %v; want no conflict", c.writes, err)
		case c.field != "" && (err == nil || err.Code != ParallelUnsupported || err.Path != PathKey(Root, c.field)):
			t.Errorf("%v: %v; want PARALLEL_UNSUPPORTED at field %s", c.writes, err, c.field)
		}
	}
	err := branchesUnorderedConflict(profiles["llmfy"], []Write{w("b", "x"), w("a", "x"), w("c", "x")})
	if want := `field "x" is written by nodes "b" and "a" and "c" in one step`; err == nil || !strings.Contains(err.Message, want) {
		t.Errorf("message %v; want %s", err, want)
	}
}
