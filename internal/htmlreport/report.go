// Package htmlreport writes the report of `--format html:FILE` (docs/reference.md, CLI):
// one self-contained, offline HTML page with the run's summary, every
// scenario grouped by feature, each step with its status and, for each
// commit it made, the JSON paths it changed before → after; a step that
// ran the graph whole shows its supersteps.
//
// The page holds its data as one JSON document and renders a scenario's
// steps only when it is opened, so a suite of thousands of scenarios opens
// at once. Steps carry diffs, never whole states: the file grows with what
// changed, not with state size × steps. Only each scenario's final state is
// kept whole, shown on demand.
//
// A Report is built from the run's model (internal/report, which collects
// godog's step statuses and the step library's records); Write renders
// it, WriteFile writes it atomically.
package htmlreport

import (
	"encoding/json"
	"time"
)

// Status is a scenario's or a step's outcome, as a word a reader sees
// without colour: godog's step statuses ("passed", "failed", "skipped",
// "undefined", "pending", "ambiguous"); a scenario is "passed", "failed"
// or "skipped".
type Status string

// The statuses a scenario takes.
const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Skipped Status = "skipped"
)

// Report is one run.
type Report struct {
	Title    string        `json:"title"`
	Started  time.Time     `json:"started"`
	Duration time.Duration `json:"-"`
	// DurationMS is Duration in milliseconds, for the page.
	DurationMS int64 `json:"durationMs"`
	// Runtimes run the commits ("builtin", "langgraph-js").
	Runtimes []string `json:"runtimes"`
	// Features are in path order, each with its scenarios in line order.
	Features []Feature `json:"features"`
	// Notes are run-wide remarks (warnings, skip reasons), shown under the
	// summary.
	Notes []string `json:"notes,omitempty"`
}

// Feature is one feature file.
type Feature struct {
	Path      string     `json:"path"` // suite-relative, "features/chat.feature"
	Name      string     `json:"name"`
	Scenarios []Scenario `json:"scenarios"`
}

// Scenario is one scenario, or one row of an outline.
type Scenario struct {
	Name string `json:"name"`
	Line int    `json:"line"`
	Row  int    `json:"row,omitempty"` // 1-based outline example row
	// Key is the scenario's anchor in the page: "features/chat.feature:12",
	// with ":ROW" for an outline row.
	Key        string   `json:"key"`
	Tags       []string `json:"tags,omitempty"`
	Status     Status   `json:"status"`
	DurationMS float64  `json:"ms"`
	Steps      []Step   `json:"steps"`
	// Failure is a failure of the scenario that no step carries (an
	// engine error no step asserted).
	Failure *Failure `json:"failure,omitempty"`
	// FinalThread and FinalState are the current thread and its state
	// (indented JSON) after the last step; FinalState is "" when the
	// scenario built no state.
	FinalThread string `json:"finalThread,omitempty"`
	FinalState  string `json:"finalState,omitempty"`
}

// Step is one step of a scenario.
type Step struct {
	Text   string `json:"text"`
	Line   int    `json:"line"`
	Status Status `json:"status"`
	// Commits are the commits the step made, oldest first.
	Commits []Commit `json:"commits,omitempty"`
	// Failure is what the step failed with.
	Failure *Failure `json:"failure,omitempty"`
	// Kept is an engine error the step kept for the next step to assert.
	Kept *Failure `json:"kept,omitempty"`
	// Events are the events the step's commits recorded, in order
	// (MaxEvents); EventsMore counts those left out.
	Events     []Event `json:"events,omitempty"`
	EventsMore int     `json:"eventsMore,omitempty"`
	// Skip says why a runtime skipped the scenario at this step.
	Skip string `json:"skip,omitempty"`
	// Supersteps are the step's whole-graph run, superstep by superstep
	// (MaxSupersteps; SuperstepsMore counts the rest).
	Supersteps     []Superstep `json:"supersteps,omitempty"`
	SuperstepsMore int         `json:"superstepsMore,omitempty"`
}

// Event is one event a stream would have carried (updates, values,
// tool_result, plan_update). Its data is kept once: a values event's data
// is the whole state after one of the step's commits, which that commit's
// changes already show, so it names the commit (Commit) instead of
// repeating the state; any other event keeps its data as JSON (Data), or,
// past MaxValue bytes, the start of it as text (Clipped).
type Event struct {
	Type string `json:"type"`
	// Data is the event's data, compact JSON.
	Data json.RawMessage `json:"data,omitempty"`
	// Clipped is the data's JSON cut at MaxValue bytes, with its size.
	Clipped string `json:"clipped,omitempty"`
	// Commit is, for a values event, the 1-based index of the step's
	// commit whose state the event carries; 0 for other events.
	Commit int `json:"commit,omitempty"`
}

// Commit is one commit and what it changed.
type Commit struct {
	Thread   string `json:"thread"`
	Revision int    `json:"rev"`
	Source   string `json:"source"` // "input", "node", "step" or "tool"
	// Writers are the nodes or tools that wrote in the commit, in order.
	Writers []string `json:"writers,omitempty"`
	Changes []Change `json:"changes,omitempty"`
	// More counts the changes left out (MaxChanges).
	More    int      `json:"more,omitempty"`
	Dropped []string `json:"dropped,omitempty"`
	Goto    []string `json:"goto,omitempty"`
}

// Op says how a JSON path changed.
type Op string

// The changes of a path.
const (
	Added   Op = "added"
	Removed Op = "removed"
	Changed Op = "changed"
)

// Change is one JSON path a commit changed. Before and After are compact
// JSON, empty when the path was absent on that side.
type Change struct {
	Op     Op     `json:"op"`
	Path   string `json:"path"`
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
	// By names who wrote the path's top-level field in the commit.
	By []string `json:"by,omitempty"`
}

// Failure is an error as the page shows it.
type Failure struct {
	Message string `json:"message"`
	// Code is the engine error's code (READONLY_WRITE), if any.
	Code   string  `json:"code,omitempty"`
	Golden *Golden `json:"golden,omitempty"`
}

// Golden is a golden-file failure read from its message.
type Golden struct {
	File    string       `json:"file"`
	Missing bool         `json:"missing,omitempty"`
	Diffs   []GoldenDiff `json:"diffs,omitempty"`
	// More is the "... and N more differing paths" line, if any.
	More   string `json:"more,omitempty"`
	Accept string `json:"accept,omitempty"`
}

// GoldenDiff is one path where the golden file and the value differ.
type GoldenDiff struct {
	Path string `json:"path"`
	Want string `json:"want"`
	Got  string `json:"got"`
}

// Counts returns how many scenarios passed, failed and were skipped.
func (r *Report) Counts() (passed, failed, skipped int) {
	for _, f := range r.Features {
		for _, s := range f.Scenarios {
			switch s.Status {
			case Passed:
				passed++
			case Failed:
				failed++
			default:
				skipped++
			}
		}
	}
	return
}
