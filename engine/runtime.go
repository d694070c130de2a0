package engine

// A Runtime executes the commits of a scenario (docs/reference.md, Runtimes): it applies a
// commit's writes through a graph's channels and reducers, the one part of
// a commit on which the real framework is the authority (exclusive writes,
// unknown keys, overwrites, message coercion, error order). Everything else
// stays with the harness on every runtime: threads and revisions, the rules
// of §2 on what comes back, readonly and types, generated ids, the trace and
// the events, atomicity.
//
// The built-in engine is one runtime (Builtin); others live under runtimes/
// and may start processes, which this package never does.
type Runtime interface {
	// Name is the runtime's name as --runtime spells it ("builtin",
	// "langgraph-js").
	Name() string
	// Open prepares one scenario's graph. Its commits go through the
	// session; Close releases it. A graph the runtime cannot run (another
	// profile, a declared merge, an own graph it cannot load) is an
	// *Unsupported: the scenario is skipped on it, or, side by side, runs
	// on the built-in engine alone.
	Open(spec GraphSpec) (Session, error)
}

// GraphSpec is what a runtime needs to build a scenario's graph: its
// profile and its fields as the schema resolved them.
type GraphSpec struct {
	Profile string
	// Graph is the scenario's own graph, "<module>:<export>" with the
	// module relative to the suite root, when it has one (docs/reference.md, Runtimes): the
	// runtime loads it and runs the commits through its channels. Fields are
	// then the schema's, which must name channels of the graph.
	Graph  string
	Fields []FieldSpec
	// IDPrefix starts the ids of generated messages (auto-1, ...).
	IDPrefix string
}

// FieldSpec is one field of a GraphSpec.
type FieldSpec struct {
	Name string
	// Type is the field's type (docs/reference.md, Schema); the harness checks it on every
	// runtime (rule 6), a runtime may build its channel from it.
	Type Type
	// Reducer is the reducer as a schema writes it: last-value, replace,
	// append, merge, merge-patch, messages, sum, union, join("\n"), or a
	// custom reducer's name.
	Reducer    string
	Default    any
	HasDefault bool
	// Merge is the merge the schema declares (exclusive, commutative), or
	// empty when it declares none; a runtime that cannot honour a
	// declaration refuses the graph (*Unsupported).
	Merge Merge
	// Scope is the field's scope as the profile resolved it (run or
	// thread): whether a new run keeps its value (docs/reference.md, Threads and runs).
	Scope Scope
	// Custom is set for a reducer registered from Go, which only the
	// built-in runtime can run; the engine never opens such a graph on
	// another runtime.
	Custom bool
	// ReducerFile is the user's own reducer (Field.ReducerFile), which the
	// runtime runs: Reducer then names the file too.
	ReducerFile string
}

// Session is a runtime's view of one scenario. Sessions of one runtime may
// be opened and used from several goroutines at once (scenarios run
// concurrently), each session from one at a time. A session must not modify
// CommitRequest.Before, nor keep or modify CommitResult.Values once
// returned: the harness keeps them as its state.
type Session interface {
	// Commit applies one commit and returns the whole state after it. On an
	// error (an *Error with the §11 code) nothing of the harness's state
	// has changed.
	Commit(c *CommitRequest) (*CommitResult, error)
	Close() error
}

// CommitKind says what made a commit.
type CommitKind string

// The kinds of commits (docs/reference.md, Commits).
const (
	CommitInput CommitKind = "input" // the input of a run
	CommitStep  CommitKind = "step"  // one or more nodes' outputs in one superstep
	CommitTool  CommitKind = "tool"  // a tool call's writes
)

// CommitRequest is one commit as a runtime receives it.
type CommitRequest struct {
	Kind CommitKind
	// Before is the thread's state before the commit (after a run's resets
	// of run-scoped fields); nil for a new thread's first input.
	Before map[string]any
	// Input is the run's input (CommitInput), an object.
	Input Checked
	// Outputs are the nodes of the step (CommitStep) as they returned,
	// in the order the step lists them.
	Outputs []NodeOutput
	// Writes are a tool call's writes in order (CommitTool), the tool
	// message among them; each write's Node is the tool's name.
	Writes []Write
	// NextID is the number of the last generated message id so far: the
	// commit's first new message gets IDPrefix + (NextID+1).
	NextID int
}

// CommitResult is a runtime's answer to a commit.
type CommitResult struct {
	// Values is the whole state after the commit.
	Values map[string]any
	// NextID is the number of the last generated message id after it.
	NextID int
	// Returned holds what the real nodes of the step (NodeOutput.Run)
	// returned, by node, as JSON values: the harness reads their writes
	// from it for the trace, the events and its rules.
	Returned map[string]any
}

// GraphSession is a session on a graph the runtime loaded itself: it names
// the graph's channels, which the harness takes for the state's fields,
// and its nodes, the only ones a scenario may script (docs/reference.md, Runtimes).
// ChannelKinds names each channel's kind, as a schema that declares a
// reducer must agree with it: "last-value" (a channel without a reducer),
// "messages" (the framework's messages reducer), "add" (Python's
// operator.add), "reducer" (another reducer function) or "other"; nil when
// the runtime cannot tell.
type GraphSession interface {
	Session
	Channels() []string
	Nodes() []string
	ChannelKinds() map[string]string
}
