package engine

// orderOf splits what the decoders hand over into the value and its order.
func orderOf(v any) (any, *KeyOrder) {
	if c, ok := v.(Checked); ok {
		return c.Value, c.Order
	}
	return v, nil
}

// writesOf lists an update's writes in the order the profile's framework
// takes its keys (LangGraph JS: Object.entries, array-index keys first, then
// the order written).
func (p *profile) writesOf(node string, update map[string]any, order *KeyOrder) []Write {
	keys := p.keyOrder(order.Written(update))
	ws := make([]Write, len(keys))
	for i, k := range keys {
		ws[i] = Write{Node: node, Field: k, Value: update[k], order: order}
	}
	return ws
}
