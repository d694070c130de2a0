package engine_test

import (
	"testing"

	"github.com/stateharness/scenario/engine"
)

// TestMergeCommands: an awaken step refuses its writes in the order
// Awaken's merge_all_commands and commit do, whatever the fields' order: a
// conflict of two commands (on the later command's first key an earlier
// one wrote), then an unknown key, then the first write a reducer refuses
// in merged order.
func TestMergeCommands(t *testing.T) {
	schema, err := engine.SchemaFromValue(map[string]any{"profile": "awaken", "fields": map[string]any{
		"x":     map[string]any{},
		"y":     map[string]any{},
		"total": map[string]any{"reducer": "sum", "merge": "commutative"},
		"notes": map[string]any{"reducer": `join(",")`},
	}})
	if err != nil {
		t.Fatal(err)
	}
	out := func(node string, pairs ...any) engine.NodeOutput {
		update := make([]any, 0, len(pairs)/2)
		for i := 0; i < len(pairs); i += 2 {
			update = append(update, []any{pairs[i], pairs[i+1]})
		}
		// a command's pair list keeps the order of the writes
		return engine.NodeOutput{Node: node, Command: true, Output: map[string]any{"update": update}}
	}
	for _, c := range []struct {
		name  string
		step  []engine.NodeOutput
		code  engine.Code
		path  string
		state map[string]any
	}{
		{"the later command's first key", []engine.NodeOutput{out("a", "x", 1, "y", 1), out("b", "y", 2, "x", 2)}, engine.ExclusiveMergeConflict, "$.y", nil},
		{"listed order, not names", []engine.NodeOutput{out("b", "y", 2, "x", 2), out("a", "x", 1, "y", 1)}, engine.ExclusiveMergeConflict, "$.x", nil},
		{"a conflict before an unknown key", []engine.NodeOutput{out("a", "zz", 1, "x", 1), out("b", "x", 2)}, engine.ExclusiveMergeConflict, "$.x", nil},
		{"an unknown key written twice conflicts", []engine.NodeOutput{out("a", "zz", 1), out("b", "zz", 2)}, engine.ExclusiveMergeConflict, "$.zz", nil},
		{"an unknown key before a reducer", []engine.NodeOutput{out("a", "total", "many", "zz", 1)}, engine.UnknownKey, "$.zz", nil},
		{"the first refused write in merged order", []engine.NodeOutput{out("a", "total", 1, "notes", 5), out("b", "total", "many")}, engine.ReducerTypeError, "$.notes", nil},
		{"one node may write an exclusive key twice", []engine.NodeOutput{out("a", "x", 1, "x", 2)}, "", "", map[string]any{"x": 2.0}},
		{"a commutative key takes every command", []engine.NodeOutput{out("a", "total", 1), out("b", "total", 2)}, "", "", map[string]any{"total": 3.0}},
	} {
		g, err := engine.New(schema, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Invoke("main", map[string]any{}); err != nil {
			t.Fatal(err)
		}
		err = g.Step("main", c.step)
		if c.code == "" {
			if err != nil || !engine.Equal(g.State("main"), c.state) {
				t.Errorf("%s: %v, state %v; want %v", c.name, err, g.State("main"), c.state)
			}
			continue
		}
		e, ok := err.(*engine.Error)
		if !ok || e.Code != c.code || e.Path != c.path {
			t.Errorf("%s: got %v; want %s at %s", c.name, err, c.code, c.path)
		}
	}
}
