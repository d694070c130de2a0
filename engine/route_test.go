package engine

import (
	"strings"
	"testing"
)

// specRuntime is a fakeRuntime that keeps the spec it was opened with.
type specRuntime struct {
	fakeRuntime
	spec GraphSpec
}

func (f *specRuntime) Open(s GraphSpec) (Session, error) {
	f.spec = s
	return f.fakeRuntime.Open(s)
}

// TestReducerFileRunsOnTheRuntime: a field whose reducer is the user's own
// code (a Dawn route's reducers/<field>.ts) is never run by the built-in
// engine: alone, the scenario is skipped naming the file; side by side, the
// other runtime runs it alone; the runtime gets the file in the spec.
func TestReducerFileRunsOnTheRuntime(t *testing.T) {
	const file = "routes/r/reducers/sources.ts"
	s := &Schema{Profile: "dawn", Fields: []*Field{
		{Name: "sources", Default: []any{}, HasDefault: true, ReducerFile: file},
		{Name: "topic", Default: "", HasDefault: true},
	}}
	g := mustGraph(t, s, Options{})
	err := g.Invoke("main", ordered(t, `{"sources": [1]}`))
	if u, ok := err.(*Unsupported); !ok || u.Runtime != builtinName || u.Graph != file || !strings.Contains(u.Reason, file) {
		t.Fatalf("alone: %v; want the built-in engine's Unsupported naming %s", err, file)
	}
	f := &specRuntime{fakeRuntime: fakeRuntime{set: map[string]any{"sources": []any{"from the runtime"}, "messages": []any{}, "topic": ""}}}
	g = mustGraph(t, s, Options{Runtimes: []Runtime{Builtin(), f}})
	if err := g.Invoke("main", ordered(t, `{"sources": [1]}`)); err != nil {
		t.Fatal(err)
	}
	if u := g.NotCompared(); u == nil || !strings.Contains(u.Reason, file) {
		t.Fatalf("side by side: not compared %v; want the runtime alone, naming %s", u, file)
	}
	if got := g.State("main")["sources"]; len(got.([]any)) != 1 || got.([]any)[0] != "from the runtime" {
		t.Errorf("sources %v; want the runtime's", got)
	}
	var fs FieldSpec
	for _, x := range f.spec.Fields {
		if x.Name == "sources" {
			fs = x
		}
	}
	if fs.ReducerFile != file || fs.Reducer != file || fs.Merge != "" {
		t.Errorf("spec field %+v; want the reducer file %s and no declared merge", fs, file)
	}
	if g.Profile() != "dawn" {
		t.Errorf("profile %s", g.Profile())
	}
}
