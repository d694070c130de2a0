package pybridge

import (
	"path/filepath"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// Runtime is a Python runtime: what it needs of its interpreter, its
// bridge script and what it accepts. The rest of its Program (python -u on
// the script, beside the shared modules, the scenario's key order) is the
// same for every Python runtime.
type Runtime struct {
	Need
	// Library names the framework in its refusals ("LangGraph Python").
	Library string
	// Script is its bridge.py, embedded.
	Script string
	// Files are its own modules, written beside the script by name.
	Files map[string]string
	// Accept refuses what it does not run (bridge.Program.Accept).
	Accept func(engine.GraphSpec) error
}

// Start finds and checks the interpreter (python: as FindPython takes it)
// and starts the runtime for the suite at root; script "" is r.Script.
func (r Runtime) Start(root, python, script string, timeout time.Duration) (*bridge.Bridge, error) {
	return bridge.Launch(r.Runtime, root, timeout, func(root string, timeout time.Duration) (bridge.Program, error) {
		py, err := FindPython(r.Need, root, python, timeout)
		if err != nil {
			return bridge.Program{}, err
		}
		return r.Program(py, script, root, timeout), nil
	})
}

// Program is the runtime as runtimes/bridge runs it: python on script
// (empty: r.Script), for the suite at root.
func (r Runtime) Program(python, script, root string, timeout time.Duration) bridge.Program {
	if script == "" {
		script = r.Script
	}
	return bridge.Program{
		Name:    r.Runtime,
		Library: r.Library,
		Command: python,
		// -u: unbuffered pipes; -I is not used, so that the suite's
		// own packages stay importable
		Args:    []string{"-u", filepath.Join("{dir}", "bridge.py")},
		Files:   Files(script, r.Files),
		Dir:     root,
		Keys:    writtenOrder,
		Accept:  r.Accept,
		Timeout: timeout,
	}
}

// writtenOrder: a dict json.loads builds keeps the order the scenario
// wrote its keys in, and the Python frameworks apply a node's writes in it.
func writtenOrder(order *engine.KeyOrder, m map[string]any) []string {
	return order.Written(m)
}
