package engine

import (
	"fmt"
	"sort"
)

// Options configure a Graph.
type Options struct {
	// Profile is the graph's profile; empty means the schema's, else
	// DefaultProfile. A schema that names another profile is refused.
	Profile string
	// Reducers are custom reducers by name, usable in any schema.
	Reducers map[string]ReducerFunc
	// Plan is the route's plan.md (dawn), which turns on the planning
	// capability; nil when the route has none.
	Plan *string
	// Tools are the tools the route defines itself.
	Tools []string
	// IDPrefix starts the message ids the engine generates; empty means
	// DefaultIDPrefix ("auto-").
	IDPrefix string
	// Graph is the scenario's own graph, "<module>:<export>" (docs/reference.md, Runtimes),
	// which only a runtime that loads it can run.
	Graph string
	// Runtimes run the commits (docs/reference.md, Runtimes): none or Builtin() is the built-in
	// engine; another runtime alone runs them there; Builtin() and another run
	// both and fail a commit on which they disagree.
	Runtimes []Runtime
}

// field is a schema field resolved against the profile.
type field struct {
	name          string
	typ           Type
	def           any
	hasDef        bool
	reduce        reducer
	reducerName   string
	kind          fieldKind
	merge         Merge
	declaredMerge bool // rule 4 applies only to a declared `merge: commutative`
	scope         Scope
	persistent    bool
	readonly      bool
	readonlyPaths [][]PathElem
	custom        bool // a reducer registered from Go
	// reducerFile is the user's own reducer (Field.ReducerFile), which
	// only a runtime runs
	reducerFile string
	// declaredReducer is the reducer's name as the schema declared it, ""
	// when the profile chose it: only a declared one must agree with an
	// own graph's channel
	declaredReducer string
}

// fieldKind is what folds a field's writes, told once when the field is
// resolved so that no rule compares reducer names to learn it.
type fieldKind uint8

const (
	// reducerKind: a reducer function, which folds any number of writes.
	reducerKind fieldKind = iota
	// lastValueKind: LangGraph's LastValue, a channel without a reducer,
	// which takes one write a step and stores it as written.
	lastValueKind
	// messagesKind: the messages reducer, whose writes are coerced into
	// messages.
	messagesKind
	// codeKind: the user's own reducer (Field.ReducerFile), which only a
	// runtime runs.
	codeKind
)

// kindOf is the kind of a field whose reducer is named name.
func kindOf(name string) fieldKind {
	switch name {
	case lastValueName:
		return lastValueKind
	case "messages":
		return messagesKind
	}
	return reducerKind
}

// Graph is the state of one scenario: its threads under one schema and
// profile, the commits made so far and the events they recorded. It is not
// safe for concurrent use; each scenario has its own.
type Graph struct {
	prof     *profile
	fields   map[string]*field
	threads  map[string]*thread
	nextID   int // messages' auto-N ids, per scenario
	nextCall int // tool call-N ids, per scenario
	planning bool
	warnings []string // the setup's (a plan.md over the limit)
	pending  []string // the commits' since TakeWarnings
	idPrefix string
	coerced  coercedCache // see reduceCtx.coerced
	trace    []Commit
	events   []Event
	// sessions are the graph's other runtimes; runBuiltin says whether
	// the built-in engine runs the commits too (or alone).
	graphRef   string    // Options.Graph
	graphNodes []string  // the own graph's nodes, once opened
	runtimes   []Runtime // opened on the first commit
	opened     bool
	sessions   []session
	runBuiltin bool
	// notCompared: side by side, the other runtime could not run the graph
	notCompared *Unsupported
	// schemaFields are the fields the scenario's schema declares. Side by
	// side on an own graph, checked are the fields the built-in engine
	// re-applies and compares (the schema's and the profile's, not the
	// graph's own channels), or, with no schema, alone names the runtime
	// that ran the graph with nothing for the built-in engine to check.
	schemaFields int
	checked      map[string]bool
	alone        string
	// whole is what the scenario's whole-graph runs have done
	whole wholeRun
}

type thread struct {
	values   map[string]any
	revision int
}

// New resolves a schema against a profile and returns a graph with no
// threads. A nil schema is an empty one.
func New(s *Schema, opts Options) (*Graph, error) {
	if s == nil {
		s = &Schema{}
	}
	name := opts.Profile
	switch {
	case name == "":
		name = s.Profile
	case s.Profile != "" && s.Profile != name:
		return nil, &Error{Code: SchemaInvalid, Path: PathKey(Root, "profile"), Message: fmt.Sprintf(
			"the graph's profile is %q but the schema says %q; they may not disagree", name, s.Profile)}
	}
	if name == "" {
		name = DefaultProfile
	}
	prof, ok := profiles[name]
	if !ok {
		return nil, &Error{Code: SchemaInvalid, Path: PathKey(Root, "profile"), Message: unknownProfileMessage(name)}
	}
	g := &Graph{prof: prof, fields: map[string]*field{}, threads: map[string]*thread{}, idPrefix: opts.IDPrefix}
	decls := s.Fields
	if prof.implicitMessages && s.Field("messages") == nil {
		decls = append([]*Field{{Name: "messages", Type: Type{Base: "array"}, Default: []any{}, HasDefault: true, Reducer: ReducerSpec{Name: "messages"}}}, decls...)
	}
	todos, warnings, err := capabilityFields(prof, s, opts)
	if err != nil {
		return nil, err
	}
	if todos != nil {
		decls = append(decls[:len(decls):len(decls)], todos)
		g.planning, g.warnings = true, warnings
	}
	for _, d := range decls {
		f, err := resolveField(prof, d, opts.Reducers)
		if err != nil {
			return nil, d.relocate(err)
		}
		g.fields[f.name] = f
	}
	g.runtimes, g.graphRef, g.schemaFields = opts.Runtimes, opts.Graph, len(s.Fields)
	return g, nil
}

func resolveField(p *profile, d *Field, custom map[string]ReducerFunc) (*field, error) {
	f := &field{
		name: d.Name, typ: d.Type, def: d.Default, hasDef: d.HasDefault,
		merge: d.Merge, declaredMerge: d.Merge != "", scope: d.Scope,
		persistent: !d.NotPersistent, readonly: d.Readonly, readonlyPaths: d.ReadonlyPaths,
	}
	if f.hasDef {
		def, err := Normalize(f.def)
		if err != nil {
			e := err.(*Error)
			return nil, schemaErr(d.Name, "default", fmt.Sprintf("not a JSON value: %s", e.Message))
		}
		f.def = def
	}
	if f.typ.Base == "" {
		f.typ = Type{Base: "any"}
		if p.inferReducer && f.hasDef {
			f.typ = inferType(f.def)
		}
	}
	if f.hasDef && !f.typ.Matches(f.def) {
		return nil, schemaErr(d.Name, "default", fmt.Sprintf("default %s does not match type %s", compactJSON(f.def), f.typ))
	}
	if len(f.readonlyPaths) > 0 && f.typ.Base != "object" && f.typ.Base != "any" {
		return nil, schemaErr(d.Name, "readonly", fmt.Sprintf("readonly sub-paths need an object field, but the field's type is %s", f.typ))
	}
	spec := d.Reducer
	if d.ReducerFile != "" {
		// the user's own reducer function: it folds any number of writes
		f.reducerName, f.reducerFile, f.reduce, f.kind = d.ReducerFile, d.ReducerFile, codeReducer(d.ReducerFile), codeKind
		if f.merge == "" {
			f.merge = Commutative
		}
		if f.scope == "" {
			f.scope = p.scope
		}
		return f, nil
	}
	if spec.Name == "" {
		spec.Name = p.defaultReducer
		if _, isArray := f.def.([]any); p.inferReducer && isArray {
			spec.Name = "append"
		}
	}
	if p.noDefaults {
		// checked against the type above, then left out of the state
		f.def, f.hasDef = nil, false
	}
	f.kind = kindOf(spec.Name)
	if p.typedStart && !f.hasDef && f.kind != lastValueKind {
		f.def, f.hasDef = typeStart(f.typ)
	}
	if f.kind == lastValueKind && f.merge == Commutative {
		return nil, schemaErr(d.Name, "merge", "a last-value field takes one write per step, so it cannot be merge: commutative; give it a reducer such as replace")
	}
	f.reducerName = spec.String()
	if d.Reducer.Name != "" {
		f.declaredReducer = spec.Name
	}
	if fn, ok := custom[spec.Name]; ok {
		if len(spec.Args) > 0 {
			return nil, schemaErr(d.Name, "reducer", fmt.Sprintf("custom reducer %q takes no arguments", spec.Name))
		}
		f.reduce, f.custom = customReducer(spec.Name, fn), true
	} else if mk, ok := builtinReducers[spec.Name]; ok {
		r, err := mk(spec.Args)
		if err != nil {
			return nil, schemaErr(d.Name, "reducer", fmt.Sprintf("reducer %s: %v", spec.Name, err))
		}
		f.reduce = r
	} else {
		return nil, schemaErr(d.Name, "reducer", fmt.Sprintf("unknown reducer %q; expected one of %s, or a custom reducer registered in Options", spec.Name, reducerNames(custom)))
	}
	if f.merge == "" {
		// a reducer function folds any number of writes; LangGraph's
		// LastValue takes one
		f.merge = Commutative
		if p.allExclusive || (f.kind == lastValueKind && !p.branchesUnordered) {
			f.merge = Exclusive
		}
	}
	if f.scope == "" {
		f.scope = p.scope
	}
	return f, nil
}

// inferType is dawn's type for a field declared only by its default.
func inferType(def any) Type {
	switch def.(type) {
	case nil:
		return Type{Base: "any"}
	case bool:
		return Type{Base: "boolean"}
	case float64:
		return Type{Base: "number"}
	case string:
		return Type{Base: "string"}
	case []any:
		return Type{Base: "array"}
	}
	return Type{Base: "object"}
}

func reducerNames(custom map[string]ReducerFunc) string {
	var names []string
	for n := range builtinReducers {
		names = append(names, n)
	}
	for n := range custom {
		names = append(names, n)
	}
	sort.Strings(names)
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// Profile returns the name of the graph's profile.
func (g *Graph) Profile() string { return g.prof.name }

// Started reports whether any thread has state or a commit was tried.
func (g *Graph) Started() bool { return len(g.threads) > 0 || g.opened }

// started is a thread some run has started, else *NoState: the look-up
// of every commit but a run's.
func (g *Graph) started(id string) (*thread, error) {
	th, ok := g.threads[id]
	if !ok {
		return nil, noStateError(id)
	}
	return th, nil
}

// HasThread reports whether the thread has state.
func (g *Graph) HasThread(id string) bool {
	_, ok := g.threads[id]
	return ok
}

// State returns the current state of a thread, or nil when the thread has
// none. The map and everything in it are shared with the engine: read them,
// never modify them.
func (g *Graph) State(id string) map[string]any {
	th, ok := g.threads[id]
	if !ok {
		return nil
	}
	return th.values
}

// Revision returns the thread's revision (0 for a thread with no state).
func (g *Graph) Revision(id string) int {
	if th, ok := g.threads[id]; ok {
		return th.revision
	}
	return 0
}

// Checkpoint returns the thread's persisted form:
// {"revision": n, "values": {...persistent fields...}}.
func (g *Graph) Checkpoint(id string) map[string]any {
	th, ok := g.threads[id]
	if !ok {
		return nil
	}
	values := make(map[string]any, len(th.values))
	for k, v := range th.values {
		if f := g.fields[k]; f != nil && !f.persistent {
			continue
		}
		values[k] = v
	}
	return map[string]any{"revision": float64(th.revision), "values": values}
}

// Trace returns the commits made so far, oldest first.
func (g *Graph) Trace() []Commit { return g.trace }

// Events returns the events recorded so far, oldest first.
func (g *Graph) Events() []Event { return g.events }
