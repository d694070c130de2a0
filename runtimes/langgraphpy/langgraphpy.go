// Package langgraphpy is the langgraph-py runtime of docs/reference.md, Runtimes: the commits of
// a scenario run as real supersteps of LangGraph Python, in one python
// process per run that this package starts, talks to over stdin and
// stdout, and stops.
//
//	b, err := langgraphpy.Start(suiteRoot, langgraphpy.Options{})
//	if err != nil { ... } // Python missing or too old, packages not installed
//	defer b.Close()
//	g, err := engine.New(schema, engine.Options{Runtimes: []engine.Runtime{b}})
//
// The packages langgraph and langchain-core are those of the suite's
// Python: Options.Python (scenario.yaml's python:), else the .venv at the
// suite root, else python3 on PATH; the versions the user's agent uses,
// never this package's. The Python side is bridge.py, embedded in the
// binary; it answers the requests runtimes/bridge documents.
//
// Each commit is stateless on the Python side: the harness owns the
// threads, and the bridge seeds a fresh thread of an InMemorySaver with the
// state before the commit, runs the one superstep (START fans out to the
// step's nodes, each returning its scripted output) and reads the state
// back. The state is a TypedDict with one channel per field, mapped as the
// langgraph-py profile maps a schema. Message ids that add_messages
// generates are the harness's (auto-N). LangGraph Python names an error's
// code only in its message's troubleshooting URL: the code is read from
// there.
//
// It runs the langgraph-py profile alone. A scenario on its own graph
// (engine.GraphSpec.Graph, "<module>.py:<attribute>") runs on that compiled
// StateGraph, imported with the suite root on sys.path: each commit's graph
// is a StateGraph of its schemas, so its channels and reducers, with the
// step's nodes; a real node (engine.NodeOutput.Run) is the graph's own, and
// one that raises is NODE_ERROR. Each session executes the graph's module
// afresh, with the suite's own modules it imports, so that module-level
// state (a fake chat model's scripted answers) starts over in each
// scenario; what a node does to the process's working directory and
// environment is undone after its commit, and stdin is /dev/null.
//
// A whole-graph run (the run request, engine.GraphRunner) runs the own
// graph end to end on a checkpointer of the bridge's, every LangChain chat
// model, scripted node and scripted tool answering from the scenario's
// scripts (wholegraph.py, embedded beside bridge.py).
//
// The process, the protocol and the sessions are runtimes/bridge's, finding
// the interpreter and the Python side's protocol and reducers
// runtimes/pybridge's; this package adds the script and scenario_langgraph.py,
// LangGraph's side of a commit, which the bench's judge of supersteps shares.
package langgraphpy

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

// langgraphPy is what bridge.py shares with the bench's judge of
// supersteps (bench/steps/diff/langgraph_python.py).
//
//go:embed scenario_langgraph.py
var langgraphPy string

// wholegraphPy is the scripts of a whole-graph run (the run request).
//
//go:embed wholegraph.py
var wholegraphPy string

// Name is the runtime's name as --runtime spells it.
const Name = "langgraph-py"

// Profile is the one profile it runs.
const Profile = "langgraph-py"

// DefaultTimeout is how long a request may take before the bridge counts
// as hung.
const DefaultTimeout = bridge.DefaultTimeout

// minPython is the oldest Python the bridge supports (3.10).
var minPython = [2]int{3, 10}

// install is the command that makes a suite's Python able to run the
// bridge.
const install = "python3 -m venv .venv && .venv/bin/pip install langgraph langchain-core"

// Options configures Start. The zero value is ready to use.
type Options = pybridge.Options

// Bridge is the langgraph-py runtime of a run (an engine.Runtime).
type Bridge = bridge.Bridge

// Start finds and checks Python and starts the bridge for the suite at
// root, returning once it has imported the packages. Its errors say what
// to install.
func Start(root string, opts Options) (*Bridge, error) {
	return pyRuntime.Start(root, opts)
}

// Program is the langgraph-py runtime as runtimes/bridge runs it: python
// on script (empty: the embedded bridge.py), for the suite at root.
func Program(python, script, root string, timeout time.Duration) bridge.Program {
	return pyRuntime.Program(python, script, root, timeout)
}

// pyRuntime is langgraph-py on the Python side runtimes/pybridge shares.
var pyRuntime = pybridge.Runtime{
	Need:    pybridge.Need{Runtime: Name, Python: minPython, Install: install},
	Library: "LangGraph Python",
	Script:  bridgePy,
	Files:   map[string]string{"scenario_langgraph.py": langgraphPy, "wholegraph.py": wholegraphPy},
	Accept:  accept,
}

// accept refuses what this runtime does not run: other profiles, merge
// declarations (which only the built-in engine checks), and own graphs
// that are not Python modules. An own graph is a LangGraph Python graph:
// its profile is langgraph-py.
func accept(spec engine.GraphSpec) error {
	if spec.Graph != "" {
		if module, _, _ := strings.Cut(spec.Graph, ":"); filepath.Ext(module) != ".py" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the scenario's own graph %q is not a Python module (.py)", spec.Graph)}
		}
		if spec.Profile == "llmfy" {
			// a Python module under llmfy's profile is an llmfy flow, which
			// the llmfy runtime loads
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the scenario's own graph %q is an llmfy flow (the llmfy profile): run it with --runtime llmfy", spec.Graph)}
		}
		if spec.Profile != Profile {
			return &engine.Error{Code: engine.SchemaInvalid, Path: engine.PathKey(engine.Root, "profile"), Message: fmt.Sprintf("the scenario's own graph %q is a LangGraph Python graph, so its profile is langgraph-py, not %s", spec.Graph, orLanggraph(spec.Profile))}
		}
		return nil
	}
	if spec.Profile != Profile {
		return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("the %s profile is not LangGraph Python's (langgraph-py)", orLanggraph(spec.Profile))}
	}
	for _, f := range spec.Fields {
		if f.Merge != "" {
			return &engine.Unsupported{Runtime: Name, Reason: fmt.Sprintf("field %q declares merge: %s, which only the built-in engine checks", f.Name, f.Merge)}
		}
	}
	return nil
}

// orLanggraph names the profile a scenario that names none has.
func orLanggraph(p string) string {
	if p == "" {
		return "langgraph"
	}
	return p
}

// FindPython is the interpreter the bridge runs on, checked to be Python ≥
// 3.10: bin when given (relative to root), else root's .venv, else python3
// on PATH.
func FindPython(root, bin string, timeout time.Duration) (string, error) {
	return pybridge.FindPython(pyRuntime.Need, root, bin, timeout)
}
