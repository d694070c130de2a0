package bridge

import (
	"time"

	"github.com/stateharness/scenario/engine"
)

// DefaultTimeout is how long a request may take before a program counts
// as hung.
const DefaultTimeout = 30 * time.Second

// Program is what differs from one runtime to the next: the program to
// start and what it accepts. The rest (the process, the protocol, the
// sessions) is the same for every runtime.
type Program struct {
	// Name is the runtime's name as --runtime spells it ("langgraph-js"); it
	// starts the messages about the process.
	Name string
	// Library names the framework in its refusals: "LangGraph JS refused
	// the commit: ...".
	Library string
	// Command is the program to run, a path or a name on PATH.
	Command string
	// Args are its arguments; "{dir}" in one stands for the directory Files
	// are written to.
	Args []string
	// Files are written, by name, to a temporary directory before the
	// program starts (an embedded script), and removed once it is ready.
	Files map[string]string
	// Dir is the program's working directory (the suite root).
	Dir string
	// Env is added to this process's environment.
	Env []string
	// Keys orders the members of an object sent to the program, given the
	// order the scenario wrote them in; nil is JavaScript's property order
	// (engine.KeyOrder.Keys).
	Keys func(order *engine.KeyOrder, m map[string]any) []string
	// Accept refuses, with an *engine.Unsupported, a graph the runtime
	// cannot run (another profile, an own graph it cannot load); nil
	// accepts every graph. A field with a custom Go reducer is refused
	// whatever Accept says.
	Accept func(spec engine.GraphSpec) error
	// Routes says that the program reads Dawn routes (the route request:
	// state.ts and reducers/, TypeScript) and runs a field's reducer from
	// its file (engine.FieldSpec.ReducerFile).
	Routes bool
	// Stateful says that the program's answers may depend on more than
	// the requests (a test's program that reports its process). Otherwise
	// the answer to a commit of a graph built from a schema alone is a
	// function of the graph's spec and the commit's request, and a
	// repeated one is answered from memory (memo).
	Stateful bool
	// Timeout bounds each request; 0 means DefaultTimeout. A request that
	// takes longer fails, and the program is killed and started again for
	// the requests after it.
	Timeout time.Duration
	// StartTimeout bounds a start (loading the libraries may take longer
	// than a short Timeout allows); 0 means the larger of Timeout and
	// DefaultTimeout.
	StartTimeout time.Duration
}
