package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/stateharness/scenario/internal/pyvalue"
)

// The tool calls of a message as langchain-core 1.8 reads them (the
// langgraph-py profile): _create_message_from_message_type turns OpenAI's
// form ({"id", "function": {"name", "arguments"}}) into LangChain's for a
// message of any type; AIMessage then makes each a ToolCall, or, with no
// tool_calls, parses additional_kwargs' raw OpenAI calls, those whose
// arguments are not JSON becoming invalid_tool_calls.

// pyOpenAIToolCalls is _create_message_from_message_type's loop over
// tool_calls: a dict with a "function" key becomes {name, args, id, type:
// "tool_call"}, its str arguments read by json.loads(strict=False); any
// other element is kept as it is. Python iterates whatever it is given: a
// str gives its characters, a dict its keys (here in sorted order, as JSON
// does not keep a dict's).
func pyOpenAIToolCalls(given any) ([]any, string) {
	var items []any
	switch x := given.(type) {
	case []any:
		items = x
	case string:
		for _, r := range x {
			items = append(items, string(r))
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			items = append(items, k)
		}
	default:
		return nil, fmt.Sprintf("has tool_calls %s, which is not a list (TypeError: %s object is not iterable)", pyvalue.Repr(given, nil), pyvalue.Quote(pyvalue.TypeName(given)))
	}
	out := make([]any, 0, len(items))
	for i, el := range items {
		if !pyHasFunction(el) {
			if _, isDict := el.(map[string]any); !isDict && !pyIterable(el) {
				return nil, fmt.Sprintf("has tool_calls[%d] %s; a tool call is a dict (TypeError: argument of type %s is not iterable)", i, pyvalue.Repr(el, nil), pyvalue.Quote(pyvalue.TypeName(el)))
			}
			out = append(out, el)
			continue
		}
		call, isDict := el.(map[string]any)
		if !isDict {
			return nil, fmt.Sprintf("has tool_calls[%d] %s, which holds 'function' but is not a dict (TypeError)", i, pyvalue.Repr(el, nil))
		}
		fn, isDict := call["function"].(map[string]any)
		if !isDict {
			return nil, fmt.Sprintf("has tool_calls[%d] whose function is %s; OpenAI's form is {\"id\": ..., \"function\": {\"name\": ..., \"arguments\": ...}} (TypeError)", i, pyvalue.Repr(call["function"], nil))
		}
		args, has := fn["arguments"]
		if !has {
			return nil, fmt.Sprintf("has tool_calls[%d] whose function has no arguments (KeyError: 'arguments')", i)
		}
		if text, isStr := args.(string); isStr {
			v, syntax, notJSON := pyvalue.JSONLoads(text, false)
			switch {
			case syntax != "":
				return nil, fmt.Sprintf("has tool_calls[%d] whose function.arguments %s are not JSON (json.decoder.JSONDecodeError: %s)", i, pyvalue.Repr(text, nil), syntax)
			case notJSON != "":
				return nil, pyNotJSONArguments(i, notJSON)
			}
			args = v
		}
		name, has := fn["name"]
		if !has {
			return nil, fmt.Sprintf("has tool_calls[%d] whose function has no name (KeyError: 'name')", i)
		}
		id, has := call["id"]
		if !has {
			return nil, fmt.Sprintf("has tool_calls[%d] in OpenAI's form without an id (KeyError: 'id')", i)
		}
		out = append(out, map[string]any{"name": name, "args": args, "id": id, "type": "tool_call"})
	}
	return out, ""
}

// pyAIToolCalls is AIMessage's _backwards_compat_tool_calls and the
// validation of its fields: the tool calls given, each remade by
// tool_call(name, args, id) (its "type" and "extras" dropped), or, when
// none are given, those default_tool_parser finds in additional_kwargs'
// tool_calls (raw holds them).
func pyAIToolCalls(calls []any, raw any) (valid, invalid []any, why string) {
	if len(calls) == 0 {
		if !pyvalue.Truthy(raw) {
			return nil, nil, ""
		}
		calls, invalid, why = pyDefaultToolParser(raw)
		if why != "" {
			return nil, nil, why
		}
		for i, c := range invalid {
			bad := c.(map[string]any)
			for _, k := range []string{"name", "id"} {
				if _, isStr := bad[k].(string); bad[k] != nil && !isStr {
					return nil, nil, fmt.Sprintf("has additional_kwargs.tool_calls whose invalid call %d has the %s %s; InvalidToolCall's %s is a str or None", i, k, pyvalue.Repr(bad[k], nil), k)
				}
			}
		}
	}
	for i, c := range calls {
		call, isDict := c.(map[string]any)
		if !isDict {
			return nil, nil, fmt.Sprintf("has tool_calls[%d] %s, which is not a dict (AttributeError: %s object has no attribute 'items')", i, pyvalue.Repr(c, nil), pyvalue.Quote(pyvalue.TypeName(c)))
		}
		for _, k := range slices.Sorted(maps.Keys(call)) {
			if k != "name" && k != "args" && k != "id" && k != "type" && k != "extras" {
				return nil, nil, fmt.Sprintf("has tool_calls[%d] with the key %s (TypeError: tool_call() got an unexpected keyword argument %s)", i, pyvalue.Quote(k), pyvalue.Quote(k))
			}
		}
		for _, k := range []string{"name", "args", "id"} {
			if _, has := call[k]; !has {
				return nil, nil, fmt.Sprintf("has tool_calls[%d] without %s (TypeError: tool_call() missing required keyword-only argument: %s)", i, pyvalue.Quote(k), pyvalue.Quote(k))
			}
		}
		name, isStr := call["name"].(string)
		args, isDict := call["args"].(map[string]any)
		_, idStr := call["id"].(string)
		if !isStr || !isDict || (call["id"] != nil && !idStr) {
			return nil, nil, fmt.Sprintf("has tool_calls[%d] %s; a ToolCall's name is a str, its args a dict and its id a str or None", i, pyvalue.Repr(c, nil))
		}
		valid = append(valid, map[string]any{"name": name, "args": args, "id": call["id"], "type": "tool_call"})
	}
	return valid, invalid, ""
}

// pyDefaultToolParser is default_tool_parser on additional_kwargs'
// tool_calls: each dict with a "function" becomes a tool call (a falsy
// name "", falsy args {}), or, when its arguments are not JSON
// (json.loads, strict), an invalid tool call. Any other failure (a value it
// cannot iterate, a "function" that is not a dict, no name or arguments,
// arguments that are not a str) is swallowed by AIMessage: no tool calls
// at all.
func pyDefaultToolParser(raw any) (calls, invalid []any, why string) {
	list, isList := raw.([]any)
	if !isList {
		// a str's characters and a dict's keys hold no tool call; a number
		// cannot be iterated: either way none
		return nil, nil, ""
	}
	for i, el := range list {
		if !pyHasFunction(el) {
			if _, isDict := el.(map[string]any); !isDict && !pyIterable(el) {
				return nil, nil, ""
			}
			continue
		}
		call, isDict := el.(map[string]any)
		if !isDict {
			return nil, nil, ""
		}
		fn, isDict := call["function"].(map[string]any)
		if !isDict {
			return nil, nil, ""
		}
		name, hasName := fn["name"]
		args, hasArgs := fn["arguments"]
		text, isStr := args.(string)
		if !hasName || !hasArgs || !isStr {
			return nil, nil, ""
		}
		v, syntax, notJSON := pyvalue.JSONLoads(text, true)
		switch {
		case syntax != "":
			invalid = append(invalid, map[string]any{"type": "invalid_tool_call", "name": name, "args": text, "id": call["id"], "error": nil})
			continue
		case notJSON != "":
			return nil, nil, pyNotJSONArguments(i, notJSON)
		}
		if !pyvalue.Truthy(name) {
			name = ""
		}
		if !pyvalue.Truthy(v) {
			v = map[string]any{}
		}
		calls = append(calls, map[string]any{"name": name, "args": v, "id": call["id"]})
	}
	return calls, invalid, ""
}

// pyNotJSONArguments: json.loads reads NaN, ±Infinity and integers of
// any size, which LangGraph Python keeps and the harness's values cannot
// hold (docs/reference.md, Values).
func pyNotJSONArguments(i int, what string) string {
	return fmt.Sprintf("has tool_calls[%d] whose function.arguments hold %s, which json.loads reads and a JSON value cannot hold", i, what)
}

// pyHasFunction is Python's "function" in el: a key of a dict, a
// substring of a str, an element of a list.
func pyHasFunction(el any) bool {
	switch x := el.(type) {
	case map[string]any:
		_, has := x["function"]
		return has
	case string:
		return strings.Contains(x, "function")
	case []any:
		for _, e := range x {
			if s, isStr := e.(string); isStr && s == "function" {
				return true
			}
		}
	}
	return false
}

// pyIterable: whether "in" can look into el (None, bool and numbers not).
func pyIterable(el any) bool {
	switch el.(type) {
	case map[string]any, string, []any:
		return true
	}
	return false
}
