package langgraphjs

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// research is the Dawn route of the suite's features, relative to the
// repository root (the shared bridge's suite root).
const research = "scenarios/routes/research"

// TestReadRouteAsDawnDoes: state.ts's zod defaults are the fields, sorted
// by name; reducers/sources.ts is the reducer of sources alone.
func TestReadRouteAsDawnDoes(t *testing.T) {
	state, err := bridgeFor(t).ReadRoute(research)
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.RouteField{
		{Name: "notes", Default: []any{}},
		{Name: "sources", Default: []any{}, ReducerFile: research + "/reducers/sources.ts"},
		{Name: "topic", Default: ""},
	}
	if !reflect.DeepEqual(state.Fields, want) {
		t.Errorf("fields %+v; want %+v", state.Fields, want)
	}
}

// TestRouteReducerRunsOnEveryWrite: a field whose spec names its reducer's
// module folds through the user's function (dedupe by id), not Dawn's
// default append; the others keep their profile's reducer.
func TestRouteReducerRunsOnEveryWrite(t *testing.T) {
	s, err := bridgeFor(t).Open(engine.GraphSpec{Profile: "dawn", IDPrefix: "auto-", Fields: []engine.FieldSpec{
		{Name: "notes", Reducer: "append", Default: []any{}, HasDefault: true, Scope: engine.ScopeThread},
		{Name: "sources", Reducer: research + "/reducers/sources.ts", ReducerFile: research + "/reducers/sources.ts", Default: []any{}, HasDefault: true, Scope: engine.ScopeThread},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: decode(t, `{"sources": [{"id": "a", "title": "A"}], "notes": ["n"]}`)})
	if err != nil {
		t.Fatal(err)
	}
	res, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: res.Values, NextID: res.NextID, Outputs: []engine.NodeOutput{
		{Node: "b", Output: decode(t, `{"sources": [{"id": "a", "title": "A2"}, {"id": "b", "title": "B"}], "notes": ["n"]}`)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"sources": []any{map[string]any{"id": "a", "title": "A2"}, map[string]any{"id": "b", "title": "B"}},
		"notes":   []any{"n", "n"},
	}
	if !reflect.DeepEqual(res.Values, want) {
		t.Errorf("state %v; want %v", res.Values, want)
	}
}

// TestReadRouteRefusals: what Dawn would drop without a word is
// SCHEMA_INVALID naming the file.
func TestReadRouteRefusals(t *testing.T) {
	for dir, want := range map[string]string{
		"scenarios/routes/errors/reducer-not-function": "reducers/notes.ts: its default export is a plain object, not a reducer function",
		"scenarios/routes/errors/reducer-no-field":     "reducers/tags.ts is the reducer of field \"tags\", which scenarios/routes/errors/reducer-no-field/state.ts does not declare",
		"scenarios/routes/errors/state-not-schema":     "state.ts: its default export is a plain object, not a zod or Standard Schema object",
		"scenarios/routes/errors/state-refuses-empty":  "state.ts: its schema refuses an empty state",
		"scenarios/routes/no-such-route":               "", // no state.ts, no reducers/: no fields
	} {
		state, err := bridgeFor(t).ReadRoute(dir)
		if want == "" {
			if err != nil || len(state.Fields) != 0 {
				t.Errorf("%s: %v, %+v; want no fields", dir, err, state)
			}
			continue
		}
		if engine.CodeOf(err) != engine.SchemaInvalid || !strings.Contains(err.Error(), dir+"/") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want SCHEMA_INVALID mentioning %q", dir, err, want)
		}
	}
}
