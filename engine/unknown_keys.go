package engine

// docs/reference.md, Commits rule 2: a key the schema does not declare follows the profile.

// unknownKeyPolicy is what a profile does with an update key the schema
// does not declare.
type unknownKeyPolicy int

const (
	dropUnknown   unknownKeyPolicy = iota // langgraph, dawn: dropped, listed in the trace
	rejectUnknown                         // awaken: UNKNOWN_KEY
	assignUnknown                         // llmfy: a new replace field
)

// unknownKey is rule 2 for a write to a key no field declares, as the
// profile says: dropped and listed in the trace, refused (UNKNOWN_KEY), or
// assigned to a new field that joins the graph if the commit succeeds.
// keep says whether the write stays in the commit.
func (g *Graph) unknownKey(res *applied, w Write) (keep bool, err error) {
	switch g.prof.unknownKeys {
	case dropUnknown:
		res.dropped = append(res.dropped, w.Node+"."+w.Field)
		return false, nil
	case rejectUnknown:
		return false, &Error{Code: UnknownKey, Path: PathKey(Root, w.Field), Message: w.kind.describe(w.Node) + ": unknown key: " + w.Field}
	case assignUnknown:
		if res.newFields == nil {
			res.newFields = map[string]*field{}
		}
		res.newFields[w.Field] = g.assignedField(w.Field)
	}
	return true, nil
}

// assignedField is the field llmfy creates for a key no schema declared:
// replaced by each write, as a field of no reducer; two nodes of a step may
// write it one value (completionOrderDecides refuses two values).
func (g *Graph) assignedField(name string) *field {
	return &field{name: name, typ: Type{Base: "any"}, reduce: reduceReplace, reducerName: "replace", merge: Commutative, scope: g.prof.scope, persistent: true}
}
