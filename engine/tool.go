package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// ToolCall applies a tool's result on a thread (docs/reference.md, Tools): the profile's
// toolResult decides which results carry a state update and what the tool
// message says; the answer becomes a tool message when the schema has a
// messages field; a tool_result event is recorded. The tool message
// answers callID, else the model's pending call of the tool (see
// answeredCall); with no AI message in the state, callID "" takes the next
// call-N of the scenario.
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
	// stepCalls: the step is the model's call too (the model calls
	// writeTodos), so it needs no pending call; one there gives its id.
	stepCalls bool
}

// toolResultPlain: every result is a plain answer, which becomes the
// tool message, a string as it is and anything else as JSON.stringify
// writes it (awaken, llmfy).
func toolResultPlain(_ *profile, _ string, result any, order *KeyOrder) (toolOutcome, error) {
	return toolOutcome{answer: result, message: true, content: stringOrJSON(result, order)}, nil
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
	return order.Stringify(v)
}

// isCommand: {"update": {...}} with an optional goto (docs/reference.md, Tools).
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
		id, fallback, err := answeredCall(th.values["messages"], tool, callID, r.stepCalls)
		if err != nil {
			return err
		}
		callID = id
		if fallback {
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

// toolCallRef is one tool call of an AI message.
type toolCallRef struct{ id, name string }

// answeredCall gives the id of the call a tool message answers (docs/reference.md, Tools):
// given, else the first pending call of the tool, where pending calls are
// the tool_calls of the last AI message of msgs that no tool message after
// it answers. With AI messages in the state, a tool that answers no
// pending call is TOOL_CALL_UNKNOWN, naming the pending ones: no tool node
// answers a call nobody made. fallback: the state has no AI message, so
// an id not given is the scenario's next call-N. stepCalls: the step is
// the model's call itself (writeTodos), which needs no pending call.
func answeredCall(msgs any, tool, given string, stepCalls bool) (id string, fallback bool, err error) {
	pending, ai := pendingCalls(msgs)
	if !ai {
		return given, given == "", nil
	}
	for _, c := range pending {
		if (given == "" || c.id == given) && c.name == tool {
			return c.id, false, nil
		}
	}
	if stepCalls {
		return given, given == "", nil
	}
	what := fmt.Sprintf("tool %q answers", tool)
	if given != "" {
		what = fmt.Sprintf("tool %q with call id %q answers", tool, given)
		for _, c := range pending {
			if c.id == given {
				return "", false, &Error{Code: ToolCallUnknown, Path: PathKey(Root, "messages"), Message: fmt.Sprintf("%s no pending call of the model: call id %q is its pending call of %q, not of %q; answer it as tool %q, or give the id of a pending call of %q (%s)", what, given, c.name, tool, c.name, tool, describeCalls(pending))}
			}
		}
	}
	return "", false, &Error{Code: ToolCallUnknown, Path: PathKey(Root, "messages"), Message: fmt.Sprintf("%s no pending call of the model (%s): a tool answers a call the last AI message makes; answer a pending call, or let the model call %q first (a tool_calls entry named %q in its AI message)", what, describeCalls(pending), tool, tool)}
}

// describeCalls names the pending calls for a message.
func describeCalls(pending []toolCallRef) string {
	if len(pending) == 0 {
		return "the last AI message has no pending call: it calls no tool, or every call it makes is answered"
	}
	parts := make([]string, len(pending))
	for i, c := range pending {
		parts[i] = fmt.Sprintf("%s with call id %q", c.name, c.id)
	}
	return "its pending calls: " + strings.Join(parts, ", ")
}

// pendingCalls are the tool calls of the last AI message of a messages
// value that no tool message after it answers, in order; ai says whether
// there is an AI message at all. A message is read in LangChain's form
// ({"type": "ai", "tool_calls": [{"name", "id"}]}) or OpenAI's ({"role":
// "assistant", "tool_calls": [{"id", "function": {"name"}}]}), as the
// profiles without message coercion keep what the scenario wrote.
func pendingCalls(msgs any) (pending []toolCallRef, ai bool) {
	list, _ := msgs.([]any)
	last := -1
	for i, m := range list {
		if isAIMessage(m) {
			last = i
		}
	}
	if last < 0 {
		return nil, false
	}
	answered := map[string]bool{}
	for _, m := range list[last+1:] {
		if obj, ok := m.(map[string]any); ok && (obj["type"] == "tool" || obj["role"] == "tool") {
			if id, ok := obj["tool_call_id"].(string); ok {
				answered[id] = true
			}
		}
	}
	calls, _ := list[last].(map[string]any)["tool_calls"].([]any)
	for _, c := range calls {
		call, ok := c.(map[string]any)
		if !ok {
			continue
		}
		id, _ := call["id"].(string)
		name, hasName := call["name"].(string)
		if fn, ok := call["function"].(map[string]any); ok && !hasName {
			name, _ = fn["name"].(string)
		}
		if id != "" && name != "" && !answered[id] {
			pending = append(pending, toolCallRef{id: id, name: name})
			answered[id] = true // an id listed twice is one call
		}
	}
	return pending, true
}

// isAIMessage: a message of the model, by its type or its role.
func isAIMessage(m any) bool {
	obj, ok := m.(map[string]any)
	if !ok {
		return false
	}
	switch obj["type"] {
	case "ai", "AIMessage", "AIMessageChunk":
		return true
	}
	return obj["role"] == "assistant" || obj["role"] == "ai"
}
