package runtimes

import (
	"github.com/stateharness/scenario/runtimes/awaken"
	"github.com/stateharness/scenario/runtimes/bridge"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
	"github.com/stateharness/scenario/runtimes/llmfy"
)

// A Runtime is a row of the registry: a runtime other than the built-in
// engine, and what the harness needs to know of it. Adding a runtime is a
// row here and its program under runtimes/<name>/.
type Runtime struct {
	// Name is how --runtime and scenario.yaml's runtime: spell it.
	Name string
	// Profiles are the profiles it runs (docs/reference.md, Runtimes); init writes the first
	// when --profile is not given.
	Profiles []string
	// Graphs are the extensions of the modules of own graphs it loads
	// ("<module>:<export>"), or their file names (Cargo.toml); none: it
	// loads no own graph.
	Graphs []string
	// ProfileGraphs are the extensions of the own graphs it loads only
	// under one of its Profiles (llmfy's .py flows, which are otherwise
	// langgraph-py's graphs).
	ProfileGraphs []string
	// Start starts it for a run: one process per run.
	Start func(Settings) (*bridge.Bridge, error)
	// Process, when set, starts it instead of Start: a runtime of more
	// than one process (awaken: one program per user's crate).
	Process func(Settings) (*Process, error)
}

// registry holds the runtimes other than the built-in one, sorted by name.
var registry = []Runtime{
	{
		Name:     awaken.Name,
		Profiles: []string{awaken.Profile},
		// a user's crate: "<crate>/Cargo.toml:<plugin>"
		Graphs: []string{awaken.Manifest},
		Process: func(s Settings) (*Process, error) {
			r, err := awaken.StartRuntime(s.Root, awaken.Options{CargoCache: s.CargoCache, Timeout: s.Timeout})
			if err != nil {
				return nil, err
			}
			return &Process{Runtime: r, Versions: r.Versions(), Stop: r.Close, Kill: r.Kill}, nil
		},
	},
	{
		Name:     langgraphjs.Name,
		Profiles: []string{"langgraph", "dawn"},
		Graphs:   []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"},
		Start: func(s Settings) (*bridge.Bridge, error) {
			return langgraphjs.Start(s.Root, langgraphjs.Options{Timeout: s.Timeout})
		},
	},
	{
		Name:     langgraphpy.Name,
		Profiles: []string{langgraphpy.Profile},
		Graphs:   []string{".py"},
		Start: func(s Settings) (*bridge.Bridge, error) {
			return langgraphpy.Start(s.Root, langgraphpy.Options{Python: s.Python, Timeout: s.Timeout})
		},
	},
	{
		Name:          llmfy.Name,
		Profiles:      []string{llmfy.Profile},
		ProfileGraphs: []string{".py"},
		Start: func(s Settings) (*bridge.Bridge, error) {
			return llmfy.Start(s.Root, llmfy.Options{Python: s.Python, Timeout: s.Timeout})
		},
	},
}

// Registry lists the runtimes other than the built-in one, by name.
func Registry() []Runtime {
	return append([]Runtime(nil), registry...)
}

// lookup is the row of the runtime name.
func lookup(name string) (Runtime, bool) {
	for _, r := range registry {
		if r.Name == name {
			return r, true
		}
	}
	return Runtime{}, false
}
