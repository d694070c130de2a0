package engine

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
)

// session is a runtime's session with its name.
type session struct {
	name string
	s    Session
}

// ownChannel names the reducer of a field that is a channel of the
// scenario's own graph: the graph's own, which only its runtime runs.
const ownChannel = "(the graph's)"

// Unsupported says that a runtime cannot run a scenario (docs/reference.md, Runtimes: another
// runtime's profile, custom Go reducers, declared merge modes, an own
// graph it cannot load): the scenario is skipped on it, never passed. A
// runtime's Open says what it cannot run; the engine says only what no
// runtime but the built-in one can (a reducer registered in Go).
type Unsupported struct {
	Runtime string
	Reason  string
	// Graph is the scenario's own graph, or the module of its own code (a
	// Dawn route's reducer), when what it lacks is a runtime that loads it
	// (a run on the built-in engine alone): whoever knows the runtimes may
	// name one in Reason.
	Graph string
}

func (u *Unsupported) Error() string {
	return fmt.Sprintf("%s cannot run this scenario: %s", u.Runtime, u.Reason)
}

// unsupported says why no runtime but the built-in one can run the graph,
// or returns nil: a reducer registered in Go.
func (g *Graph) unsupported(name string) *Unsupported {
	for _, n := range slices.Sorted(maps.Keys(g.fields)) {
		if f := g.fields[n]; f.custom {
			return &Unsupported{Runtime: name, Reason: fmt.Sprintf("field %q has the custom reducer %s, registered in Go", n, f.reducerName)}
		}
	}
	return nil
}

// RuntimeSpec is the graph as the engine hands it to a runtime's Open:
// each field's reducer, default and scope as the profile resolved them
// (LangGraph Python's typed starts, a default left out). A test that
// drives a runtime's session on its own opens it with this.
func (g *Graph) RuntimeSpec() GraphSpec { return g.spec() }

// spec is the graph as a runtime builds it.
func (g *Graph) spec() GraphSpec {
	s := GraphSpec{Profile: g.prof.name, IDPrefix: g.idPrefix, Graph: g.graphRef}
	if s.IDPrefix == "" {
		s.IDPrefix = DefaultIDPrefix
	}
	for _, n := range slices.Sorted(maps.Keys(g.fields)) {
		f := g.fields[n]
		fs := FieldSpec{Name: n, Type: f.typ, Reducer: f.reducerName, Default: f.def, HasDefault: f.hasDef, Scope: f.scope, Custom: f.custom, ReducerFile: f.reducerFile}
		if f.declaredMerge {
			fs.Merge = f.merge
		}
		s.Fields = append(s.Fields, fs)
	}
	return s
}

// openRuntimes opens the graph's sessions on the runtimes it was given.
func (g *Graph) openRuntimes(rts []Runtime) error {
	if g.graphRef != "" {
		return g.openOwnGraph(rts)
	}
	if f := g.reducerFile(); f != nil {
		return g.openCodeReducers(rts, f)
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
		var s Session
		var err error
		if u := g.unsupported(rt.Name()); u != nil {
			err = u
		} else {
			s, err = rt.Open(g.spec())
		}
		var u *Unsupported
		if errors.As(err, &u) && slices.ContainsFunc(rts, func(r Runtime) bool { return r == nil || r.Name() == builtinName }) {
			// side by side, the built-in engine runs it alone
			g.runBuiltin, g.notCompared = true, u
			continue
		}
		if err != nil {
			return err
		}
		g.sessions = append(g.sessions, session{name: rt.Name(), s: s})
	}
	return nil
}

// otherRuntime is the runtime of rts that is not the built-in engine (nil
// when there is none), and whether the built-in engine runs beside it.
func otherRuntime(rts []Runtime) (other Runtime, builtinToo bool) {
	for _, rt := range rts {
		if rt == nil || rt.Name() == builtinName {
			builtinToo = true
		} else {
			other = rt
		}
	}
	return other, builtinToo
}

// openOwnGraph opens the scenario's own graph on the one runtime that can
// load it; side by side, that runtime runs it alone.
func (g *Graph) openOwnGraph(rts []Runtime) error {
	other, builtinToo := otherRuntime(rts)
	if other == nil {
		return g.noGraphRuntime()
	}
	// the runtime refuses a graph of a profile it does not load
	s, err := other.Open(g.spec())
	if err != nil {
		return err
	}
	gs, ok := s.(GraphSession)
	if !ok {
		s.Close()
		return fmt.Errorf("engine: runtime %s opened %q but names none of its channels", other.Name(), g.graphRef)
	}
	if err := g.checkOwnGraph(gs); err != nil {
		s.Close()
		return err
	}
	channels := gs.Channels()
	g.graphNodes = gs.Nodes()
	g.sessions = append(g.sessions, session{name: other.Name(), s: s})
	switch {
	case !builtinToo:
	case g.schemaFields > 0:
		// side by side, the built-in engine re-applies the writes to the
		// fields it knows, the schema's: a different state disagrees
		g.runBuiltin, g.checked = true, map[string]bool{}
		for n := range g.fields {
			g.checked[n] = true
		}
	default:
		// no schema: nothing for the built-in engine to check, and the
		// scenario passes or fails on the runtime (docs/reference.md, Runtimes), not skipped
		g.alone = other.Name()
	}
	scope := g.prof.scope
	if g.prof == awakenProfile {
		// an Awaken crate's keys have their own scopes, which its store
		// applies at a run's start (restore_thread_scoped): the harness
		// hands it the whole state
		scope = ScopeThread
	}
	for _, c := range channels {
		if g.fields[c] == nil {
			// the graph's own field: its channel is the authority on it
			g.fields[c] = &field{name: c, typ: Type{Base: "any"}, reduce: reduceReplace, reducerName: ownChannel, merge: Commutative, scope: scope, persistent: true}
		}
	}
	return nil
}

// LoadGraph loads the scenario's own graph on the runtime that runs it and
// closes it again, so that a graph that does not load (a syntax error, no
// such export, no compiled graph) fails the step that names it, not the
// first commit; so does one the runtime refuses (a profile it does not
// load graphs of), and a schema that contradicts it (checkOwnGraph).
// Without an own graph it does nothing; without a runtime that loads one
// it is the *Unsupported that skips the scenario on the built-in engine.
func (g *Graph) LoadGraph() error {
	if g.graphRef == "" || g.opened {
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
		if gs, ok := s.(GraphSession); ok {
			if err := g.checkOwnGraph(gs); err != nil {
				s.Close()
				return err
			}
		}
		return s.Close()
	}
	return g.noGraphRuntime()
}

// noGraphRuntime: the built-in engine cannot load the scenario's own
// graph, which is skipped on it, never passed.
func (g *Graph) noGraphRuntime() *Unsupported {
	return &Unsupported{Runtime: builtinName, Reason: fmt.Sprintf("the scenario runs on its own graph %q, which the built-in engine cannot load", g.graphRef), Graph: g.graphRef}
}

// checkOwnGraph holds the scenario's schema to its own graph (docs/reference.md, Runtimes):
// each field must be a channel of the graph, and a reducer it declares
// must be the channel's.
func (g *Graph) checkOwnGraph(gs GraphSession) error {
	channels := gs.Channels()
	for _, n := range slices.Sorted(maps.Keys(g.fields)) {
		if !slices.Contains(channels, n) {
			return schemaErr(n, "", fmt.Sprintf("not a channel of the graph %q (its channels: %s); the schema may only add rules to the graph's own fields", g.graphRef, strings.Join(channels, ", ")))
		}
	}
	kinds := gs.ChannelKinds()
	for _, n := range slices.Sorted(maps.Keys(g.fields)) {
		if err := g.agreesWithChannel(g.fields[n], kinds[n]); err != nil {
			return err
		}
	}
	return nil
}

// NotCompared says why the graph's commits ran on the built-in engine alone
// although another runtime was to run beside it, or is nil.
func (g *Graph) NotCompared() *Unsupported { return g.notCompared }

// RanAlone names the runtime that, side by side with the built-in engine,
// ran the scenario's own graph alone because the scenario has no schema
// for the built-in engine to check; else "". Such a scenario passes or
// fails on that runtime: it is not skipped (docs/reference.md, Runtimes).
func (g *Graph) RanAlone() string { return g.alone }

// Close ends the graph's sessions on other runtimes.
func (g *Graph) Close() error {
	var errs []error
	for _, s := range g.sessions {
		errs = append(errs, s.s.Close())
	}
	g.sessions = nil
	return errors.Join(errs...)
}

// agreesWithChannel: a reducer the schema declares for a field of the
// scenario's own graph must be the one of the field's channel (docs/reference.md, Runtimes);
// kind is the channel's, as the runtime names it (GraphSession). A kind
// the harness cannot compare ("other", a runtime that does not say), or a
// reducer the schema left to the profile, agrees.
func (g *Graph) agreesWithChannel(f *field, kind string) error {
	declared := f.declaredReducer
	if declared == "" {
		return nil
	}
	var agrees bool
	var fix string
	switch kind {
	case "last-value":
		agrees, fix = declared == lastValueName || declared == "replace", "leave the reducer out, or declare last-value"
	case "messages":
		agrees, fix = declared == "messages", "leave the reducer out, or declare messages"
	case "add":
		agrees, fix = declared == "append" || declared == "sum" || f.custom, "leave the reducer out, or declare append (a list) or sum (a number)"
	case "reducer":
		agrees, fix = declared != lastValueName && declared != "messages", "leave the reducer out, or declare the one that does what the graph's does"
	default:
		return nil
	}
	if agrees {
		return nil
	}
	return schemaErr(f.name, "reducer", fmt.Sprintf("the schema's reducer %s contradicts the graph's channel, %s, of the graph %q; the schema may only add rules to the graph's own fields: %s", f.reducerName, g.channelKind(kind), g.graphRef, fix))
}

// channelKind says what a channel of the kind is, in the words of the
// graph's framework.
func (g *Graph) channelKind(kind string) string {
	python := strings.EqualFold(path.Ext(graphModule(g.graphRef)), ".py")
	switch kind {
	case "last-value":
		return "a LastValue (last-value: no reducer)"
	case "messages":
		if python {
			return "add_messages (messages)"
		}
		return "messagesStateReducer (messages)"
	case "add":
		return "operator.add"
	}
	return "a reducer function of the graph's own"
}

// graphModule is the module of a "<module>:<export>" graph reference.
func graphModule(ref string) string {
	if i := strings.LastIndexByte(ref, ':'); i >= 0 {
		return ref[:i]
	}
	return ref
}

// GraphNodes are the nodes of the scenario's own graph, as its runtime
// named them when the graph's first commit opened it; nil before, or
// without an own graph.
func (g *Graph) GraphNodes() []string { return append([]string(nil), g.graphNodes...) }

// checkGraphNodes: a scripted output on the scenario's own graph must name
// one of its nodes (docs/reference.md, Runtimes), so that a renamed node fails its scenarios;
// so must a real node the step runs.
func (g *Graph) checkGraphNodes(outputs []NodeOutput) error {
	if g.graphRef == "" || g.graphNodes == nil {
		return nil
	}
	for _, o := range outputs {
		if slices.Contains(g.graphNodes, o.Node) {
			continue
		}
		what := "a scripted output stands for one of the graph's nodes"
		if o.Run {
			what = "a step runs one of the graph's nodes"
		}
		return &Error{Code: SchemaInvalid, Message: fmt.Sprintf("node %q is not a node of the graph %q (its nodes: %s): %s; name one of them, or add the node to the graph", o.Node, g.graphRef, strings.Join(g.graphNodes, ", "), what)}
	}
	return nil
}
