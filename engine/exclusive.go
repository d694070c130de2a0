package engine

import "fmt"

// checkExclusive is rule 3 for a field that takes one write per step.
// LangGraph's LastValue refuses a second value even from the same node;
// awaken refuses only writes of two different nodes.
func (p *profile) checkExclusive(f *field, ws []Write) error {
	if f.merge != Exclusive || len(ws) < 2 {
		return nil
	}
	if p.exclusivePerNode && distinctNodes(ws) < 2 {
		return nil
	}
	return p.exclusiveConflict(f.name, ws)
}

func distinctNodes(ws []Write) int {
	seen := map[string]bool{}
	for _, w := range ws {
		seen[w.Node] = true
	}
	return len(seen)
}

// exclusiveConflict is the error for more than one write to an exclusive
// field in one step, worded as the modelled runtime words it.
func (p *profile) exclusiveConflict(field string, ws []Write) *Error {
	path := PathKey(Root, field)
	switch p.name {
	case "awaken":
		return &Error{Code: ExclusiveMergeConflict, Path: path, Message: "parallel merge conflict on exclusive key: " + field}
	default:
		return &Error{Code: InvalidConcurrentGraphUpdate, Path: path, Message: fmt.Sprintf(
			"Invalid update for channel %q with values %s: LastValue can only receive one value per step.",
			field, stringifyWrites(ws))}
	}
}
