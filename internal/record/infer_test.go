package record

import (
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// The graph's channels settle what a run cannot prove; what a run proves
// stands where the graph only says "a reducer of its own".
func TestInferWithChannels(t *testing.T) {
	// every field starts empty or zero, so that no step proves a reducer
	run, err := ParseRun("run.jsonl", strings.NewReader(`["values", {"m": [], "s": "a", "l": [], "n": 0, "c": {}, "p": [], "x": 1}]
["updates", {"a": {"m": [{"type": "ai", "content": "hi", "id": "1"}], "s": "b", "l": ["e"], "n": 2, "c": {"k": 1}, "p": ["q"], "x": 2}}]
["values", {"m": [{"type": "ai", "content": "hi", "id": "1"}], "s": "b", "l": ["e"], "n": 2, "c": {"k": 1}, "p": ["q"], "x": 2}]
["updates", {"a": {"p": ["r"]}}]
["values", {"m": [{"type": "ai", "content": "hi", "id": "1"}], "s": "b", "l": ["e"], "n": 2, "c": {"k": 1}, "p": ["q", "r"], "x": 2}]
`))
	if err != nil {
		t.Fatal(err)
	}
	in := Infer(run, map[string]string{"m": ChannelMessages, "s": ChannelLastValue, "l": ChannelAdd, "n": ChannelAdd, "c": ChannelReducer, "p": ChannelReducer})
	want := map[string]any{
		"m": map[string]any{"type": "array", "reducer": "messages", "default": []any{}},
		"s": map[string]any{"type": "string", "reducer": "last-value"},
		"l": map[string]any{"type": "array", "reducer": "append", "default": []any{}},
		"n": map[string]any{"type": "integer", "reducer": "sum", "default": 0.0},
		"c": map[string]any{"type": "object", "reducer": "replace"},
		"p": map[string]any{"type": "array", "reducer": "append", "default": []any{}},
		"x": map[string]any{"type": "integer"},
	}
	if got := in.Doc["fields"]; !engine.Equal(got, want) {
		t.Errorf("fields\n%v\nwant\n%v", got, want)
	}
	comment := in.Comment()
	for _, line := range []string{
		"inferred from the run and the graph's channels",
		"# Reducers the graph's channels give: l (operator.add), m (messages), n (operator.add), s (last-value).",
		"# Reducers proved by a step of the run: p (append, line 4).",
		"# The graph's own reducer, which no step of the run shows, written as replace: c.",
		"# No reducer, so the profile's default (last-value under langgraph and langgraph-py; nothing in the run proves one): x.",
	} {
		if !strings.Contains(comment, line) {
			t.Errorf("comment lacks %q:\n%s", line, comment)
		}
	}
	if plain := Infer(run, nil).Comment(); strings.Contains(plain, "graph's") {
		t.Errorf("a run from a file has no graph:\n%s", plain)
	}
}
