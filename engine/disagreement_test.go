package engine

import "testing"

// TestDisagreementReadsAsAGoldenMismatch: two runtimes' states differ the
// way a golden file and a state do, arrays aligned (one inserted message is
// one difference), absent members named, the real library's side first.
func TestDisagreementReadsAsAGoldenMismatch(t *testing.T) {
	decode := func(text string) map[string]any {
		v, err := DecodeJSON([]byte(text), Source{Name: "test.json"})
		if err != nil {
			t.Fatal(err)
		}
		return v.(map[string]any)
	}
	builtin := decode(`{"messages": [{"id": "a", "type": "human", "content": "hi"}, {"id": "b", "type": "ai", "content": "yo"}], "n": 1}`)
	real := decode(`{"messages": [{"id": "z", "type": "system", "content": "s"}, {"id": "a", "type": "human", "content": "hi"}, {"id": "b", "type": "ai", "content": "yo"}], "n": 1, "x": null}`)
	for _, tc := range []struct {
		name        string
		builtin     map[string]any
		other       map[string]any
		builtinNext int
		otherNext   int
		want        string
	}{
		{"agree", builtin, builtin, 2, 2, ""},
		{"ids", builtin, builtin, 2, 3, "the runtimes disagree on this commit: builtin generated 2 message ids, langgraph-js 3"},
		{"state", builtin, real, 2, 2, `the runtimes disagree on the state after this commit (langgraph-js, then builtin):
  $.messages[0]
    langgraph-js: {"content":"s","id":"z","type":"system"}
    builtin: (absent)
  $.x
    langgraph-js: null
    builtin: (absent)`},
	} {
		got := disagreement("langgraph-js", &applied{values: tc.builtin, nextID: tc.builtinNext}, nil, &CommitResult{Values: tc.other, NextID: tc.otherNext}, nil)
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}
