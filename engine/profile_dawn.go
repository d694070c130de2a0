package engine

import (
	"strconv"

	"github.com/stateharness/scenario/internal/jsonv"
)

// dawnProfile is Dawn: LangGraph JS with an implicit messages field, append
// inferred for array defaults, planning (plan.go) and its own tool results.
var dawnProfile = &profile{
	name: "dawn", inferReducer: true, implicitMessages: true, planning: true, unknownKeys: dropUnknown, scope: ScopeThread, defaultReducer: "replace",
	readReturn: readReturnJS, concurrentWrite: lastValueConflict, overwriteConflict: overwriteConflictJS, firstWrite: firstWriteAsWritten, overwrite: overwriteValue,
	coerceMessage: coerceMessageJS, toolResult: toolResultDawn, keyOrder: jsonv.JSPropertyOrder, returnDelay: returnDelay,
}

// toolResultDawn is Dawn's tool converter: {result} or {result, state}
// (docs/reference.md, Tools) answers with result and writes the state that is an object,
// spread under the tool message, which takes the place of a messages key of
// its own; any other result is a plain answer, which Dawn's tool node
// stringifies, quoting a string.
func toolResultDawn(p *profile, tool string, result any, order *KeyOrder) (toolOutcome, error) {
	obj, isObj := result.(map[string]any)
	if !isObj || !isDawnResult(obj) {
		return toolOutcome{answer: result, message: true, content: order.Stringify(result)}, nil
	}
	out := toolOutcome{answer: obj["result"], message: true, messageInUpdate: true}
	out.content = stringOrJSON(obj["result"], order)
	switch st := obj["state"].(type) {
	case map[string]any:
		out.update = writesBy(byTool, p.writesOf(tool, st, order))
	case []any:
		// {...array} spreads its indexes as keys
		for i, v := range st {
			out.update = append(out.update, Write{Node: tool, Field: strconv.Itoa(i), Value: v, kind: byTool, order: order})
		}
	}
	return out, nil
}

// isDawnResult: keys exactly result, or exactly result and state, as Dawn's
// unwrapToolResult reads them (docs/reference.md, Tools); anything else is a plain answer.
func isDawnResult(obj map[string]any) bool {
	if _, hasResult := obj["result"]; !hasResult {
		return false
	}
	_, hasState := obj["state"]
	return len(obj) == 1 || (len(obj) == 2 && hasState)
}
