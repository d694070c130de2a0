package engine

import (
	"fmt"

	"github.com/stateharness/scenario/internal/pyvalue"
)

// This file is langchain-core 1.8's _convert_to_message as LangGraph
// Python's add_messages calls it on JSON values (the langgraph-py profile,
// docs/reference.md, Reducers rule 2), then the canonical form of the message it builds: the
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
	"function": "function", "tool": "tool", "remove": "remove",
}

// pyLCConstructors is langchain-core's _LC_CONSTRUCTOR_NAME_TO_TYPE: the
// class names of a serialised message ({"lc": 1, "type": "constructor",
// "id": [..., name], "kwargs": {...}}, what dumpd writes) it reads back, and
// the type each stands for. It revives nothing else: any other envelope
// is read as an ordinary message dict.
var pyLCConstructors = map[string]string{
	"HumanMessage": "human", "HumanMessageChunk": "human",
	"AIMessage": "ai", "AIMessageChunk": "ai",
	"SystemMessage": "system", "SystemMessageChunk": "system",
	"FunctionMessage": "function", "FunctionMessageChunk": "function",
	"ToolMessage": "tool", "ToolMessageChunk": "tool",
	"RemoveMessage": "remove",
}

// pyMessageFields are the keyword arguments of
// _create_message_from_message_type; every other key of a message dict
// goes into additional_kwargs.
var pyMessageFields = map[string]bool{"name": true, "tool_call_id": true, "tool_calls": true, "id": true}

// coerceMessagePy is _convert_to_message on one element of a messages
// write: a str is a human message, a list of two a (role, content) pair, a
// dict a message whose "role", else "type", names the class (a serialised
// message first unpacked to {"type": ..., **kwargs}).
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
		unpacked, class, why := pyLCEnvelope(m)
		if why != "" {
			return message{}, why
		}
		if unpacked != nil {
			return coerceMessagePy(unpacked)
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
			if class != "" {
				return message{}, fmt.Sprintf("is a serialised LangChain object of class %s, which langchain-core does not read as a message (it reads %s), so it must contain 'role' and 'content' keys", pyvalue.Quote(class), pyLCClassList)
			}
			return message{}, "must contain 'role' (or 'type') and 'content' keys"
		}
		if !pyvalue.Truthy(content) {
			content = "" // None msg content is not allowed
		}
		return constructPy(t, content, kwargs)
	}
	return message{}, fmt.Sprintf("is %s; expected a str, a (role, content) pair or a message dict (Unsupported message type)", TypeName(el))
}

const pyLCClassList = "HumanMessage, AIMessage, SystemMessage, FunctionMessage, ToolMessage, their Chunk classes and RemoveMessage"

// pyLCEnvelope reads the Serializable constructor envelope as
// _convert_to_message detects it: "lc" equal to 1 (1, 1.0 or True),
// "type" "constructor", a non-empty "id" list and a "kwargs" dict. Of a
// message class it names it returns {"type": its type, **kwargs} (a "type"
// or "role" in kwargs wins); of another class only the class's name, and
// the dict is then read as any other.
func pyLCEnvelope(m map[string]any) (unpacked map[string]any, class, why string) {
	if lc := m["lc"]; (lc != 1.0 && lc != true) || m["type"] != "constructor" {
		return nil, "", ""
	}
	ids, isList := m["id"].([]any)
	kwargs, isDict := m["kwargs"].(map[string]any)
	if !isList || len(ids) == 0 || !isDict {
		return nil, "", ""
	}
	switch last := ids[len(ids)-1].(type) {
	case []any, map[string]any:
		return nil, "", fmt.Sprintf("is a serialised LangChain object whose id ends in %s, which names no class (TypeError: unhashable type: %s)", pyvalue.Repr(last, nil), pyvalue.Quote(pyvalue.TypeName(last)))
	case string:
		t, known := pyLCConstructors[last]
		if !known {
			return nil, last, ""
		}
		unpacked = make(map[string]any, len(kwargs)+1)
		unpacked["type"] = t
		for k, v := range kwargs {
			unpacked[k] = v
		}
		return unpacked, last, ""
	}
	return nil, "", ""
}

// constructPy is _create_message_from_message_type and the constructor of
// the class: name, tool_call_id, tool_calls and id as themselves, every
// other keyword in additional_kwargs (response_metadata taken out when
// truthy, an additional_kwargs keyword merged in).
func constructPy(role, content any, kwargs map[string]any) (message, string) {
	r, isString := role.(string)
	t, known := pyMessageTypes[r]
	if !isString || !known {
		return message{}, fmt.Sprintf("has unexpected message type %s; use one of 'human', 'user', 'ai', 'assistant', 'function', 'tool', 'system', or 'developer'", pyvalue.Repr(role, nil))
	}
	if t == "tool" {
		// ToolMessage.coerce_args: content of another kind is its str(),
		// as are the elements of a list that are neither str nor dict; a
		// numeric (or bool) tool_call_id its str()
		switch x := content.(type) {
		case string:
		case []any:
			list := make([]any, len(x))
			for i, el := range x {
				switch el.(type) {
				case string, map[string]any:
					list[i] = el
				default:
					list[i] = pyvalue.Str(el, nil)
				}
			}
			content = list
		default:
			content = pyvalue.Str(content, nil)
		}
		switch id := kwargs["tool_call_id"].(type) {
		case float64, bool:
			kwargs = cloneMap(kwargs)
			kwargs["tool_call_id"] = pyvalue.Str(id, nil)
		}
	}
	if !pyContent(content) {
		return message{}, fmt.Sprintf("has content %s; expected a str or a list of str and dict", pyvalue.Repr(content, nil))
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
		if pyvalue.Truthy(meta) {
			if _, ok := meta.(map[string]any); !ok {
				return message{}, "has response_metadata that is not a dict"
			}
			out["response_metadata"] = meta
		}
	}
	if nested, has := extra["additional_kwargs"]; has {
		delete(extra, "additional_kwargs")
		if why := pyDictUpdate(extra, nested); why != "" {
			return message{}, why
		}
	}
	if r == "developer" {
		extra["__openai_role__"] = "developer"
	}
	name, hasName := kwargs["name"]
	if hasName && name != nil {
		if _, ok := name.(string); !ok {
			return message{}, "has a name that is not a str"
		}
		out["name"] = name
	} else if t == "function" {
		return message{}, "is a function message without a name; FunctionMessage requires a str name"
	}
	var calls []any
	if given, has := kwargs["tool_calls"]; has && given != nil {
		var why string
		if calls, why = pyOpenAIToolCalls(given); why != "" {
			return message{}, why
		}
	}
	if t == "ai" {
		valid, invalid, why := pyAIToolCalls(calls, extra["tool_calls"])
		if why != "" {
			return message{}, why
		}
		if len(valid) > 0 {
			out["tool_calls"] = valid
		}
		if len(invalid) > 0 {
			out["invalid_tool_calls"] = invalid
		}
	} else if len(calls) > 0 {
		out["tool_calls"] = calls // a field the class has not, kept (pydantic's extra)
	}
	id, hasID := kwargs["id"]
	if hasID && id != nil {
		// BaseMessage.id coerces numbers to str
		switch x := id.(type) {
		case string:
		case float64:
			id = pyvalue.Number(x)
		default:
			return message{}, fmt.Sprintf("has the id %s, which is neither a str nor a number", pyvalue.Repr(id, nil))
		}
		out["id"] = id
	}
	switch t {
	case "human", "ai":
		if ex, has := extra["example"]; has {
			delete(extra, "example")
			if pyvalue.Truthy(ex) {
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
			return message{}, fmt.Sprintf("has status %s; expected 'success' or 'error'", pyvalue.Repr(status, nil))
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
		msg.key = id.(string)
	}
	return msg, ""
}

// pyDictUpdate is dict.update(v) of the additional_kwargs keyword into the
// message's other extra keys: a dict, or a list of (key, value) pairs (two
// long lists, two-character strs), "" and [] adding nothing. A pair whose
// key is not a str is refused: Python would make it a key of another
// type, which JSON cannot keep apart from its str; so is a pair that is a
// dict of two keys, whose order JSON does not keep.
func pyDictUpdate(into map[string]any, v any) string {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			into[k] = e
		}
		return ""
	case string:
		if x == "" {
			return ""
		}
		return fmt.Sprintf("has additional_kwargs %s; expected a dict (ValueError: dictionary update sequence element #0 has length 1; 2 is required)", pyvalue.Repr(v, nil))
	case []any:
		for i, el := range x {
			var k, e any
			switch pair := el.(type) {
			case []any:
				if len(pair) != 2 {
					return fmt.Sprintf("has additional_kwargs whose element #%d has length %d; 2 is required", i, len(pair))
				}
				k, e = pair[0], pair[1]
			case string:
				if n := len([]rune(pair)); n != 2 {
					return fmt.Sprintf("has additional_kwargs whose element #%d has length %d; 2 is required", i, n)
				}
				r := []rune(pair)
				k, e = string(r[0]), string(r[1])
			default:
				return fmt.Sprintf("has additional_kwargs whose element #%d is %s, not a (key, value) pair", i, pyvalue.Repr(el, nil))
			}
			key, isStr := k.(string)
			if !isStr {
				return fmt.Sprintf("has additional_kwargs whose element #%d has the key %s; the langgraph-py profile takes str keys, as JSON has", i, pyvalue.Repr(k, nil))
			}
			into[key] = e
		}
		return ""
	}
	return fmt.Sprintf("has additional_kwargs %s; expected a dict (TypeError: %s object is not iterable)", pyvalue.Repr(v, nil), pyvalue.Quote(pyvalue.TypeName(v)))
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

func cloneMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
