package engine

import "sort"

// pending is one commit on its way, as the harness knows it before a
// runtime applies it.
type pending struct {
	thread string
	before *thread // the thread at the start (after a run's resets)
	source string  // input, node, step, tool
	nodes  []string
	// writes are the commit's writes as the harness reads them, in the
	// order the profile applies them: the built-in runtime applies them,
	// and they make the trace, the events and the rules' messages.
	writes   []Write
	gotos    []Goto
	warnings []string
	// parseErr is the harness's verdict on a node's return; another
	// runtime gives its own.
	parseErr error
	// nodeByNode: the framework applies each node's writes as the node
	// finishes (llmfy), so the commit's error is that of the first node,
	// in the order listed, whose writes fail, and the writes of the nodes
	// before a refused return (the only ones then) apply before parseErr
	// counts.
	nodeByNode bool
	// readonly enforces rule 5 (not for inputs).
	readonly bool
	// raw copies the writes as they are (llmfy's first input).
	raw bool
	// revision gives the revision after the commit; nil: +1 when anything
	// changed.
	revision func(*applied) int
	// events come after the commit's values event (tool_result, ...).
	events []Event
	req    CommitRequest
}

// commit runs a commit on the graph's runtimes, applies the harness's own
// rules to the result, and records it: the one place where a commit ends.
// On any error nothing of the graph changes.
func (g *Graph) commit(p *pending) (err error) {
	if err := g.open(); err != nil {
		return err
	}
	defer func() { g.coerced.settle(err == nil) }()
	res, err := g.applyOnRuntimes(p)
	if err != nil {
		return err
	}
	if err := g.checkRules(p.before.values, res, p.readonly); err != nil {
		return err
	}
	res.gotos = p.gotos
	res.warnings = append(append([]string(nil), p.warnings...), res.warnings...)
	next := &thread{values: res.values, revision: p.before.revision}
	switch {
	case p.revision != nil:
		next.revision = p.revision(res)
	case res.changed, g.prof.revisionPerWrite && len(res.written) > 0:
		next.revision++
	}
	g.record(p.thread, next, p.source, p.nodes, p.writes, res)
	g.events = append(g.events, p.events...)
	return nil
}

// open opens the graph's sessions on its runtimes, once: a scenario's
// setup rebuilds its graph step by step, so only the graph that commits
// opens them.
func (g *Graph) open() error {
	if g.opened {
		return nil
	}
	if err := g.openRuntimes(g.runtimes); err != nil {
		g.Close()
		return err
	}
	g.opened = true
	return nil
}

// applyOnRuntimes gives the commit's result: the built-in engine's, another
// runtime's, or, with two, the built-in one's once both agree.
func (g *Graph) applyOnRuntimes(p *pending) (*applied, error) {
	if len(g.sessions) == 0 {
		return g.applyBuiltin(p)
	}
	other := g.sessions[0]
	p.req.NextID = g.nextID
	out, oerr := other.s.Commit(&p.req)
	if oerr == nil && (out == nil || out.Values == nil) {
		oerr = &Error{Code: RuntimeError, Message: other.name + " gave no state for the commit"}
	}
	if g.graphRef != "" && g.runBuiltin {
		return g.applyOwnGraph(p, other.name, out, oerr)
	}
	if !g.runBuiltin {
		if oerr != nil {
			return nil, g.worded(p, oerr)
		}
		if err := g.readReturned(p, out); err != nil {
			return nil, err
		}
		return g.fromRuntime(p, out), nil
	}
	bres, berr := g.applyBuiltin(p)
	if d := disagreement(other.name, bres, berr, out, oerr); d != "" {
		return nil, &Error{Code: RuntimeDisagreement, Message: d}
	}
	if berr != nil {
		return nil, berr
	}
	return bres, nil
}

// applyOwnGraph is a commit on the scenario's own graph side by side: the
// runtime's result, once the built-in engine, re-applying the writes to the
// schema's fields, gives the same values for them (docs/reference.md, Runtimes). The graph's
// other channels are the runtime's alone, and so is a refusal: the built-in
// engine sees only part of the graph.
func (g *Graph) applyOwnGraph(p *pending, name string, out *CommitResult, oerr error) (*applied, error) {
	if oerr != nil {
		return nil, oerr
	}
	if err := g.readReturned(p, out); err != nil {
		return nil, err
	}
	mine := *p
	mine.writes = nil
	for _, w := range p.writes {
		if g.checked[w.Field] {
			mine.writes = append(mine.writes, w)
		}
	}
	bres, berr := g.applyBuiltin(&mine)
	b, o := &applied{}, &CommitResult{Values: map[string]any{}}
	if berr == nil {
		b.values = map[string]any{}
		for n := range g.checked {
			if v, ok := bres.values[n]; ok {
				b.values[n] = v
			}
			if v, ok := out.Values[n]; ok {
				o.Values[n] = v
			}
		}
	}
	if d := disagreement(name, b, berr, o, nil); d != "" {
		return nil, &Error{Code: RuntimeDisagreement, Message: d + "\n  (on the scenario's own graph the built-in engine applies the schema's fields; a field whose reducer or default differs from the graph's channel disagrees: give it the channel's reducer and default)"}
	}
	return g.fromRuntime(p, out), nil
}

// applyBuiltin is the commit on the built-in engine: the verdict on a
// node's return, an input copied as it is (llmfy's first, awaken's seed),
// or the writes through the reducers.
func (g *Graph) applyBuiltin(p *pending) (*applied, error) {
	if p.nodeByNode {
		if err := g.applyEach(p.before, p.writes); err != nil {
			return nil, err
		}
	}
	if p.parseErr != nil {
		return nil, p.parseErr
	}
	if p.raw {
		return g.applyRaw(p.before, p.writes)
	}
	return g.apply(p.before, p.writes)
}

// applyEach applies the writes node after node, as a framework does that
// applies each node's return as it finishes, and gives the first error.
func (g *Graph) applyEach(th *thread, writes []Write) error {
	for len(writes) > 0 {
		n := 1
		for n < len(writes) && writes[n].Node == writes[0].Node {
			n++
		}
		res, err := g.apply(th, writes[:n])
		if err != nil {
			return err
		}
		th, writes = &thread{values: res.values, revision: th.revision}, writes[n:]
	}
	return nil
}

// worded gives a runtime's refusal the harness's wording (docs/reference.md, Error codes: the
// node, the field, the JSON path) when the built-in engine refuses the same
// commit with the same code: LangGraph's own text is part of that wording
// where SPEC quotes it. Any other refusal stays the runtime's.
func (g *Graph) worded(p *pending, err error) error {
	if g.graphRef != "" || g.reducerFile() != nil || CodeOf(err) == "" {
		return err
	}
	_, berr := g.applyBuiltin(p)
	if berr != nil && CodeOf(berr) == CodeOf(err) {
		return berr
	}
	return err
}

// readReturned adds the writes of the real nodes of a step, as the runtime
// says they returned, to the commit's writes.
func (g *Graph) readReturned(p *pending, out *CommitResult) error {
	var ran []NodeOutput
	for _, o := range p.req.Outputs {
		if o.Run {
			ran = append(ran, o)
		}
	}
	if len(ran) == 0 {
		return nil
	}
	for _, o := range ran {
		// a runtime that keeps the key order returns a Checked value
		_, order := orderOf(out.Returned[o.Node])
		v, err := Normalize(out.Returned[o.Node])
		if err != nil {
			return err
		}
		r, err := g.prof.nodeWrites(o.Node, v, false, order)
		if err != nil {
			continue // the runtime took it; the trace shows none of it
		}
		p.writes = append(p.writes, r.writes...)
		p.gotos = append(p.gotos, r.gotos...)
	}
	sort.SliceStable(p.writes, func(i, j int) bool { return p.writes[i].Node < p.writes[j].Node })
	return nil
}

// fromRuntime reads another runtime's result as the harness's rules need
// it: the fields written, and which writes the profile drops.
func (g *Graph) fromRuntime(p *pending, out *CommitResult) *applied {
	res := &applied{values: out.Values, nextID: out.NextID, byField: map[string][]Write{}}
	for _, w := range p.writes {
		if g.fields[w.Field] == nil && g.prof.unknownKeys != assignUnknown {
			res.dropped = append(res.dropped, w.Node+"."+w.Field)
			continue
		}
		if _, seen := res.byField[w.Field]; !seen {
			res.written = append(res.written, w.Field)
		}
		res.byField[w.Field] = append(res.byField[w.Field], w)
	}
	// a field the runtime changed or removed without a write the harness
	// read (its own reading of a return the harness refused) is checked
	// too, in sorted order so that the first to fail is always the same
	var extra []string
	for k, v := range out.Values {
		if _, ok := res.byField[k]; ok {
			continue
		}
		if cur, had := p.before.values[k]; !had || !Equal(cur, v) {
			extra = append(extra, k)
		}
	}
	for k := range p.before.values {
		if _, ok := out.Values[k]; !ok {
			if _, ok := res.byField[k]; !ok {
				extra = append(extra, k)
			}
		}
	}
	sort.Strings(extra)
	res.written = append(res.written, extra...)
	res.written = g.prof.keyOrder(res.written)
	// a key no field declares is a field of its own (llmfy assigns them;
	// a runtime's state is what it says, whatever the profile)
	for _, k := range res.written {
		if g.field(k, res.newFields) == nil {
			if res.newFields == nil {
				res.newFields = map[string]*field{}
			}
			res.newFields[k] = g.assignedField(k)
		}
	}
	return res
}
