package main

import (
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
)

// TestErrorTextsAgree pins each error text SPEC.md quotes from LangGraph JS:
// the real library must fail each case with that text and that code, and
// the engine's message must contain the same text.
func TestErrorTextsAgree(t *testing.T) {
	other := runtimeFor(t)
	for _, tc := range []struct{ code, text, c string }{
		{"INVALID_CONCURRENT_GRAPH_UPDATE", `Invalid update for channel "s" with values ["from_a",{"k":1,"a":2}]: LastValue can only receive one value per step.`,
			`{"profile":"langgraph","fields":{"s":{"reducer":"last-value"}},"commits":[{"input":{}},{"step":[{"node":"b","output":{"s":{"k":1,"a":2}}},{"node":"a","output":{"s":"from_a"}}]}]}`},
		{"INVALID_CONCURRENT_GRAPH_UPDATE", `Invalid update for channel "l" with values [{"__overwrite__":[1]},{"type":"__overwrite__","value":[2]}]: Can receive only one Overwrite value per step.`,
			`{"profile":"langgraph","fields":{"l":{"reducer":"append","default":[]}},"commits":[{"input":{}},{"step":[{"node":"a","output":{"l":{"__overwrite__":[1]}}},{"node":"b","output":{"l":{"type":"__overwrite__","value":[2]}}}]}]}`},
		{"INVALID_GRAPH_NODE_RETURN_VALUE", `Expected node "a" to return an object or an array containing at least one Command object, received string`,
			`{"profile":"langgraph","fields":{"s":{}},"commits":[{"input":{}},{"step":[{"node":"a","output":"x"}]}]}`},
		{"INVALID_GRAPH_NODE_RETURN_VALUE", `Expected node "a" to return an object or an array containing at least one Command object, received number`,
			`{"profile":"langgraph","fields":{"s":{}},"commits":[{"input":{}},{"step":[{"node":"a","output":5}]}]}`},
		{"INVALID_GRAPH_NODE_RETURN_VALUE", `Expected node "a" to return an object or an array containing at least one Command object, received boolean`,
			`{"profile":"langgraph","fields":{"s":{}},"commits":[{"input":{}},{"step":[{"node":"a","output":true}]}]}`},
		{"INVALID_GRAPH_NODE_RETURN_VALUE", `Expected node "a" to return an object or an array containing at least one Command object, received array`,
			`{"profile":"langgraph","fields":{"s":{}},"commits":[{"input":{}},{"step":[{"node":"a","output":[{"s":1}]}]}]}`},
		{"MESSAGE_NOT_FOUND", `Attempting to delete a message with an ID that doesn't exist ('m9')`,
			`{"profile":"langgraph","fields":{"m":{"reducer":"messages","default":[]}},"commits":[{"input":{}},{"step":[{"node":"a","output":{"m":[{"type":"remove","id":"m9"}]}}]}]}`},
	} {
		c, err := diffcase.ParseCase(tc.c)
		if err != nil {
			t.Fatalf("%s: %v", tc.c, err)
		}
		l := other(c)
		if !l.failed() || l.first().Code != tc.code || !strings.Contains(l.first().Message, tc.text) {
			t.Errorf("LangGraph JS no longer says %s %q:\n  case: %s\n  got:  %s", tc.code, tc.text, tc.c, l)
			continue
		}
		eng := RunEngine(c)
		if !eng.failed() || eng.first().Code != tc.code || !strings.Contains(eng.first().Message, tc.text) {
			t.Errorf("the engine does not say %s %q:\n  case: %s\n  got:  %s", tc.code, tc.text, tc.c, eng)
		}
	}
}
