// Package langgraphjs is the langgraph-js runtime of docs/reference.md, Runtimes: the commits of
// a scenario run as real supersteps of LangGraph JS, in one node process per
// run that this package starts, talks to over stdin and stdout, and stops.
//
//	b, err := langgraphjs.Start(suiteRoot, langgraphjs.Options{})
//	if err != nil { ... } // node missing or too old, packages not installed
//	defer b.Close()
//	g, err := engine.New(schema, engine.Options{Runtimes: []engine.Runtime{b}})
//
// The packages @langchain/langgraph and @langchain/core are resolved from
// the suite root (its node_modules), the versions the user's agent uses,
// never from this package. The JavaScript side is bridge.mjs, embedded in
// the binary; it answers the requests runtimes/bridge documents.
//
// Each commit is stateless on the JavaScript side: the harness owns the
// threads, and the bridge seeds a fresh LangGraph thread with the state
// before the commit, runs the one superstep and reads the state back. A
// scenario's graph is compiled once per set of node names.
//
// A scenario on its own graph (engine.GraphSpec.Graph, "<module>:<export>")
// runs on that compiled StateGraph, imported from the suite root (.ts
// through the suite's tsx) afresh for each session, with the suite's
// modules it imports (outside node_modules), so that nothing they keep at
// module level carries from one scenario to the next; a session's nodes
// keep their own working directory and environment, and read stdin as
// empty. Each commit's graph is a copy of the user's builder, its channels,
// reducers and schemas, with the step's nodes. A scripted node returns its
// output; a real node (engine.NodeOutput.Run) is the user's own, taking
// the state as the graph's invoke() hands it (LangChain messages), and
// what it returned comes back in engine.CommitResult.Returned; one that
// throws is NODE_ERROR. Message ids
// that the graph's reducers generate are the harness's (auto-N). What a
// real node returns, and the state after a step, must be JSON (docs/reference.md, Values):
// anything else is NON_JSON_VALUE at its path.
//
// The process, the protocol and the sessions are runtimes/bridge's; this
// package adds what Node needs: finding node, tsx, and the script.
package langgraphjs

import (
	_ "embed"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/bridge"
)

//go:embed bridge.mjs
var bridgeJS string

// messageJS is the bridge's canonical form of a message, which the
// messages benchmark imports too.
//
//go:embed message.mjs
var messageJS string

// wholegraphJS is the bridge's whole-graph run: the scripted chat models
// and the supersteps.
//
//go:embed wholegraph.mjs
var wholegraphJS string

// Name is the runtime's name as --runtime spells it.
const Name = "langgraph-js"

// DefaultTimeout is how long a request may take before the bridge counts
// as hung.
const DefaultTimeout = bridge.DefaultTimeout

// minNodeMajor is the oldest node the bridge supports.
const minNodeMajor = 20

// Options configures Start. The zero value is ready to use.
type Options struct {
	// Node is the node binary; empty means "node" on PATH.
	Node string
	// Timeout bounds each request; 0 means DefaultTimeout. A request that
	// takes longer fails, and the bridge is killed and started again for
	// the requests after it. Starting the bridge (loading the packages)
	// may take DefaultTimeout even when Timeout is shorter.
	Timeout time.Duration
	// Script replaces the embedded bridge.mjs (tests run misbehaving
	// bridges with it).
	Script string
}

// Bridge is the langgraph-js runtime of a run (an engine.Runtime).
type Bridge = bridge.Bridge

// Start checks node and starts the bridge for the suite at root, returning
// once it has loaded the packages. Its errors say what to install.
func Start(root string, opts Options) (*Bridge, error) {
	return bridge.Launch(Name, root, opts.Timeout, func(root string, timeout time.Duration) (bridge.Program, error) {
		node, err := findNode(opts.Node, timeout)
		if err != nil {
			return bridge.Program{}, err
		}
		return Program(node, opts.Script, root, timeout), nil
	})
}

// Program is the langgraph-js runtime as runtimes/bridge runs it: node on
// script (empty: the embedded bridge.mjs), for the suite at root.
func Program(node, script, root string, timeout time.Duration) bridge.Program {
	if script == "" {
		script = bridgeJS
	}
	return bridge.Program{
		Name:    Name,
		Library: "LangGraph JS",
		Command: node,
		Args:    []string{filepath.Join("{dir}", "bridge.mjs"), root},
		Files:   map[string]string{"bridge.mjs": script, "message.mjs": messageJS, "wholegraph.mjs": wholegraphJS},
		Dir:     root,
		Accept:  accept,
		Routes:  true,
		Timeout: timeout,
	}
}

// accept refuses what LangGraph JS does not run: the profiles of other
// frameworks, and merge declarations, which only the built-in engine
// checks. An own graph is a LangGraph JS graph: its profile is langgraph or
// dawn.
func accept(spec engine.GraphSpec) error {
	ours := spec.Profile == "" || spec.Profile == "langgraph" || spec.Profile == "dawn"
	if spec.Graph != "" {
		if module, _, _ := strings.Cut(spec.Graph, ":"); filepath.Ext(module) == ".py" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the scenario's own graph %q is a Python module, which langgraph-py loads", spec.Graph)}
		}
		if module, _, _ := strings.Cut(spec.Graph, ":"); filepath.Base(module) == "Cargo.toml" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the scenario's own graph %q is an Awaken crate, which the awaken runtime loads", spec.Graph)}
		}
		if !ours {
			return &engine.Error{Code: engine.SchemaInvalid, Path: engine.PathKey(engine.Root, "profile"), Message: fmt.Sprintf("the scenario's own graph %q is a LangGraph JS graph, so its profile is langgraph or dawn, not %s", spec.Graph, spec.Profile)}
		}
		return nil
	}
	if !ours {
		return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the %s profile is modelled only by the built-in engine", spec.Profile)}
	}
	for _, f := range spec.Fields {
		if f.Merge != "" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("field %q declares merge: %s, which only the built-in engine checks", f.Name, f.Merge)}
		}
	}
	return nil
}

// findNode locates node and checks its version.
func findNode(bin string, timeout time.Duration) (string, error) {
	if bin == "" {
		bin = "node"
	}
	path, err := exec.LookPath(bin)
	if err != nil {
		return "", fmt.Errorf("langgraph-js needs node ≥ %d; %s was not found: install Node.js %d or later, or put it on PATH", minNodeMajor, bin, minNodeMajor)
	}
	v, err := bridge.CommandVersion(path, timeout, "--version")
	if err != nil {
		return "", fmt.Errorf("langgraph-js needs node ≥ %d; %s --version failed: %v", minNodeMajor, path, err)
	}
	major, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(v, "v"), ".", 2)[0])
	if err != nil || major < minNodeMajor {
		return "", fmt.Errorf("langgraph-js needs node ≥ %d; found %s", minNodeMajor, v)
	}
	return path, nil
}
