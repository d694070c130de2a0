package engine

import (
	"encoding/json"
	"fmt"

	"github.com/stateharness/scenario/internal/jsvalue"
)

// LangChain JS's message constructors: the canonical form of each class, and
// AIMessage's tool calls, raw OpenAI tool calls and content blocks.

// construct builds the message the class of type t makes of fields, in the
// canonical form. developer adds the OpenAI role as
// _constructMessageFromParams does.
func construct(t string, developer bool, fields map[string]any) (message, string) {
	id, hasID := fields["id"]
	kwargs := fields["additional_kwargs"]
	if developer {
		spread := jsvalue.Spread(kwargs)
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
	if !jsvalue.Truthy(meta) {
		meta = map[string]any{}
	}
	switch {
	case !hasContent && hasBlocks:
		content = blocks
		v1 := map[string]any{"output_version": "v1"}
		for k, v := range jsvalue.Spread(meta) {
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
			if jsvalue.Truthy(kwargs) && !isEmptyObject(kwargs) {
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
		if jsvalue.Truthy(calls) {
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
			if jsvalue.Prop(b, "type") != "tool_call" {
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

// blockFor reports whether a tool_call content block among blocks has the
// id and name of call.
func blockFor(blocks []any, call any) bool {
	for _, b := range blocks {
		if jsvalue.Prop(b, "type") == "tool_call" && jsvalue.StrictEqual(jsvalue.Prop(b, "id"), jsvalue.Prop(call, "id")) && jsvalue.StrictEqual(jsvalue.Prop(b, "name"), jsvalue.Prop(call, "name")) {
			return true
		}
	}
	return false
}

// callFor reports whether a tool call among calls has the id and name of
// block.
func callFor(calls []any, block any) bool {
	for _, c := range calls {
		if jsvalue.StrictEqual(jsvalue.Prop(c, "id"), jsvalue.Prop(block, "id")) && jsvalue.StrictEqual(jsvalue.Prop(c, "name"), jsvalue.Prop(block, "name")) {
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
		if v := jsvalue.Prop(from, k); v != (jsvalue.Undefined{}) {
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
		fn := jsvalue.Prop(el, "function")
		if fn == (jsvalue.Undefined{}) || !jsvalue.Truthy(fn) {
			continue
		}
		name, args := jsvalue.Prop(fn, "name"), jsvalue.Prop(fn, "arguments")
		parsed, ok := jsvalue.JSONParse(args)
		if ok {
			if name == (jsvalue.Undefined{}) || !jsvalue.Truthy(name) {
				name = ""
			}
			if !jsvalue.Truthy(parsed) {
				parsed = map[string]any{}
			}
			call := map[string]any{"name": name, "args": parsed}
			if id := jsvalue.Prop(el, "id"); id != (jsvalue.Undefined{}) {
				call["id"] = id
			}
			calls = append(calls, call)
			continue
		}
		bad := map[string]any{"error": "Malformed args."}
		for k, v := range map[string]any{"name": name, "args": args, "id": jsvalue.Prop(el, "id")} {
			if v != (jsvalue.Undefined{}) {
				bad[k] = v
			}
		}
		invalid = append(invalid, bad)
	}
	return calls, invalid
}

func isEmptyObject(v any) bool {
	m, ok := v.(map[string]any)
	return ok && len(m) == 0
}

func isEmptyArray(v any) bool {
	a, ok := v.([]any)
	return ok && len(a) == 0
}
