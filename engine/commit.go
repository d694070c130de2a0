package engine

import (
	"fmt"
	"sort"
	"strings"
)

// InputNode is the node name inputs write under in events and the trace.
const InputNode = "__input__"

// NodeOutput is what one node returned in a step: an object (a partial
// update), or nil (writes nothing). With Command set, Output is a LangGraph
// command {"update": {...} | [[key, value], ...], "goto": ...}.
type NodeOutput struct {
	Node    string
	Output  any
	Command bool
}

// Write is one key written by one node (or tool, or the input).
type Write struct {
	Node  string
	Field string
	Value any
	kind  writerKind
}

// writerKind says what wrote a value, for messages.
type writerKind int

const (
	byNode writerKind = iota
	byTool
	byInput
)

// describe names a writer as messages do: node "a", tool "t", the input.
func (k writerKind) describe(name string) string {
	switch k {
	case byTool:
		return fmt.Sprintf("tool %q", name)
	case byInput:
		return "the input"
	}
	return fmt.Sprintf("node %q", name)
}

// writesBy marks writes as coming from a kind of writer.
func writesBy(k writerKind, ws []Write) []Write {
	for i := range ws {
		ws[i].kind = k
	}
	return ws
}

// Commit is one entry of the trace: a commit that succeeded.
type Commit struct {
	Thread   string
	Revision int
	Source   string // "input", "node", "step" or "tool"
	Writes   []Write
	Dropped  []string // unknown keys dropped by the profile, as "node.key"
	Goto     []Goto   // where commands sent control, kept for the trace
	State    map[string]any
}

// Goto is the goto of one node's command.
type Goto struct {
	Node string
	To   any
}

// Event is one event a stream would have carried.
type Event struct {
	Type string
	Data any
}

// Invoke starts a run on the thread with an input object (SPEC §7). A new
// thread starts from the schema's defaults.
func (g *Graph) Invoke(threadID string, input any) error {
	input, err := Normalize(input)
	if err != nil {
		return err
	}
	obj, ok := input.(map[string]any)
	if !ok {
		return &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected the input to be an object, received %s", TypeName(input))}
	}
	return g.run(threadID, obj)
}

// InvokeNoInput starts a run with no input. On a new thread that is
// EMPTY_INPUT (llmfy: an empty state); on a thread with state nothing changes.
func (g *Graph) InvokeNoInput(threadID string) error {
	if _, ok := g.threads[threadID]; ok {
		return nil
	}
	if !g.prof.emptyNewThread {
		return &Error{Code: EmptyInput, Message: fmt.Sprintf("thread %q has no state and the run has no input; give it an input", threadID)}
	}
	return g.run(threadID, map[string]any{})
}

func (g *Graph) run(threadID string, input map[string]any) error {
	th, existing := g.threads[threadID]
	start := &thread{}
	var reset []string
	if existing {
		start.values, reset = g.startOfRun(th.values)
		start.revision = th.revision
	} else {
		start.values = g.defaults()
	}
	if g.prof.runSeed {
		start.revision = 0
	}
	writes := writesBy(byInput, writesOf(InputNode, input))
	if !existing && g.prof.rawFirstInput {
		values := start.values
		for _, k := range sortedKeys(input) {
			v := input[k]
			// copied as-is, without reducers, but types hold for every commit
			if f := g.fields[k]; f != nil && !f.typ.Matches(v) {
				return &Error{Code: TypeMismatch, Path: PathKey(Root, k), Message: fmt.Sprintf(
					"field %q expects %s, received %s (%s) from the input", k, f.typ, compactJSON(v), TypeName(v))}
			}
			values[k] = v
		}
		res := &applied{nextID: g.nextID}
		for k := range input {
			if g.fields[k] == nil {
				if res.newFields == nil {
					res.newFields = map[string]*field{}
				}
				res.newFields[k] = g.assignedField(k)
			}
		}
		g.record(threadID, &thread{values: values, revision: 1}, "input", []string{InputNode}, writes, res)
		return nil
	}
	res, err := g.apply(start, writes, false)
	if err != nil {
		return err
	}
	next := &thread{values: res.values, revision: start.revision}
	switch {
	case g.prof.runSeed:
		// awaken seeds each run's fresh store: no revision
	case !existing:
		next.revision = 1
	case netChange(th.values, res.values, reset, res.written):
		// the net change of the run: a reset of run-scoped fields counts,
		// a value written back to what it was does not
		next.revision++
	}
	g.record(threadID, next, "input", []string{InputNode}, writes, res)
	return nil
}

// startOfRun resets run-scoped and non-persistent fields to their
// defaults, and lists them.
func (g *Graph) startOfRun(values map[string]any) (map[string]any, []string) {
	out := make(map[string]any, len(values))
	for k, v := range values {
		out[k] = v
	}
	var reset []string
	for _, f := range g.fields {
		if f.scope == ScopeRun || !f.persistent {
			reset = append(reset, f.name)
			delete(out, f.name)
			if f.hasDef {
				out[f.name] = f.def
			}
		}
	}
	return out, reset
}

// netChange reports whether any of the named fields differs between two
// states (present in one and not the other, or of another value): only the
// fields a run reset or wrote can differ, so the rest is not compared.
func netChange(before, after map[string]any, names ...[]string) bool {
	for _, list := range names {
		for _, k := range list {
			b, hadB := before[k]
			a, hasA := after[k]
			if hadB != hasA || (hadB && !Equal(b, a)) {
				return true
			}
		}
	}
	return false
}

// defaults is the state of a new thread.
func (g *Graph) defaults() map[string]any {
	out := make(map[string]any, len(g.fields))
	for _, f := range g.fields {
		if f.hasDef {
			out[f.name] = f.def
		}
	}
	return out
}

func writesOf(node string, update map[string]any) []Write {
	keys := sortedKeys(update)
	ws := make([]Write, len(keys))
	for i, k := range keys {
		ws[i] = Write{Node: node, Field: k, Value: update[k]}
	}
	return ws
}

// Node applies one node's output as a step of its own.
func (g *Graph) Node(threadID, node string, output any) error {
	return g.Step(threadID, []NodeOutput{{Node: node, Output: output}})
}

// Step applies the outputs of several nodes that ran in one superstep,
// atomically: on any error nothing changes.
func (g *Graph) Step(threadID string, outputs []NodeOutput) error {
	th, ok := g.threads[threadID]
	if !ok {
		return NoStateError(threadID)
	}
	if g.prof.oneNodePerStep && len(outputs) > 1 {
		names := make([]string, len(outputs))
		for i, o := range outputs {
			names[i] = fmt.Sprintf("%q", o.Node)
		}
		return &Error{Code: ParallelUnsupported, Message: fmt.Sprintf("the %s profile runs one node at a time; this step runs %d nodes: %s", g.prof.name, len(outputs), strings.Join(names, ", "))}
	}
	var writes []Write
	var gotos []Goto
	for _, o := range outputs {
		out, err := Normalize(o.Output)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Message = fmt.Sprintf("node %q: %s", o.Node, e.Message)
			}
			return err
		}
		if o.Command {
			ws, to, err := commandWrites(byNode, o.Node, out)
			if err != nil {
				return err
			}
			writes = append(writes, ws...)
			if to != nil {
				gotos = append(gotos, Goto{Node: o.Node, To: to})
			}
			continue
		}
		switch u := out.(type) {
		case nil:
		case map[string]any:
			writes = append(writes, writesOf(o.Node, u)...)
		default:
			return &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected node %q to return an object, received %s", o.Node, TypeName(out))}
		}
	}
	source := "node"
	if len(outputs) > 1 {
		source = "step"
	}
	nodes := make([]string, len(outputs))
	for i, o := range outputs {
		nodes[i] = o.Node
	}
	return g.commitWrites(threadID, th, source, nodes, writes, gotos)
}

// commandWrites reads a command: its update as an object or as a list of
// [key, value] pairs (a key may come twice: two writes from one node), and
// its goto.
func commandWrites(by writerKind, node string, cmd any) ([]Write, any, error) {
	bad := func(path, msg string) error {
		return &Error{Code: InvalidNodeReturn, Path: path, Message: fmt.Sprintf("%s returned a command %s", by.describe(node), msg)}
	}
	obj, ok := cmd.(map[string]any)
	if !ok {
		return nil, nil, bad(Root, fmt.Sprintf("that is %s; expected an object {\"update\": ..., \"goto\": ...}", TypeName(cmd)))
	}
	for _, k := range sortedKeys(obj) {
		if k != "update" && k != "goto" {
			return nil, nil, bad(PathKey(Root, k), fmt.Sprintf("with unknown key %q; a command has update and goto", k))
		}
	}
	var ws []Write
	switch u := obj["update"].(type) {
	case nil:
	case map[string]any:
		ws = writesBy(by, writesOf(node, u))
	case []any:
		for i, p := range u {
			pair, ok := p.([]any)
			if !ok || len(pair) != 2 {
				return nil, nil, bad(PathIndex(PathKey(Root, "update"), i), "whose update pair is not [key, value]")
			}
			key, ok := pair[0].(string)
			if !ok {
				return nil, nil, bad(PathIndex(PathIndex(PathKey(Root, "update"), i), 0), fmt.Sprintf("whose update key is %s; expected a string", TypeName(pair[0])))
			}
			ws = append(ws, Write{Node: node, Field: key, Value: pair[1], kind: by})
		}
	default:
		return nil, nil, bad(PathKey(Root, "update"), fmt.Sprintf("whose update is %s; expected an object or a list of [key, value] pairs", TypeName(u)))
	}
	switch to := obj["goto"].(type) {
	case nil, string:
	case []any:
		for i, t := range to {
			if _, ok := t.(string); !ok {
				return nil, nil, bad(PathIndex(PathKey(Root, "goto"), i), fmt.Sprintf("whose goto names %s; expected node names", TypeName(t)))
			}
		}
	default:
		return nil, nil, bad(PathKey(Root, "goto"), fmt.Sprintf("whose goto is %s; expected a node name or a list of them", TypeName(to)))
	}
	return ws, obj["goto"], nil
}

// commitWrites applies writes to a thread through the reducers and the rules
// of SPEC §6, and records the commit.
func (g *Graph) commitWrites(threadID string, th *thread, source string, nodes []string, writes []Write, gotos []Goto) error {
	res, err := g.apply(th, writes, true)
	if err != nil {
		return err
	}
	res.gotos = gotos
	next := &thread{values: res.values, revision: th.revision}
	if res.changed {
		next.revision++
	}
	g.record(threadID, next, source, nodes, writes, res)
	return nil
}

type applied struct {
	values  map[string]any
	changed bool
	dropped []string
	nextID  int
	// newFields are fields the llmfy profile creates for unknown keys; they
	// join the graph only when the commit succeeds.
	newFields map[string]*field
	gotos     []Goto
	// written lists the fields the commit wrote, sorted.
	written []string
}

func (g *Graph) field(name string, pending map[string]*field) *field {
	if f, ok := pending[name]; ok {
		return f
	}
	return g.fields[name]
}

// assignedField is the field llmfy creates for a key no schema declared.
func (g *Graph) assignedField(name string) *field {
	return &field{name: name, typ: Type{Base: "any"}, reduce: reduceReplace, reducerName: "replace", merge: Exclusive, scope: g.prof.scope, persistent: true}
}

// apply computes the state after writes without touching the graph.
func (g *Graph) apply(th *thread, writes []Write, enforceReadonly bool) (*applied, error) {
	res := &applied{nextID: g.nextID}
	byField := map[string][]Write{}
	var names []string
	for _, w := range writes {
		f := g.field(w.Field, res.newFields)
		if f == nil {
			switch g.prof.unknownKeys {
			case dropUnknown:
				res.dropped = append(res.dropped, w.Node+"."+w.Field)
				continue
			case rejectUnknown:
				return nil, &Error{Code: UnknownKey, Path: PathKey(Root, w.Field), Message: w.kind.describe(w.Node) + ": unknown key: " + w.Field}
			case assignUnknown:
				if res.newFields == nil {
					res.newFields = map[string]*field{}
				}
				res.newFields[w.Field] = g.assignedField(w.Field)
			}
		}
		if _, seen := byField[w.Field]; !seen {
			names = append(names, w.Field)
		}
		byField[w.Field] = append(byField[w.Field], w)
	}
	sort.Strings(names)

	values := make(map[string]any, len(th.values)+len(names))
	for k, v := range th.values {
		values[k] = v
	}
	// rule 3: writes ordered by the profile; one write per exclusive field
	// (an overwrite counts once: two are an error of their own)
	for _, name := range names {
		f := g.field(name, res.newFields)
		ws := byField[name]
		if !g.prof.listedOrder {
			sort.SliceStable(ws, func(i, j int) bool { return ws[i].Node < ws[j].Node })
		}
		if _, _, err := overwrite(name, ws); err != nil {
			return nil, err
		}
		if f.merge == Exclusive && len(ws) > 1 {
			vals := make([]any, len(ws))
			for i, w := range ws {
				vals[i] = w.Value
			}
			return nil, g.prof.exclusiveConflict(name, vals)
		}
	}
	// rules 3 and 4: fold each field's writes, in both orders where the
	// schema declares the field commutative
	next := make(map[string]any, len(names))
	for _, name := range names {
		f := g.field(name, res.newFields)
		ws := byField[name]
		cur, has := th.values[name]
		v, overwritten, _ := overwrite(name, ws)
		if !overwritten {
			idBefore := res.nextID
			var err error
			if v, err = g.fold(f, cur, has, ws, &res.nextID); err != nil {
				if e, ok := err.(*Error); ok {
					// say who wrote what the reducer refused (SPEC §11)
					e.Message = nodeList(ws) + ": " + e.Message
				}
				return nil, err
			}
			if f.declaredMerge && f.merge == Commutative && distinctNodes(ws) > 1 {
				id := idBefore
				other, err := g.fold(f, cur, has, reverseNodes(ws), &id)
				if err == nil && !Equal(v, other) {
					return nil, &Error{Code: OrderDependentMerge, Path: PathKey(Root, name), Message: fmt.Sprintf(
						"field %q is declared commutative but the writes of %s give %s in one order and %s in the other; make the reducer order-independent or declare merge: exclusive",
						name, nodeList(ws), compactJSON(v), compactJSON(other))}
				}
			}
		}
		next[name] = v
	}
	// rule 5: readonly fields and sub-paths keep their values
	if enforceReadonly {
		for _, name := range names {
			cur, has := th.values[name]
			if err := checkReadonly(g.field(name, res.newFields), cur, has, next[name], byField[name]); err != nil {
				return nil, err
			}
		}
	}
	// rule 6: types; rule 7: what changed
	for _, name := range names {
		f, v := g.field(name, res.newFields), next[name]
		if !f.typ.Matches(v) {
			return nil, &Error{Code: TypeMismatch, Path: PathKey(Root, name), Message: fmt.Sprintf(
				"field %q expects %s, received %s (%s) from %s", name, f.typ, compactJSON(v), TypeName(v), nodeList(byField[name]))}
		}
		if cur, has := th.values[name]; !has || !Equal(cur, v) {
			res.changed = true
		}
		values[name] = v
	}
	res.values = values
	res.written = names
	return res, nil
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

// overwriteKey marks a write that bypasses the reducer: {"__overwrite__": v}.
const overwriteKey = "__overwrite__"

// overwrite finds the one overwrite among a field's writes of a step: the
// writes before it are replaced and the writes after it dropped, so the
// field's new value is the overwrite's value.
func overwrite(field string, ws []Write) (any, bool, error) {
	var value any
	found := false
	for _, w := range ws {
		obj, ok := w.Value.(map[string]any)
		if !ok || len(obj) != 1 {
			continue
		}
		v, ok := obj[overwriteKey]
		if !ok {
			continue
		}
		if found {
			return nil, false, &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, field), Message: "Can receive only one Overwrite value per step."}
		}
		value, found = v, true
	}
	return value, found, nil
}

// fold applies writes in order through the field's reducer, starting from
// the current value or, when the field is absent, its default.
func (g *Graph) fold(f *field, cur any, has bool, ws []Write, nextID *int) (any, error) {
	if !has && f.hasDef {
		cur, has = f.def, true
	}
	if g.coerced == nil {
		g.coerced = map[*any]*coercedList{}
	}
	c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: nextID, idPrefix: g.idPrefix, coerced: g.coerced}
	for _, w := range ws {
		var err error
		cur, err = f.reduce(c, cur, has, w.Value)
		if err != nil {
			return nil, err
		}
		has = true
	}
	return cur, nil
}

func checkReadonly(f *field, old any, had bool, next any, ws []Write) error {
	show := func(v any, ok bool) string {
		if !ok {
			return "(absent)"
		}
		return compactJSON(v)
	}
	if f.readonly && (!had || !Equal(old, next)) {
		return &Error{Code: ReadonlyWrite, Path: PathKey(Root, f.name), Message: fmt.Sprintf(
			"%s changed readonly field %q: %s → %s; a node may write the same value back, never another", nodeList(ws), f.name, show(old, had), show(next, true))}
	}
	for _, p := range f.readonlyPaths {
		before, okBefore := Lookup(old, p)
		after, okAfter := Lookup(next, p)
		if !had {
			okBefore = false
		}
		if okBefore != okAfter || (okBefore && !Equal(before, after)) {
			path := FormatPath(append([]PathElem{{Key: f.name}}, p...))
			return &Error{Code: ReadonlyWrite, Path: path, Message: fmt.Sprintf(
				"%s changed readonly path %s: %s → %s; a node may write the same value back, never another", nodeList(ws), path, show(before, okBefore), show(after, okAfter))}
		}
	}
	return nil
}

// nodeList names the writers of a field: node "a", nodes "a", "b", tool
// "t", the input.
func nodeList(ws []Write) string {
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

func distinctNodes(ws []Write) int {
	seen := map[string]bool{}
	for _, w := range ws {
		seen[w.Node] = true
	}
	return len(seen)
}

// record makes a computed thread the current one and appends the commit to
// the trace and its events: an updates event per node (in the order the
// step lists them, empty for a node that wrote nothing), then values.
func (g *Graph) record(threadID string, next *thread, source string, nodes []string, writes []Write, res *applied) {
	g.threads[threadID] = next
	g.nextID = res.nextID
	for name, f := range res.newFields {
		g.fields[name] = f
	}
	g.trace = append(g.trace, Commit{Thread: threadID, Revision: next.revision, Source: source, Writes: writes, Dropped: res.dropped, Goto: res.gotos, State: next.values})
	updates := make(map[string]map[string]any, len(nodes))
	for _, n := range nodes {
		updates[n] = map[string]any{}
	}
	for _, w := range writes {
		updates[w.Node][w.Field] = w.Value
	}
	done := map[string]bool{}
	for _, n := range nodes {
		if done[n] {
			continue
		}
		done[n] = true
		g.events = append(g.events, Event{Type: "updates", Data: map[string]any{n: mapAny(updates[n])}})
	}
	g.events = append(g.events, Event{Type: "values", Data: mapAny(next.values)})
}

func mapAny(m map[string]any) any { return m }
