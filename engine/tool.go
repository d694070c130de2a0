package engine

import "strconv"

// ToolCall applies a tool's result on a thread (SPEC §8): the profile's
// toolResult decides which results carry a state update and what the tool
// message says; the answer becomes a tool message when the schema has a
// messages field; a tool_result event is recorded. callID "" takes the
// next call-N of the scenario.
func (g *Graph) ToolCall(threadID, tool, callID string, result any) error {
	th, err := g.started(threadID)
	if err != nil {
		return err
	}
	result, order, err := normalizeOrdered(result)
	if err != nil {
		return err
	}
	r, err := g.prof.toolResult(g.prof, tool, result, order)
	if err != nil {
		return err
	}
	return g.commitTool(threadID, th, tool, callID, r, nil)
}

// toolOutcome is a tool result read by the profile's result shapes.
type toolOutcome struct {
	answer any
	// content is the tool message's content, as the framework writes it: a
	// string, or a list of content blocks.
	content any
	// message: the answer becomes a tool message. A LangGraph Command
	// carries its own messages, so none is added for it.
	message bool
	// messageInUpdate: the tool message stands where the update has a
	// messages key, replacing it (Dawn's {...state, messages: [message]}).
	messageInUpdate bool
	update          []Write
	gotos           []Goto
	warnings        []string
}

// toolResultPlain: every result is a plain answer, which becomes the
// tool message, a string as it is and anything else as JSON.stringify
// writes it (awaken, llmfy).
func toolResultPlain(_ *profile, _ string, result any, order *KeyOrder) (toolOutcome, error) {
	return toolOutcome{answer: result, message: true, content: stringOrJSON(result, order)}, nil
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

// toolResultDawn is Dawn's tool converter: {result} or {result, state}
// (SPEC §8) answers with result and writes the state that is an object,
// spread under the tool message, which takes the place of a messages key of
// its own; any other result is a plain answer, which Dawn's tool node
// stringifies, quoting a string.
func toolResultDawn(p *profile, tool string, result any, order *KeyOrder) (toolOutcome, error) {
	obj, isObj := result.(map[string]any)
	if !isObj || !isDawnResult(obj) {
		return toolOutcome{answer: result, message: true, content: order.stringify(result)}, nil
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

// contentBlocks: a list whose every element is an object with a "type", as
// @langchain/core's _formatToolOutput tells content blocks (an empty list
// included).
func contentBlocks(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, el := range list {
		obj, ok := el.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := obj["type"]; !ok {
			return false
		}
	}
	return true
}

// stringOrJSON is a string as it is, anything else as JSON.stringify writes
// it.
func stringOrJSON(v any, order *KeyOrder) string {
	if s, ok := v.(string); ok {
		return s
	}
	return order.stringify(v)
}

// isDawnResult: keys exactly result, or exactly result and state, as Dawn's
// unwrapToolResult reads them (SPEC §8); anything else is a plain answer.
func isDawnResult(obj map[string]any) bool {
	if _, hasResult := obj["result"]; !hasResult {
		return false
	}
	_, hasState := obj["state"]
	return len(obj) == 1 || (len(obj) == 2 && hasState)
}

// isCommand: {"update": {...}} with an optional goto (SPEC §8).
func isCommand(obj map[string]any) bool {
	if _, ok := obj["update"].(map[string]any); !ok {
		return false
	}
	_, hasGoto := obj["goto"]
	return len(obj) == 1 || (len(obj) == 2 && hasGoto)
}

// commitTool commits a tool call: its update plus, when there is an answer
// and a messages field, the tool message; then the tool's events.
func (g *Graph) commitTool(threadID string, th *thread, tool, callID string, r toolOutcome, extra []Event) error {
	writes := r.update
	calls := g.nextCall
	if _, ok := g.fields["messages"]; ok && r.message {
		if callID == "" {
			calls++
			callID = "call-" + strconv.Itoa(calls)
		}
		msg := Write{Node: tool, Field: "messages", kind: byTool, Value: map[string]any{
			"type": "tool", "name": tool, "tool_call_id": callID, "content": r.content,
		}}
		writes = make([]Write, 0, len(r.update)+1)
		placed := false
		for _, w := range r.update {
			if r.messageInUpdate && w.Field == "messages" {
				w, placed = msg, true
			}
			writes = append(writes, w)
		}
		if !placed {
			writes = append(writes, msg)
		}
	}
	err := g.commit(&pending{
		thread: threadID, before: th, source: "tool", nodes: []string{tool}, writes: writes, gotos: r.gotos, warnings: r.warnings,
		readonly: true, events: append([]Event{{Type: "tool_result", Data: map[string]any{"name": tool, "output": r.answer}}}, extra...),
		req: CommitRequest{Kind: CommitTool, Before: th.values, Writes: writes},
	})
	if err != nil {
		return err
	}
	g.nextCall = calls
	return nil
}
