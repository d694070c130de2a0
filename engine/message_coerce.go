package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/stateharness/scenario/internal/canonjson"
)

// This file is @langchain/core 1.4's coerceMessageLikeToMessage as
// LangGraph JS 1.7's messagesStateReducer calls it on JSON values (SPEC §5
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

// construct builds the message the class of type t makes of fields, in the
// canonical form. developer adds the OpenAI role as
// _constructMessageFromParams does.
func construct(t string, developer bool, fields map[string]any) (message, string) {
	id, hasID := fields["id"]
	kwargs := fields["additional_kwargs"]
	if developer {
		spread := spreadObject(kwargs)
		spread["__openai_role__"] = "developer"
		kwargs = spread
	}
	meta, hasMeta := fields["response_metadata"]
	content, hasContent := fields["content"]
	blocks, hasBlocks := fields["contentBlocks"]
	var calls, invalid any
	switch t {
	case "remove":
		hasContent, hasBlocks = false, false
	case "ai":
		ai, err := constructAI(fields, aiInit{content: content, hasContent: hasContent, blocks: blocks, hasBlocks: hasBlocks, meta: meta, hasMeta: hasMeta})
		if err != "" {
			return message{}, err
		}
		content, hasContent, blocks, hasBlocks = ai.content, ai.hasContent, ai.blocks, ai.hasBlocks
		calls, invalid = ai.toolCalls, ai.invalid
	}

	// BaseMessage's constructor
	if !truthy(meta) {
		meta = map[string]any{}
	}
	switch {
	case !hasContent && hasBlocks:
		content = blocks
		v1 := map[string]any{"output_version": "v1"}
		for k, v := range spreadObject(meta) {
			v1[k] = v
		}
		meta = v1
	case hasContent:
		if content == nil {
			content = []any{}
		}
	default:
		content = []any{}
	}

	// the canonical form: the keys the class keeps, without its defaults
	out := make(map[string]any, 6)
	out["type"] = t
	for _, k := range messageKeys[t] {
		switch k {
		case "id":
			if hasID && id != nil {
				out[k] = id
			}
		case "content":
			out[k] = content
		case "additional_kwargs":
			if truthy(kwargs) && !isEmptyObject(kwargs) {
				out[k] = kwargs
			}
		case "response_metadata":
			if !isEmptyObject(meta) {
				out[k] = meta
			}
		case "tool_calls":
			if !isEmptyArray(calls) {
				out[k] = calls
			}
		case "invalid_tool_calls":
			if !isEmptyArray(invalid) {
				out[k] = invalid
			}
		default: // fields the constructor copies as they are
			if v, ok := fields[k]; ok {
				out[k] = v
			}
		}
	}
	msg := message{m: out, remove: t == "remove", noID: !hasID || id == nil, own: true}
	if !msg.noID {
		msg.key, msg.unmatched = idKey(id)
	}
	return msg, ""
}

// aiInit is what AIMessage's constructor reads and rewrites before it calls
// BaseMessage's: content, contentBlocks, and the tool calls.
type aiInit struct {
	content, blocks, meta          any
	hasContent, hasBlocks, hasMeta bool
	toolCalls, invalid             any
}

// constructAI is AIMessage's constructor (with the tool-call coercion of
// _constructMessageFromParams): tool calls from the message, else parsed
// from additional_kwargs.tool_calls (OpenAI's raw form); content in
// LangChain's v1 form becomes content blocks, and blocks and tool calls
// are completed from each other.
func constructAI(fields map[string]any, in aiInit) (aiInit, string) {
	calls, hasCalls := fields["tool_calls"]
	if list, ok := calls.([]any); ok {
		var conv []any
		for i, c := range list {
			nc, changed, err := coerceToolCall(c)
			if err != "" {
				return in, fmt.Sprintf("is an ai message whose tool_calls[%d] %s", i, err)
			}
			if conv == nil && changed {
				conv = append(make([]any, 0, len(list)), list[:i]...)
			}
			if conv != nil {
				conv = append(conv, nc)
			}
		}
		if conv != nil {
			calls = conv
		}
	}
	invalid := fields["invalid_tool_calls"]
	var raw any
	if kw, ok := fields["additional_kwargs"].(map[string]any); ok {
		raw = kw["tool_calls"]
	}
	if raw != nil && !hasCalls {
		calls, invalid = parseRawToolCalls(raw)
	} else {
		if calls == nil {
			calls = []any{}
		}
		if invalid == nil {
			invalid = []any{}
		}
	}
	if in.hasMeta {
		switch meta := in.meta.(type) {
		case map[string]any:
			if meta["output_version"] == "v1" && in.hasContent {
				in.blocks, in.hasBlocks = toContentBlocks(in.content), true
				in.content, in.hasContent = nil, false
			}
		case []any:
		default:
			return in, fmt.Sprintf("is an ai message whose response_metadata is %s; expected an object", TypeName(in.meta))
		}
	}
	if in.hasBlocks {
		blocks, ok := in.blocks.([]any)
		if !ok {
			blocks = toContentBlocks(in.blocks)
		}
		for i, b := range blocks {
			if b == nil {
				return in, fmt.Sprintf("is an ai message whose content block %d is null", i)
			}
		}
		original := blocks
		if truthy(calls) {
			list, ok := calls.([]any)
			if !ok {
				return in, fmt.Sprintf("is an ai message with content blocks whose tool_calls is %s; expected an array", TypeName(calls))
			}
			var added []any
			for _, c := range list {
				if !blockFor(original, c) {
					added = append(added, toolCallBlock(c))
				}
			}
			if added != nil {
				blocks = append(append(make([]any, 0, len(blocks)+len(added)), blocks...), added...)
			}
		}
		var missing []any
		for _, b := range original {
			if prop(b, "type") != "tool_call" {
				continue
			}
			list, ok := calls.([]any)
			if !ok {
				return in, fmt.Sprintf("is an ai message with tool_call content blocks whose tool_calls is %s; expected an array", compactJSON(calls))
			}
			if !callFor(list, b) {
				missing = append(missing, toolCallBlock(b))
			}
		}
		if missing != nil {
			list := calls.([]any)
			calls = append(append(make([]any, 0, len(list)+len(missing)), list...), missing...)
		}
		in.blocks, in.hasBlocks = blocks, true
	}
	in.toolCalls, in.invalid = calls, invalid
	return in, ""
}

// undefined stands for a JavaScript property that is not there.
type undefined struct{}

// prop reads x[k] as JavaScript does on a JSON value: a missing key, or any
// key of a non-object, is undefined.
func prop(x any, k string) any {
	if m, ok := x.(map[string]any); ok {
		if v, ok := m[k]; ok {
			return v
		}
	}
	return undefined{}
}

// strictEqual is JavaScript's === on JSON values: objects and arrays are
// equal only to themselves, and two JSON values never share one.
func strictEqual(a, b any) bool {
	switch a.(type) {
	case map[string]any, []any:
		return false
	}
	switch b.(type) {
	case map[string]any, []any:
		return false
	}
	return a == b
}

// blockFor reports whether a tool_call content block among blocks has the
// id and name of call.
func blockFor(blocks []any, call any) bool {
	for _, b := range blocks {
		if prop(b, "type") == "tool_call" && strictEqual(prop(b, "id"), prop(call, "id")) && strictEqual(prop(b, "name"), prop(call, "name")) {
			return true
		}
	}
	return false
}

// callFor reports whether a tool call among calls has the id and name of
// block.
func callFor(calls []any, block any) bool {
	for _, c := range calls {
		if strictEqual(prop(c, "id"), prop(block, "id")) && strictEqual(prop(c, "name"), prop(block, "name")) {
			return true
		}
	}
	return false
}

// toolCallBlock is {type, id, name, args} taken from a tool call or a
// content block, without the keys it lacks.
func toolCallBlock(from any) map[string]any {
	out := map[string]any{"type": "tool_call"}
	for _, k := range [...]string{"id", "name", "args"} {
		if v := prop(from, k); v != (undefined{}) {
			out[k] = v
		}
	}
	return out
}

// toContentBlocks is AIMessage's coerceToContentBlocks.
func toContentBlocks(v any) []any {
	switch x := v.(type) {
	case string:
		if x == "" {
			return []any{}
		}
		return []any{map[string]any{"type": "text", "text": x}}
	case []any:
		return x
	case nil:
		return []any{}
	}
	return []any{v}
}

// coerceToolCall is _coerceToolCall: a tool call in OpenAI's form
// ({id, type: "function", function: {name, arguments}}) becomes LangChain's.
func coerceToolCall(c any) (out any, changed bool, err string) {
	if c == nil {
		return nil, false, "is null"
	}
	call, ok := c.(map[string]any)
	if !ok || call["type"] == "tool_call" || !openAIToolCall(call) {
		return c, false, ""
	}
	fn := call["function"].(map[string]any)
	var args any
	if err := json.Unmarshal([]byte(fn["arguments"].(string)), &args); err != nil {
		return nil, false, fmt.Sprintf("has function.arguments that are not JSON (%v)", err)
	}
	return map[string]any{"id": call["id"], "args": args, "name": fn["name"], "type": "tool_call"}, true, ""
}

func openAIToolCall(call map[string]any) bool {
	_, id := call["id"].(string)
	fn, isMap := call["function"].(map[string]any)
	if !id || call["type"] != "function" || !isMap {
		return false
	}
	_, args := fn["arguments"].(string)
	_, name := fn["name"].(string)
	return args && name
}

// parseRawToolCalls is defaultToolCallParser on additional_kwargs.tool_calls
// as AIMessage's constructor calls it: a value it cannot iterate, or a null
// element, gives no tool calls at all.
func parseRawToolCalls(raw any) (calls, invalid []any) {
	list, ok := raw.([]any)
	if !ok {
		return []any{}, []any{}
	}
	calls, invalid = []any{}, []any{}
	for _, el := range list {
		if el == nil {
			return []any{}, []any{}
		}
		fn := prop(el, "function")
		if fn == (undefined{}) || !truthy(fn) {
			continue
		}
		name, args := prop(fn, "name"), prop(fn, "arguments")
		parsed, ok := jsJSONParse(args)
		if ok {
			if name == (undefined{}) || !truthy(name) {
				name = ""
			}
			if !truthy(parsed) {
				parsed = map[string]any{}
			}
			call := map[string]any{"name": name, "args": parsed}
			if id := prop(el, "id"); id != (undefined{}) {
				call["id"] = id
			}
			calls = append(calls, call)
			continue
		}
		bad := map[string]any{"error": "Malformed args."}
		for k, v := range map[string]any{"name": name, "args": args, "id": prop(el, "id")} {
			if v != (undefined{}) {
				bad[k] = v
			}
		}
		invalid = append(invalid, bad)
	}
	return calls, invalid
}

// jsJSONParse is JSON.parse(v) on a JSON value: v is first turned into a
// string as JavaScript does.
func jsJSONParse(v any) (any, bool) {
	var text string
	switch x := v.(type) {
	case undefined, map[string]any:
		return nil, false
	case string:
		text = x
	case []any:
		text = jsString(x)
	default:
		return v, true // numbers, booleans and null parse back to themselves
	}
	var out any
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return nil, false
	}
	return out, true
}

// jsString is String(v) for a JSON value.
func jsString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case map[string]any:
		return "[object Object]"
	case []any:
		parts := make([]string, len(x))
		for i, el := range x {
			if el != nil {
				parts[i] = jsString(el)
			}
		}
		return strings.Join(parts, ",")
	}
	b, err := canonjson.Compact(v) // numbers as JavaScript writes them (RFC 8785)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// spreadObject is {...v} for a JSON value: an object's own keys, an
// array's or a string's indices; nothing for other values.
func spreadObject(v any) map[string]any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x)+1)
		for k, v := range x {
			out[k] = v
		}
		return out
	case []any:
		out := make(map[string]any, len(x)+1)
		for i, v := range x {
			out[fmt.Sprint(i)] = v
		}
		return out
	case string:
		units := utf16.Encode([]rune(x))
		out := make(map[string]any, len(units)+1)
		for i, u := range units {
			out[fmt.Sprint(i)] = string(utf16.Decode([]uint16{u}))
		}
		return out
	}
	return map[string]any{}
}

// truthy is JavaScript's truthiness of a JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil, undefined:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	}
	return true
}

func isEmptyObject(v any) bool {
	m, ok := v.(map[string]any)
	return ok && len(m) == 0
}

func isEmptyArray(v any) bool {
	a, ok := v.([]any)
	return ok && len(a) == 0
}
