package engine

import (
	"fmt"
)

// checkOrderIndependent is docs/reference.md, Commits rule 4 for a field the schema declares
// commutative: it gives the same value v when its writers come in the other
// order (idBefore: the id counter before the fold). The profiles' implicit
// commutative merge is not checked: there the framework fixes the order.
func (g *Graph) checkOrderIndependent(f *field, cur any, has bool, ws []Write, idBefore int, v any) error {
	if distinctNodes(ws) < 2 {
		return nil
	}
	id := idBefore
	other, err := g.fold(f, cur, has, reverseNodes(ws), &id, nil)
	if err == nil && !Equal(v, other) {
		return &Error{Code: OrderDependentMerge, Path: PathKey(Root, f.name), Message: fmt.Sprintf(
			"field %q is declared commutative but the writes of %s give %s in one order and %s in the other; make the reducer order-independent or declare merge: exclusive",
			f.name, nodeList(ws), compactJSON(v), compactJSON(other))}
	}
	return nil
}

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
