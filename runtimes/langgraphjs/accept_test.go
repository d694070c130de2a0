package langgraphjs

import (
	"testing"

	"github.com/stateharness/scenario/engine"
)

// TestAccept: LangGraph JS runs the langgraph and dawn profiles without
// merge declarations, and own graphs of those profiles.
func TestAccept(t *testing.T) {
	for _, tc := range []struct {
		spec engine.GraphSpec
		want string // "", "skip" (*engine.Unsupported) or a code
	}{
		{engine.GraphSpec{Profile: "langgraph"}, ""},
		{engine.GraphSpec{Profile: "dawn"}, ""},
		{engine.GraphSpec{Profile: "awaken"}, "skip"},
		{engine.GraphSpec{Profile: "llmfy"}, "skip"},
		{engine.GraphSpec{Profile: "langgraph", Fields: []engine.FieldSpec{{Name: "x", Merge: engine.Commutative}}}, "skip"},
		{engine.GraphSpec{Profile: "dawn", Graph: "g.mjs:graph"}, ""},
		{engine.GraphSpec{Profile: "langgraph", Graph: "g.mjs:graph", Fields: []engine.FieldSpec{{Name: "x", Merge: engine.Exclusive}}}, ""},
		{engine.GraphSpec{Profile: "awaken", Graph: "g.mjs:graph"}, string(engine.SchemaInvalid)},
		{engine.GraphSpec{Profile: "langgraph-py", Graph: "agent/graph.py:graph"}, "skip"},
	} {
		err := accept(tc.spec)
		got := ""
		if _, ok := err.(*engine.Unsupported); ok {
			got = "skip"
		} else if err != nil {
			got = string(engine.CodeOf(err))
		}
		if got != tc.want {
			t.Errorf("%+v: %v; want %q", tc.spec, err, tc.want)
		}
	}
}
