package engine

import "errors"

// builtinName is the built-in engine's name as --runtime spells it.
const builtinName = "builtin"

// Builtin is the built-in engine as a Runtime: Options.Runtimes holding it
// runs the commits on this package's own model of the profile, alone or
// beside another runtime.
func Builtin() Runtime { return builtin{} }

type builtin struct{}

func (builtin) Name() string { return builtinName }

// Open is never called: a graph runs the built-in engine itself, since it
// holds what a GraphSpec cannot carry (reducers registered in Go).
func (builtin) Open(GraphSpec) (Session, error) {
	return nil, errors.New("engine: the built-in runtime is run by the graph itself")
}
