package record

import (
	"fmt"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// A Mismatch is a step whose replayed state is not the recorded one: the
// schema or a reducer is not what the graph has.
type Mismatch struct {
	Name  string
	Line  int    // the run's line of the recorded values
	Step  string // the step, as the feature words it
	Diffs []jsonv.Diff
	// Graph is the graph the steps were replayed on, when the scenario
	// runs on one
	Graph string
}

func (m *Mismatch) Error() string {
	shown, more := jsonv.Shown(m.Diffs)
	var b strings.Builder
	if m.Graph != "" {
		fmt.Fprintf(&b, "%s:%d: replayed on the graph %s, %s gives another state than the run recorded (the run is not one of this graph as it is now: record a run of it, or give the graph the run was streamed from):", m.Name, m.Line, m.Graph, m.Step)
	} else {
		fmt.Fprintf(&b, "%s:%d: replayed, %s gives another state than the run recorded (the schema or a reducer is not what the graph has: give the right one with --schema FILE, or give --graph MODULE:EXPORT, the graph the run is of, to record a scenario that runs on it with its own reducers):", m.Name, m.Line, m.Step)
	}
	for _, d := range shown {
		fmt.Fprintf(&b, "\n  %s: recorded %s, replayed %s", d.Path, jsonv.Render(d.Want, true), jsonv.Render(d.Got, true))
	}
	b.WriteString(more)
	return b.String()
}

// replay runs the scenario's steps on g and compares each state with the
// run's; it returns the states after the input and after each step.
func replay(g *engine.Graph, run *Run, input engine.Checked, graph string) ([]map[string]any, error) {
	const thread = "main"
	if err := g.Invoke(thread, input); err != nil {
		return nil, &LineError{run.Name, run.InputLine, "the input state: " + err.Error()}
	}
	states := []map[string]any{g.State(thread)}
	// only a streamed values chunk is a state to compare with: an input
	// given, or one the run did not stream, is not (the graph's channels
	// add their defaults to it)
	if run.InputLine > 0 {
		if err := compare(run, run.InputLine, "the input state", input.Value.(map[string]any), states[0], graph); err != nil {
			return nil, err
		}
	}
	for _, st := range run.Steps {
		outs := make([]engine.NodeOutput, len(st.Writes))
		for i, w := range st.Writes {
			outs[i] = engine.NodeOutput{Node: w.Node, Output: engine.Checked{Value: w.Output, Order: w.Order}, Command: w.Command}
		}
		what := stepName(st)
		if err := g.Step(thread, outs); err != nil {
			return nil, &LineError{run.Name, st.Writes[0].Line, what + ": " + err.Error()}
		}
		state := g.State(thread)
		states = append(states, state)
		if st.Values != nil {
			if err := compare(run, st.ValuesLine, what, st.Values, state, graph); err != nil {
				return nil, err
			}
		}
	}
	return states, nil
}

func compare(run *Run, line int, step string, recorded, replayed map[string]any, graph string) error {
	if sameState(recorded, replayed) {
		return nil
	}
	return &Mismatch{Name: run.Name, Line: line, Step: step, Diffs: jsonv.Compare(comparable(recorded), comparable(replayed)), Graph: graph}
}

// stepName is how an error names a superstep.
func stepName(st Superstep) string {
	if len(st.Writes) == 1 {
		return fmt.Sprintf("node %q (line %d)", st.Writes[0].Node, st.Writes[0].Line)
	}
	names := make([]string, len(st.Writes))
	for i, w := range st.Writes {
		names[i] = fmt.Sprintf("%q", w.Node)
	}
	return fmt.Sprintf("the step of nodes %s (line %d)", strings.Join(names, ", "), st.Writes[0].Line)
}
