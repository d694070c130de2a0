package htmlreport

import (
	"slices"

	"github.com/stateharness/scenario/internal/jsonv"
)

// A step that ran the scenario's own graph whole (docs/reference.md,
// Whole-graph runs) shows the run superstep by superstep: the nodes that
// ran, what each wrote, the model calls each made, the state change, where
// the graph went next and the interrupts. Like a commit, a superstep keeps
// the paths its state changed, never the whole state.

// MaxSupersteps is how many supersteps a run keeps (a subgraph's inner
// run too); the rest are counted (Step.SuperstepsMore, Task.StepsMore).
// A run that loops to a high recursion limit stays small.
const MaxSupersteps = 200

// Superstep is one superstep of a whole-graph run.
type Superstep struct {
	// Index is its number, from 1 as `Then the steps should be:` numbers
	// them.
	Index int    `json:"n"`
	Tasks []Task `json:"tasks,omitempty"`
	// Since names the state Changes are from: "superstep 2", "the state
	// before the run" (the input is part of the first superstep's
	// change), or "" when there is none (a subgraph's first superstep:
	// every path is new).
	Since string `json:"since,omitempty"`
	// NoState says the runtime gave no state after this superstep: it has
	// no changes, and the next superstep's are from an earlier one.
	NoState bool `json:"noState,omitempty"`
	// Changes are the JSON paths the superstep changed (MaxChanges; More
	// counts the rest), each with the tasks that wrote its field.
	Changes []Change `json:"changes,omitempty"`
	More    int      `json:"more,omitempty"`
	// Thread and Revision name the commit of the state after it, when
	// known.
	Thread   string `json:"thread,omitempty"`
	Revision int    `json:"rev,omitempty"`
	// Next are the nodes the routing chose for the next superstep; none
	// when the run (or the subgraph) ended here.
	Next       []string    `json:"next,omitempty"`
	Interrupts []Interrupt `json:"interrupts,omitempty"`
}

// Task is one node's run within a superstep.
type Task struct {
	Node string `json:"node"`
	ID   string `json:"id,omitempty"`
	// Writes are the task's channel writes, in order, before the
	// reducers merged them.
	Writes     []TaskWrite `json:"writes,omitempty"`
	ModelCalls []ModelCall `json:"calls,omitempty"`
	// Error is the task's failure.
	Error string `json:"error,omitempty"`
	// Steps are a subgraph node's inner supersteps, nested under it
	// (StepsMore counts those left out).
	Steps     []Superstep `json:"steps,omitempty"`
	StepsMore int         `json:"stepsMore,omitempty"`
}

// TaskWrite is one channel write of a task: the state field and the
// value written.
type TaskWrite struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

// ModelCall is one call to a scripted model: the last message it was
// given, its reply and the tool calls the reply asked for.
type ModelCall struct {
	Model     string   `json:"model,omitempty"`
	Input     string   `json:"input,omitempty"`
	Output    string   `json:"output,omitempty"`
	ToolCalls []string `json:"toolCalls,omitempty"`
}

// Interrupt is an interrupt a node raised, with the id a resume answers
// it with and its value.
type Interrupt struct {
	Node  string `json:"node"`
	ID    string `json:"id,omitempty"`
	Value string `json:"value,omitempty"`
}

// Value is a JSON text as the page shows a value: compact canonical JSON
// (so the page's bytes do not depend on how the runtime spaced it), cut
// at MaxValue bytes; a text that is not JSON is cut as it is.
func Value(text string) string {
	if text == "" {
		return ""
	}
	v, err := jsonv.DecodeJSONString(text, jsonv.Source{})
	if err != nil {
		return clip(text)
	}
	return render(v)
}

// SetChanges sets the paths the superstep changed from before to after,
// each with the tasks that wrote its field.
func (s *Superstep) SetChanges(before, after map[string]any) {
	byField := map[string][]string{}
	for _, t := range s.Tasks {
		for _, w := range t.Writes {
			if !slices.Contains(byField[w.Field], t.Node) {
				byField[w.Field] = append(byField[w.Field], t.Node)
			}
		}
	}
	s.Changes, s.More = changes(before, after, byField)
}
