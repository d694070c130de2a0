package engine

import (
	"slices"
)

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

// pyToolBlockTypes are langchain-core's TOOL_MESSAGE_BLOCK_TYPES (1.8).
var pyToolBlockTypes = []string{"text", "image_url", "image", "json", "search_result", "custom_tool_call_output", "document", "file"}

// pyContentBlocks: a list whose every element is a dict with a "type" of
// pyToolBlockTypes.
func pyContentBlocks(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, el := range list {
		obj, ok := el.(map[string]any)
		if !ok {
			return false
		}
		t, _ := obj["type"].(string)
		if !slices.Contains(pyToolBlockTypes, t) {
			return false
		}
	}
	return true
}
