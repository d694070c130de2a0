package report

import (
	"time"

	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/suite"
)

// Run is one run of a suite, as every report reads it.
type Run struct {
	// Root is the suite root; Runtimes run the commits ("builtin",
	// "langgraph-js").
	Root     string
	Runtimes []string
	Start    time.Time
	// Cases are the scenarios that started, in the suite's order.
	Cases []*Case
	// Skips are the skips the runtimes reported, in the order they came
	// (a scenario may be skipped more than once).
	Skips []Skip
	// Alone are the scenarios that, side by side, ran on one runtime
	// alone (docs/reference.md, Runtimes), in the order they came.
	Alone []Alone
}

// Status is a step's outcome as godog names it: "passed", "failed",
// "skipped", "undefined", "pending", "ambiguous"; NotRun ("") for a step
// that never ran.
type Status string

// The statuses of a step.
const (
	NotRun    Status = ""
	Passed    Status = "passed"
	Failed    Status = "failed"
	Skipped   Status = "skipped"
	Undefined Status = "undefined"
	Pending   Status = "pending"
	Ambiguous Status = "ambiguous"
)

// Case is one scenario, or one row of an outline, as it ran.
type Case struct {
	Scenario *suite.Scenario
	// Name is godog's name of the pickle (outline values in it), as
	// godog's JUnit names the testcase.
	Name string
	// Pos is the Scenario keyword's line.
	Pos  Pos
	Tags []string
	// Start is when the case started; End when its last step or its
	// After hooks ended.
	Start, End time.Time
	Steps      []Step
	// Err is the scenario's failure as godog hands its After hooks: the
	// failing step's error, or a hook's (an engine error no step
	// asserted, a runtime that would not close); nil or godog.ErrSkip
	// otherwise.
	Err error
	// Outcome is the case's outcome as the step library decided it
	// (Sink.Done): nil, godog.ErrSkip, or its failure with the failing
	// step's file:line first; Done says whether it came.
	Outcome error
	Done    bool
	// SkippedOn says why a runtime skipped the case ("" when none did).
	SkippedOn string
	// RanAlone names the runtime that ran it alone side by side.
	RanAlone string
	// FinalThread and FinalState are the current thread and its state
	// (canonical JSON, cut at MaxFinalState) after the last step; ""
	// when the case built no state or the run records no steps.
	FinalThread string
	FinalState  string
	// Supersteps are what the case's whole-graph runs did, superstep by
	// superstep, run after run (each step's own are Step.Supersteps);
	// none for a case that runs no whole graph.
	Supersteps []Superstep

	ended bool
	// states are the threads' states after their last commit, to diff
	// the next commit with; thread and last are the current thread and
	// its state after the last step. Dropped when the case ends.
	states map[string]map[string]any
	thread string
	last   map[string]any
}

// Step is one step of a case.
type Step struct {
	// Text is the step's text (outline values in it), without keyword.
	Text string
	// Pos is the step's line (Col 0).
	Pos    Pos
	Status Status
	// Err is what godog had the step end with (nil when it passed).
	Err error
	// Commits are the commits the step made, oldest first, each with the
	// JSON paths it changed; Events the events they recorded (Recording).
	Commits    []htmlreport.Commit
	Events     []htmlreport.Event
	EventsMore int
	// Skip says why a runtime skipped the case at this step.
	Skip string
	// Kept is an engine error the step kept for the next step to assert.
	Kept error
	// Supersteps are the step's whole-graph run, if it ran one; Shown is
	// that run as the HTML page shows it, each superstep with its state
	// change (Recording), ShownMore the supersteps it leaves out.
	Supersteps []Superstep
	Shown      []htmlreport.Superstep
	ShownMore  int
}

// Skip is a case a runtime could not run; Ran says whether the other
// runtime ran it all the same (side by side).
type Skip struct {
	Scenario *suite.Scenario
	Reason   string
	Ran      bool
}

// Alone is a case on its own graph that, side by side, ran on Runtime
// alone: it has no schema for the built-in engine to check.
type Alone struct {
	Scenario *suite.Scenario
	Runtime  string
}
