package engine

import (
	"fmt"
	"maps"
	"slices"
)

// What a node's return writes (docs/reference.md, Commits): the profile reads a plain return,
// commands are read here.

// returned is what one node's return value writes.
type returned struct {
	writes   []Write
	gotos    []Goto
	warnings []string
}

// nodeWrites reads a node's return value as the profile's runtime does
// (docs/reference.md, Commits): a command given as one (asCommand) writes its update, anything
// else is read by the profile's readReturn.
func (p *profile) nodeWrites(node string, out any, asCommand bool, order *KeyOrder) (returned, error) {
	if asCommand && p.commandRefused != nil {
		return returned{}, p.commandRefused(node)
	}
	if asCommand {
		return p.commandWrites(byNode, node, out, order)
	}
	return p.readReturn(p, node, out, order)
}

// notPairs says where a command's update list is not all [string, value]
// pairs, which Command's _updateAsTuples requires of it: "[1]", "is not a
// pair".
func notPairs(u []any) (at, why string) {
	for i, p := range u {
		pair, ok := p.([]any)
		if !ok || len(pair) != 2 {
			return fmt.Sprintf("[%d]", i), fmt.Sprintf("is %s, not a [key, value] pair", compactJSON(p))
		}
		if _, ok := pair[0].(string); !ok {
			return fmt.Sprintf("[%d][0]", i), fmt.Sprintf("is %s, not a string key", TypeName(pair[0]))
		}
	}
	return "", ""
}

// commandKeys are the keys of a command: LangGraph's Command and its
// JSON.stringify form.
var commandKeys = map[string]bool{"update": true, "goto": true, "resume": true, "graph": true, "lg_name": true}

// commandWrites reads a command as LangGraph JS's Command does: its update
// as an object or as a list of [key, value] pairs (a key may come twice: two
// writes from one node), and its goto. An update of any other shape writes
// nothing, with a warning; resume means nothing in a node's return.
func (p *profile) commandWrites(by writerKind, node string, cmd any, order *KeyOrder) (returned, error) {
	bad := func(path, msg string) error {
		return &Error{Code: InvalidNodeReturn, Path: path, Message: fmt.Sprintf("%s returned a command %s", by.describe(node), msg)}
	}
	obj, ok := cmd.(map[string]any)
	if !ok {
		return returned{}, bad(Root, fmt.Sprintf("that is %s; expected an object {\"update\": ..., \"goto\": ...}", TypeName(cmd)))
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if !commandKeys[k] {
			return returned{}, bad(PathKey(Root, k), fmt.Sprintf("with unknown key %q; a command has update, goto, resume, graph and lg_name", k))
		}
	}
	if name, has := obj["lg_name"]; has && name != "Command" {
		return returned{}, bad(PathKey(Root, "lg_name"), fmt.Sprintf("whose lg_name is %s; a command's is \"Command\"", compactJSON(name)))
	}
	if graph, has := obj["graph"]; has && graph != nil {
		return returned{}, bad(PathKey(Root, "graph"), fmt.Sprintf("to graph %s; the harness runs one graph, so a command may not name one", compactJSON(graph)))
	}
	// LangGraph JS writes nothing for an update of any other shape; the
	// warning says so, since it hides the node's mistake
	var r returned
	switch u := obj["update"].(type) {
	case nil:
	case map[string]any:
		r.writes = writesBy(by, p.writesOf(node, u, order))
	case []any:
		if at, why := notPairs(u); why != "" {
			r.warnings = append(r.warnings, fmt.Sprintf("%s returned a command whose update is a list but update%s %s, so LangGraph JS writes nothing for the whole update (a list holds [key, value] pairs)", by.describe(node), at, why))
			break
		}
		for _, p := range u {
			pair := p.([]any)
			r.writes = append(r.writes, Write{Node: node, Field: pair[0].(string), Value: pair[1], kind: by, order: order})
		}
	default:
		r.warnings = append(r.warnings, fmt.Sprintf("%s returned a command whose update is %s, so LangGraph JS writes nothing for it (an update is an object or a list of [key, value] pairs)", by.describe(node), TypeName(u)))
	}
	switch to := obj["goto"].(type) {
	case nil:
	case string:
		r.gotos = []Goto{{Node: node, To: to}}
	case []any:
		for i, t := range to {
			if _, ok := t.(string); !ok {
				return returned{}, bad(PathIndex(PathKey(Root, "goto"), i), fmt.Sprintf("whose goto names %s; expected node names", TypeName(t)))
			}
		}
		if len(to) > 0 {
			r.gotos = []Goto{{Node: node, To: to}}
		}
	default:
		return returned{}, bad(PathKey(Root, "goto"), fmt.Sprintf("whose goto is %s; expected a node name or a list of them", TypeName(to)))
	}
	return r, nil
}
