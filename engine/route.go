package engine

import (
	"fmt"
	"maps"
	"slices"
)

// RouteReader is a runtime that reads the TypeScript of a Dawn route
// (docs/reference.md, Tools) as Dawn does: state.ts's default export (a zod or Standard
// Schema value) gives the fields and their defaults, reducers/<field>.ts
// each field's own reducer. The built-in engine cannot run TypeScript, so
// a scenario on a route with either is skipped without such a runtime.
type RouteReader interface {
	Runtime
	// ReadRoute reads the route directory dir, relative to the suite root.
	// A route it cannot read is an *Error naming the file at fault; a
	// runtime that reads no routes answers an *Unsupported.
	ReadRoute(dir string) (*RouteState, error)
}

// RouteState is a route's state as Dawn builds it.
type RouteState struct {
	// Fields are state.ts's fields, sorted by name.
	Fields []RouteField
}

// RouteField is one field of a route's state.ts.
type RouteField struct {
	Name    string
	Default any
	// ReducerFile is reducers/<field>.ts, relative to the suite root, when
	// the route gives the field a reducer of its own; empty, Dawn's
	// default (append for an array default, else replace).
	ReducerFile string
}

// codeReducer stands for a reducer that is the user's own code, which only
// a runtime runs (Field.ReducerFile): the graph never runs it on the
// built-in engine (see openRuntimes), so a call is a bug in the harness
// reported as such.
func codeReducer(file string) reducer {
	return func(c *reduceCtx, _ any, _ bool, _ any) (any, error) {
		return nil, &Error{Code: RuntimeError, Path: PathKey(Root, c.field), Message: fmt.Sprintf(
			"field %q: the reducer %s is TypeScript, which the built-in engine cannot run; run the scenario on a runtime that runs it (--runtime)", c.field, file)}
	}
}

// reducerFile is the first field (by name) whose reducer is the user's own
// code, or nil.
func (g *Graph) reducerFile() *field {
	for _, n := range slices.Sorted(maps.Keys(g.fields)) {
		if f := g.fields[n]; f.reducerFile != "" {
			return f
		}
	}
	return nil
}

// openCodeReducers opens a graph whose reducers include the user's own code
// (f's first) on the one runtime that can run it; side by side, that
// runtime runs it alone.
func (g *Graph) openCodeReducers(rts []Runtime, f *field) error {
	other, builtinToo := otherRuntime(rts)
	cannot := &Unsupported{Runtime: builtinName, Reason: fmt.Sprintf("field %q's reducer is %s, TypeScript, which the built-in engine cannot run", f.name, f.reducerFile), Graph: f.reducerFile}
	if other == nil {
		return cannot
	}
	s, err := other.Open(g.spec())
	if err != nil {
		return err
	}
	g.sessions = append(g.sessions, session{name: other.Name(), s: s})
	if builtinToo {
		cannot.Graph = ""
		g.notCompared = cannot
	}
	return nil
}
