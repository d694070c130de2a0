package engine

import (
	"fmt"
)

// This file is @langchain/core 1.4's coerceMessageLikeToMessage as
// LangGraph JS 1.7's messagesStateReducer calls it on JSON values (docs/reference.md, Reducers
// rule 2): _constructMessageFromParams, then the constructor of the class,
// then the canonical form, which keeps the fields the class keeps and
// leaves out its constructor defaults. Where the real code throws a
// TypeError or SyntaxError on a value it cannot read, the engine fails with
// MESSAGE_COERCION_FAILURE.

// messageKeys lists the keys each LangChain JS message class keeps besides
// type: BaseMessage's id, name, content, additional_kwargs and
// response_metadata, and the fields of AIMessage and ToolMessage. A
// RemoveMessage's content is always [] and left out of the canonical form.
// bench/messages/diff/keys_test.go checks the lists against the real classes.
var messageKeys = map[string][]string{
	"human":  baseKeys,
	"system": baseKeys,
	"ai":     append(baseKeys[:len(baseKeys):len(baseKeys)], "tool_calls", "invalid_tool_calls", "usage_metadata"),
	"tool":   append(baseKeys[:len(baseKeys):len(baseKeys)], "tool_call_id", "status", "artifact", "metadata"),
	"remove": {"id", "name", "additional_kwargs", "response_metadata"},
}

var baseKeys = []string{"id", "name", "content", "additional_kwargs", "response_metadata"}

// MessageKeys returns the keys the messages reducer keeps on a message of
// type t ("human", "ai", "system", "tool" or "remove") besides "type", as
// LangChain JS's class for that type keeps them; nil for any other type.
func MessageKeys(t string) []string {
	return append([]string(nil), messageKeys[t]...)
}

// roleTypes maps a role or type to the class _constructMessageFromParams
// builds ("developer" is a system message with an OpenAI role).
var roleTypes = map[string]string{
	"user": "human", "human": "human",
	"assistant": "ai", "ai": "ai",
	"system": "system", "developer": "system",
	"tool": "tool", "remove": "remove",
}

// serializedTypes maps the class name of LangChain's serialised form
// ({"lc": 1, "type": "constructor", "id": [..., class], "kwargs": {...}})
// to the message type; a chunk class gives the plain class.
var serializedTypes = map[string]string{
	"HumanMessage": "human", "HumanMessageChunk": "human",
	"AIMessage": "ai", "AIMessageChunk": "ai",
	"SystemMessage": "system", "SystemMessageChunk": "system",
	"ToolMessage": "tool", "ToolMessageChunk": "tool",
}

// coerceMessageJS is coerceMessageLikeToMessage on one element of a
// messages write: a string is a human message, an array a [role, content]
// pair, an object a message, a serialised message or a role and content.
func coerceMessageJS(el any) (message, string) {
	switch m := el.(type) {
	case string:
		return message{m: map[string]any{"type": "human", "content": m}, noID: true, own: true}, ""
	case []any:
		return coercePair(m)
	case map[string]any:
		return coerceObject(m)
	}
	return message{}, fmt.Sprintf("is %s; expected a string, a [role, content] pair or a message object", TypeName(el))
}

// coercePair is a [role, content] array: the role as an object's role, the
// second element as content (missing: []), further elements ignored.
func coercePair(a []any) (message, string) {
	if len(a) == 0 {
		return message{}, "is an empty array; expected [role, content]"
	}
	role, ok := a[0].(string)
	if !ok {
		return message{}, fmt.Sprintf("has a role of type %s; expected a string like \"user\"", TypeName(a[0]))
	}
	t, known := roleTypes[role]
	switch {
	case t == "tool":
		return message{}, `is a ["tool", content] pair, but a tool message needs a tool_call_id; write it as {"role": "tool", "content": ..., "tool_call_id": ...}`
	case t == "remove":
		return message{}, `is a ["remove", ...] pair, but a remove needs an id; write it as {"type": "remove", "id": ...}`
	case !known:
		return message{}, fmt.Sprintf("has unknown role %q in [role, content]", role)
	}
	fields := map[string]any{}
	if len(a) > 1 {
		fields["content"] = a[1]
	}
	return construct(t, role == "developer", fields)
}

// coerceObject is what coerceMessageLikeToMessage makes of an object: the
// serialised form is its class; otherwise a string role, else the type,
// names the class.
func coerceObject(m map[string]any) (message, string) {
	if t, _ := m["type"].(string); t == "human" || t == "ai" || t == "system" || t == "tool" || t == "remove" {
		if id, hasID, ok := canonical(m, t); ok {
			// already in the canonical form: shared, not copied (values are immutable)
			msg := message{m: m, remove: t == "remove", noID: !hasID || id == nil}
			if !msg.noID {
				msg.key, msg.unmatched = idKey(id)
			}
			return msg, ""
		}
	}
	if class, kwargs, ok := serialized(m); ok {
		name, _ := class.(string)
		t, known := serializedTypes[name]
		if !known {
			return message{}, fmt.Sprintf("is a serialised LangChain message of class %s; expected HumanMessage, AIMessage, SystemMessage, ToolMessage or their Chunk variants", compactJSON(class))
		}
		fields, isMap := kwargs.(map[string]any)
		if !isMap {
			// an array as kwargs is the constructor's content argument
			fields = map[string]any{"content": kwargs}
		}
		if _, ok := fields["tool_call_id"]; t == "tool" && !ok {
			return message{}, `is a serialised ToolMessage without "tool_call_id" in its kwargs`
		}
		return construct(t, false, fields)
	}
	key := "role"
	roleRaw, hasRole := m["role"]
	raw, ok := roleRaw, hasRole
	if _, isString := raw.(string); !isString {
		// like LangChain, a role counts only when it is a string
		key = "type"
		raw, ok = m["type"]
	}
	if !ok {
		if hasRole {
			return message{}, fmt.Sprintf("has a role that is %s and no type; expected a role like \"user\"", TypeName(roleRaw))
		}
		return message{}, `has neither "role" nor "type"`
	}
	role, isString := raw.(string)
	t, known := roleTypes[role]
	if !isString || !known {
		hint := ""
		if role == "constructor" {
			hint = ` (a serialised LangChain message needs "lc": 1, an "id" array and a "kwargs" object)`
		}
		return message{}, fmt.Sprintf("has unknown %s %s; expected user, human, assistant, ai, system, developer, tool or remove%s", key, compactJSON(raw), hint)
	}
	switch t {
	case "tool":
		if _, ok := m["tool_call_id"]; !ok {
			return message{}, `is a tool message without "tool_call_id"`
		}
	case "remove":
		if _, ok := m["id"].(string); !ok {
			return message{}, `is a remove without a string "id"`
		}
	}
	return construct(t, role == "developer", m)
}

// serialized recognises LangChain's serialised form as
// isSerializedConstructor does: lc 1, an id array and an object kwargs
// (arrays count); the class is the id's last element.
func serialized(m map[string]any) (class any, kwargs any, ok bool) {
	if m["lc"] != 1.0 {
		return nil, nil, false
	}
	path, isArray := m["id"].([]any)
	if !isArray {
		return nil, nil, false
	}
	switch kw := m["kwargs"].(type) {
	case map[string]any, []any:
		kwargs = kw
	default:
		return nil, nil, false
	}
	if len(path) > 0 {
		class = path[len(path)-1]
	}
	return class, kwargs, true
}

// canonical reports whether m, whose type is t, is already the canonical
// form of a message of type t (a key it has not looked up, such as role or
// LangChain's lc, makes it count its keys short), and returns its id.
// It may say no to a message that is canonical: construct then builds an
// equal copy. It looks keys up rather than ranging over m: most messages
// have three or four keys, and this runs once per message.
func canonical(m map[string]any, t string) (id any, hasID, ok bool) {
	n := 1 // type
	content, hasContent := m["content"]
	if hasContent != (t != "remove") || (hasContent && content == nil) {
		return nil, false, false
	}
	if hasContent {
		n++
	}
	if id, hasID = m["id"]; hasID {
		n++
	}
	if _, isString := id.(string); t == "remove" && !isString {
		return nil, false, false
	}
	if _, has := m["name"]; has {
		n++
	}
	if t == "tool" {
		if _, has := m["tool_call_id"]; !has {
			return nil, false, false
		}
		n++
	}
	if n == len(m) {
		return id, hasID, true
	}
	for _, k := range messageKeys[t] {
		v, has := m[k]
		if !has {
			continue
		}
		switch k {
		case "id", "name", "content", "tool_call_id":
			continue // counted above
		case "additional_kwargs":
			kw, isMap := v.(map[string]any)
			if !isMap || len(kw) == 0 {
				return nil, false, false
			}
			if _, raw := kw["tool_calls"]; raw && t == "ai" {
				return nil, false, false
			}
		case "response_metadata":
			meta, isMap := v.(map[string]any)
			if !isMap || len(meta) == 0 || (t == "ai" && meta["output_version"] == "v1") {
				return nil, false, false
			}
		case "tool_calls":
			calls, isList := v.([]any)
			if !isList || len(calls) == 0 {
				return nil, false, false
			}
			for _, c := range calls {
				if call, isMap := c.(map[string]any); !isMap || (call["type"] != "tool_call" && openAIToolCall(call)) {
					return nil, false, false
				}
			}
		case "invalid_tool_calls":
			if calls, isList := v.([]any); !isList || len(calls) == 0 {
				return nil, false, false
			}
		}
		n++
	}
	return id, hasID, n == len(m)
}
