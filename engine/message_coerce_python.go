package engine

import "fmt"

// This file is langchain-core 1.8's _convert_to_message as LangGraph
// Python's add_messages calls it on JSON values (the langgraph-py profile,
// SPEC §5 rule 2), then the canonical form of the message it builds: the
// fields the class keeps, its defaults left out (a tool message's status
// is always there: it defaults to "success"). Where the real code raises
// (a KeyError turned ValueError, a pydantic ValidationError, a TypeError),
// the engine fails with MESSAGE_COERCION_FAILURE.

// pyMessageTypes maps a role or type to the class
// _create_message_from_message_type builds.
var pyMessageTypes = map[string]string{
	"human": "human", "user": "human",
	"ai": "ai", "assistant": "ai",
	"system": "system", "developer": "system",
	"tool": "tool", "remove": "remove",
}

// pyMessageFields are the keyword arguments of
// _create_message_from_message_type; every other key of a message dict
// goes into additional_kwargs.
var pyMessageFields = map[string]bool{"name": true, "tool_call_id": true, "tool_calls": true, "id": true}

// coerceMessagePy is _convert_to_message on one element of a messages
// write: a str is a human message, a list of two a (role, content) pair, a
// dict a message whose "role", else "type", names the class.
func coerceMessagePy(el any) (message, string) {
	switch m := el.(type) {
	case string:
		return message{m: map[string]any{"type": "human", "content": m}, noID: true, own: true}, ""
	case []any:
		if len(m) != 2 {
			return message{}, "is a list that is not two long; Message as a sequence must be (role string, template)"
		}
		return constructPy(m[0], m[1], map[string]any{})
	case map[string]any:
		if m["lc"] == 1.0 && m["type"] == "constructor" {
			return message{}, "is a serialised LangChain message, which the langgraph-py profile does not read yet; write it as {\"type\": ..., \"content\": ...}"
		}
		kwargs := make(map[string]any, len(m))
		for k, v := range m {
			kwargs[k] = v
		}
		t, hasRole := kwargs["role"]
		if hasRole {
			delete(kwargs, "role")
		} else if t, hasRole = kwargs["type"]; hasRole {
			delete(kwargs, "type")
		}
		content, hasContent := kwargs["content"]
		delete(kwargs, "content")
		if !hasRole || !hasContent {
			return message{}, "must contain 'role' (or 'type') and 'content' keys"
		}
		if !pyTruthy(content) {
			content = "" // None msg content is not allowed
		}
		return constructPy(t, content, kwargs)
	}
	return message{}, fmt.Sprintf("is %s; expected a str, a (role, content) pair or a message dict (Unsupported message type)", TypeName(el))
}

// constructPy is _create_message_from_message_type and the constructor of
// the class: name, tool_call_id, tool_calls and id as themselves, every
// other keyword in additional_kwargs (response_metadata taken out when
// truthy, an additional_kwargs keyword merged in).
func constructPy(role, content any, kwargs map[string]any) (message, string) {
	r, _ := role.(string)
	t, known := pyMessageTypes[r]
	if _, isString := role.(string); !isString || !known {
		if r == "function" {
			return message{}, "is a function message, which the langgraph-py profile does not model"
		}
		return message{}, fmt.Sprintf("has unexpected message type %s; use one of 'human', 'user', 'ai', 'assistant', 'function', 'tool', 'system', or 'developer'", pyRepr(role, nil))
	}
	if t == "tool" {
		// ToolMessage.coerce_args: content of another kind is its str(),
		// as are the elements of a list that are neither str nor dict; a
		// numeric tool_call_id its str()
		switch x := content.(type) {
		case string:
		case []any:
			list := make([]any, len(x))
			for i, el := range x {
				switch el.(type) {
				case string, map[string]any:
					list[i] = el
				default:
					list[i] = pyStr(el, nil)
				}
			}
			content = list
		default:
			content = pyStr(content, nil)
		}
		if id, ok := kwargs["tool_call_id"].(float64); ok {
			kwargs = cloneMap(kwargs)
			kwargs["tool_call_id"] = pyNumber(id)
		}
	}
	if !pyContent(content) {
		return message{}, fmt.Sprintf("has content %s; expected a str or a list of str and dict", pyRepr(content, nil))
	}
	out := map[string]any{"type": t}
	if t != "remove" {
		out["content"] = content
	}
	extra := map[string]any{}
	for k, v := range kwargs {
		if !pyMessageFields[k] {
			extra[k] = v
		}
	}
	if meta, has := extra["response_metadata"]; has {
		delete(extra, "response_metadata")
		if pyTruthy(meta) {
			if _, ok := meta.(map[string]any); !ok {
				return message{}, "has response_metadata that is not a dict"
			}
			out["response_metadata"] = meta
		}
	}
	if nested, has := extra["additional_kwargs"]; has {
		delete(extra, "additional_kwargs")
		nm, ok := nested.(map[string]any)
		if !ok {
			return message{}, "has additional_kwargs that is not a dict"
		}
		for k, v := range nm {
			extra[k] = v
		}
	}
	if r == "developer" {
		extra["__openai_role__"] = "developer"
	}
	if name, has := kwargs["name"]; has && name != nil {
		if _, ok := name.(string); !ok {
			return message{}, "has a name that is not a str"
		}
		out["name"] = name
	}
	if calls, has := kwargs["tool_calls"]; has && calls != nil {
		list, ok := calls.([]any)
		switch {
		case ok && len(list) == 0:
		case t != "ai":
			// a field the class has not, kept as given (pydantic's extra)
			out["tool_calls"] = calls
		case ok:
			conv, why := pyToolCalls(list)
			if why != "" {
				return message{}, why
			}
			out["tool_calls"] = conv
		default:
			return message{}, "has tool_calls that are not a list"
		}
	}
	id, hasID := kwargs["id"]
	if hasID && id != nil {
		if _, ok := id.(string); !ok {
			return message{}, "has an id that is not a str"
		}
		out["id"] = id
	}
	switch t {
	case "human", "ai":
		if ex, has := extra["example"]; has {
			delete(extra, "example")
			if pyTruthy(ex) {
				out["example"] = ex
			}
		}
	case "tool":
		tcid, has := kwargs["tool_call_id"]
		if _, ok := tcid.(string); !has || !ok {
			return message{}, "is a tool message without a str tool_call_id"
		}
		out["tool_call_id"] = tcid
		status, has := extra["status"]
		delete(extra, "status")
		if !has || status == nil {
			status = "success"
		}
		if status != "success" && status != "error" {
			return message{}, fmt.Sprintf("has status %s; expected 'success' or 'error'", pyRepr(status, nil))
		}
		out["status"] = status
		if art, has := extra["artifact"]; has {
			delete(extra, "artifact")
			if art != nil {
				out["artifact"] = art
			}
		}
	case "remove":
		if !hasID || id == nil {
			return message{}, "is a remove without an id"
		}
		return message{m: map[string]any{"type": "remove", "id": id}, remove: true, key: id.(string), own: true}, ""
	}
	if len(extra) > 0 {
		out["additional_kwargs"] = extra
	}
	msg := message{m: out, own: true, noID: !hasID || id == nil}
	if !msg.noID {
		msg.key, msg.unmatched = idKey(id)
	}
	return msg, ""
}

// pyContent: a message's content is a str or a list of str and dict.
func pyContent(v any) bool {
	switch x := v.(type) {
	case string:
		return true
	case []any:
		for _, el := range x {
			switch el.(type) {
			case string, map[string]any:
			default:
				return false
			}
		}
		return true
	}
	return false
}

// pyTruthy is Python's truth value of a JSON value: None, False, 0, "",
// [] and {} are false.
func pyTruthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

func cloneMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// pyToolCalls is AIMessage's reading of its tool_calls: each a dict of
// name, args and id, which tool_call() makes {name, args, id, type:
// "tool_call"}. OpenAI's form ({"function": ...}) is not modelled yet.
func pyToolCalls(list []any) ([]any, string) {
	out := make([]any, len(list))
	for i, c := range list {
		call, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Sprintf("has tool_calls[%d] that is not a dict", i)
		}
		for k := range call {
			if k != "name" && k != "args" && k != "id" {
				return nil, fmt.Sprintf("has tool_calls[%d] with the key %s, which tool_call() does not take (the langgraph-py profile models name, args and id)", i, pyRepr(k, nil))
			}
		}
		name, okName := call["name"].(string)
		args, okArgs := call["args"].(map[string]any)
		id, hasID := call["id"]
		if _, isString := id.(string); !okName || !okArgs || !hasID || (id != nil && !isString) {
			return nil, fmt.Sprintf("has tool_calls[%d] without a str name, a dict args and an id", i)
		}
		out[i] = map[string]any{"name": name, "args": args, "id": id, "type": "tool_call"}
	}
	return out, ""
}
