package engine

// Overwrite (SPEC §5): a write that bypasses the reducer.

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
