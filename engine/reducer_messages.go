package engine

import (
	"fmt"
	"strconv"
)

// DefaultIDPrefix starts the ids the messages reducer generates: auto-1,
// auto-2, ... per scenario.
const DefaultIDPrefix = "auto-"

// removeAll is the id of LangGraph's REMOVE_ALL_MESSAGES marker.
const removeAll = "__remove_all__"

func init() {
	builtinReducers["messages"] = noArgs(reduceMessages)
}

// reduceMessages is LangGraph JS 1.7's messagesStateReducer (SPEC §5): ids
// join updates to existing messages, removals delete them, and messages
// without an id get a generated one.
func reduceMessages(c *reduceCtx, cur any, has bool, in any) (any, error) {
	var left []any
	if has && cur != nil {
		left = asList(cur)
	}
	right := asList(in)
	lm, ok := c.alreadyCoerced(left)
	if !ok {
		var err error
		if lm, err = coerceMessages(c, left, PathKey(Root, c.field), true); err != nil {
			return nil, err
		}
	}
	_, wholeIsList := in.([]any)
	rm, err := coerceMessages(c, right, "", wholeIsList)
	if err != nil {
		return nil, err
	}
	assignIDs(c, lm)
	assignIDs(c, rm)

	last := -1
	for i, m := range rm {
		if m["type"] == "remove" && m["id"] == removeAll {
			last = i
		}
	}
	if last >= 0 {
		return c.markCoerced(messagesToList(rm[last+1:])), nil
	}

	merged := make([]map[string]any, len(lm), len(lm)+len(rm))
	copy(merged, lm)
	index := make(map[string]int, len(lm)+len(rm))
	for i, m := range lm {
		index[messageID(m, "L", i)] = i
	}
	remove := map[string]bool{}
	for i, m := range rm {
		id := messageID(m, "R", i)
		pos, known := index[id]
		switch {
		case known && m["type"] == "remove":
			remove[id] = true
		case known:
			delete(remove, id)
			merged[pos] = m
		case m["type"] == "remove":
			return nil, &Error{Code: MessageNotFound, Path: PathKey(Root, c.field), Message: fmt.Sprintf(
				"Attempting to delete a message with an ID that doesn't exist ('%s')", showID(m["id"]))}
		default:
			index[id] = len(merged)
			merged = append(merged, m)
		}
	}
	if len(remove) > 0 {
		kept := merged[:0:0]
		for _, m := range merged {
			// removes carry string ids, so an object id is never removed
			if !remove[messageID(m, "F", 0)] {
				kept = append(kept, m)
			}
		}
		merged = kept
	}
	return c.markCoerced(messagesToList(merged)), nil
}

// alreadyCoerced returns the messages of a list this reducer returned
// before, without coercing them again.
func (c *reduceCtx) alreadyCoerced(list []any) ([]map[string]any, bool) {
	if len(list) == 0 || c.coerced == nil || c.coerced[&list[0]] != len(list) {
		return nil, false
	}
	out := make([]map[string]any, len(list))
	for i, m := range list {
		out[i] = m.(map[string]any)
	}
	return out, true
}

func (c *reduceCtx) markCoerced(list []any) []any {
	if len(list) > 0 && c.coerced != nil {
		c.coerced[&list[0]] = len(list)
	}
	return list
}

func asList(v any) []any {
	if arr, ok := v.([]any); ok {
		return arr
	}
	return []any{v}
}

func messagesToList(ms []map[string]any) []any {
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// messageID keys an id for the index as LangGraph's Map does: a string by
// itself, other scalars by type and value (1 and "1" differ), and an object
// or array only to itself. A Map compares those by reference, and JSON
// never shares one, so each occurrence (side and position) is its own key.
func messageID(m map[string]any, side string, pos int) string {
	switch id := m["id"].(type) {
	case string:
		return id
	case map[string]any, []any:
		return "\x00obj:" + side + strconv.Itoa(pos)
	default:
		return "\x00" + TypeName(id) + ":" + compactJSON(id)
	}
}

// showID renders an id for messages.
func showID(id any) string {
	if s, ok := id.(string); ok {
		return s
	}
	return compactJSON(id)
}

var roleTypes = map[string]string{
	"user": "human", "human": "human",
	"assistant": "ai", "ai": "ai",
	"system": "system", "developer": "system",
	"tool": "tool", "remove": "remove",
}

// coerceMessages turns every element into a message object, never modifying
// the elements it was given. base is set for the current value (errors say
// "current message"); isList is false when the write was one bare message,
// whose path is the field's own.
func coerceMessages(c *reduceCtx, list []any, base string, isList bool) ([]map[string]any, error) {
	out := make([]map[string]any, len(list))
	for i, el := range list {
		fail := func(msg string) error {
			path := PathKey(Root, c.field)
			if isList {
				path = PathIndex(path, i) // else the whole write is the one message
			}
			where := "incoming message " + strconv.Itoa(i)
			if base != "" {
				where = "current message " + strconv.Itoa(i)
			}
			return &Error{Code: MessageCoercionFailure, Path: path, Message: fmt.Sprintf("field %q: %s %s", c.field, where, msg)}
		}
		switch m := el.(type) {
		case string:
			out[i] = map[string]any{"type": "human", "content": m}
		case []any:
			if len(m) != 2 {
				return nil, fail(fmt.Sprintf("is an array of %d elements; expected [role, content]", len(m)))
			}
			role, ok := m[0].(string)
			if !ok {
				return nil, fail(fmt.Sprintf("has a role of type %s; expected a string like \"user\"", TypeName(m[0])))
			}
			t, known := roleTypes[role]
			switch {
			case t == "tool":
				return nil, fail(`is a ["tool", content] pair, but a tool message needs a tool_call_id; write it as {"role": "tool", "content": ..., "tool_call_id": ...}`)
			case !known || t == "remove":
				return nil, fail(fmt.Sprintf("has unknown role %q in [role, content]", role))
			}
			msg := map[string]any{"type": t, "content": m[1]}
			if role == "developer" {
				msg["additional_kwargs"] = map[string]any{"__openai_role__": "developer"}
			}
			out[i] = msg
		case map[string]any:
			msg, err := coerceObject(m)
			if err != "" {
				return nil, fail(err)
			}
			out[i] = msg
		default:
			return nil, fail(fmt.Sprintf("is %s; expected a string, a [role, content] pair or a message object", TypeName(el)))
		}
	}
	return out, nil
}

// coerceObject maps role/type to a message type, or says what is wrong.
func coerceObject(m map[string]any) (map[string]any, string) {
	// like LangChain, a role counts only when it is a string
	key := "role"
	raw, ok := m["role"]
	if _, isString := raw.(string); !isString {
		key = "type"
		raw, ok = m["type"]
	}
	if !ok {
		if r, hasRole := m["role"]; hasRole {
			return nil, fmt.Sprintf("has a role that is %s and no type; expected a role like \"user\"", TypeName(r))
		}
		return nil, `has neither "role" nor "type"`
	}
	role, isString := raw.(string)
	t, known := roleTypes[role]
	if !isString || !known {
		return nil, fmt.Sprintf("has unknown %s %s; expected user, human, assistant, ai, system, developer, tool or remove", key, compactJSON(raw))
	}
	if _, hasContent := m["content"]; !hasContent && t != "remove" {
		return nil, `has no "content"`
	}
	if t == "tool" {
		if _, ok := m["tool_call_id"]; !ok {
			return nil, `is a tool message without "tool_call_id"`
		}
	}
	if t == "remove" {
		if _, ok := m["id"].(string); !ok {
			return nil, `is a remove without a string "id"`
		}
	}
	if _, hasRole := m["role"]; !hasRole && key == "type" && role == t {
		// already a message object: shared, not copied (values are immutable)
		return m, ""
	}
	out := make(map[string]any, len(m)+1)
	for k, v := range m {
		if k != "role" {
			out[k] = v
		}
	}
	out["type"] = t
	if role == "developer" {
		kw, _ := m["additional_kwargs"].(map[string]any)
		merged := make(map[string]any, len(kw)+1)
		for k, v := range kw {
			merged[k] = v
		}
		merged["__openai_role__"] = "developer"
		out["additional_kwargs"] = merged
	}
	return out, ""
}

// assignIDs gives every message without an id (or with a null one) the next
// auto-N id. The maps are fresh copies made by coercion unless the message
// was already an object with an id, so this never modifies a given value.
func assignIDs(c *reduceCtx, ms []map[string]any) {
	for i, m := range ms {
		if id, ok := m["id"]; ok && id != nil {
			continue
		}
		*c.nextID++
		cp := make(map[string]any, len(m)+1)
		for k, v := range m {
			cp[k] = v
		}
		prefix := c.idPrefix
		if prefix == "" {
			prefix = DefaultIDPrefix
		}
		cp["id"] = prefix + strconv.Itoa(*c.nextID)
		ms[i] = cp
	}
}
