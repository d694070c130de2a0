package steps

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/filekind"
)

func setupSteps() []Def {
	return []Def{
		{Pattern: `^the "([^"]*)" profile$`, run: func(w *world, a ...string) error {
			old := w.profile
			w.profile = a[0]
			return w.rebuild(func() { w.profile = old })
		}},
		{Pattern: `^the state schema:$`, Arg: DocStringTable, run: func(w *world, _ ...string) error {
			if dt := w.arg.Argument.DataTable; dt != nil {
				if s := w.cfg.schemas.get(dt); s != nil {
					return w.setSchema(s, nil, "", engine.Source{}, w.tableRowOf(nil, nil, nil))
				}
				header, rows := w.tableRows()
				s, err := engine.SchemaFromTable(header, rows, func(row, col int, text string) (any, error) {
					return w.cellJSON(text, row+1, col)
				})
				if err == nil {
					w.cfg.schemas.put(header, rows, s)
				}
				return w.setSchema(s, err, "", engine.Source{}, w.tableRowOf(err, header, rows))
			}
			doc, err := w.docValue()
			if err != nil {
				return err
			}
			text, _ := w.docText()
			s, err := engine.SchemaFromValue(doc)
			if err := w.setSchema(s, err, text, w.docSource(), w.docSource().Pos(1, 1)); err != nil {
				return err
			}
			w.warnSchema(s, "the schema docstring")
			return nil
		}},
		{Pattern: `^the state schema from "([^"]*)"$`, run: func(w *world, a ...string) error {
			doc, text, src, err := w.fileDoc(a[0])
			if err != nil {
				return err
			}
			s, err := engine.SchemaFromValue(doc)
			if err := w.setSchema(s, err, text, src, src.Name); err != nil {
				return err
			}
			w.warnSchema(s, src.Name)
			return nil
		}},
		{Pattern: `^the route has a plan\.md:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			text, _ := w.docText()
			return w.setPlan(text)
		}},
		{Pattern: `^the route has a plan\.md from "([^"]*)"$`, run: func(w *world, a ...string) error {
			if !strings.EqualFold(path.Ext(a[0]), ".md") {
				return problemf("%q: a plan.md is read as text from a .md file; other extensions are not read", a[0])
			}
			text, _, err := w.readFile(a[0])
			if err != nil {
				return err
			}
			return w.setPlan(text)
		}},
		routeStep(),
		{Pattern: `^the route defines a tool "([^"]*)"$`, run: func(w *world, a ...string) error {
			old := w.tools
			w.tools = append(w.tools[:len(w.tools):len(w.tools)], a[0])
			return w.rebuild(func() { w.tools = old })
		}},
		{Pattern: `^the graph from "([^"]*)"$`, run: func(w *world, a ...string) error {
			ref, err := w.graphRef(a[0])
			if err != nil {
				return err
			}
			old := w.graph
			w.ownGraph = ref
			if err := w.rebuild(func() { w.ownGraph = ""; w.graph = old }); err != nil {
				return err
			}
			// a graph that does not load fails here, on the line that names it
			return w.graph.LoadGraph()
		}},
	}
}

// graphRef checks a "<module>:<export>" reference to a user's compiled
// graph: the module is a .js, .mjs, .cjs, .ts, .mts or .cts file (LangGraph
// JS) or a .py file (LangGraph Python) under the suite root.
func (w *world) graphRef(ref string) (string, error) {
	if w.cfg.Graphs[ref] != nil {
		// a Go graph the test registered: no module to find
		return ref, nil
	}
	if _, plugin, ok := strings.Cut(ref, "Cargo.toml:"); ok && strings.Contains(plugin, ":") {
		// a Rust path, whose last colon is not the module's end
		return "", problemf("graph %q: the Awaken plugin %q is a path from the crate's root written with \".\" for \"::\", like %q", ref, plugin, strings.ReplaceAll(plugin, "::", "."))
	}
	i := strings.LastIndexByte(ref, ':')
	if i <= 0 || i == len(ref)-1 {
		return "", problemf("graph %q: expected \"<module>:<export>\", like \"src/agent/graph.ts:graph\"", ref)
	}
	module, export := ref[:i], ref[i+1:]
	switch strings.ToLower(path.Ext(module)) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py":
	default:
		if path.Base(module) != "Cargo.toml" {
			// an Awaken crate is named by its manifest (runtimes/awaken)
			return "", problemf("graph %q: the module %q is not a .js, .mjs, .cjs, .ts, .mts, .cts or .py file, an Awaken crate's Cargo.toml, nor a Go graph of Options.Graphs (%s)", ref, module, w.goGraphNames())
		}
	}
	full, rel, err := w.resolve(module)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(full)
	if err != nil {
		return "", problemf("graph %q: no module %q under the suite root %s", ref, rel, w.cfg.Root)
	}
	if err := filekind.Regular(info, strconv.Quote(rel), "a JavaScript, TypeScript or Python module"); err != nil {
		return "", problemf("graph %q: %v", ref, err)
	}
	return rel + ":" + export, nil
}

// tableRowOf is the file position of the schema table row an error is
// about (its path names the field), else of the header.
func (w *world) tableRowOf(err error, header []string, rows [][]string) string {
	col := slices.IndexFunc(header, func(h string) bool { return strings.TrimSpace(h) == "field" })
	var e *engine.Error
	if col >= 0 && errors.As(err, &e) {
		if elems, perr := engine.ParsePath(e.Path); perr == nil && len(elems) >= 2 && elems[0].Key == "fields" {
			// the last row of that name: a field declared twice is at fault
			// where it comes again
			for i := len(rows) - 1; i >= 0; i-- {
				if strings.TrimSpace(rows[i][col]) == elems[1].Key {
					return w.at(w.step.TableLine() + 1 + i)
				}
			}
		}
	}
	return w.at(w.step.TableLine())
}

// setSchema keeps a parsed schema; text and src are where it was written,
// to point errors at the attribute at fault (pos when that cannot be found).
// schemaCache holds the last schema table a scenario of the run declared,
// and its schema: the scenarios of a suite tend to repeat their table, and
// a schema is never changed once built (engine.New reads it).
type schemaCache struct {
	mu     sync.Mutex
	header []string
	rows   [][]string
	schema *engine.Schema
}

// get is the schema of the table when it is the last one's, else nil.
func (c *schemaCache) get(dt *godog.Table) *engine.Schema {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.schema == nil || len(dt.Rows) != len(c.rows)+1 {
		return nil
	}
	for i, r := range dt.Rows {
		want := c.header
		if i > 0 {
			want = c.rows[i-1]
		}
		if len(r.Cells) != len(want) {
			return nil
		}
		for j, cell := range r.Cells {
			if cell.Value != want[j] {
				return nil
			}
		}
	}
	return c.schema
}

func (c *schemaCache) put(header []string, rows [][]string, s *engine.Schema) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.header, c.rows, c.schema = header, rows, s
}

func (w *world) setSchema(s *engine.Schema, err error, text string, src engine.Source, pos string) error {
	if err != nil {
		return locate(err, text, src, pos)
	}
	if w.schema != nil {
		return problemf("the scenario declares a schema twice")
	}
	w.schema = s
	if err := w.rebuild(func() { w.schema = nil }); err != nil {
		return locate(err, text, src, pos)
	}
	if w.graphToRun() == "" {
		return nil
	}
	// the schema of an own graph may not contradict it: said here, on the
	// schema's line
	return locate(w.graph.LoadGraph(), text, src, pos)
}

// warnSchema shows the schema's warnings at the step that gave it, naming
// where the schema was written (its file).
func (w *world) warnSchema(s *engine.Schema, where string) {
	if w.cfg.Warn == nil {
		return
	}
	for _, warning := range s.Warnings {
		w.cfg.Warn(fmt.Sprintf("%s: warning: %s: %s", w.at(w.step.Line), where, warning))
	}
}

func (w *world) setPlan(text string) error {
	if w.plan != nil {
		return problemf("the route has a plan.md already")
	}
	w.plan = &text
	if err := w.rebuild(func() { w.plan = nil }); err != nil {
		return err
	}
	// the plan's warnings belong to the step that gave the plan
	for _, warning := range w.graph.Warnings() {
		if w.cfg.Warn != nil {
			w.cfg.Warn(fmt.Sprintf("%s: warning: %s", w.at(w.step.Line), warning))
		}
	}
	return nil
}

// rebuild makes a new graph from the setup so far, so that a bad setup
// fails on the step that made it; on error, undo restores the setup.
func (w *world) rebuild(undo func()) error {
	if w.graph != nil && w.graph.Started() {
		undo()
		return problemf("setup steps (profile, schema, plan.md, tools) come before the first run")
	}
	g, err := w.newGraph()
	if err != nil {
		undo()
		return err
	}
	if w.graph != nil {
		w.graph.Close()
	}
	w.graph = g
	return nil
}

// newGraph builds the scenario's graph from its setup so far, under the
// one profile the setup resolves to.
func (w *world) newGraph() (*engine.Graph, error) {
	profile, err := w.chooseProfile()
	if err != nil {
		return nil, err
	}
	return engine.New(w.schema, engine.Options{Profile: profile, Reducers: w.cfg.Reducers, Plan: w.plan, Tools: w.tools,
		IDPrefix: w.cfg.IDPrefix, Runtimes: w.runtimesFor(w.graphToRun()), Graph: w.graphToRun()})
}

// runtimesFor are the runtimes of a scenario on graph: a Go graph's own
// runtime alone (the built-in engine's state model is not a Go
// framework's: eino hands a node only its predecessors' outputs), else the
// run's.
func (w *world) runtimesFor(graph string) []engine.Runtime {
	if rt := w.cfg.Graphs[graph]; rt != nil {
		return []engine.Runtime{rt}
	}
	return w.cfg.Runtimes
}

// goGraphNames lists the Go graphs a scenario may name, for errors.
func (w *world) goGraphNames() string {
	if len(w.cfg.Graphs) == 0 {
		return "none registered"
	}
	return "registered: " + strings.Join(slices.Sorted(maps.Keys(w.cfg.Graphs)), ", ")
}

// NoGraphTag on a scenario or its feature keeps the suite's graph
// (scenario.yaml's graph:) from it: its graph is built from its schema, as
// in a suite without graph:.
const NoGraphTag = "@no-graph"

// graphToRun is the graph the scenario runs on: its own (Given the graph
// from), else the suite's unless it is tagged NoGraphTag; "" for a graph
// built from the schema.
func (w *world) graphToRun() string {
	if w.ownGraph != "" || w.cfg.Graph == "" {
		return w.ownGraph
	}
	if w.pickle != nil {
		for _, tag := range w.pickle.Tags {
			if tag.Name == NoGraphTag {
				return ""
			}
		}
	}
	return w.cfg.Graph
}

// chooseProfile resolves the scenario's profile (docs/reference.md, Profiles): its own choice,
// by its step or its schema's profile:, which may not disagree; else its
// graph's (graphProfiles); else --profile (Options.Profile), else
// scenario.yaml's, else the engine's default. The flag and the file are
// defaults: they never refuse a scenario's own choice.
func (w *world) chooseProfile() (string, error) {
	schemaProfile := ""
	if w.schema != nil {
		schemaProfile = w.schema.Profile
	}
	switch {
	case w.profile != "" && schemaProfile != "" && w.profile != schemaProfile:
		return "", &engine.Error{Code: engine.SchemaInvalid, Path: engine.PathKey(engine.Root, "profile"), Message: fmt.Sprintf(
			"the scenario chose the %q profile but the schema says %q; they may not disagree", w.profile, schemaProfile)}
	case w.profile != "":
		return w.profile, nil
	case schemaProfile != "":
		return schemaProfile, nil
	}
	return GraphProfile(w.graphToRun(), cmp.Or(w.cfg.DefaultProfile, w.cfg.SuiteProfile)), nil
}

// GraphProfile is the profile of a scenario that chooses none, on its own
// graph ("<module>:<export>"; "" for none), given the default (--profile,
// else scenario.yaml's): a LangGraph Python graph (.py) is langgraph-py, a
// LangGraph JS graph langgraph, or dawn when that is the default; a
// scenario without a graph takes the default.
func GraphProfile(graph, def string) string {
	if ps := graphProfiles(graph); len(ps) > 0 && !slices.Contains(ps, def) {
		return ps[0]
	}
	return def
}

// graphProfiles are the profiles under which a graph module's language
// runs, the one its scenarios take by default first.
func graphProfiles(graph string) []string {
	if graph == "" {
		return nil
	}
	module := graph
	if i := strings.LastIndexByte(graph, ':'); i > 0 {
		module = graph[:i]
	}
	switch strings.ToLower(path.Ext(module)) {
	case ".py":
		// an llmfy flow is a .py module too
		return []string{"langgraph-py", "llmfy"}
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return []string{"langgraph", "dawn"}
	case ".toml":
		return []string{"awaken"}
	}
	return nil
}
