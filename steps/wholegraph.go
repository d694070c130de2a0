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
			list, order, err := w.replyList()
			if err != nil {
				return err
			}
			w.scripted = append(w.scripted, func(g *engine.Graph) { g.AddModelReplies(list, order) })
			return nil
		}},
		{Pattern: `^the model replies to node "([^"]*)":$`, Arg: DocString, run: func(w *world, a ...string) error {
			list, order, err := w.replyList()
			if err != nil {
				return err
			}
			w.scripted = append(w.scripted, func(g *engine.Graph) { g.AddNodeReplies(a[0], list, order) })
			return nil
		}},
		{Pattern: `^node "([^"]*)" returns, in turn:$`, Arg: DocString, run: func(w *world, a ...string) error {
			c, err := w.docData()
			if err != nil {
				return err
			}
			v := c.Value
			list, ok := v.([]any)
			if !ok {
				return problemf("%s: node %q's outputs are a list, one element per visit of the node, each what the node returns (an object of fields); got %s", w.docSource().Pos(0, 0), a[0], engine.TypeName(v))
			}
			for i, o := range list {
				if _, ok := o.(map[string]any); !ok {
					return problemf("%s: output %d of node %q is %s: a node returns an object of the fields it writes", w.docSource().Pos(0, 0), i+1, a[0], engine.TypeName(o))
				}
			}
			w.scripted = append(w.scripted, func(g *engine.Graph) { g.AddNodeReturns(a[0], list, c.Order) })
			return nil
		}},
		{Pattern: `^tool "([^"]*)" answers:$`, Arg: DocString, run: func(w *world, a ...string) error {
			c, err := w.docData()
			if err != nil {
				return err
			}
			v := c.Value
			w.scripted = append(w.scripted, func(g *engine.Graph) { g.SetToolAnswers(a[0], []any{v}, false, c.Order) })
			return nil
		}},
		{Pattern: `^tool "([^"]*)" answers, in turn:$`, Arg: DocString, run: func(w *world, a ...string) error {
			c, err := w.docData()
			if err != nil {
				return err
			}
			v := c.Value
			list, ok := v.([]any)
			if !ok {
				return problemf("%s: tool %q's answers, in turn, are a list, one element per call; got %s (for one answer to every call, write Given tool %q answers:)", w.docSource().Pos(0, 0), a[0], engine.TypeName(v), a[0])
			}
			w.scripted = append(w.scripted, func(g *engine.Graph) { g.SetToolAnswers(a[0], list, true, c.Order) })
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
			return w.runWhole(engine.GraphRun{Input: &v})
		}},
		{Pattern: `^the graph runs on thread "([^"]*)" with:$`, Arg: DocString, run: func(w *world, a ...string) error {
			w.thread = a[0]
			v, err := w.docData()
			if err != nil {
				return err
			}
			return w.runWhole(engine.GraphRun{Input: &v})
		}},
		{Pattern: `^the graph runs with no input$`, run: func(w *world, _ ...string) error {
			return w.runWhole(engine.GraphRun{})
		}},
		{Pattern: `^the graph runs on thread "([^"]*)" with no input$`, run: func(w *world, a ...string) error {
			w.thread = a[0]
			return w.runWhole(engine.GraphRun{})
		}},
		{Pattern: `^the graph resumes with:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			v, err := w.docValue()
			if err != nil {
				return err
			}
			r, err := w.resume(v)
			if err != nil {
				return err
			}
			return w.runWhole(engine.GraphRun{Resume: r})
		}},
		{Pattern: `^the graph resumes with a command:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			v, err := w.docValue()
			if err != nil {
				return err
			}
			c, err := w.command(v)
			if err != nil {
				return err
			}
			return w.runWhole(engine.GraphRun{Command: c})
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
			if len(run.Interrupts) > 0 {
				return fmt.Errorf("the run did not end: it is interrupted at %s", interruptList(run.Interrupts))
			}
			if len(run.Next) > 0 {
				return fmt.Errorf("the run did not end: its next nodes are %s", strings.Join(run.Next, ", "))
			}
			return nil
		}},
		{Pattern: `^the run should be interrupted at node "([^"]*)"$`, run: func(w *world, a ...string) error {
			_, err := w.interruptAt(a[0])
			return err
		}},
		{Pattern: `^the run should be interrupted at node "([^"]*)" with:$`, Arg: DocString, run: func(w *world, a ...string) error {
			at, err := w.interruptAt(a[0])
			if err != nil {
				return err
			}
			want, err := w.docValue()
			if err != nil {
				return asProblem(err)
			}
			for _, in := range at {
				if jsonv.Equal(in.Value, want) {
					return nil
				}
			}
			return fmt.Errorf("the run is interrupted at node %q with another value:\n    want: %s\n    got:  %s", a[0], compact(want, true), interruptList(at))
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
			// a node sent to twice in one superstep (Send) ran twice in it
			var in []string
			for _, s := range run.Steps {
				for _, n := range s.Nodes {
					if n == name {
						in = append(in, strconv.Itoa(s.Step))
					}
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

// runWhole runs the scenario's own graph whole on the thread, with the
// scripts given so far.
func (w *world) runWhole(run engine.GraphRun) error {
	if err := w.ensureGraph(); err != nil {
		return err
	}
	w.flushScripts()
	run.RecursionLimit = w.recursionLimit
	out, err := w.graph.RunGraph(w.thread, run)
	if err != nil {
		return err
	}
	w.ranWhole = w.supersteps(out)
	return nil
}

// flushScripts hands the scripts given since the last run to the graph.
func (w *world) flushScripts() {
	if w.graph == nil {
		return
	}
	for _, f := range w.scripted {
		f(w.graph)
	}
	w.scripted = nil
}

// replyList is the docstring as a model script: a list of replies, each a
// string (the AI message's content) or an object as an AIMessage takes
// it, with its key order.
func (w *world) replyList() ([]any, *engine.KeyOrder, error) {
	c, err := w.docData()
	if err != nil {
		return nil, nil, err
	}
	list, ok := c.Value.([]any)
	if !ok {
		return nil, nil, problemf("%s: the model's replies are a list, one element per chat-model call (a string, or an AI message {content, tool_calls, id}); got %s", w.docSource().Pos(0, 0), engine.TypeName(c.Value))
	}
	for i, r := range list {
		switch r.(type) {
		case string, map[string]any:
		default:
			return nil, nil, problemf("%s: reply %d is %s: a reply is a string (the AI message's content) or an object as a LangChain AIMessage takes it", w.docSource().Pos(0, 0), i+1, engine.TypeName(r))
		}
	}
	return list, c.Order, nil
}

// resume is a resume's docstring as the run sends it: the value for the
// one interrupt pending, or, when several are, a map of their ids to
// values (a map whose keys are all ids of pending interrupts is one
// always).
func (w *world) resume(v any) (*engine.Resume, error) {
	var pending []engine.GraphInterrupt
	if w.graph != nil {
		pending = w.graph.Interrupts(w.thread)
	}
	ids := make([]string, len(pending))
	for i, in := range pending {
		ids[i] = in.ID
	}
	if m, ok := v.(map[string]any); ok && len(m) > 0 && len(pending) > 0 {
		byID := true
		for k := range m {
			byID = byID && slices.Contains(ids, k)
		}
		if byID {
			return &engine.Resume{ByID: m}, nil
		}
	}
	if len(pending) > 1 {
		return nil, problemf("%s: %d interrupts are pending (%s): the resume maps each id to its value, {%s: ..., ...}", w.docSource().Pos(0, 0), len(pending), interruptList(pending), strings.Join(ids, ": ..., "))
	}
	return &engine.Resume{Value: v}, nil
}

// command is a command's docstring, {resume?, update?, goto?}, as the run
// sends it.
func (w *world) command(v any) (*engine.GraphCommand, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, problemf("%s: a command is an object {resume?, update?, goto?}; got %s", w.docSource().Pos(0, 0), engine.TypeName(v))
	}
	c := &engine.GraphCommand{}
	for k, x := range m {
		switch k {
		case "resume":
			c.Resume, c.HasResume = x, true
		case "update":
			u, ok := x.(map[string]any)
			if !ok {
				return nil, problemf("%s: a command's update is an object of fields; got %s", w.docSource().Pos(0, 0), engine.TypeName(x))
			}
			c.Update = u
		case "goto":
			switch g := x.(type) {
			case string:
				c.Goto = []string{g}
			case []any:
				for _, n := range g {
					s, ok := n.(string)
					if !ok {
						return nil, problemf("%s: a command's goto is a node's name or a list of names; got an element that is %s", w.docSource().Pos(0, 0), engine.TypeName(n))
					}
					c.Goto = append(c.Goto, s)
				}
			default:
				return nil, problemf("%s: a command's goto is a node's name or a list of names; got %s", w.docSource().Pos(0, 0), engine.TypeName(x))
			}
		default:
			return nil, problemf("%s: a command has the members resume, update and goto; got %q", w.docSource().Pos(0, 0), k)
		}
	}
	return c, nil
}

// interruptAt are the last run's interrupts raised by node, or an error
// saying where the run stopped.
func (w *world) interruptAt(node string) ([]engine.GraphInterrupt, error) {
	run, err := w.lastRun()
	if err != nil {
		return nil, err
	}
	var at []engine.GraphInterrupt
	for _, in := range run.Interrupts {
		if in.Node == node {
			at = append(at, in)
		}
	}
	if len(at) > 0 {
		return at, nil
	}
	if len(run.Interrupts) > 0 {
		return nil, fmt.Errorf("the run is interrupted at %s, not at node %q", interruptList(run.Interrupts), node)
	}
	if len(run.Next) > 0 {
		return nil, fmt.Errorf("the run was not interrupted at node %q: it stopped with no interrupt, its next nodes %s", node, strings.Join(run.Next, ", "))
	}
	return nil, fmt.Errorf("the run was not interrupted at node %q: it ended", node)
}

// interruptList names interrupts as a message does: id, node and value.
func interruptList(ins []engine.GraphInterrupt) string {
	out := make([]string, len(ins))
	for i, in := range ins {
		out[i] = fmt.Sprintf("node %q (%s) with %s", in.Node, in.ID, compact(in.Value, true))
	}
	return strings.Join(out, "; ")
}

// supersteps is a whole-graph run as the reports read it: each
// superstep's tasks (their writes and model calls, with the reply the
// script gave and the last message the model was given), where the graph
// went next, the state after it and, after the last, the interrupts.
func (w *world) supersteps(run *engine.GraphRunResult) []report.Superstep {
	out := make([]report.Superstep, len(run.Steps))
	for i, st := range run.Steps {
		s := report.Superstep{Index: st.Step, Tasks: w.tasks(st, run.Calls)}
		if st.State != nil {
			s.StateAfter = encoded(st.State)
		}
		if i+1 < len(run.Steps) {
			s.Next = slices.Clone(run.Steps[i+1].Nodes)
		} else {
			s.Next = slices.Clone(run.Next)
			s.Thread, s.Revision = w.thread, w.graph.Revision(w.thread)
			s.StateAfter = encoded(run.Values)
			for _, in := range run.Interrupts {
				s.Interrupts = append(s.Interrupts, report.Interrupt{Node: in.Node, ID: in.ID, Value: encoded(in.Value)})
			}
		}
		out[i] = s
	}
	return out
}

// tasks are a superstep's tasks for the reports: the runtime's, or its
// nodes when it gave none; calls are the run's model calls.
func (w *world) tasks(st engine.GraphStep, calls []engine.ModelCall) []report.Task {
	tasks := st.Tasks
	if tasks == nil {
		for _, n := range st.Nodes {
			tasks = append(tasks, engine.GraphTask{Node: n})
		}
	}
	var out []report.Task
	for _, task := range tasks {
		t := report.Task{Node: task.Node}
		for _, wr := range task.Writes {
			t.Writes = append(t.Writes, report.Write{Field: wr.Channel, Value: encoded(wr.Value)})
		}
		for i, inner := range task.Steps {
			s := report.Superstep{Index: inner.Step, Tasks: w.tasks(inner, nil)}
			if inner.State != nil {
				s.StateAfter = encoded(inner.State)
			}
			if i+1 < len(task.Steps) {
				s.Next = slices.Clone(task.Steps[i+1].Nodes)
			}
			t.Steps = append(t.Steps, s)
		}
		for _, c := range calls {
			if c.Step != st.Step || c.Node != task.Node {
				continue
			}
			mc := report.ModelCall{Model: "scripted"}
			if c.Script != "" {
				mc.Model = fmt.Sprintf("scripted for node %q", c.Script)
			}
			if c.Last != nil {
				mc.Input = encoded(c.Last)
			}
			if r, ok := w.graph.Reply(c.Script, c.Reply); ok {
				mc.Output = encoded(r)
				if m, ok := r.(map[string]any); ok {
					calls, _ := m["tool_calls"].([]any)
					for _, tc := range calls {
						if tm, ok := tc.(map[string]any); ok {
							name, _ := tm["name"].(string)
							mc.ToolCalls = append(mc.ToolCalls, name)
						}
					}
				}
			}
			t.ModelCalls = append(t.ModelCalls, mc)
		}
		out = append(out, t)
	}
	return out
}

// encoded is v as canonical JSON for a report, or "" when it has none.
func encoded(v any) string {
	b, err := jsonv.Encode(v)
	if err != nil {
		return ""
	}
	return string(b)
}

// lastRun is the scenario's last whole-graph run.
func (w *world) lastRun() (*engine.GraphRunResult, error) {
	if w.graph == nil || w.graph.LastRun() == nil {
		return nil, problemf("the graph has not run whole: add When the graph runs with: before this step")
	}
	return w.graph.LastRun(), nil
}
