// Package llmfy is the llmfy runtime of docs/reference.md, Runtimes: the commits of a
// scenario run on llmfy's own FlowEngine, in one python process per run
// that this package starts, talks to over stdin and stdout, and stops.
//
//	b, err := llmfy.Start(suiteRoot, llmfy.Options{})
//	if err != nil { ... } // Python missing or too old, llmfy not installed
//	defer b.Close()
//	g, err := engine.New(schema, engine.Options{Runtimes: []engine.Runtime{b}})
//
// llmfy is the suite's Python's: Options.Python (scenario.yaml's python:),
// else the .venv at the suite root, else python3 on PATH. The Python side
// is bridge.py, embedded in the binary, on the protocol and reducers of
// runtimes/pybridge; its docstring documents how each commit runs.
//
// Each commit is stateless on the Python side: the harness owns the
// threads; the bridge runs a real FlowEngine.invoke whose nodes return
// their scripted outputs, seeded with the state before the commit (an
// input on a thread with state resumes a session of llmfy's
// InMemoryCheckpointer, so llmfy itself merges it through the reducers),
// and answers with the state llmfy returns.
//
// It runs the llmfy profile alone, on schemas of the docs/reference.md, Reducers reducers but
// messages (llmfy has no messages reducer), without merge declarations.
//
// A scenario's own flow ("<module>.py:<flow>", a FlowEngine) is loaded
// afresh for each scenario (scenario_flow.py): its commits run on an engine
// over the flow's own state class, so through its own reducers, with its
// real nodes; a whole run is the flow's own invoke, its models answering
// from the scenario's script (scenario_wholeflow.py).
package llmfy

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/bridge"
	"github.com/stateharness/scenario/runtimes/pybridge"
)

//go:embed bridge.py
var bridgePy string

//go:embed scenario_flow.py
var flowPy string

//go:embed scenario_wholeflow.py
var wholeFlowPy string

// Name is the runtime's name as --runtime spells it.
const Name = "llmfy"

// Profile is the one profile it runs.
const Profile = "llmfy"

// install is the command that makes a suite's Python able to run the
// bridge: llmfy needs Python ≥ 3.11 and pydantic.
const install = "python3 -m venv .venv && .venv/bin/pip install llmfy"

// Options configures Start. The zero value is ready to use.
type Options = pybridge.Options

// Bridge is the llmfy runtime of a run (an engine.Runtime).
type Bridge = bridge.Bridge

// Start finds Python and starts the bridge for the suite at root,
// returning once it has imported llmfy. Its errors say what to install.
func Start(root string, opts Options) (*Bridge, error) {
	return pyRuntime.Start(root, opts)
}

// Program is the llmfy runtime as runtimes/bridge runs it: python on
// script (empty: the embedded bridge.py), for the suite at root.
func Program(python, script, root string, timeout time.Duration) bridge.Program {
	return pyRuntime.Program(python, script, root, timeout)
}

// pyRuntime is llmfy on the Python side runtimes/pybridge shares: llmfy
// needs Python ≥ 3.11.
var pyRuntime = pybridge.Runtime{
	Need:    pybridge.Need{Runtime: Name, Python: [2]int{3, 11}, Install: install},
	Library: "llmfy",
	Script:  bridgePy,
	Files:   map[string]string{"scenario_flow.py": flowPy, "scenario_wholeflow.py": wholeFlowPy},
	Accept:  accept,
}

// FindPython is the interpreter the bridge runs on, checked to be Python ≥
// 3.11: bin when given (relative to root), else root's .venv, else python3
// on PATH.
func FindPython(root, bin string, timeout time.Duration) (string, error) {
	return pybridge.FindPython(pyRuntime.Need, root, bin, timeout)
}

// accept refuses what this runtime does not run: other profiles, own
// graphs that are not Python modules, the messages reducer (LangGraph's,
// which llmfy has not) and merge declarations (which only the built-in
// engine checks). An own graph is the user's llmfy flow, a FlowEngine of
// a .py module, under the llmfy profile (a .py graph is langgraph-py's
// unless the scenario chooses llmfy).
func accept(spec engine.GraphSpec) error {
	if spec.Graph != "" {
		module, _, _ := strings.Cut(spec.Graph, ":")
		if filepath.Ext(module) != ".py" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the scenario's own graph %q is not a Python module (.py)", spec.Graph)}
		}
		if spec.Profile != Profile {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the scenario's own graph %q runs under the %s profile; an llmfy flow needs Given the \"llmfy\" profile", spec.Graph, orLanggraph(spec.Profile))}
		}
	}
	if spec.Profile != Profile {
		return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the %s profile is not llmfy's", orLanggraph(spec.Profile))}
	}
	for _, f := range spec.Fields {
		if f.Merge != "" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("field %q declares merge: %s, which only the built-in engine checks", f.Name, f.Merge)}
		}
		if f.Reducer == "messages" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("field %q has the messages reducer, LangGraph's, which llmfy has not (only the built-in engine models it under this profile)", f.Name)}
		}
	}
	return nil
}

// orLanggraph names the profile of a scenario that names none.
func orLanggraph(p string) string {
	if p == "" {
		return "langgraph"
	}
	return p
}
