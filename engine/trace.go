package engine

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
		out[i] = entry
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
