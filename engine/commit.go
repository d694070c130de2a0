package engine

import (
	"fmt"
	"strings"
)

// What every commit shares, whatever runtime applied it: the harness's own
// rules on the result (docs/reference.md, Commits rules 5–7) and how messages name writers.

// checkRules are the harness's own rules on a commit's result, whatever
// runtime applied it: rule 5 (readonly, not for inputs) and rule 6 (types),
// in the order the fields were written; and rule 7's question, whether
// anything changed.
func (g *Graph) checkRules(before map[string]any, res *applied, readonly bool) error {
	fields := g.writtenFields(res)
	if readonly {
		if err := checkReadonly(before, res, fields); err != nil {
			return err
		}
	}
	if err := checkTypes(res, fields); err != nil {
		return err
	}
	for _, name := range res.written {
		if cur, has := before[name]; !has || !Equal(cur, res.values[name]) {
			res.changed = true
			break
		}
	}
	return nil
}

// nodeList names the writers of a field: node "a", nodes "a", "b", tool
// "t", the input; a field no write the harness read changed is the
// runtime's doing.
func nodeList(ws []Write) string {
	if len(ws) == 0 {
		return "the runtime, which changed it without a write the harness read"
	}
	var nodes, others []string
	seen := map[string]bool{}
	for _, w := range ws {
		if seen[w.Node] {
			continue
		}
		seen[w.Node] = true
		if w.kind == byNode {
			nodes = append(nodes, fmt.Sprintf("%q", w.Node))
		} else {
			others = append(others, w.kind.describe(w.Node))
		}
	}
	switch len(nodes) {
	case 0:
	case 1:
		others = append([]string{"node " + nodes[0]}, others...)
	default:
		others = append([]string{"nodes " + strings.Join(nodes, ", ")}, others...)
	}
	return strings.Join(others, " and ")
}
