package steps

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/report"
)

// wholeGraphSteps are the steps of a whole-graph run (docs/reference.md,
// Whole-graph runs): the model's script, the run, and what the run did.
func wholeGraphSteps() []Def {
	return []Def{
		{Pattern: `^the model replies:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			v, err := w.docValue()
			if err != nil {
				return err
			}
			list, ok := v.([]any)
			if !ok {
				return problemf("%s: the model's replies are a list, one element per chat-model call (a string, or an AI message {content, tool_calls, id}); got %s", w.docSource().Pos(0, 0), engine.TypeName(v))
			}
			for i, r := range list {
				switch r.(type) {
				case string, map[string]any:
				default:
					return problemf("%s: reply %d is %s: a reply is a string (the AI message's content) or an object as a LangChain AIMessage takes it", w.docSource().Pos(0, 0), i+1, engine.TypeName(r))
				}
			}
			w.replies = list
			return nil
		}},
		{Pattern: `^the recursion limit is (\d+)$`, run: func(w *world, a ...string) error {
			n, err := strconv.Atoi(a[0])
			if err != nil || n < 1 {
				return problemf("the recursion limit %q is a number of supersteps, at least 1", a[0])
			}
			w.recursionLimit = n
			return nil
		}},
		{Pattern: `^the graph runs with:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			v, err := w.docData()
			if err != nil {
				return err
			}
			return w.runWhole(v)
		}},
		{Pattern: `^the steps should be:$`, Arg: Table, run: func(w *world, _ ...string) error {
			run, err := w.lastRun()
			if err != nil {
				return err
			}
			header, rows := w.tableRows()
			if len(header) != 2 || header[0] != "step" || header[1] != "nodes" {
				return problemf("the steps table has the columns | step | nodes |; got | %s |", strings.Join(header, " | "))
			}
			var want, got []string
			for _, r := range rows {
				n, err := strconv.Atoi(strings.TrimSpace(r[0]))
				if err != nil {
					return problemf("the step %q is not a number", r[0])
				}
				want = append(want, fmt.Sprintf("%d: %s", n, nodeList(strings.Split(r[1], ","))))
			}
			for _, s := range run.Steps {
				got = append(got, fmt.Sprintf("%d: %s", s.Step, nodeList(s.Nodes)))
			}
			for i := 0; i < len(want) || i < len(got); i++ {
				switch {
				case i >= len(got):
					return fmt.Errorf("the run had %d supersteps; the table expects more, from step %s", len(got), want[i])
				case i >= len(want):
					return fmt.Errorf("the run had more supersteps than the table's %d: step %s, then %d more", len(want), got[i], len(got)-i-1)
				case want[i] != got[i]:
					return fmt.Errorf("superstep %d differs: expected %s, the run had %s\nthe run's supersteps:\n    %s", i+1, want[i], got[i], strings.Join(got, "\n    "))
				}
			}
			return nil
		}},
		{Pattern: `^the run should have ended$`, run: func(w *world, _ ...string) error {
			run, err := w.lastRun()
			if err != nil {
				return err
			}
			if len(run.Next) > 0 {
				return fmt.Errorf("the run did not end: its next nodes are %s", strings.Join(run.Next, ", "))
			}
			return nil
		}},
		{Pattern: `^the next nodes should be "([^"]*)"$`, run: func(w *world, a ...string) error {
			run, err := w.lastRun()
			if err != nil {
				return err
			}
			want, got := nodeList(strings.Split(a[0], ",")), nodeList(run.Next)
			if want != got {
				return fmt.Errorf("the next nodes differ: expected %q, the run's next nodes are %q", want, got)
			}
			return nil
		}},
		{Pattern: `^node "([^"]*)" should have run (\d+) times$`, run: func(w *world, a ...string) error {
			run, err := w.lastRun()
			if err != nil {
				return err
			}
			name := a[0]
			want, _ := strconv.Atoi(a[1])
			if nodes := w.graph.GraphNodes(); nodes != nil && !slices.Contains(nodes, name) {
				return problemf("node %q is not a node of the graph (its nodes: %s)", name, strings.Join(nodes, ", "))
			}
			var in []string
			for _, s := range run.Steps {
				if slices.Contains(s.Nodes, name) {
					in = append(in, strconv.Itoa(s.Step))
				}
			}
			if len(in) != want {
				where := "in no superstep"
				if len(in) > 0 {
					where = "in supersteps " + strings.Join(in, ", ")
				}
				return fmt.Errorf("node %q ran %d times, expected %d: it ran %s", name, len(in), want, where)
			}
			return nil
		}},
		{Pattern: `^the state after step (\d+) should contain:$`, Arg: DocString, run: func(w *world, a ...string) error {
			run, err := w.lastRun()
			if err != nil {
				return err
			}
			n, _ := strconv.Atoi(a[0])
			if n < 1 || n > len(run.Steps) {
				return problemf("the run had %d supersteps, numbered from 1: there is no step %d", len(run.Steps), n)
			}
			st := run.Steps[n-1]
			if st.State == nil {
				return problemf("the runtime gave no state after superstep %d", n)
			}
			want, err := w.docValue()
			if err != nil {
				return asProblem(err)
			}
			if err := contains(mapValue(st.State), want); err != nil {
				return fmt.Errorf("after superstep %d (%s): %w", n, nodeList(st.Nodes), err)
			}
			return nil
		}},
		{Pattern: `^the model should have been called (\d+) times$`, run: func(w *world, a ...string) error {
			if _, err := w.lastRun(); err != nil {
				return err
			}
			want, _ := strconv.Atoi(a[0])
			calls := w.graph.ModelCalls()
			if len(calls) != want {
				var made []string
				for _, c := range calls {
					made = append(made, fmt.Sprintf("superstep %d, node %q (reply %d)", c.Step, c.Node, c.Reply))
				}
				return fmt.Errorf("the model was called %d times, expected %d; the calls: %s", len(calls), want, cmp.Or(strings.Join(made, "; "), "none"))
			}
			return nil
		}},
	}
}

// nodeList is a superstep's nodes as a table cell writes them: trimmed,
// in name order, comma-separated.
func nodeList(nodes []string) string {
	out := make([]string, 0, len(nodes))
	for _, n := range nodes {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// runWhole runs the scenario's own graph whole from input on the thread.
func (w *world) runWhole(input engine.Checked) error {
	if err := w.ensureGraph(); err != nil {
		return err
	}
	if !w.repliesSet {
		w.graph.SetModelReplies(w.replies)
		w.repliesSet = true
	}
	run, err := w.graph.RunGraph(w.thread, input, w.recursionLimit)
	if err != nil {
		return err
	}
	w.ranWhole = w.supersteps(run)
	return nil
}

// supersteps is a whole-graph run as the reports read it: each
// superstep's nodes and their model calls (the script's reply), where
// the graph went next, and the state after the last.
func (w *world) supersteps(run *engine.GraphRunResult) []report.Superstep {
	out := make([]report.Superstep, len(run.Steps))
	for i, st := range run.Steps {
		s := report.Superstep{Index: st.Step}
		for _, n := range st.Nodes {
			t := report.Task{Node: n}
			for _, c := range run.Calls {
				if c.Step != st.Step || c.Node != n {
					continue
				}
				mc := report.ModelCall{Model: "scripted"}
				if c.Reply >= 1 && c.Reply <= len(w.replies) {
					if b, err := jsonv.Encode(w.replies[c.Reply-1]); err == nil {
						mc.Output = string(b)
					}
				}
				t.ModelCalls = append(t.ModelCalls, mc)
			}
			s.Tasks = append(s.Tasks, t)
		}
		if i+1 < len(run.Steps) {
			s.Next = slices.Clone(run.Steps[i+1].Nodes)
		} else {
			s.Next = slices.Clone(run.Next)
			s.Thread, s.Revision = w.thread, w.graph.Revision(w.thread)
			if b, err := jsonv.Encode(run.Values); err == nil {
				s.StateAfter = string(b)
			}
		}
		out[i] = s
	}
	return out
}

// lastRun is the scenario's last whole-graph run.
func (w *world) lastRun() (*engine.GraphRunResult, error) {
	if w.graph == nil || w.graph.LastRun() == nil {
		return nil, problemf("the graph has not run whole: add When the graph runs with: before this step")
	}
	return w.graph.LastRun(), nil
}
