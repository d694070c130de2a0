// Package pybridge holds what the Python runtimes (runtimes/langgraphpy,
// runtimes/llmfy) share on their Python side: scenario_protocol.py, the
// protocol of runtimes/bridge (the ready or fatal line, one request and one
// answer a line, stdout for answers alone, the JSON-value check), and
// scenario_reducers.py, the reducers of docs/reference.md, Reducers as Python functions, and
// scenario_messages.py, a langchain-core message as the harness writes it
// (which the langgraph-py checks in engine/ and bench/ import too), and
// scenario_modules.py, the suite's own modules (a scenario's own graph or
// flow) loaded afresh for each scenario, with the process put back, and
// scenario_forkserver.py, with which the processes of a pool fork from the
// first one's import of the libraries instead of importing them again. Each
// bridge script imports them from the directory it is written to
// (bridge.Program.Files), before its own libraries. On the Go side, a
// [Runtime] is a Python runtime's Program and start, and [FindPython] its
// interpreter.
package pybridge

import (
	_ "embed"
	"maps"
)

//go:embed scenario_protocol.py
var protocolPy string

//go:embed scenario_reducers.py
var reducersPy string

//go:embed scenario_messages.py
var messagesPy string

//go:embed scenario_modules.py
var modulesPy string

//go:embed scenario_forkserver.py
var forkserverPy string

// Files are the shared modules by file name, with the bridge script
// (named bridge.py) and a runtime's own modules added: a Program's Files.
func Files(script string, own ...map[string]string) map[string]string {
	files := map[string]string{
		"bridge.py":              script,
		"scenario_protocol.py":   protocolPy,
		"scenario_reducers.py":   reducersPy,
		"scenario_messages.py":   messagesPy,
		"scenario_modules.py":    modulesPy,
		"scenario_forkserver.py": forkserverPy,
	}
	for _, m := range own {
		maps.Copy(files, m)
	}
	return files
}
