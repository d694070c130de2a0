// Package report is the one model of a run that every report writes from:
// a Run of Cases (a scenario, or one row of an outline), each with its
// Steps, their statuses, failures with structured positions (Pos) and what
// each step changed.
//
// One Collector builds the model while godog runs: godog's hooks give it
// each scenario and the status of each step (Collector.Before, AfterStep,
// After), and the step library tells it the rest through one Sink (what a
// step committed, a runtime's skip, a scenario that ran on one runtime
// alone, a scenario's outcome). The writers read the model (Collector.Run)
// once the run is over: CI.Write the JUnit and GitHub reports (docs/reference.md, CLI),
// WriteHTML the page of internal/htmlreport; the run's closing summary
// (godog's pretty and progress) reads which cases a runtime skipped, and
// the run's skip, alone and go test tallies read the model too. No writer
// reads a position back out of a message: a failure the step library made
// carries its own (Located).
//
// Whole-graph runs will add, per case, supersteps with their tasks, writes,
// model calls, routing and interrupts (Superstep); the model has room for
// them so that each report can show them without a collector of its own.
package report
