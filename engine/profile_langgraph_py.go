package engine

import (
	"fmt"

	"github.com/stateharness/scenario/internal/pyvalue"
)

// langgraphPyProfile is LangGraph Python (langgraph 1.2.24, langchain-core
// 1.8.3): a row of its own, read and checked against the real library
// (message_coerce_python.go, internal/pyvalue). Checked against langgraph
// 1.2.24 (bench/steps/diff -lib python).
var langgraphPyProfile = &profile{
	name: "langgraph-py", unknownKeys: dropUnknown, scope: ScopeThread, defaultReducer: lastValueName, typedStart: true, noDefaults: true,
	readReturn: readReturnPy, concurrentWrite: lastValueConflictPy, overwriteConflict: overwriteConflictPy, firstWrite: firstWriteRaw, overwrite: overwritePy,
	coerceMessage: coerceMessagePy, messagesNullArgs: addMessagesNone, toolResult: toolResultPy, keyOrder: insertionOrder, returnDelay: noReturnDelay,
}

// readReturnPy reads a node's return as StateGraph's _get_updates does:
// None writes nothing, a dict is an update, and anything else, falsy
// values and lists included, is INVALID_GRAPH_NODE_RETURN_VALUE. A command
// is given as one (the command step); a dict that looks like a command's
// JSON is a dict.
func readReturnPy(p *profile, node string, out any, order *KeyOrder) (returned, error) {
	switch u := out.(type) {
	case nil:
		return returned{}, nil
	case map[string]any:
		return returned{writes: p.writesOf(node, u, order)}, nil
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: "Expected dict, got " + pyvalue.Str(out, order)}
}

// addMessagesNone is add_messages's decorator wrapper on a null argument:
// both null returns a functools.partial (add_messages used as a
// decorator), which stays the field's value until LangGraph checkpoints it
// and fails; one null is a ValueError naming the other; a partial as the
// current value is no message.
func addMessagesNone(field string, cur, in any) (any, bool, error) {
	path := PathKey(Root, field)
	_, partial := cur.(pyPartial)
	switch {
	case (cur == nil || partial) && in == nil && !partial:
		return pyPartial{}, true, nil
	case partial && in != nil:
		return nil, true, &Error{Code: MessageCoercionFailure, Path: path, Message: "Unsupported message type: <class 'functools.partial'>"}
	case cur == nil:
		return nil, true, &Error{Code: MessageCoercionFailure, Path: path, Message: "Must specify non-null arguments for both 'left' and 'right'. Only received: 'right'."}
	case in == nil:
		return nil, true, &Error{Code: MessageCoercionFailure, Path: path, Message: "Must specify non-null arguments for both 'left' and 'right'. Only received: 'left'."}
	}
	return nil, false, nil
}

// pyPartial is the functools.partial add_messages(None, None) returns: a
// field's value within a fold, never in a state.
type pyPartial struct{}

func (pyPartial) checkpointError(field string) *Error {
	return &Error{Code: RuntimeError, Path: PathKey(Root, field), Message: "add_messages(None, None) returns a functools.partial, which LangGraph Python cannot checkpoint: Type is not msgpack serializable: functools.partial"}
}

// lastValueConflictPy is LastValue.update refusing a second value in one
// step: only the key, as Python's repr writes it.
func lastValueConflictPy(field string, _ []Write) *Error {
	return &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: fmt.Sprintf(
		"At key %s: Can receive only one value per step. Use an Annotated key to handle multiple values.", pyvalue.Repr(field, nil))}
}

// overwriteConflictPy is BinaryOperatorAggregate refusing a second
// Overwrite in one step.
func overwriteConflictPy(field string, _ []Write) *Error {
	return &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: "Can receive only one Overwrite value per super-step."}
}

// firstWriteRaw is BinaryOperatorAggregate.update on a channel with no
// value (a field of no particular type, whose constructor fails): the first
// write is stored as written, an Overwrite wrapper and all, and only the
// writes after it go through the reducer.
func firstWriteRaw(_ *profile, _ *field, ws []Write) (any, bool, []Write, bool) {
	return ws[0].Value, true, ws[1:], true
}

// overwritePy is _get_overwrite: {"__overwrite__": v} as the only key, or
// {"type": "__overwrite__", "value": v} with any other keys.
func overwritePy(v any) (any, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	if ov, ok := obj[overwriteKey]; ok && len(obj) == 1 {
		return ov, true
	}
	if t, ok := obj["type"].(string); ok && t == overwriteKey {
		if ov, ok := obj["value"]; ok {
			return ov, true
		}
	}
	return nil, false
}

// typeStart is the value a reducer field's channel starts from: the
// annotated type called with no arguments (list() is [], int() is 0). A
// field of no particular type (any, or nullable: Optional[T]) has none and
// takes its first write as written (firstWriteRaw).
func typeStart(t Type) (any, bool) {
	if t.Nullable || len(t.Enum) > 0 {
		return nil, false
	}
	switch t.Base {
	case "array":
		return []any{}, true
	case "object":
		return map[string]any{}, true
	case "number", "integer":
		return 0.0, true
	case "string":
		return "", true
	case "boolean":
		return false, true
	}
	return nil, false
}

// toolResultPy is a tool's result as LangGraph Python's ToolNode makes its
// message (langchain-core's _format_output, then ToolNode's
// msg_content_output): a command written {update, goto?} writes its update
// (a Python tool returns a Command object, which JSON can only stand for;
// its {"lg_name": "Command"} form is a dict like any other, as a node's
// return); a string is the content as it is; a list whose every element is
// a content block of a type langchain-core knows (an empty list too) is
// kept as a list; anything else is json.dumps(result, ensure_ascii=False).
func toolResultPy(p *profile, tool string, result any, order *KeyOrder) (toolOutcome, error) {
	if obj, isObj := result.(map[string]any); isObj && isCommand(obj) {
		r, err := p.commandWrites(byTool, tool, obj, order)
		if err != nil {
			return toolOutcome{}, err
		}
		return toolOutcome{answer: result, update: r.writes, gotos: r.gotos, warnings: r.warnings}, nil
	}
	switch {
	case isString(result), pyContentBlocks(result):
		return toolOutcome{answer: result, message: true, content: result}, nil
	}
	return toolOutcome{answer: result, message: true, content: pyvalue.Dumps(result, order)}, nil
}
