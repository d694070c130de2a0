package engine

// unknownKeyPolicy is what a profile does with an update key the schema
// does not declare.
type unknownKeyPolicy int

// assignedField is the field llmfy creates for a key no schema declared.
func (g *Graph) assignedField(name string) *field {
	return &field{name: name, typ: Type{Base: "any"}, reduce: reduceReplace, reducerName: "replace", merge: Exclusive, scope: g.prof.scope, persistent: true}
}

const (
	dropUnknown   unknownKeyPolicy = iota // langgraph, dawn: dropped, listed in the trace
	rejectUnknown                         // awaken: UNKNOWN_KEY
	assignUnknown                         // llmfy: a new replace field
)
