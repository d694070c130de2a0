package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// profile is one column of the table in docs/reference.md, Profiles: the modelled framework's
// rules. On/off rules are data; rules that differ in kind are functions.
// Each framework's row and the functions only it uses are in its file,
// profile_<name>.go (Dawn's row reuses LangGraph JS's functions); a
// function several rows share is in the file of its rule. A new profile is
// a file, never a check of the profile's name.
type profile struct {
	name string
	// inferReducer: dawn picks append for array defaults.
	inferReducer bool
	// implicitMessages: dawn's messages field always exists.
	implicitMessages bool
	// planning: a plan.md turns on Dawn's planning capability (docs/reference.md, Tools).
	planning bool
	// allExclusive: awaken defaults every field to exclusive; langgraph
	// and dawn make only last-value exclusive, llmfy none (a field two
	// nodes of a step write is folded in the order they are listed, once
	// branchesUnordered has found that any order gives its value).
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
	// noDefaults: a field's default is checked against the type, then
	// left out of the state. llmfy's state is the run's input dict
	// (profile_llmfy.go); LangGraph Python's channels never hold one (a
	// TypedDict has no defaults; a Pydantic state's default is what a
	// node reads off the model, never written to a channel): a last-value
	// field is absent until a write, a reducer field starts from its type
	// (typedStart) or is absent.
	noDefaults bool
	// runSeed: awaken restarts revisions at 0 every run, and the input seeds
	// the run without counting as a commit.
	runSeed bool
	// seedInput: awaken's input is the run's seed (StateStore::apply_seed),
	// which sets each key it names to the value as written, without the
	// key's reducer.
	seedInput bool
	// revisionPerWrite: awaken's store bumps its revision for any commit
	// that writes, whether or not a value changes (rule 7 otherwise).
	revisionPerWrite bool
	// defaultReducer is the reducer of a field that names none.
	defaultReducer string
	// exclusivePerNode: only writes of two different nodes conflict on an
	// exclusive field; one node's writes apply in order (awaken).
	exclusivePerNode bool
	// typedStart: a reducer field without a default (under noDefaults:
	// any reducer field) starts from its type's empty value, as LangGraph
	// Python's channel starts from its annotated type called with no
	// arguments (profile_langgraph_py.go).
	typedStart bool

	// readReturn is what a node's return value writes (docs/reference.md, Commits), a command
	// given as one aside (node_return.go, profile_<name>.go).
	readReturn func(p *profile, node string, out any, order *KeyOrder) (returned, error)
	// concurrentWrite is rule 3's error for more than one write to an
	// exclusive field in one step, worded as the framework words it
	// (exclusive.go, profile_langgraph.go).
	concurrentWrite func(field string, ws []Write) *Error
	// overwriteConflict is the error for a second overwrite of a field in
	// one step (docs/reference.md, Reducers; overwrite.go, profile_langgraph_py.go).
	overwriteConflict func(field string, ws []Write) *Error
	// firstWrite is how a reducer field with no value yet starts its
	// fold (docs/reference.md, Profiles; apply.go, profile_langgraph.go).
	firstWrite firstWriteRule
	// overwrite reads a write that bypasses the reducer (docs/reference.md, Reducers;
	// overwrite.go).
	overwrite func(v any) (any, bool)
	// coerceMessage turns one element of a messages write into a message
	// (docs/reference.md, Reducers rule 2; message_coerce.go). The messages reducer's ids,
	// merge and cache are the same for every coercion.
	coerceMessage messageCoercion
	// messagesNullArgs refuses a null current value or write before the
	// messages reducer reads them (profile_langgraph_py.go); nil: a null is a
	// one-element list, which coercion refuses.
	messagesNullArgs func(field string, cur, in any) (out any, done bool, err error)
	// toolResult reads a tool's result: its answer, its update and the
	// tool message's content (docs/reference.md, Tools; tool.go).
	toolResult func(p *profile, tool string, result any, order *KeyOrder) (toolOutcome, error)
	// returnDelay is how long the framework takes to refuse a node's
	// return: of a step's refused returns, the quickest fails the step,
	// ties by node name (profile_langgraph.go).
	returnDelay func(out any) int
	// branchesUnordered: a step of several nodes is a fan-out whose
	// branches llmfy applies as each finishes, with no superstep barrier:
	// a field whose value would depend on completion order is refused,
	// and a refused return comes after the writes of the nodes before it
	// (profile_llmfy.go).
	branchesUnordered bool
	// commandRefused refuses a command step where the framework has no
	// commands (profile_llmfy.go); nil: commands are read.
	commandRefused func(node string) error
	// mergeCheck refuses a commit's writes in the order the framework
	// refuses them before and while it applies them (Awaken:
	// merge_commands.go); nil: field by field, as apply meets them.
	mergeCheck func(g *Graph, th *thread, writes []Write) error
	// keyOrder is the order in which the framework takes an object's keys
	// as written: the order of a node's writes and of a step's channel
	// updates (jsonv.JSPropertyOrder).
	keyOrder func(keys []string) []string
}

// profiles are the rows of docs/reference.md, Profiles's table, one file each (profile_<name>.go).
var profiles = map[string]*profile{
	"langgraph":    langgraphJSProfile,
	"dawn":         dawnProfile,
	"awaken":       awakenProfile,
	"llmfy":        llmfyProfile,
	"langgraph-py": langgraphPyProfile,
}

// DefaultProfile is the profile used when none is chosen.
const DefaultProfile = "langgraph"

// Profiles lists the known profile names in order.
func Profiles() []string { return slices.Sorted(maps.Keys(profiles)) }

func unknownProfileMessage(p string) string {
	return fmt.Sprintf("unknown profile %q; expected one of %s", p, strings.Join(Profiles(), ", "))
}

// noReturnDelay: LangGraph Python refuses every return as soon as the node
// returns it, so of several refused returns in a step the first by node
// name fails it.
func noReturnDelay(any) int { return 0 }

// insertionOrder: a Python dict's items come in insertion order.
func insertionOrder(keys []string) []string { return keys }
