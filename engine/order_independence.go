package engine

// reverseNodes reverses the order of the nodes of a field's writes, keeping
// each node's own writes in their order.
func reverseNodes(ws []Write) []Write {
	var groups [][]Write
	for i, w := range ws {
		if i == 0 || w.Node != ws[i-1].Node {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], w)
	}
	out := make([]Write, 0, len(ws))
	for i := len(groups) - 1; i >= 0; i-- {
		out = append(out, groups[i]...)
	}
	return out
}
