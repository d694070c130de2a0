package engine

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// builtinName is the built-in engine's name as --runtime spells it.
const builtinName = "builtin"

// Builtin is the built-in engine as a Runtime: Options.Runtimes holding it
// runs the commits on this package's own model of the profile, alone or
// beside another runtime.
func Builtin() Runtime { return builtin{} }

type builtin struct{}

func (builtin) Name() string { return builtinName }

// Open is never called: a graph runs the built-in engine itself, since it
// holds what a GraphSpec cannot carry (reducers registered in Go).
func (builtin) Open(GraphSpec) (Session, error) {
	return nil, errors.New("engine: the built-in runtime is run by the graph itself")
}

// session is a runtime's session with its name.
type session struct {
	name string
	s    Session
}

// pending is one commit on its way, as the harness knows it before a
// runtime applies it.
type pending struct {
	thread string
	before *thread // the thread at the start (after a run's resets)
	source string  // input, node, step, tool
	nodes  []string
	// writes are the commit's writes as the harness reads them, in the
	// order the profile applies them: the built-in runtime applies them,
	// and they make the trace, the events and the rules' messages.
	writes   []Write
	gotos    []Goto
	warnings []string
	// parseErr is the harness's verdict on a node's return; another
	// runtime gives its own.
	parseErr error
	// readonly enforces rule 5 (not for inputs).
	readonly bool
	// raw copies the writes as they are (llmfy's first input).
	raw bool
	// revision gives the revision after the commit; nil: +1 when anything
	// changed.
	revision func(*applied) int
	// events come after the commit's values event (tool_result, ...).
	events []Event
	req    CommitRequest
}

// commit runs a commit on the graph's runtimes, applies the harness's own
// rules to the result, and records it: the one place where a commit ends.
// On any error nothing of the graph changes.
func (g *Graph) commit(p *pending) (err error) {
	if !g.opened {
		// a scenario's setup rebuilds its graph step by step: only the
		// graph that commits opens sessions on its runtimes
		if err := g.openRuntimes(g.runtimes); err != nil {
			g.Close()
			return err
		}
		g.opened = true
	}
	defer func() { g.coerced.settle(err == nil) }()
	res, err := g.applyOnRuntimes(p)
	if err != nil {
		return err
	}
	if err := g.checkRules(p.before.values, res, p.readonly); err != nil {
		return err
	}
	res.gotos = p.gotos
	res.warnings = append(append([]string(nil), p.warnings...), res.warnings...)
	next := &thread{values: res.values, revision: p.before.revision}
	switch {
	case p.revision != nil:
		next.revision = p.revision(res)
	case res.changed:
		next.revision++
	}
	g.record(p.thread, next, p.source, p.nodes, p.writes, res)
	g.events = append(g.events, p.events...)
	return nil
}

// applyOnRuntimes gives the commit's result: the built-in engine's, another
// runtime's, or, with two, the built-in one's once both agree.
func (g *Graph) applyOnRuntimes(p *pending) (*applied, error) {
	if len(g.sessions) == 0 {
		if p.parseErr != nil {
			return nil, p.parseErr
		}
		if p.raw {
			return g.applyRaw(p.before, p.writes), nil
		}
		return g.apply(p.before, p.writes)
	}
	other := g.sessions[0]
	p.req.NextID = g.nextID
	out, oerr := other.s.Commit(&p.req)
	if oerr == nil && (out == nil || out.Values == nil) {
		oerr = &Error{Code: RuntimeError, Message: other.name + " gave no state for the commit"}
	}
	if !g.runBuiltin {
		if oerr != nil {
			return nil, g.worded(p, oerr)
		}
		if err := g.readReturned(p, out); err != nil {
			return nil, err
		}
		return g.fromRuntime(p, out), nil
	}
	bres, berr := (*applied)(nil), p.parseErr
	if berr == nil {
		bres, berr = g.apply(p.before, p.writes)
	}
	if d := disagreement(other.name, bres, berr, out, oerr); d != "" {
		return nil, &Error{Code: RuntimeDisagreement, Message: d}
	}
	if berr != nil {
		return nil, berr
	}
	return bres, nil
}

// worded gives a runtime's refusal the harness's wording (SPEC §11: the
// node, the field, the JSON path) when the built-in engine refuses the same
// commit with the same code: LangGraph's own text is part of that wording
// where SPEC quotes it. Any other refusal stays the runtime's.
func (g *Graph) worded(p *pending, err error) error {
	if g.graphRef != "" || CodeOf(err) == "" {
		return err
	}
	berr := p.parseErr
	if berr == nil {
		_, berr = g.apply(p.before, p.writes)
	}
	if berr != nil && CodeOf(berr) == CodeOf(err) {
		return berr
	}
	return err
}

// readReturned adds the writes of the real nodes of a step, as the runtime
// says they returned, to the commit's writes.
func (g *Graph) readReturned(p *pending, out *CommitResult) error {
	var ran []NodeOutput
	for _, o := range p.req.Outputs {
		if o.Run {
			ran = append(ran, o)
		}
	}
	if len(ran) == 0 {
		return nil
	}
	for _, o := range ran {
		// a runtime that keeps the key order returns a Checked value
		_, order := orderOf(out.Returned[o.Node])
		v, err := Normalize(out.Returned[o.Node])
		if err != nil {
			return err
		}
		r, err := g.prof.nodeWrites(o.Node, v, false, order)
		if err != nil {
			continue // the runtime took it; the trace shows none of it
		}
		p.writes = append(p.writes, r.writes...)
		p.gotos = append(p.gotos, r.gotos...)
	}
	sort.SliceStable(p.writes, func(i, j int) bool { return p.writes[i].Node < p.writes[j].Node })
	return nil
}

// fromRuntime reads another runtime's result as the harness's rules need
// it: the fields written, and which writes the profile drops.
func (g *Graph) fromRuntime(p *pending, out *CommitResult) *applied {
	res := &applied{values: out.Values, nextID: out.NextID, byField: map[string][]Write{}}
	for _, w := range p.writes {
		if g.fields[w.Field] == nil {
			res.dropped = append(res.dropped, w.Node+"."+w.Field)
			continue
		}
		if _, seen := res.byField[w.Field]; !seen {
			res.written = append(res.written, w.Field)
		}
		res.byField[w.Field] = append(res.byField[w.Field], w)
	}
	// a field the runtime changed or removed without a write the harness
	// read (its own reading of a return the harness refused) is checked
	// too, in sorted order so that the first to fail is always the same
	var extra []string
	for k, v := range out.Values {
		if _, ok := res.byField[k]; ok {
			continue
		}
		if cur, had := p.before.values[k]; !had || !Equal(cur, v) {
			extra = append(extra, k)
		}
	}
	for k := range p.before.values {
		if _, ok := out.Values[k]; !ok {
			if _, ok := res.byField[k]; !ok {
				extra = append(extra, k)
			}
		}
	}
	sort.Strings(extra)
	res.written = append(res.written, extra...)
	res.written = jsPropertyOrder(res.written)
	return res
}

// disagreement describes how the built-in engine's outcome and another
// runtime's differ, or is empty when they agree: both refuse with one code,
// or both give the same state and the same generated ids.
func disagreement(name string, b *applied, berr error, out *CommitResult, oerr error) string {
	describe := func(err error) string {
		if err == nil {
			return "applies it"
		}
		if c := CodeOf(err); c != "" {
			return "fails with " + string(c) + ": " + err.Error()
		}
		return "fails: " + err.Error()
	}
	switch {
	case berr != nil || oerr != nil:
		if berr != nil && oerr != nil && CodeOf(berr) == CodeOf(oerr) {
			return ""
		}
		return fmt.Sprintf("the runtimes disagree on this commit: builtin %s; %s %s", describe(berr), name, describe(oerr))
	case b.nextID != out.NextID:
		return fmt.Sprintf("the runtimes disagree on this commit: builtin generated %d message ids, %s %d", b.nextID, name, out.NextID)
	}
	paths := diffPaths(Root, mapAny(b.values), mapAny(out.Values), nil)
	if len(paths) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "the runtimes disagree on the state after this commit (builtin, then %s):", name)
	for i, d := range paths {
		if i == 20 {
			fmt.Fprintf(&sb, "\n  ... and %d more", len(paths)-20)
			break
		}
		fmt.Fprintf(&sb, "\n  %s\n    builtin: %s\n    %s: %s", d.path, d.want, name, d.got)
	}
	return sb.String()
}

type pathDiff struct{ path, want, got string }

// diffPaths lists the JSON paths at which a and b differ, outermost first.
func diffPaths(path string, a, b any, out []pathDiff) []pathDiff {
	show := func(v any, ok bool) string {
		if !ok {
			return "(absent)"
		}
		return compactJSON(v)
	}
	am, aObj := a.(map[string]any)
	bm, bObj := b.(map[string]any)
	if aObj && bObj {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		names := make([]string, 0, len(keys))
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			av, aok := am[k]
			bv, bok := bm[k]
			if aok && bok {
				out = diffPaths(PathKey(path, k), av, bv, out)
			} else if aok != bok {
				out = append(out, pathDiff{PathKey(path, k), show(av, aok), show(bv, bok)})
			}
		}
		return out
	}
	aa, aArr := a.([]any)
	ba, bArr := b.([]any)
	if aArr && bArr && len(aa) == len(ba) {
		for i := range aa {
			out = diffPaths(PathIndex(path, i), aa[i], ba[i], out)
		}
		return out
	}
	if !Equal(a, b) {
		out = append(out, pathDiff{path, compactJSON(a), compactJSON(b)})
	}
	return out
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
	case "awaken", "llmfy", "langgraph-py":
		// (langgraph-py: until its runtime bridge, runtimes/langgraphpy)
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
