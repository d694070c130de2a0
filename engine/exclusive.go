package engine

// docs/reference.md, Commits rule 3: a field with merge exclusive takes one write per step.

// checkExclusive is rule 3 for a field that takes one write per step and
// received several. LangGraph's LastValue refuses a second value even from
// the same node; awaken refuses only writes of two different nodes.
func (p *profile) checkExclusive(f *field, ws []Write) error {
	if p.exclusivePerNode && distinctNodes(ws) < 2 {
		return nil
	}
	return p.concurrentWrite(f.name, ws)
}

func distinctNodes(ws []Write) int {
	seen := map[string]bool{}
	for _, w := range ws {
		seen[w.Node] = true
	}
	return len(seen)
}
