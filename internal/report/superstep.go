package report

// The types of a whole-graph run (a graph run from its entry to its end,
// superstep by superstep, as LangGraph's Pregel loop runs it), which the
// step library fills from the runtime's answer (StepRecord.Supersteps), so
// that every report can show such a run from this model, with no
// collector of its own. What the runtime does not answer stays empty (a
// superstep's StateAfter, a task's writes, a model call's input), and the
// reports say so rather than guess.

// Superstep is one step of a whole-graph run: the tasks that ran at once,
// what they wrote, where the graph went next and the state after.
type Superstep struct {
	// Index is the superstep's number, from 1 as `Then the steps should
	// be:` numbers them (the input's superstep is none).
	Index int
	// Tasks are the nodes that ran in it, in the order their writes
	// were applied.
	Tasks []Task
	// Next are the nodes the routing chose to run in the next superstep
	// (edges, conditional edges, Command.goto, Send).
	Next []string
	// Interrupts are the interrupts raised in it; the run stops after a
	// superstep that has any.
	Interrupts []Interrupt
	// StateAfter is the state after its writes were committed, as
	// canonical JSON; Thread and Revision name that commit.
	Thread     string
	Revision   int
	StateAfter string
}

// Task is one node's run within a superstep.
type Task struct {
	// Node is the node's name; ID the runtime's id of the task, if any.
	Node string
	ID   string
	// Writes are the channel writes the task made, in order.
	Writes []Write
	// ModelCalls are the calls the node made to a (scripted) model.
	ModelCalls []ModelCall
	// Err is the task's failure, as the engine's error reads.
	Err string
	// Steps are a subgraph node's inner supersteps, numbered from 1
	// within the subgraph (their StateAfter the subgraph's state); none
	// for another node.
	Steps []Superstep
}

// Write is one channel write of a task: the state field and the value
// written (canonical JSON), before its reducer merged it.
type Write struct {
	Field string
	Value string
}

// ModelCall is one call to a model: the messages it was given and what it
// answered (canonical JSON), with the tool calls the answer asked for.
type ModelCall struct {
	Model     string
	Input     string
	Output    string
	ToolCalls []string
}

// Interrupt is an interrupt a node raised: the node, its value (canonical
// JSON) and the id a resume answers it with.
type Interrupt struct {
	Node  string
	ID    string
	Value string
}
