package report

import (
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/suite"
)

// Sink is what the step library tells a run's reports while scenarios
// run (maybe at once); the run's Collector is one. The step library calls
// nothing else of a report.
type Sink interface {
	// Recording says whether the run wants every step's StepRecord,
	// which costs the step library a look at the graph's trace per step.
	Recording() bool
	// Step takes what one step did (only when Recording).
	Step(StepRecord)
	// Skipped takes a scenario a runtime cannot run, with the reason;
	// ran says whether the other runtime ran it all the same.
	Skipped(sc *suite.Scenario, reason string, ran bool)
	// RanAlone takes a scenario on its own graph that, side by side, ran
	// on the named runtime alone.
	RanAlone(sc *suite.Scenario, runtime string)
	// Done takes a scenario's outcome: nil, godog.ErrSkip, or its
	// failure.
	Done(sc *suite.Scenario, err error)
}

// StepRecord is what one step did, for a report of every step's state
// change (Sink.Step).
type StepRecord struct {
	Scenario *suite.Scenario
	Step     suite.Step
	// Thread is the current thread after the step; Before and After its
	// state before and after (nil when it had none). The maps are the
	// engine's: read them, never modify them.
	Thread        string
	Before, After map[string]any
	// Commits are the commits the step made, oldest first, and Events the
	// events they recorded.
	Commits []engine.Commit
	Events  []engine.Event
	// Supersteps are what the step's whole-graph run did, if it ran one.
	Supersteps []Superstep
	// Skipped says why a runtime skipped the scenario at this step.
	Skipped string
	// Err is what the step failed with; Kept is an engine error it kept for
	// the next step to assert (docs/reference.md, Error codes).
	Err, Kept error
}
