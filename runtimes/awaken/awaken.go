// Package awaken is the awaken runtime of docs/reference.md, Runtimes: the commits of a
// scenario applied by Awaken's own StateStore (awaken-runtime 0.6.0), in a
// small Rust program that this package builds with the user's cargo on
// first use, keeps in a cache by its source's hash, starts once per run,
// talks to over stdin and stdout, and stops.
//
//	b, err := awaken.Start(suiteRoot, awaken.Options{})
//	if err != nil { ... } // cargo missing, or the build failed: what to do
//	defer b.Close()
//	g, err := engine.New(schema, engine.Options{Runtimes: []engine.Runtime{b}})
//
// The program's source (bridge/: Cargo.toml with the Awaken crates at
// =0.6.0, Cargo.lock, src/main.rs, whose doc comment says how a commit is
// applied) is embedded in the binary. Build writes it under the cache
// (Options.CargoCache, else the user's cache directory's scenario/awaken)
// and runs cargo build --locked there, with one target directory for every
// version of the source, so that a changed source builds warm; the binary
// is renamed into <cache>/<hash>/ once whole, so concurrent runs and test
// packages never start half a binary.
//
// Awaken's state keys are Rust types: the schema's fields are mapped, by
// name, onto a fixed pool of JSON-valued key types, exclusive and
// commutative, registered by a plugin with each field's scope. A step is one
// StateCommand per node, merged as the phase engine's collect_commands
// merges them (merge_all_commands) and committed; a run's input is the
// run's seed (apply_seed) on a fresh store holding the thread-scoped keys
// (restore_thread_scoped). It runs the awaken profile alone.
//
// A scenario on the user's own crate (Given the graph from
// "<crate>/Cargo.toml:<plugin>") runs on a second program, built with that
// crate as a path dependency and cached by the hash of both sources
// (crate.go): its fields are the crate's own StateKey types, by KEY, with
// the crate's apply, MERGE and scope. Runtime holds the programs of a run.
//
// The process, the protocol and the sessions are runtimes/bridge's; this
// package adds what Rust needs: building the program, and the program.
package awaken

import (
	"fmt"
	"io"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// Name is the runtime's name as --runtime spells it.
const Name = "awaken"

// Profile is the one profile it runs.
const Profile = "awaken"

// Slots is how many keys of each merge the program's pool has: the most
// fields a schema may have, with the unknown keys of a commit.
const Slots = 64

// Options configures Start. The zero value is ready to use.
type Options struct {
	// CargoCache is where the program is built and kept; empty means the
	// user's cache directory's scenario/awaken.
	CargoCache string
	// Cargo is the cargo to build with; empty means cargo on PATH.
	Cargo string
	// Timeout bounds each request; 0 means bridge.DefaultTimeout.
	Timeout time.Duration
	// Progress hears that a build starts (minutes, once); nil means
	// standard error, where a run would otherwise look hung.
	Progress io.Writer
}

// Bridge is the awaken program of a run.
type Bridge = bridge.Bridge

// Start builds the program when the cache does not hold it yet (minutes,
// once: see Build) and starts it for the suite at root.
func Start(root string, opts Options) (*Bridge, error) {
	return bridge.Launch(Name, root, opts.Timeout, func(root string, timeout time.Duration) (bridge.Program, error) {
		bin, err := Build(opts.CargoCache, opts.Cargo, progressOr(opts.Progress))
		if err != nil {
			return bridge.Program{}, err
		}
		return Program(bin, root, timeout), nil
	})
}

// Program is the awaken runtime as runtimes/bridge runs it: the built
// program bin, for the suite at root.
func Program(bin, root string, timeout time.Duration) bridge.Program {
	return bridge.Program{
		Name:    Name,
		Library: "Awaken",
		Command: bin,
		Dir:     root,
		Keys:    writtenOrder,
		Accept:  accept,
		Timeout: timeout,
	}
}

// writtenOrder: a plugin's code writes its keys in the order it was
// written, and the program reads a node's writes in that order.
func writtenOrder(order *engine.KeyOrder, m map[string]any) []string {
	return order.Written(m)
}

// accept refuses what this runtime does not run: other profiles, own
// graphs, the messages reducer (Awaken has none, and the program does not
// carry LangChain's coercion), a declared commutative merge on a reducer
// whose result depends on the order of its writes (Awaken concatenates such
// writes in merge order, and only the built-in engine checks rule 4's
// ORDER_DEPENDENT_MERGE), and more fields than the pool has keys.
func accept(spec engine.GraphSpec) error {
	unsupported := func(format string, args ...any) error {
		return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf(format, args...)}
	}
	if spec.Graph != "" && !IsCrateRef(spec.Graph) {
		return unsupported("the scenario's own graph %q is not an Awaken crate (\"<crate>/Cargo.toml:<plugin>\")", spec.Graph)
	}
	if spec.Profile != Profile {
		p := spec.Profile
		if p == "" {
			p = engine.DefaultProfile
		}
		return unsupported("the %s profile is not Awaken's (awaken)", p)
	}
	if len(spec.Fields) > Slots {
		return unsupported("the schema has %d fields, and the awaken program's pool has %d keys", len(spec.Fields), Slots)
	}
	for _, f := range spec.Fields {
		switch {
		case f.Reducer == "messages":
			return unsupported("field %q has the messages reducer, which Awaken has no counterpart of", f.Name)
		case f.Merge == engine.Commutative && f.Reducer != "sum":
			return unsupported("field %q is declared commutative with the reducer %s, whose result depends on the order of the writes: only the built-in engine checks that (ORDER_DEPENDENT_MERGE)", f.Name, f.Reducer)
		}
	}
	return nil
}
