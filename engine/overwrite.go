package engine

import (
	"fmt"
)

// Overwrite (docs/reference.md, Reducers): a write that bypasses the reducer.

// overwriteKey marks a write that bypasses the reducer: {"__overwrite__": v}.
const overwriteKey = "__overwrite__"

// overwriteValue reads LangGraph's Overwrite in its two wire forms: an
// object holding "__overwrite__" (other keys ignored), or {"type":
// "__overwrite__", "value": v}.
func overwriteValue(v any) (any, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	if ov, ok := obj[overwriteKey]; ok {
		return ov, true
	}
	if t, ok := obj["type"].(string); ok && t == overwriteKey {
		if ov, ok := obj["value"]; ok {
			return ov, true
		}
	}
	return nil, false
}

// overwriteConflictJS is LangGraph JS refusing a second overwrite of a
// field in one step, its values as JSON.stringify writes them.
func overwriteConflictJS(field string, ws []Write) *Error {
	return &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: fmt.Sprintf(
		"Invalid update for channel %q with values %s: Can receive only one Overwrite value per step.", field, stringifyWrites(ws))}
}
