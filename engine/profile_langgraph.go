package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/jsvalue"
)

// langgraphJSProfile is LangGraph JS (@langchain/langgraph 1.x), the default
// profile; Dawn is built on it and shares its JavaScript rules.
var langgraphJSProfile = &profile{
	name: "langgraph", unknownKeys: dropUnknown, scope: ScopeThread, defaultReducer: lastValueName,
	readReturn: readReturnJS, concurrentWrite: lastValueConflict, overwriteConflict: overwriteConflictJS, firstWrite: firstWriteAsWritten, overwrite: overwriteValue,
	coerceMessage: coerceMessageJS, toolResult: toolResultLangGraph, keyOrder: jsonv.JSPropertyOrder, returnDelay: returnDelay,
}

// readReturnJS reads a node's return as LangGraph JS does (docs/reference.md, Commits): an
// object is an update; a command in its JSON.stringify form ("lg_name":
// "Command") writes its update; an array holding at least one command
// writes each element; null, false, 0 and "" write nothing; anything else is
// INVALID_GRAPH_NODE_RETURN_VALUE.
func readReturnJS(p *profile, node string, out any, order *KeyOrder) (returned, error) {
	if jsvalue.Falsy(out) {
		return returned{}, nil
	}
	switch u := out.(type) {
	case map[string]any:
		if isCommandJSON(u) {
			return p.commandWrites(byNode, node, u, order)
		}
		return returned{writes: p.writesOf(node, u, order)}, nil
	case []any:
		if slices.ContainsFunc(u, isCommandValue) {
			var r returned
			for _, el := range u {
				er, err := readReturnJS(p, node, el, order)
				if err != nil {
					return returned{}, err
				}
				r.writes = append(r.writes, er.writes...)
				r.gotos = append(r.gotos, er.gotos...)
				r.warnings = append(r.warnings, er.warnings...)
			}
			return r, nil
		}
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf(
		"Expected node %q to return an object or an array containing at least one Command object, received %s", node, jsvalue.Typeof(out))}
}

// lastValueConflict is LangGraph's LastValue refusing a second write in
// one step (docs/reference.md, Commits rule 3): the values as JSON.stringify writes them.
func lastValueConflict(field string, ws []Write) *Error {
	return &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: fmt.Sprintf(
		"Invalid update for channel %q with values %s: LastValue can only receive one value per step.",
		field, stringifyWrites(ws))}
}

// firstWriteAsWritten is LangGraph JS's BinaryOperatorAggregate on a
// channel with no value: its first write is stored as written (an
// overwrite unwrapped), and only the writes after it go through the
// reducer.
func firstWriteAsWritten(p *profile, _ *field, ws []Write) (start any, has bool, rest []Write, raw bool) {
	first := ws[0].Value
	if ov, ok := p.overwrite(first); ok {
		return ov, true, ws[1:], false
	}
	return first, true, ws[1:], true
}

// returnDelay is how long LangGraph JS takes to find that a node's return
// is invalid, in turns of its event loop. The nodes of a superstep run
// concurrently and the step fails with the error of the node that fails
// first (the first of an AggregateError), not the first by name: a list
// holding a command is read element by element, and each element before
// the invalid one costs turns (an update object 3, a falsy value 1, a
// command none). Ties go by node name. The weights were measured against
// LangGraph JS 1.7.3 (bench/steps/diff).
func returnDelay(out any) int {
	list, ok := out.([]any)
	if !ok || !slices.ContainsFunc(list, isCommandValue) {
		return 0
	}
	d := 0
	for _, el := range list {
		switch {
		case isCommandValue(el):
		case jsvalue.Falsy(el):
			d++
		default:
			if _, ok := el.(map[string]any); !ok {
				return d
			}
			d += 3
		}
	}
	return d
}

// toolResultLangGraph: a Command ({update, goto?}, or its JSON form)
// writes its update and carries its own messages; a list of content blocks
// is kept as the message's content, as LangChain's tool wrapper keeps it;
// anything else is a plain answer.
func toolResultLangGraph(p *profile, tool string, result any, order *KeyOrder) (toolOutcome, error) {
	if obj, isObj := result.(map[string]any); isObj && (isCommand(obj) || isCommandJSON(obj)) {
		r, err := p.commandWrites(byTool, tool, obj, order)
		if err != nil {
			return toolOutcome{}, err
		}
		return toolOutcome{answer: result, update: r.writes, gotos: r.gotos, warnings: r.warnings}, nil
	}
	if contentBlocks(result) {
		return toolOutcome{answer: result, message: true, content: result}, nil
	}
	return toolResultPlain(p, tool, result, order)
}

// isCommandJSON: a Command as JSON.stringify writes it, {"lg_name":
// "Command", ...}.
func isCommandJSON(obj map[string]any) bool {
	name, ok := obj["lg_name"].(string)
	return ok && name == "Command"
}

// isCommandValue: an element of a node's return that is a command in its
// JSON form.
func isCommandValue(v any) bool {
	obj, ok := v.(map[string]any)
	return ok && isCommandJSON(obj)
}

// stringifyWrites is JSON.stringify of a field's values in one step, as
// LangGraph's errors show them.
func stringifyWrites(ws []Write) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(w.order.Stringify(w.Value))
	}
	b.WriteByte(']')
	return b.String()
}
