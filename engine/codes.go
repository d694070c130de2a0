package engine

import (
	"github.com/stateharness/scenario/internal/jsonv"
)

// Code is the stable name of an engine error. Scenarios assert on codes
// (`Then the step should fail with "READONLY_WRITE"`), so codes never change.
type Code = jsonv.Code

// The codes a user can meet, all of them in this file: Codes documents each.
const (
	NonJSONValue                      = jsonv.NonJSONValue
	DuplicateKey                      = jsonv.DuplicateKey
	InvalidUTF8                       = jsonv.InvalidUTF8
	UnsafeInteger                     = jsonv.UnsafeInteger
	TooDeep                           = jsonv.TooDeep
	TooLarge                          = jsonv.TooLarge
	SchemaInvalid                Code = "SCHEMA_INVALID"
	InvalidConcurrentGraphUpdate Code = "INVALID_CONCURRENT_GRAPH_UPDATE"
	ExclusiveMergeConflict       Code = "EXCLUSIVE_MERGE_CONFLICT"
	ParallelUnsupported          Code = "PARALLEL_UNSUPPORTED"
	OrderDependentMerge          Code = "ORDER_DEPENDENT_MERGE"
	ReadonlyWrite                Code = "READONLY_WRITE"
	TypeMismatch                 Code = "TYPE_MISMATCH"
	ReducerTypeError             Code = "REDUCER_TYPE_ERROR"
	UnknownKey                   Code = "UNKNOWN_KEY"
	InvalidNodeReturn            Code = "INVALID_GRAPH_NODE_RETURN_VALUE"
	EmptyInput                   Code = "EMPTY_INPUT"
	MessageCoercionFailure       Code = "MESSAGE_COERCION_FAILURE"
	MessageNotFound              Code = "MESSAGE_NOT_FOUND"
	NodeError                    Code = "NODE_ERROR"
	ToolError                    Code = "TOOL_ERROR"
	ToolInputInvalid             Code = "TOOL_INPUT_INVALID"
	ToolCallUnknown              Code = "TOOL_CALL_UNKNOWN"
	CapabilityConflict           Code = "CAPABILITY_CONFLICT"
	RuntimeDisagreement          Code = "RUNTIME_DISAGREEMENT"
	RuntimeError                 Code = "RUNTIME_ERROR"
	ModelScriptExhausted         Code = "MODEL_SCRIPT_EXHAUSTED"
	ModelScriptUnused            Code = "MODEL_SCRIPT_UNUSED"
	ModelScriptInvalid           Code = "MODEL_SCRIPT_INVALID"
	NodeScriptExhausted          Code = "NODE_SCRIPT_EXHAUSTED"
	NodeScriptUnused             Code = "NODE_SCRIPT_UNUSED"
	ToolScriptExhausted          Code = "TOOL_SCRIPT_EXHAUSTED"
	ToolScriptUnused             Code = "TOOL_SCRIPT_UNUSED"
	GraphRecursionLimit          Code = "GRAPH_RECURSION_LIMIT"
)

// CodeInfo says what a code means and what to do about it.
type CodeInfo struct {
	Code  Code
	Means string
	Do    string
}

// Codes lists every code with what it means and what to do, in the order
// of the user reference.
func Codes() []CodeInfo {
	return []CodeInfo{
		{NonJSONValue, "A value is not JSON: NaN or ±Infinity, a YAML timestamp or !!binary, a non-string key, an ambiguous YAML octal like 012, a Go value encoding/json refuses (a channel, a func, NaN in a struct, a cycle; other Go values, structs and time.Time included, become what encoding/json writes); on a runtime in another language (langgraph-js), what a real node returned or the graph's reducers made (an undefined member, a Date, Map, Set, typed array, function, class instance, BigInt or a cycle).", "Write the value as JSON: quote a date to keep it a string, write 12 for 012, leave a Go field out with the tag `json:\"-\"` or return a value encoding/json can write; in a node, return date.toISOString(), [...set], Object.fromEntries(map), and leave undefined keys out (the message names the node and the path)."},
		{DuplicateKey, "An object names the same key twice (JSON or YAML).", "Keep one of the two; the message gives both positions."},
		{InvalidUTF8, "A text holds bytes that are not UTF-8, or a lone surrogate escape.", "Save the file as UTF-8; write a character outside the BMP as one escape pair."},
		{UnsafeInteger, "An integer literal is outside ±(2^53−1), where JavaScript runtimes lose precision.", "Write it as a string, or keep it in the safe range."},
		{TooDeep, "Values nest more than 1,000 levels.", "Flatten the value; such depth is almost always a generated mistake."},
		{TooLarge, "YAML aliases expand to more than 1,000,000 values or 16 MiB of text (a billion-laughs document, or long strings aliased many times).", "Use fewer aliases, or write the values out."},
		{SchemaInvalid, "The schema is wrong: an unknown reducer, type or attribute, a default of the wrong type, a readonly sub-path on a non-object field, profiles that disagree, a field the scenario's own graph lacks, a reducer that contradicts the own graph's channel, a scripted output for a node the own graph does not have.", "Fix the field and attribute the message names (file, line and JSON path); on an own graph, leave the reducer out or declare the channel's, and script one of the nodes the message lists."},
		{InvalidConcurrentGraphUpdate, "A field without a reducer (LangGraph's LastValue) got more than one write in one step, or a field got two overwrites in one step.", "Give the field a reducer (replace, append ...), or let one node write it per step."},
		{ExclusiveMergeConflict, "Awaken: two different nodes wrote an exclusive key in one step.", "Declare the field merge: commutative with a reducer that folds, or let one node write it."},
		{ParallelUnsupported, "llmfy: two nodes of one step write a field whose value depends on the order they finish in; llmfy runs such a step as a fan-out whose branches it applies as each finishes.", "Let one node of the step write the field, give it a reducer whose result does not depend on the order (an integer sum), or split the step."},
		{OrderDependentMerge, "A field declared merge: commutative gives another result when its writers come in the other order.", "Use a reducer that does not depend on order (sum, union), or declare merge: exclusive."},
		{ReadonlyWrite, "A node or tool changed a readonly field or sub-path (writing the same value back is allowed).", "Stop the node from writing it, or drop readonly if the field may change."},
		{TypeMismatch, "After the commit, a field's value is not of its declared type; or the scenario's own graph's schema (zod, StateSchema) refused a value.", "Fix the node's output, or the field's type (a trailing ? allows null); the JSON path and the schema's own message say what was refused."},
		{ReducerTypeError, "A reducer cannot combine the current value and the write (e.g. sum given a string), or a custom reducer failed or panicked.", "Write the kind the reducer takes; check the field's default, the current value before the first write."},
		{UnknownKey, "Awaken: an update names a key the schema does not declare.", "Declare the field, or drop the key from the output."},
		{InvalidNodeReturn, "A node returned what LangGraph JS cannot read (a string, a number, true, a list without a command), or a command of the wrong shape.", "Return an object (a partial update), a command, or nothing (null)."},
		{EmptyInput, "A run with no input on a thread that has no state.", "Give the run an input (Given an empty input state gives {})."},
		{MessageCoercionFailure, "An element of a messages field is not a message @langchain/core can read: an unknown role, a tool message without tool_call_id, a remove without a string id, or LangChain's own refusals such as tool-call arguments that are not JSON.", "Write a message object {\"type\": ..., \"content\": ...}, a [role, content] pair or a string; the message names the element."},
		{MessageNotFound, "A RemoveMessage names an id the messages field does not hold.", "Remove an id that exists; generated ids are auto-1, auto-2, ... in order of assignment."},
		{NodeError, "A real node (a Go node of Options.Nodes, or a node of the scenario's own graph) returned an error or panicked.", "Fix the node (a Go node's panic names the file:line of your code that panicked; a node of the graph names the file:line:column of the suite's code that threw), or assert the failure with Then the step should fail with \"NODE_ERROR\"."},
		{ToolError, "A real Go tool of Options.Tools returned an error or panicked.", "Fix the tool (a panic names the file:line of your code that panicked), or assert the failure."},
		{ToolInputInvalid, "Dawn's writeTodos refused its arguments (Dawn's exact message says which rule).", "Pass {\"todos\": [{\"content\": ..., \"status\": \"pending\" | \"in_progress\" | \"completed\"}]}."},
		{ToolCallUnknown, "A tool's answer (When tool ... returns, or a Go tool's result) answers no pending call of the model: the state has AI messages, and the last one makes no unanswered call of that tool, or with call id names a call that is not pending.", "Answer a pending call (the message lists them), or script the model's call first: an AI message whose tool_calls has an entry with the tool's name and an id."},
		{CapabilityConflict, "Dawn's planning capability contributes the todos field and the writeTodos tool, and the route declares one of them too.", "Remove the field from the schema or the tool from the route, or remove the plan.md."},
		{RuntimeDisagreement, "Side by side (--runtime builtin,<runtime>, such as builtin,langgraph-js), the built-in engine and the real library gave different outcomes for a commit.", "Read the JSON paths and both values: the real library is right; report the case if the built-in engine is wrong."},
		{RuntimeError, "A runtime refused a commit with an error of no other code, or could not run it (the bridge died, took longer than the runtime timeout or broke its protocol; it is started again for the next scenario).", "Read the quoted error, the exit status and the runtime's stderr; a missing package names its install command; a slow real node needs a longer --runtime-timeout."},
		{ModelScriptExhausted, "In a whole-graph run, a chat model of the graph was called past the end of the scenario's script (Given the model replies:); the message names the superstep, the node and the last message the model was given.", "Add the reply the model should give to the script, or find why the graph calls the model more often than the scenario expects."},
		{ModelScriptUnused, "A scenario whose graph ran whole ended with replies of its model script that no chat-model call used; the message names the first unused reply and the last call.", "Remove the replies the graph does not ask for, or find why it stopped calling the model (a route that ends early)."},
		{ModelScriptInvalid, "In a whole-graph run, a scripted reply calls a tool the model was not bound to (bindTools / bind_tools): the message names the reply, the tools the call was bound with, the superstep and the node.", "Call one of the bound tools in the reply, or bind the tool to the model the node calls."},
		{NodeScriptExhausted, "In a whole-graph run, a scripted node (Given node \"<name>\" returns, in turn:) was visited more often than its script has outputs; the message names the superstep and the visit.", "Add the output of that visit, or find why the graph visits the node more often than the scenario expects."},
		{NodeScriptUnused, "A scenario whose graph ran whole ended with outputs of a scripted node that no visit used.", "Remove the outputs the graph does not ask for, or find why it stopped visiting the node."},
		{ToolScriptExhausted, "In a whole-graph run, a scripted tool (Given tool \"<name>\" answers, in turn:) was called more often than its script has answers; the message names the superstep, the node and the call.", "Add the answer of that call, or find why the model calls the tool more often than the scenario expects."},
		{ToolScriptUnused, "A scenario whose graph ran whole ended with answers of a tool scripted in turn that no call used.", "Remove the answers no call asks for, or find why the model stopped calling the tool."},
		{GraphRecursionLimit, "A whole-graph run reached its recursion limit (the library's, or Given the recursion limit is <n>) without ending: the graph looped through more supersteps than the limit allows; the message names the limit, the last supersteps and the nodes it would run next.", "Find the route that loops (a conditional edge that never reaches END, a model script that keeps calling a tool), or raise the limit with Given the recursion limit is <n> when the run is long by design."},
	}
}
