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

// Options configures a Python runtime's Start. The zero value is ready to
// use.
type Options struct {
	// Python is the interpreter; empty means the suite root's
	// .venv/bin/python, else python3 on PATH. A relative path is taken
	// from the suite root.
	Python string
	// Timeout bounds each request; 0 means bridge.DefaultTimeout. A
	// request that takes longer fails, and the bridge is killed and
	// started again for the requests after it.
	Timeout time.Duration
	// Script replaces the embedded bridge.py (tests run misbehaving or
	// altered bridges with it).
	Script string
}

// Start finds and checks the interpreter and starts the runtime for the
// suite at root, returning once the script has imported its libraries.
// Its errors say what to install.
func (r Runtime) Start(root string, opts Options) (*bridge.Bridge, error) {
	return bridge.Launch(r.Runtime, root, opts.Timeout, func(root string, timeout time.Duration) (bridge.Program, error) {
		py, err := FindPython(r.Need, root, opts.Python, timeout)
		if err != nil {
			return bridge.Program{}, err
		}
		return r.Program(py, opts.Script, root, timeout), nil
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
