package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
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
	// Run: the node is a real one, run on the current state by the runtime
	// that has it (a node of the scenario's own graph); Output is unused.
	Run bool
}

// Write is one key written by one node (or tool, or the input).
type Write struct {
	Node  string
	Field string
	Value any
	kind  writerKind
	// order is the key order of Value's objects as the scenario wrote them
	// (nil: sorted), for JSON.stringify in messages.
	order *KeyOrder
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
	_, order := orderOf(input)
	input, err := Normalize(input)
	if err != nil {
		return err
	}
	obj, ok := input.(map[string]any)
	if !ok {
		return &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected the input to be an object, received %s", TypeName(input))}
	}
	return g.run(threadID, obj, order)
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
	return g.run(threadID, map[string]any{}, nil)
}

func (g *Graph) run(threadID string, input map[string]any, order *KeyOrder) error {
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
	writes := writesBy(byInput, writesOf(InputNode, input, order))
	raw := !existing && g.prof.rawFirstInput
	var req Checked
	req.Value, req.Order = input, order
	before := start.values
	if !existing {
		before = nil
	}
	return g.commit(&pending{
		thread: threadID, before: start, source: "input", nodes: []string{InputNode}, writes: writes, raw: raw,
		req: CommitRequest{Kind: CommitInput, Before: before, Input: req},
		revision: func(res *applied) int {
			switch {
			case g.prof.runSeed:
				// awaken seeds each run's fresh store: no revision
				return start.revision
			case !existing:
				return 1
			case netChange(th.values, res.values, reset, res.written):
				// the net change of the run: a reset of run-scoped fields
				// counts, a value written back to what it was does not
				return start.revision + 1
			}
			return start.revision
		},
	})
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

// writesOf lists an update's writes in the order LangGraph JS takes them
// (Object.entries: array-index keys first, then the order written).
func writesOf(node string, update map[string]any, order *KeyOrder) []Write {
	keys := order.Keys(update)
	ws := make([]Write, len(keys))
	for i, k := range keys {
		ws[i] = Write{Node: node, Field: k, Value: update[k], order: order}
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
	th, err := g.started(threadID)
	if err != nil {
		return err
	}
	if g.prof.oneNodePerStep && len(outputs) > 1 {
		names := make([]string, len(outputs))
		for i, o := range outputs {
			names[i] = fmt.Sprintf("%q", o.Node)
		}
		return &Error{Code: ParallelUnsupported, Message: fmt.Sprintf("the %s profile runs one node at a time; this step runs %d nodes: %s", g.prof.name, len(outputs), strings.Join(names, ", "))}
	}
	// LangGraph runs a superstep's tasks in node-name order (awaken: as
	// listed), and the first node that fails fails the step
	ordered := make([]NodeOutput, len(outputs))
	copy(ordered, outputs)
	if !g.prof.listedOrder {
		sort.SliceStable(ordered, func(i, j int) bool { return ordered[i].Node < ordered[j].Node })
	}
	var writes []Write
	var gotos []Goto
	var warnings []string
	// the first node whose return LangGraph cannot read fails the step;
	// "first" is the first to fail, see returnDelay
	var failed error
	failedAt := 0
	for _, o := range ordered {
		if o.Run {
			if g.graphRef == "" {
				return &Error{Code: NodeError, Message: fmt.Sprintf("node %q is a real node, but nothing here can run it: give the scenario its graph (Given the graph from \"<module>:<export>\") and run it with --runtime langgraph-js", o.Node)}
			}
			continue // what it returns comes back from the runtime
		}
		_, order := orderOf(o.Output)
		out, err := Normalize(o.Output)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Message = fmt.Sprintf("node %q: %s", o.Node, e.Message)
			}
			return err
		}
		r, err := g.prof.nodeWrites(o.Node, out, o.Command, order)
		if err != nil {
			if CodeOf(err) != InvalidNodeReturn || o.Command {
				return err
			}
			if d := returnDelay(out); failed == nil || d < failedAt {
				failed, failedAt = err, d
			}
			continue
		}
		writes = append(writes, r.writes...)
		gotos = append(gotos, r.gotos...)
		warnings = append(warnings, r.warnings...)
	}
	source := "node"
	if len(outputs) > 1 {
		source = "step"
	}
	nodes := make([]string, len(outputs))
	for i, o := range outputs {
		nodes[i] = o.Node
	}
	return g.commit(&pending{
		thread: threadID, before: th, source: source, nodes: nodes, writes: writes, gotos: gotos, warnings: warnings,
		parseErr: failed, readonly: true,
		req: CommitRequest{Kind: CommitStep, Before: th.values, Outputs: outputs},
	})
}

// returned is what one node's return value writes.
type returned struct {
	writes   []Write
	gotos    []Goto
	warnings []string
}

// nodeWrites reads a node's return value as the profile's runtime does
// (SPEC §6). LangGraph JS: an object is an update; a command (asCommand, or
// its JSON.stringify form with "lg_name": "Command") writes its update; an
// array holding at least one command writes each element; null, false, 0
// and "" write nothing; anything else is INVALID_GRAPH_NODE_RETURN_VALUE.
// Awaken and llmfy take an object or null.
func (p *profile) nodeWrites(node string, out any, asCommand bool, order *KeyOrder) (returned, error) {
	if asCommand {
		return commandWrites(byNode, node, out, order)
	}
	if !p.jsReturns {
		switch u := out.(type) {
		case nil:
			return returned{}, nil
		case map[string]any:
			return returned{writes: writesOf(node, u, order)}, nil
		}
		return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf("Expected node %q to return an object or null, received %s", node, TypeName(out))}
	}
	if falsy(out) {
		return returned{}, nil
	}
	switch u := out.(type) {
	case map[string]any:
		if isCommandJSON(u) {
			return commandWrites(byNode, node, u, order)
		}
		return returned{writes: writesOf(node, u, order)}, nil
	case []any:
		if slices.ContainsFunc(u, isCommandValue) {
			var r returned
			for _, el := range u {
				er, err := p.nodeWrites(node, el, false, order)
				if err != nil {
					return returned{}, err
				}
				r.writes = append(r.writes, er.writes...)
				r.gotos = append(r.gotos, er.gotos...)
				r.warnings = append(r.warnings, er.warnings...)
			}
			return r, nil
		}
	}
	return returned{}, &Error{Code: InvalidNodeReturn, Path: Root, Message: fmt.Sprintf(
		"Expected node %q to return an object or an array containing at least one Command object, received %s", node, jsTypeof(out))}
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

// returnDelay is how long LangGraph JS takes to find that a node's return
// is invalid, in turns of its event loop. The nodes of a superstep run
// concurrently and the step fails with the error of the node that fails
// first (the first of an AggregateError), not the first by name: a list
// holding a command is read element by element, and each element before
// the invalid one costs turns (an update object 3, a falsy value 1, a
// command none). Ties go by node name. The weights were measured against
// LangGraph JS 1.7.3 (bench/steps/diff).
func returnDelay(out any) int {
	list, ok := out.([]any)
	if !ok || !slices.ContainsFunc(list, isCommandValue) {
		return 0
	}
	d := 0
	for _, el := range list {
		switch {
		case isCommandValue(el):
		case falsy(el):
			d++
		default:
			if _, ok := el.(map[string]any); !ok {
				return d
			}
			d += 3
		}
	}
	return d
}

// falsy: the JSON values JavaScript takes for false.
func falsy(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case float64:
		return x == 0
	case string:
		return x == ""
	}
	return false
}

// jsTypeof names a value's type as LangGraph JS's message does: typeof,
// with "array" for arrays.
func jsTypeof(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	}
	return "object"
}

// isCommandJSON: a Command as JSON.stringify writes it, {"lg_name":
// "Command", ...}.
func isCommandJSON(obj map[string]any) bool {
	name, ok := obj["lg_name"].(string)
	return ok && name == "Command"
}

// isCommandValue: an element of a node's return that is a command in its
// JSON form.
func isCommandValue(v any) bool {
	obj, ok := v.(map[string]any)
	return ok && isCommandJSON(obj)
}

// commandKeys are the keys of a command: LangGraph's Command and its
// JSON.stringify form.
var commandKeys = map[string]bool{"update": true, "goto": true, "resume": true, "graph": true, "lg_name": true}

// commandWrites reads a command as LangGraph JS's Command does: its update
// as an object or as a list of [key, value] pairs (a key may come twice: two
// writes from one node), and its goto. An update of any other shape writes
// nothing, with a warning; resume means nothing in a node's return.
func commandWrites(by writerKind, node string, cmd any, order *KeyOrder) (returned, error) {
	bad := func(path, msg string) error {
		return &Error{Code: InvalidNodeReturn, Path: path, Message: fmt.Sprintf("%s returned a command %s", by.describe(node), msg)}
	}
	obj, ok := cmd.(map[string]any)
	if !ok {
		return returned{}, bad(Root, fmt.Sprintf("that is %s; expected an object {\"update\": ..., \"goto\": ...}", TypeName(cmd)))
	}
	for _, k := range sortedKeys(obj) {
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
		r.writes = writesBy(by, writesOf(node, u, order))
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

type applied struct {
	values  map[string]any
	changed bool
	dropped []string
	nextID  int
	// newFields are fields the llmfy profile creates for unknown keys; they
	// join the graph only when the commit succeeds.
	newFields map[string]*field
	gotos     []Goto
	// written lists the fields the commit wrote, in the order of their
	// first write; byField their writes.
	written []string
	byField map[string][]Write
	// warnings are shown when the commit succeeds.
	warnings []string
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

// apply is the built-in runtime: it computes the state after writes, given
// in the order the profile applies them (SPEC §6 rules 2–4), without
// touching the graph. Fields are updated in the order of their first write
// and the first that fails fails the commit, as LangGraph updates its
// channels.
func (g *Graph) apply(th *thread, writes []Write) (*applied, error) {
	res := &applied{nextID: g.nextID, byField: map[string][]Write{}}
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
		if _, seen := res.byField[w.Field]; !seen {
			names = append(names, w.Field)
		}
		res.byField[w.Field] = append(res.byField[w.Field], w)
	}
	// the channels update in JavaScript's property order of the fields
	names = jsPropertyOrder(names)

	values := make(map[string]any, len(th.values)+len(names))
	for k, v := range th.values {
		values[k] = v
	}
	for _, name := range names {
		f := g.field(name, res.newFields)
		ws := res.byField[name]
		cur, has := th.values[name]
		if err := g.prof.checkExclusive(f, ws); err != nil {
			return nil, err
		}
		idBefore := res.nextID
		v, err := g.fold(f, cur, has, ws, &res.nextID, res)
		if err != nil {
			if e, ok := err.(*Error); ok && e.Code != InvalidConcurrentGraphUpdate {
				// say who wrote what the reducer refused (SPEC §11)
				e.Message = nodeList(ws) + ": " + e.Message
			}
			return nil, err
		}
		// rule 4: a field the schema declares commutative gives the same
		// value when its writers come in the other order
		if f.declaredMerge && f.merge == Commutative && distinctNodes(ws) > 1 {
			id := idBefore
			other, err := g.fold(f, cur, has, reverseNodes(ws), &id, nil)
			if err == nil && !Equal(v, other) {
				return nil, &Error{Code: OrderDependentMerge, Path: PathKey(Root, name), Message: fmt.Sprintf(
					"field %q is declared commutative but the writes of %s give %s in one order and %s in the other; make the reducer order-independent or declare merge: exclusive",
					name, nodeList(ws), compactJSON(v), compactJSON(other))}
			}
		}
		values[name] = v
	}
	res.values = values
	res.written = names
	return res, nil
}

// applyRaw copies a llmfy thread's first input as it is, without reducers;
// keys no schema declares become fields.
func (g *Graph) applyRaw(th *thread, writes []Write) *applied {
	res := &applied{nextID: g.nextID, byField: map[string][]Write{}}
	values := make(map[string]any, len(th.values)+len(writes))
	for k, v := range th.values {
		values[k] = v
	}
	for _, w := range writes {
		if g.fields[w.Field] == nil {
			if res.newFields == nil {
				res.newFields = map[string]*field{}
			}
			res.newFields[w.Field] = g.assignedField(w.Field)
		}
		if _, seen := res.byField[w.Field]; !seen {
			res.written = append(res.written, w.Field)
		}
		res.byField[w.Field] = append(res.byField[w.Field], w)
		values[w.Field] = w.Value
	}
	res.values = values
	return res
}

// checkRules are the harness's own rules on a commit's result, whatever
// runtime applied it: rule 5 (readonly, not for inputs) and rule 6 (types),
// in the order the fields were written; and rule 7's question, whether
// anything changed.
func (g *Graph) checkRules(before map[string]any, res *applied, readonly bool) error {
	if readonly {
		for _, name := range res.written {
			cur, has := before[name]
			if err := checkReadonly(g.field(name, res.newFields), cur, has, res.values[name], res.byField[name]); err != nil {
				return err
			}
		}
	}
	for _, name := range res.written {
		f, v := g.field(name, res.newFields), res.values[name]
		if !f.typ.Matches(v) {
			return &Error{Code: TypeMismatch, Path: PathKey(Root, name), Message: fmt.Sprintf(
				"field %q expects %s, received %s (%s) from %s", name, f.typ, compactJSON(v), TypeName(v), nodeList(res.byField[name]))}
		}
		if cur, has := before[name]; !has || !Equal(cur, v) {
			res.changed = true
		}
	}
	return nil
}

// checkExclusive is rule 3 for a field that takes one write per step.
// LangGraph's LastValue refuses a second value even from the same node;
// awaken refuses only writes of two different nodes.
func (p *profile) checkExclusive(f *field, ws []Write) error {
	if f.merge != Exclusive || len(ws) < 2 {
		return nil
	}
	if p.exclusivePerNode && distinctNodes(ws) < 2 {
		return nil
	}
	return p.exclusiveConflict(f.name, ws)
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

// fold applies a field's writes of one step as LangGraph's
// BinaryOperatorAggregate does: from the current value or the default; a
// field with neither takes its first write as written (langgraph, dawn);
// each later write goes through the reducer until an overwrite, which
// replaces the value and drops the writes after it; a second overwrite
// fails. A last-value field has no overwrites: its one write is stored as
// written. res, when given, collects warnings.
func (g *Graph) fold(f *field, cur any, has bool, ws []Write, nextID *int, res *applied) (any, error) {
	if !has && f.hasDef {
		cur, has = f.def, true
	}
	c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: nextID, idPrefix: g.idPrefix, coerced: &g.coerced}
	lastValue := f.reducerName == lastValueName
	rest := ws
	if !has && g.prof.rawFirstWrite && !lastValue && len(ws) > 0 {
		first := ws[0].Value
		ov, isOverwrite := overwriteValue(first)
		if isOverwrite {
			first = ov
		}
		if res != nil && !isOverwrite {
			if w := g.rawFirstWarning(f, first, nextID); w != "" {
				res.warnings = append(res.warnings, w)
			}
		}
		cur, has, rest = first, true, ws[1:]
	}
	overwritten := false
	for _, w := range rest {
		if !lastValue {
			if ov, ok := overwriteValue(w.Value); ok {
				if overwritten {
					return nil, &Error{Code: InvalidConcurrentGraphUpdate, Path: PathKey(Root, f.name), Message: fmt.Sprintf(
						"Invalid update for channel %q with values %s: Can receive only one Overwrite value per step.", f.name, stringifyWrites(ws))}
				}
				cur, has, overwritten = ov, true, true
				continue
			}
		}
		if overwritten {
			continue
		}
		var err error
		if cur, err = f.reduce(c, cur, has, w.Value); err != nil {
			return nil, err
		}
		has = true
	}
	return cur, nil
}

// rawFirstWarning says when a field without a default took its first write
// as written and the reducer would have made something else of it: the
// LangGraph JS trap of {"messages": "hi"} staying the string "hi".
func (g *Graph) rawFirstWarning(f *field, v any, nextID *int) string {
	id := *nextID
	c := &reduceCtx{field: f.name, reducer: f.reducerName, nextID: &id, idPrefix: g.idPrefix}
	reduced, err := f.reduce(c, nil, false, v)
	if err == nil && Equal(reduced, v) {
		return ""
	}
	return fmt.Sprintf("field %q has no default, so its first write was stored as written, not through its %s reducer (as LangGraph JS does): %s; give the field a default to have the reducer apply",
		f.name, f.reducerName, truncate(compactJSON(v), 120))
}

// truncate shortens s to at most n bytes of whole runes, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// stringifyWrites is JSON.stringify of a field's values in one step, as
// LangGraph's errors show them.
func stringifyWrites(ws []Write) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(w.order.stringify(w.Value))
	}
	b.WriteByte(']')
	return b.String()
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

func distinctNodes(ws []Write) int {
	seen := map[string]bool{}
	for _, w := range ws {
		seen[w.Node] = true
	}
	return len(seen)
}

// record makes a computed thread the current one and appends the commit to
// the trace and its events: an updates event per node (in the order the
// step lists them, empty for a node that wrote nothing; a node that wrote a
// field twice gets the list of its writes, as LangGraph streams it), then
// values.
func (g *Graph) record(threadID string, next *thread, source string, nodes []string, writes []Write, res *applied) {
	g.threads[threadID] = next
	g.nextID = res.nextID
	for name, f := range res.newFields {
		g.fields[name] = f
	}
	g.pending = append(g.pending, res.warnings...)
	g.trace = append(g.trace, Commit{Thread: threadID, Revision: next.revision, Source: source, Writes: writes, Dropped: res.dropped, Goto: res.gotos, State: next.values})
	byNode := make(map[string][]Write, len(nodes))
	for _, w := range writes {
		if g.field(w.Field, res.newFields) == nil {
			continue // dropped: LangGraph streams only its channels
		}
		byNode[w.Node] = append(byNode[w.Node], w)
	}
	done := map[string]bool{}
	for _, n := range nodes {
		if done[n] {
			continue
		}
		done[n] = true
		g.events = append(g.events, Event{Type: "updates", Data: map[string]any{n: nodeUpdates(byNode[n])}})
	}
	g.events = append(g.events, Event{Type: "values", Data: mapAny(next.values)})
}

// nodeUpdates is what LangGraph's updates stream shows of one node's
// writes: an object, or the list of one-key objects when it wrote a key
// twice.
func nodeUpdates(ws []Write) any {
	m := make(map[string]any, len(ws))
	twice := false
	for _, w := range ws {
		if _, ok := m[w.Field]; ok {
			twice = true
		}
		m[w.Field] = w.Value
	}
	if !twice {
		return m
	}
	list := make([]any, len(ws))
	for i, w := range ws {
		list[i] = map[string]any{w.Field: w.Value}
	}
	return list
}

func mapAny(m map[string]any) any { return m }
