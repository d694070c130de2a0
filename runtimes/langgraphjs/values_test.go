package langgraphjs

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// TestRealNodeReturnsThatAreNotJSON: what a real node returns, and the
// state the graph's reducers make of it, must be JSON (docs/reference.md, Values). Each kind
// of value JSON.stringify would change or choke on is NON_JSON_VALUE for
// that step, naming the node and the JSON path; none changes silently or
// ends the bridge.
func TestRealNodeReturnsThatAreNotJSON(t *testing.T) {
	const graph = "runtimes/langgraphjs/testdata/own/values.mjs:graph"
	b := bridgeFor(t)
	s := openOwn(t, graph)
	pid := b.Pid()
	for _, tc := range []struct{ node, path, what string }{
		{"nan", "$.v", "returned NaN"},
		{"negInfinity", "$.v", "returned -Infinity"},
		{"deepInfinity", "$.v.deep[1]", "returned Infinity"},
		{"undefinedMember", "$.v.b", "returned undefined"},
		{"undefinedElement", "$.v[1]", "returned undefined"},
		{"date", "$.v", "returned a Date, which is not a JSON value: use date.toISOString()"},
		{"map", "$.v", "returned a Map"},
		{"set", "$.v", "returned a Set"},
		{"typedArray", "$.v", "returned a Uint8Array"},
		{"fn", "$.v", "returned a function"},
		{"instance", "$.v", "returned an instance of Point"},
		{"bigint", "$.v", "returned the BigInt 10n"},
		{"cycle", "$.v.self", "(a cycle)"},
		{"commandDate", "$.update.v", "returned a Date"},
		{"halve", "$.ratio", "after the step, the state holds NaN, which is not a JSON value (a reducer or a node of the graph produced it)"},
	} {
		t.Run(tc.node, func(t *testing.T) {
			_, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{}, Outputs: []engine.NodeOutput{{Node: tc.node, Run: true}}})
			e, ok := err.(*engine.Error)
			if !ok || e.Code != engine.NonJSONValue {
				t.Fatalf("got %T %v; want NON_JSON_VALUE", err, err)
			}
			if e.Path != tc.path {
				t.Errorf("path %s; want %s (%v)", e.Path, tc.path, e)
			}
			if !strings.Contains(e.Message, tc.what) {
				t.Errorf("%q does not say %q", e.Message, tc.what)
			}
			if tc.node != "halve" && !strings.Contains(e.Message, `node "`+tc.node+`" returned`) {
				t.Errorf("%q does not name the node", e.Message)
			}
		})
	}
	for _, tc := range []struct {
		node string
		want map[string]any
	}{
		{"ok", map[string]any{"ratio": 1.0, "v": map[string]any{"a": map[string]any{"x": 1.0}, "b": map[string]any{"x": 1.0}, "list": []any{1.0, "x", nil, true}}}},
		{"nothing", map[string]any{"ratio": 1.0}},
	} {
		res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{}, Outputs: []engine.NodeOutput{{Node: tc.node, Run: true}}})
		if err != nil {
			t.Fatalf("%s: %v", tc.node, err)
		}
		if !reflect.DeepEqual(res.Values, tc.want) {
			t.Errorf("%s: state %v; want %v", tc.node, res.Values, tc.want)
		}
	}
	if now := b.Pid(); now != pid {
		t.Errorf("the bridge was started again (pid %d, then %d): a value ended it", pid, now)
	}
}

// TestStateNotJSONFromAChannelDefault: a value that is not JSON which the
// state holds because a field started from its channel's default is
// blamed on that default, naming the field; one a reducer made still
// names the reducer or a node.
func TestStateNotJSONFromAChannelDefault(t *testing.T) {
	s := openOwn(t, "runtimes/langgraphjs/testdata/own/values.mjs:defaults")
	for _, tc := range []struct {
		name   string
		before map[string]any
		node   string
		path   string
		why    string
	}{
		{"another field's node", map[string]any{}, "noter", "$.prefs.theme", `(the default of the graph's field "prefs" holds it: its channel's default factory returns it): leave the key out, or use null`},
		{"a node that writes the field", map[string]any{}, "setter", "$.prefs.theme", `the default of the graph's field "prefs" holds it`},
		{"a reducer", map[string]any{"prefs": map[string]any{"lang": "en"}}, "seer", "$.seen.last", "(a reducer or a node of the graph produced it)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: tc.before, Outputs: []engine.NodeOutput{{Node: tc.node, Run: true}}})
			e, ok := err.(*engine.Error)
			if !ok || e.Code != engine.NonJSONValue || e.Path != tc.path {
				t.Fatalf("got %T %v; want NON_JSON_VALUE at %s", err, err, tc.path)
			}
			if want := "after the step, the state holds undefined, which is not a JSON value"; !strings.Contains(e.Message, want) || !strings.Contains(e.Message, tc.why) {
				t.Errorf("%q; want it to say %q and %q", e.Message, want, tc.why)
			}
		})
	}
}
