// Package runtimes starts the runtimes a run names (docs/reference.md, Runtimes): the
// registry of names --runtime and scenario.yaml's runtime: accept, each
// with what starts it. It needs no godog, so that any command can start a
// runtime.
//
//	rts, procs, err := runtimes.Start("builtin,langgraph-js", "--runtime", runtimes.Settings{Root: root})
//	if err != nil { ... }
//	defer procs.Stop()
//	g, err := engine.New(schema, engine.Options{Runtimes: rts})
//
// Each runtime other than the built-in engine is a row of the registry
// (registry.go: its name, profiles, own graphs' extensions and start) and
// a package of its own under runtimes/ (langgraphjs, langgraphpy, llmfy,
// awaken), on the plumbing of runtimes/bridge.
package runtimes

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// Builtin is the built-in engine's name.
const Builtin = "builtin"

// Settings are what every runtime is started with; a runtime reads the
// ones it needs.
type Settings struct {
	// Root is the suite root, where a runtime finds the user's packages.
	Root string
	// Timeout bounds each request to a runtime process; 0 is the runtime's
	// default.
	Timeout time.Duration
	// Python is the interpreter of the Python runtimes; empty: the suite's
	// .venv, else python3 on PATH.
	Python string
	// CargoCache is where a Rust runtime's program is built and kept, by
	// its hash; empty: the user's cache directory.
	CargoCache string
	// Processes is how many processes of each runtime serve the run's
	// scenarios (--concurrency): a pool (bridge.Pool); below 2, one.
	Processes int
}

// A Process is a runtime a run started, with what stops it.
type Process struct {
	Runtime engine.Runtime
	// Versions are what it runs on, for the run's summary
	// ("@langchain/langgraph 1.7.3, @langchain/core 1.4.0, node v20.11.0").
	Versions string
	// Stop ends it when the run ends; Kill at once, when the run is
	// interrupted.
	Stop func() error
	Kill func()
}

// Processes are the runtimes a run started.
type Processes []*Process

// Stop stops them all.
func (ps Processes) Stop() {
	for _, p := range ps {
		p.Stop()
	}
}

// Kill kills them all, at once.
func (ps Processes) Kill() {
	for _, p := range ps {
		p.Kill()
	}
}

// ForGraph names the runtime that loads an own graph, "<module>:<export>",
// under profile: one whose own profile's graphs it is (an llmfy flow, a .py
// module under the llmfy profile), else the one that loads its module's
// extension; "" when none does.
func ForGraph(graph, profile string) string {
	module := graph
	if i := strings.LastIndexByte(graph, ':'); i >= 0 {
		module = graph[:i]
	}
	ext := filepath.Ext(module)
	for _, r := range registry {
		if slices.Contains(r.ProfileGraphs, ext) && slices.Contains(r.Profiles, profile) {
			return r.Name
		}
	}
	for _, r := range registry {
		if slices.Contains(r.Graphs, ext) || slices.Contains(r.Graphs, filepath.Base(module)) {
			return r.Name
		}
	}
	return ""
}

// GraphKinds says which runtime loads which modules, for errors:
// ".js, .mjs, ...: langgraph-js; .py: langgraph-py".
func GraphKinds() string {
	var kinds []string
	for _, r := range registry {
		if len(r.Graphs) > 0 {
			kinds = append(kinds, strings.Join(r.Graphs, ", ")+": "+r.Name)
		}
	}
	return strings.Join(kinds, "; ")
}

// Names lists the runtimes --runtime accepts, the built-in one first.
func Names() []string {
	names := []string{Builtin}
	for _, r := range registry {
		names = append(names, r.Name)
	}
	return names
}

// Start reads a runtime list (from says where it was written: --runtime,
// scenario.yaml's runtime:) and starts what it names: nothing for the
// built-in engine alone; one runtime; or the built-in engine and one other
// side by side.
func Start(list, from string, s Settings) ([]engine.Runtime, Processes, error) {
	if list == "" || list == Builtin {
		return nil, nil, nil
	}
	if s.Root != "" {
		abs, err := filepath.Abs(s.Root)
		if err != nil {
			return nil, nil, err
		}
		s.Root = abs
	}
	names := strings.Split(list, ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	bad := func(msg string) ([]engine.Runtime, Processes, error) {
		return nil, nil, fmt.Errorf("%s %s: %s (runtimes: %s; two run side by side as builtin,<other>)", from, list, msg, strings.Join(Names(), ", "))
	}
	if len(names) > 2 || (len(names) == 2 && !slices.Contains(names, Builtin)) || (len(names) == 2 && names[0] == names[1]) {
		return bad("runs one runtime, or the built-in one and one other")
	}
	var rts []engine.Runtime
	var procs Processes
	for _, n := range names {
		if n == Builtin {
			rts = append(rts, engine.Builtin())
			continue
		}
		rt, ok := lookup(n)
		if !ok {
			return bad(fmt.Sprintf("unknown runtime %q", n))
		}
		p, err := start(rt, s)
		if err != nil {
			procs.Stop()
			return nil, nil, fmt.Errorf("%s %s: %v", from, n, err)
		}
		procs = append(procs, p)
		rts = append(rts, p.Runtime)
	}
	return rts, procs, nil
}

// start starts rt as a Process of the run: a pool of s.Processes
// processes (one at least).
func start(rt Runtime, s Settings) (*Process, error) {
	// a runtime of its own making (awaken: a program per crate) is one process
	if rt.Process != nil {
		return rt.Process(s)
	}
	p, err := bridge.NewPool(s.Processes, func() (*bridge.Bridge, error) { return rt.Start(s) })
	if err != nil {
		return nil, err
	}
	return &Process{Runtime: p, Versions: p.Versions.String(), Stop: p.Close, Kill: p.Kill}, nil
}

// Profiles are the profiles each runtime other than the built-in one
// runs, by name (its row's Profiles).
func Profiles() map[string][]string {
	out := make(map[string][]string, len(registry))
	for _, r := range registry {
		out[r.Name] = append([]string(nil), r.Profiles...)
	}
	return out
}

// Usage says which runtime lists Start accepts, for --runtime's help:
// "builtin (default), langgraph-js, or builtin,langgraph-js side by side".
func Usage() string {
	others := Names()[1:]
	if len(others) == 0 {
		return Builtin
	}
	side := "builtin," + others[0]
	if len(others) > 1 {
		side = "builtin,<another>"
	}
	return Builtin + " (default), " + strings.Join(others, ", ") + ", or " + side + " side by side"
}
