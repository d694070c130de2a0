package steps

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/stateharness/scenario/engine"
)

// routeStep reads a Dawn route directory as Dawn does (docs/reference.md, Tools).
func routeStep() Def {
	return Def{Pattern: `^the route from "([^"]*)"$`, run: func(w *world, a ...string) error {
		return w.setRoute(a[0])
	}}
}

// route is what a scenario read of a Dawn route directory: the files Dawn
// reads, each as the harness uses it.
type route struct {
	dir   string // relative to the suite root
	plan  *string
	tools []string
	// ts names the first TypeScript file of the route's state (state.ts,
	// reducers/<field>.ts), which a runtime must evaluate; "" for none.
	ts string
}

// setRoute reads the route at dir: plan.md turns on planning, tools/*.ts
// names tools (so that writeTodos conflicts), and state.ts with reducers/
// give the schema, which a runtime that runs TypeScript evaluates; without
// one the scenario is skipped, naming the runtime that runs it.
func (w *world) setRoute(dir string) error {
	if w.graph != nil && w.graph.Started() {
		return problemf("setup steps (profile, schema, route, plan.md, tools) come before the first run")
	}
	if w.schema != nil {
		return problemf("the scenario has a schema already (a schema step, or a route read before): a route's state.ts is the scenario's schema, so a scenario with a route declares no other and reads one route (remove the schema step, or declare the fields in %s/state.ts)", dir)
	}
	if w.plan != nil {
		return problemf("the scenario has a plan.md already: a route's plan.md is read from its directory (remove the plan.md step)")
	}
	r, err := w.readRoute(dir)
	if err != nil {
		return err
	}
	schema := &engine.Schema{Profile: "dawn"}
	if r.ts != "" {
		state, err := w.evaluateRoute(r)
		if err != nil {
			return err
		}
		for _, f := range state.Fields {
			schema.Fields = append(schema.Fields, &engine.Field{Name: f.Name, Default: f.Default, HasDefault: true, ReducerFile: f.ReducerFile})
		}
	}
	oldTools := w.tools
	w.schema, w.plan = schema, r.plan
	w.tools = append(w.tools[:len(w.tools):len(w.tools)], r.tools...)
	if err := w.rebuild(func() { w.schema, w.plan, w.tools = nil, nil, oldTools }); err != nil {
		return err
	}
	if r.plan != nil && w.cfg.Warn != nil {
		// the plan's warnings belong to the step that read the route
		for _, warning := range w.graph.Warnings() {
			w.cfg.Warn(fmt.Sprintf("%s: warning: %s: %s", w.at(w.step.Line), r.dir+"/plan.md", warning))
		}
	}
	return nil
}

// readRoute lists what Dawn reads in a route directory: plan.md (read
// here), tools/*.ts and its app's src/tools/*.ts (their names), state.ts
// and reducers/*.ts (for a runtime to evaluate). Declaration files (.d.ts)
// are not read, as in Dawn.
func (w *world) readRoute(dir string) (*route, error) {
	full, rel, err := w.resolve(dir)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(full)
	if err != nil || !info.IsDir() {
		return nil, problemf("route %q: no directory %q under the suite root %s; a route is the directory of a Dawn route (its state.ts, reducers/, plan.md, tools/)", dir, rel, w.cfg.Root)
	}
	r := &route{dir: rel}
	if info, err := os.Stat(filepath.Join(full, "plan.md")); err == nil {
		if !info.Mode().IsRegular() {
			return nil, problemf("%s is not a regular file, but Dawn reads it as the route's plan: make it a file, or remove it", path.Join(rel, "plan.md"))
		}
		text, _, err := w.readFile(path.Join(rel, "plan.md"))
		if err != nil {
			return nil, err
		}
		r.plan = &text
	}
	if r.tools, err = tsFiles(full, rel, "tools"); err != nil {
		return nil, err
	}
	if app, ok := w.dawnApp(rel); ok {
		// the app's shared tools are the route's too (a route-local tool
		// of the same name takes its place)
		shared, err := tsFiles(filepath.Join(w.cfg.Root, filepath.FromSlash(app)), app, "src/tools")
		if err != nil {
			return nil, err
		}
		for _, n := range shared {
			if !slices.Contains(r.tools, n) {
				r.tools = append(r.tools, n)
			}
		}
		sort.Strings(r.tools)
	}
	reducers, err := tsFiles(full, rel, "reducers")
	if err != nil {
		return nil, err
	}
	if info, err := os.Stat(filepath.Join(full, "state.ts")); err == nil {
		if !info.Mode().IsRegular() {
			return nil, problemf("%s is not a regular file, but Dawn reads it as the route's state: make it a file, or remove it", path.Join(rel, "state.ts"))
		}
		r.ts = path.Join(rel, "state.ts")
	} else if len(reducers) > 0 {
		r.ts = path.Join(rel, "reducers", reducers[0]+".ts")
	}
	return r, nil
}

// dawnApp is the Dawn app a route belongs to, as Dawn finds it: the nearest
// directory from the route up to the suite root that holds dawn.config.ts
// and package.json; relative to the suite root.
func (w *world) dawnApp(rel string) (string, bool) {
	for dir := rel; ; dir = path.Dir(dir) {
		full := filepath.Join(w.cfg.Root, filepath.FromSlash(dir))
		if fileExists(filepath.Join(full, "dawn.config.ts")) && fileExists(filepath.Join(full, "package.json")) {
			return dir, true
		}
		if dir == "." || dir == "/" {
			return "", false
		}
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// tsFiles names the .ts files (not .d.ts) of a route's sub-directory, as
// Dawn lists tools and reducers: by name without .ts, sorted.
func tsFiles(full, rel, sub string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(full, sub))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, problemf("cannot read %s: %v", path.Join(rel, sub), err)
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".ts") || strings.HasSuffix(n, ".d.ts") {
			continue
		}
		names = append(names, strings.TrimSuffix(n, ".ts"))
	}
	sort.Strings(names)
	return names, nil
}

// evaluateRoute has a runtime that runs TypeScript read the route's
// state.ts and reducers/; with none, the scenario is skipped on this run.
func (w *world) evaluateRoute(r *route) (*engine.RouteState, error) {
	ts := strings.TrimPrefix(r.ts, r.dir+"/")
	cannot := &engine.Unsupported{Runtime: "builtin", Reason: fmt.Sprintf("the Dawn route %q has %s, TypeScript, which the built-in engine cannot evaluate", r.dir, ts)}
	for _, rt := range w.cfg.Runtimes {
		reader, ok := rt.(engine.RouteReader)
		if !ok {
			continue
		}
		state, err := reader.ReadRoute(r.dir)
		var u *engine.Unsupported
		if errors.As(err, &u) {
			cannot = u
			continue
		}
		return state, err
	}
	// whoever knows the runtimes names the one that reads it (.ts)
	named := *cannot
	named.Graph = r.ts
	return nil, &named
}
