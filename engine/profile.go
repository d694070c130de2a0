package engine

import (
	"fmt"
	"strings"
)

// profile is one row set of the table in SPEC §4.
type profile struct {
	name string
	// inferReducer: dawn picks append for array defaults.
	inferReducer bool
	// implicitMessages: dawn's messages field always exists.
	implicitMessages bool
	// allExclusive: awaken and llmfy default every field to exclusive;
	// langgraph and dawn make only replace exclusive.
	allExclusive bool
	// listedOrder: awaken folds a step's writes in the order the step lists
	// the nodes; the others sort by node name.
	listedOrder bool
	unknownKeys unknownKeyPolicy
	scope       Scope
	// rawFirstInput: llmfy copies a new thread's first input as-is.
	rawFirstInput bool
	// emptyNewThread: llmfy starts a new thread with no input as an empty
	// state; the others fail with EMPTY_INPUT.
	emptyNewThread bool
	// oneNodePerStep: llmfy runs one node at a time.
	oneNodePerStep bool
	// runSeed: awaken restarts revisions at 0 every run, and the input seeds
	// the run without counting as a commit.
	runSeed bool
	// defaultReducer is the reducer of a field that names none.
	defaultReducer string
	// rawFirstWrite: a reducer field with no value yet takes its first
	// write as written (LangGraph JS's BinaryOperatorAggregate).
	rawFirstWrite bool
	// jsReturns: node returns as LangGraph JS reads them (falsy values,
	// commands in their JSON form, arrays of commands).
	jsReturns bool
	// exclusivePerNode: only writes of two different nodes conflict on an
	// exclusive field; one node's writes apply in order (awaken).
	exclusivePerNode bool
}

var profiles = map[string]*profile{
	"langgraph": {name: "langgraph", unknownKeys: dropUnknown, scope: ScopeThread, defaultReducer: lastValueName, rawFirstWrite: true, jsReturns: true},
	"dawn":      {name: "dawn", inferReducer: true, implicitMessages: true, unknownKeys: dropUnknown, scope: ScopeThread, defaultReducer: "replace", rawFirstWrite: true, jsReturns: true},
	"awaken":    {name: "awaken", allExclusive: true, listedOrder: true, unknownKeys: rejectUnknown, scope: ScopeRun, runSeed: true, defaultReducer: "replace", exclusivePerNode: true},
	"llmfy":     {name: "llmfy", allExclusive: true, unknownKeys: assignUnknown, scope: ScopeThread, rawFirstInput: true, emptyNewThread: true, oneNodePerStep: true, defaultReducer: "replace", exclusivePerNode: true},
}

// DefaultProfile is the profile used when none is chosen.
const DefaultProfile = "langgraph"

// Profiles lists the known profile names in order.
func Profiles() []string { return sortedKeys(profiles) }

func unknownProfileMessage(p string) string {
	return fmt.Sprintf("unknown profile %q; expected one of %s", p, strings.Join(Profiles(), ", "))
}
