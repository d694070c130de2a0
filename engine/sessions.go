package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// session is a runtime's session with its name.
type session struct {
	name string
	s    Session
}

// Unsupported says that a runtime cannot run a scenario (SPEC §15: the
// awaken and llmfy profiles, custom Go reducers, declared merge modes): the
// scenario is skipped on it, never passed.
type Unsupported struct {
	Runtime string
	Reason  string
}

func (u *Unsupported) Error() string {
	return fmt.Sprintf("%s cannot run this scenario: %s", u.Runtime, u.Reason)
}

// unsupported says why a runtime other than the built-in one cannot run a
// graph, or returns nil.
func (g *Graph) unsupported(name string) *Unsupported {
	switch g.prof.name {
	case "awaken", "llmfy":
		return &Unsupported{name, fmt.Sprintf("the %s profile is modelled only by the built-in engine", g.prof.name)}
	}
	for _, n := range sortedKeys(g.fields) {
		f := g.fields[n]
		if f.custom {
			return &Unsupported{name, fmt.Sprintf("field %q has the custom reducer %s, registered in Go", n, f.reducerName)}
		}
		if f.declaredMerge {
			return &Unsupported{name, fmt.Sprintf("field %q declares merge: %s, which only the built-in engine checks", n, f.merge)}
		}
	}
	return nil
}

// spec is the graph as a runtime builds it.
func (g *Graph) spec() GraphSpec {
	s := GraphSpec{Profile: g.prof.name, IDPrefix: g.idPrefix, Graph: g.graphRef}
	if s.IDPrefix == "" {
		s.IDPrefix = DefaultIDPrefix
	}
	for _, n := range sortedKeys(g.fields) {
		f := g.fields[n]
		s.Fields = append(s.Fields, FieldSpec{Name: n, Reducer: f.reducerName, Default: f.def, HasDefault: f.hasDef, Custom: f.custom})
	}
	return s
}

// openRuntimes opens the graph's sessions on the runtimes it was given.
func (g *Graph) openRuntimes(rts []Runtime) error {
	if g.graphRef != "" {
		return g.openOwnGraph(rts)
	}
	if len(rts) == 0 {
		g.runBuiltin = true
		return nil
	}
	if len(rts) > 2 {
		return fmt.Errorf("engine: at most two runtimes, the built-in one and another, run side by side; got %d", len(rts))
	}
	for _, rt := range rts {
		if rt == nil || rt.Name() == builtinName {
			g.runBuiltin = true
			continue
		}
		if len(g.sessions) > 0 {
			return fmt.Errorf("engine: two runtimes side by side must include the built-in one; got %s and %s", g.sessions[0].name, rt.Name())
		}
		if u := g.unsupported(rt.Name()); u != nil {
			if slices.ContainsFunc(rts, func(r Runtime) bool { return r == nil || r.Name() == builtinName }) {
				// side by side, the built-in engine runs it alone
				g.runBuiltin, g.notCompared = true, u
				continue
			}
			return u
		}
		s, err := rt.Open(g.spec())
		if err != nil {
			return err
		}
		g.sessions = append(g.sessions, session{name: rt.Name(), s: s})
	}
	return nil
}

// openOwnGraph opens the scenario's own graph on the one runtime that can
// load it; side by side, that runtime runs it alone.
func (g *Graph) openOwnGraph(rts []Runtime) error {
	var other Runtime
	builtinToo := false
	for _, rt := range rts {
		if rt == nil || rt.Name() == builtinName {
			builtinToo = true
		} else {
			other = rt
		}
	}
	if other == nil {
		return &Unsupported{builtinName, fmt.Sprintf("the scenario runs on its own graph %q, which the built-in engine cannot load: run it with --runtime langgraph-js", g.graphRef)}
	}
	if g.prof.name != "langgraph" && g.prof.name != "dawn" {
		return &Error{Code: SchemaInvalid, Path: PathKey(Root, "profile"), Message: fmt.Sprintf("the scenario's own graph %q is a LangGraph JS graph, so its profile is langgraph or dawn, not %s", g.graphRef, g.prof.name)}
	}
	s, err := other.Open(g.spec())
	if err != nil {
		return err
	}
	gs, ok := s.(GraphSession)
	if !ok {
		s.Close()
		return fmt.Errorf("engine: runtime %s opened %q but names none of its channels", other.Name(), g.graphRef)
	}
	channels := gs.Channels()
	for _, n := range sortedKeys(g.fields) {
		if !slices.Contains(channels, n) {
			s.Close()
			return &Error{Code: SchemaInvalid, Path: PathKey(Root, n), Message: fmt.Sprintf("field %q is not a channel of the graph %q (its channels: %s); the schema may only add rules to the graph's own fields", n, g.graphRef, strings.Join(channels, ", "))}
		}
	}
	for _, c := range channels {
		if g.fields[c] == nil {
			// the graph's own field: its channel is the authority on it
			g.fields[c] = &field{name: c, typ: Type{Base: "any"}, reduce: reduceReplace, reducerName: "(the graph's)", merge: Commutative, scope: g.prof.scope, persistent: true}
		}
	}
	g.sessions = append(g.sessions, session{name: other.Name(), s: s})
	if builtinToo {
		g.notCompared = &Unsupported{builtinName, fmt.Sprintf("the scenario runs on its own graph %q, which the built-in engine cannot load", g.graphRef)}
	}
	return nil
}

// LoadGraph loads the scenario's own graph on the runtime that runs it and
// closes it again, so that a graph that does not load (a syntax error, no
// such export, no compiled graph) fails the step that names it, not the
// first commit. Without an own graph, a runtime that loads one or a profile
// it runs, it does nothing: the first commit says what is wrong.
func (g *Graph) LoadGraph() error {
	if g.graphRef == "" || g.opened || (g.prof.name != "langgraph" && g.prof.name != "dawn") {
		return nil
	}
	for _, rt := range g.runtimes {
		if rt == nil || rt.Name() == builtinName {
			continue
		}
		s, err := rt.Open(g.spec())
		if err != nil {
			return err
		}
		return s.Close()
	}
	return nil
}

// NotCompared says why the graph's commits ran on the built-in engine alone
// although another runtime was to run beside it, or is nil.
func (g *Graph) NotCompared() *Unsupported { return g.notCompared }

// Close ends the graph's sessions on other runtimes.
func (g *Graph) Close() error {
	var errs []error
	for _, s := range g.sessions {
		errs = append(errs, s.s.Close())
	}
	g.sessions = nil
	return errors.Join(errs...)
}
