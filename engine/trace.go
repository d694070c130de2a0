package engine

// The trace and the events (docs/reference.md, Events and trace): where a successful commit is recorded.

// TraceValue renders the trace as the JSON value goldens hold: one entry per
// commit {"thread", "revision", "source", "writes", "dropped"?, "goto"?,
// "state"}, each write {"node", "field", "value"}.
func (g *Graph) TraceValue() any {
	out := make([]any, len(g.trace))
	for i, c := range g.trace {
		writes := make([]any, len(c.Writes))
		for j, w := range c.Writes {
			writes[j] = map[string]any{"node": w.Node, "field": w.Field, "value": w.Value}
		}
		entry := map[string]any{
			"thread":   c.Thread,
			"revision": float64(c.Revision),
			"source":   c.Source,
			"writes":   writes,
			"state":    mapAny(c.State),
		}
		if len(c.Dropped) > 0 {
			dropped := make([]any, len(c.Dropped))
			for j, d := range c.Dropped {
				dropped[j] = d
			}
			entry["dropped"] = dropped
		}
		if len(c.Goto) > 0 {
			gotos := make([]any, len(c.Goto))
			for j, gt := range c.Goto {
				gotos[j] = map[string]any{"node": gt.Node, "goto": gt.To}
			}
			entry["goto"] = gotos
		}
		if c.Run != nil {
			entry = runEntry(c)
		}
		out[i] = entry
	}
	return out
}

// runEntry is a whole-graph run's superstep as the trace holds it: its
// number, its tasks (each node's writes, the model calls made in it by
// their reply's number, a subgraph's own supersteps), the state after it,
// the next nodes and the interrupts pending after it.
func runEntry(c Commit) map[string]any {
	r := c.Run
	entry := map[string]any{
		"thread":   c.Thread,
		"revision": float64(c.Revision),
		"source":   "run",
		"step":     float64(r.Step.Step),
		"tasks":    tasksValue(r.Step, r.Calls),
		"state":    mapAny(c.State),
	}
	if r.Last {
		next := make([]any, len(r.Next))
		for i, n := range r.Next {
			next[i] = n
		}
		entry["next"] = next
		if len(r.Interrupts) > 0 {
			ints := make([]any, len(r.Interrupts))
			for i, in := range r.Interrupts {
				ints[i] = map[string]any{"id": in.ID, "node": in.Node, "value": in.Value}
			}
			entry["interrupts"] = ints
		}
	}
	return entry
}

// tasksValue is a superstep's tasks for the trace; calls are the run's
// model calls, those of the step's nodes going to their tasks.
func tasksValue(st GraphStep, calls []ModelCall) []any {
	out := make([]any, 0, len(st.Tasks))
	for _, t := range st.Tasks {
		writes := make([]any, len(t.Writes))
		for j, w := range t.Writes {
			writes[j] = map[string]any{"field": w.Channel, "value": w.Value}
		}
		task := map[string]any{"node": t.Node, "writes": writes}
		var made []any
		for _, c := range calls {
			if c.Step == st.Step && c.Node == t.Node {
				call := map[string]any{"reply": float64(c.Reply)}
				if c.Script != "" {
					call["script"] = c.Script
				}
				made = append(made, call)
			}
		}
		if made != nil {
			task["model"] = made
		}
		if len(t.Steps) > 0 {
			inner := make([]any, len(t.Steps))
			for j, s := range t.Steps {
				in := map[string]any{"step": float64(s.Step), "tasks": tasksValue(s, nil)}
				if s.State != nil {
					in["state"] = mapAny(s.State)
				}
				inner[j] = in
			}
			task["steps"] = inner
		}
		out = append(out, task)
	}
	return out
}

// EventsValue renders the events as [{"event": type, "data": ...}].
func (g *Graph) EventsValue() any {
	out := make([]any, len(g.events))
	for i, e := range g.events {
		out[i] = map[string]any{"event": e.Type, "data": e.Data}
	}
	return out
}

// Commit is one entry of the trace: a commit that succeeded.
type Commit struct {
	Thread   string
	Revision int
	Source   string // "input", "node", "step" or "tool"
	Writes   []Write
	Dropped  []string // unknown keys dropped by the profile, as "node.key"
	Goto     []Goto   // where commands sent control, kept for the trace
	State    map[string]any
	// Run is the superstep of a whole-graph run the entry is (Source
	// "run"), or nil.
	Run *RunStep
}

// RunStep is a whole-graph run's superstep in the trace: the step, the
// run's model calls, and, on its last superstep (Last), where the run
// went next and the interrupts pending.
type RunStep struct {
	Step       GraphStep
	Calls      []ModelCall
	Last       bool
	Next       []string
	Interrupts []GraphInterrupt
}

// Goto is the goto of one node's command.
type Goto struct {
	Node string
	To   any
}

// Event is one event a stream would have carried.
type Event struct {
	Type string
	Data any
}

// record makes a computed thread the current one and appends the commit to
// the trace and its events: an updates event per node (in the order the
// step lists them, empty for a node that wrote nothing; a node that wrote a
// field twice gets the list of its writes, as LangGraph streams it), then
// values.
func (g *Graph) record(threadID string, next *thread, source string, nodes []string, writes []Write, res *applied) {
	g.threads[threadID] = next
	g.nextID = res.nextID
	for name, f := range res.newFields {
		g.fields[name] = f
	}
	g.pending = append(g.pending, res.warnings...)
	g.trace = append(g.trace, Commit{Thread: threadID, Revision: next.revision, Source: source, Writes: writes, Dropped: res.dropped, Goto: res.gotos, State: next.values})
	if len(nodes) == 1 {
		// one node, the usual commit: its writes without the maps below
		var ws []Write
		for _, w := range writes {
			if _, kept := res.byField[w.Field]; kept && w.Node == nodes[0] {
				ws = append(ws, w)
			}
		}
		g.events = append(g.events, Event{Type: "updates", Data: map[string]any{nodes[0]: nodeUpdates(ws)}})
	} else {
		byNode := make(map[string][]Write, len(nodes))
		for _, w := range writes {
			if _, kept := res.byField[w.Field]; !kept {
				continue // dropped: LangGraph streams only its channels
			}
			byNode[w.Node] = append(byNode[w.Node], w)
		}
		done := map[string]bool{}
		for _, n := range nodes {
			if done[n] {
				continue
			}
			done[n] = true
			g.events = append(g.events, Event{Type: "updates", Data: map[string]any{n: nodeUpdates(byNode[n])}})
		}
	}
	g.events = append(g.events, Event{Type: "values", Data: mapAny(next.values)})
}

// nodeUpdates is what LangGraph's updates stream shows of one node's
// writes: an object, or the list of one-key objects when it wrote a key
// twice.
func nodeUpdates(ws []Write) any {
	m := make(map[string]any, len(ws))
	twice := false
	for _, w := range ws {
		if _, ok := m[w.Field]; ok {
			twice = true
		}
		m[w.Field] = w.Value
	}
	if !twice {
		return m
	}
	list := make([]any, len(ws))
	for i, w := range ws {
		list[i] = map[string]any{w.Field: w.Value}
	}
	return list
}

func mapAny(m map[string]any) any { return m }
