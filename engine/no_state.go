package engine

import (
	"fmt"
)

// NoState is the error for an output or a read on a thread that no run has
// started: a mistake in the scenario, not a rule of the engine, so it has no
// Code. Find it with errors.As.
type NoState struct{ Thread string }

func (e *NoState) Error() string {
	return fmt.Sprintf("thread %q has no state yet: start a run first (Given the input state: ...)", e.Thread)
}

// noStateError returns a *NoState for thread.
func noStateError(thread string) error { return &NoState{Thread: thread} }
