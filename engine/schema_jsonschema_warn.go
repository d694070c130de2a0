package engine

import (
	"fmt"
	"slices"
	"strings"
)

// A JSON Schema keeps no reducer unless the team writes x-reducer: Pydantic's
// model_json_schema() drops add_messages from Annotated[list[AnyMessage],
// add_messages], so the exported field reads as last-value and a golden file
// passes on a state the graph never makes. The reader warns when an array
// field without x-reducer looks like a messages field.

// messagesWithoutReducer is the warning for field f of property schema n,
// or "" when the field has a reducer or does not look like messages.
func (d *jsonSchemaDoc) messagesWithoutReducer(f *Field, n jsNode) string {
	if f.Reducer.Name != "" || f.Type.Base != "array" {
		return ""
	}
	why := ""
	switch {
	case f.Name == "messages":
		why = "is named messages"
	case d.itemsLookLikeMessages(n, f.Name):
		why = "holds messages"
	default:
		return ""
	}
	return fmt.Sprintf("field %q %s but has no \"x-reducer\", so it takes the profile's reducer (last-value in langgraph and langgraph-py: each write replaces the list, where add_messages appends); "+
		"if the state declares it with add_messages, say so in the schema: Field(json_schema_extra={\"x-reducer\": \"messages\"}) in Pydantic, written before add_messages in Annotated[...] (LangGraph takes the last item as the reducer), .meta({\"x-reducer\": \"messages\"}) in zod (at %s)",
		f.Name, why, f.origin.field)
}

// itemsLookLikeMessages: the items schema (through $ref, and each branch of
// anyOf/oneOf) is a langchain-core message (a definition or title ending in
// Message or MessageChunk: AIMessage, HumanMessage, ...) or an object with
// "content" and "type" or "role" properties.
func (d *jsonSchemaDoc) itemsLookLikeMessages(n jsNode, field string) bool {
	chain, err := d.chain(n, field)
	if err != nil {
		return false
	}
	items, _, ok := keyword(chain, "items")
	if !ok {
		return false
	}
	in, err := node(items, "", field, "items")
	if err != nil {
		return false
	}
	return d.looksLikeMessage(in, field, 0)
}

func (d *jsonSchemaDoc) looksLikeMessage(n jsNode, field string, depth int) bool {
	if depth > 3 {
		return false
	}
	if ref, ok := n.obj["$ref"].(string); ok && messageName(ref[strings.LastIndex(ref, "/")+1:]) {
		return true
	}
	chain, err := d.chain(n, field)
	if err != nil {
		return false
	}
	if title, _, ok := keyword(chain, "title"); ok {
		if s, isStr := title.(string); isStr && messageName(s) {
			return true
		}
	}
	if props, _, ok := keyword(chain, "properties"); ok {
		if p, isObj := props.(map[string]any); isObj {
			_, content := p["content"]
			_, typ := p["type"]
			_, role := p["role"]
			if content && (typ || role) {
				return true
			}
		}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		list, _, ok := keyword(chain, kw)
		branches, isList := list.([]any)
		if !ok || !isList {
			continue
		}
		if slices.ContainsFunc(branches, func(b any) bool {
			bn, err := node(b, "", field, kw)
			return err == nil && d.looksLikeMessage(bn, field, depth+1)
		}) {
			return true
		}
	}
	return false
}

// messageName: langchain-core's message classes, AIMessage to ToolMessageChunk.
func messageName(s string) bool {
	return strings.HasSuffix(s, "Message") || strings.HasSuffix(s, "MessageChunk")
}
