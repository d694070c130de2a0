package diffcase

import (
	"fmt"
	"math/rand"
	"sort"

	"github.com/stateharness/scenario/engine"
)

// Options choose what cases Generate makes.
type Options struct {
	// Profiles weighs the profiles a case is written for, as
	// {"langgraph": 3, "dawn": 1}; empty is langgraph alone.
	Profiles map[string]int
	// Commits is the most commits that follow a case's first input, drawn
	// from 1 to Commits: steps, further inputs and, with Tools, tool calls.
	// 0 makes a case of the input and, in 85 cases of 100, one step.
	Commits int
	// Tools makes tool calls among the commits after the first.
	Tools bool
	// Messages makes langgraph-py cases of the messages reducer on its
	// own (generate_python.go), whatever Profiles says.
	Messages bool
}

// Generate is case i of a seed: each case has its own random source, so
// case i is the same whatever cases are made before it.
func Generate(seed int64, i int, opts Options) Case {
	g := &generator{r: rand.New(rand.NewSource(seed*1_000_003 + int64(i))), opts: opts}
	return g.next()
}

// generator makes one case from its random source.
type generator struct {
	r    *rand.Rand
	opts Options
	// bad makes the current case write refused values often, so that
	// several fields fail in one commit and the error order shows.
	bad bool
}

var (
	fieldNames = []string{"x", "y", "z", "k", "m", "n", "log", "messages", "7"}
	// nodeNames sort differently by byte order ("B" < "a" < "ab" < "b")
	// than a case lists them.
	nodeNames   = []string{"a", "b", "c", "ab", "B"}
	unknownKeys = []string{"extra", "zz", "lg_name", "__root__"}
	msgIDs      = []string{"m1", "m2", "m3"}
	reducers    = []string{"last-value", "replace", "append", "merge", "merge-patch", "sum", "messages", "union", `join(",")`}
)

func (g *generator) pct(p int) bool { return g.r.Intn(100) < p }

func (g *generator) pick(list []string) string { return list[g.r.Intn(len(list))] }

// profile draws a profile by the weights of Options.Profiles.
func (g *generator) profile() string {
	if len(g.opts.Profiles) == 0 {
		return "langgraph"
	}
	names := make([]string, 0, len(g.opts.Profiles))
	total := 0
	for name, w := range g.opts.Profiles {
		names = append(names, name)
		total += max(w, 0)
	}
	sort.Strings(names)
	if total == 0 {
		return names[0]
	}
	n := g.r.Intn(total)
	for _, name := range names {
		if n < max(g.opts.Profiles[name], 0) {
			return name
		}
		n -= max(g.opts.Profiles[name], 0)
	}
	return names[len(names)-1]
}

// next is a random case.
func (g *generator) next() Case {
	if g.opts.Messages {
		return g.messagesCase()
	}
	c := Case{Profile: g.profile()}
	if c.Profile == "llmfy" {
		return g.llmfyCase(c)
	}
	g.bad = g.pct(12)
	names := g.r.Perm(len(fieldNames))
	for _, i := range names[:2+g.r.Intn(4)] {
		name := fieldNames[i]
		if name == "7" && !g.pct(30) {
			continue
		}
		c.Fields = append(c.Fields, g.field(c.Profile, name))
	}
	c.Commits = append(c.Commits, Commit{Kind: engine.CommitInput, Input: g.update(c, 0, 4)})
	if g.opts.Commits <= 0 {
		if g.pct(85) {
			c.Commits = append(c.Commits, Commit{Kind: engine.CommitStep, Step: g.step(c)})
		}
		return c
	}
	for n := 1 + g.r.Intn(g.opts.Commits); n > 0; n-- {
		switch p := g.r.Intn(100); {
		case p < 65 || (p >= 85 && !g.opts.Tools):
			c.Commits = append(c.Commits, Commit{Kind: engine.CommitStep, Step: g.step(c)})
		case p < 85:
			c.Commits = append(c.Commits, Commit{Kind: engine.CommitInput, Input: g.update(c, 0, 3)})
		default:
			c.Commits = append(c.Commits, Commit{Kind: engine.CommitTool, Tool: g.pick([]string{"search", "lookup"}), Result: g.toolResult(c)})
		}
	}
	return c
}

// step lists 1–3 distinct nodes in random order with their outputs.
func (g *generator) step(c Case) []Node {
	perm := g.r.Perm(len(nodeNames))
	var out []Node
	for k, i := range perm[:1+g.r.Intn(3)] {
		name := nodeNames[i]
		if k == 0 && c.Profile == "langgraph-py" && len(c.Fields) > 0 && g.pct(15) {
			// a node named like a field: LangGraph Python keeps a node
			// and a channel of one name apart
			name = c.Fields[g.r.Intn(len(c.Fields))].Name
		}
		out = append(out, g.node(c, name, perm))
	}
	return out
}

// toolResult is a plain answer, or a result that carries an update in the
// profile's shape.
func (g *generator) toolResult(c Case) any {
	switch p := g.r.Intn(100); {
	case p < 30:
		return fmt.Sprintf("found %d", g.r.Intn(3))
	case p < 45:
		return Object("hits", []any{1.0, 2.0}, "best", "a")
	case p < 75 && c.Profile == "dawn":
		return Object("result", "ok", "state", g.update(c, 1, 2))
	case p < 75:
		return Object("update", g.update(c, 1, 2))
	}
	return nil
}

func (g *generator) field(profile, name string) Field {
	if profile == "langgraph-py" {
		return g.pyField(name)
	}
	if profile == "awaken" {
		return g.awakenField(name)
	}
	f := Field{Name: name}
	switch {
	case profile == "dawn" && g.pct(35):
		// no reducer: dawn infers append or replace from the default
	case profile == "dawn":
		f.Reducer = reducers[1+g.r.Intn(len(reducers)-1)]
	case g.pct(35):
		f.Reducer = "last-value"
		if g.pct(50) {
			f.Reducer = "" // a field without a reducer is a LastValue
		}
	default:
		f.Reducer = reducers[1+g.r.Intn(len(reducers)-1)]
	}
	if g.pct(50) {
		f.HasDefault = true
		f.Default = g.defaultFor(f.Reducer)
	}
	return f
}

func (g *generator) defaultFor(reducer string) any {
	if g.pct(10) {
		// a default of another kind than the reducer's: null, a bare
		// message or element, a number
		return []any{nil, "hi", 2.0, Object("type", "ai", "content", "d")}[g.r.Intn(4)]
	}
	switch reducer {
	case "append", "union":
		return []any{[]any{}, []any{"u"}, []any{1.0, "u"}}[g.r.Intn(3)]
	case "merge", "merge-patch":
		return []any{&Obj{}, Object("p", 1.0)}[g.r.Intn(2)]
	case "sum":
		return []any{0.0, 5.0}[g.r.Intn(2)]
	case "messages":
		if g.pct(50) {
			return []any{}
		}
		return []any{g.message(false)}
	case `join(",")`:
		return []any{"", "s"}[g.r.Intn(2)]
	}
	return g.scalar()
}

func (g *generator) scalar() any {
	switch g.r.Intn(7) {
	case 0:
		return nil
	case 1:
		return fmt.Sprintf("v%d", g.r.Intn(10))
	case 2:
		return float64(g.r.Intn(5))
	case 3:
		return g.pct(50)
	case 4:
		return []any{float64(g.r.Intn(3))}
	case 5:
		return Object("q", float64(g.r.Intn(3)), "p", nil)
	}
	return Object("q", float64(g.r.Intn(3)))
}

// update is an object writing between lo and hi keys: mostly fields of
// the schema, sometimes an unknown key, in random order.
func (g *generator) update(c Case, lo, hi int) *Obj {
	o := &Obj{}
	n := lo + g.r.Intn(hi-lo+1)
	for i := 0; i < n; i++ {
		name := g.key(c)
		if _, dup := o.Get(name); dup {
			continue
		}
		o.Set(name, g.write(c, name))
	}
	return o
}

// key is a field of the schema (dawn: also its implicit messages) or, now
// and then, an unknown key.
func (g *generator) key(c Case) string {
	if g.pct(12) {
		return g.pick(unknownKeys)
	}
	if c.Profile == "dawn" && c.Field("messages") == nil && g.pct(20) {
		return "messages"
	}
	return c.Fields[g.r.Intn(len(c.Fields))].Name
}

// write is a value written to a key: mostly of the kind the field's
// reducer takes, sometimes of a wrong kind, sometimes an overwrite in one of
// its two wire forms.
func (g *generator) write(c Case, name string) any {
	reducer := c.ReducerOf(name)
	wrong := 15
	if g.bad {
		wrong = 60
	}
	switch {
	case g.pct(10):
		return g.overwrite(g.right(reducer))
	case g.pct(wrong):
		return g.wrong(reducer)
	}
	return g.right(reducer)
}

// overwrite wraps a value in one of Overwrite's wire forms, now and then
// with a key more (ignored), or in a form that is no overwrite at all
// ({"type": "__overwrite__"} without a value).
func (g *generator) overwrite(v any) *Obj {
	switch p := g.r.Intn(100); {
	case p < 42:
		return Object("__overwrite__", v)
	case p < 84:
		return Object("type", "__overwrite__", "value", v)
	case p < 90:
		return Object("note", "x", "__overwrite__", v)
	case p < 96:
		return Object("value", v, "type", "__overwrite__", "note", "x")
	}
	return Object("type", "__overwrite__")
}

func (g *generator) right(reducer string) any {
	switch reducer {
	case "append", "union":
		if g.pct(30) {
			return fmt.Sprintf("e%d", g.r.Intn(3))
		}
		list := []any{}
		for i := g.r.Intn(3); i > 0; i-- {
			list = append(list, []any{"u", "e1", 1.0, 2.0}[g.r.Intn(4)])
		}
		return list
	case "merge":
		o := &Obj{}
		for _, k := range g.r.Perm(3)[:1+g.r.Intn(2)] {
			o.Set([]string{"p", "q", "r"}[k], float64(g.r.Intn(3)))
		}
		return o
	case "merge-patch":
		// null removes a key, an object merges in deeper
		return Object(g.pick([]string{"p", "q"}), []any{nil, 1.0, Object("s", 2.0, "t", nil)}[g.r.Intn(3)])
	case "sum":
		if g.pct(3) {
			// near the end of the safe integers: a sum may leave them
			return 9007199254740990.0
		}
		return []any{1.0, 2.0, 3.0, 0.5, -3.0}[g.r.Intn(5)]
	case `join(",")`:
		return fmt.Sprintf("j%d", g.r.Intn(3))
	case "messages":
		if g.pct(20) {
			return g.message(true)
		}
		list := []any{}
		for i := g.r.Intn(4); i > 0; i-- {
			list = append(list, g.message(true))
		}
		return list
	}
	return g.scalar()
}

// wrong is a value the reducer refuses (for the reducers that refuse any).
func (g *generator) wrong(reducer string) any {
	switch reducer {
	case "merge":
		return []any{"s", 1.0, nil, []any{1.0}}[g.r.Intn(4)]
	case "sum":
		return []any{"s", nil, []any{1.0}, Object("p", 1.0)}[g.r.Intn(4)]
	case `join(",")`:
		return []any{1.0, nil, []any{"s"}, true}[g.r.Intn(4)]
	case "messages":
		return []any{
			1.0, Object("role", "bogus", "content", "c"), Object("type", "remove", "id", "nope"),
			[]any{Object("content", "no type")}, nil,
		}[g.r.Intn(5)]
	}
	return g.scalar()
}

// message is a message-like: a string, a [role, content] pair, an object
// with role or type (now and then a name, tool calls, a tool message), ids
// from a small pool (so they collide), and removes.
func (g *generator) message(incoming bool) any {
	id := func(o *Obj) *Obj {
		if g.pct(55) {
			o.Set("id", g.pick(msgIDs))
		}
		return o
	}
	switch p := g.r.Intn(100); {
	case p < 20:
		return fmt.Sprintf("t%d", g.r.Intn(3))
	case p < 35:
		return []any{g.pick([]string{"user", "ai", "assistant", "system"}), fmt.Sprintf("p%d", g.r.Intn(3))}
	case p < 55:
		t := g.pick([]string{"human", "ai", "system"})
		o := id(Object("type", t, "content", fmt.Sprintf("c%d", g.r.Intn(3))))
		if g.pct(15) {
			o.Set("name", "n")
		}
		if t == "ai" && g.pct(20) {
			o.Set("tool_calls", []any{Object("id", "tc1", "name", "search", "args", Object("q", "x"))})
		}
		return o
	case p < 60:
		return id(Object("type", "tool", "content", "out", "tool_call_id", "tc1"))
	case p < 80:
		return id(Object("role", g.pick([]string{"user", "assistant", "developer", "system"}), "content", fmt.Sprintf("r%d", g.r.Intn(3))))
	case incoming && p < 91:
		return Object("type", "remove", "id", g.pick(msgIDs))
	case incoming && p < 92:
		return Object("type", "remove", "id", "__remove_all__")
	}
	return Object("type", "ai", "content", "w", "id", g.pick(msgIDs))
}

// node is one node's output in the step: mostly an update object, else a
// command, a falsy return (writes nothing) or an invalid return.
func (g *generator) node(c Case, name string, perm []int) Node {
	n := Node{Name: name}
	switch p := g.r.Intn(100); {
	case p < 55:
		n.Output = g.update(c, 1, 4)
	case p < 73:
		n.Command = true
		n.Output = g.command(c, perm, g.pct(25))
	case p < 83:
		n.Output = []any{nil, false, 0.0, ""}[g.r.Intn(4)]
	case p < 91:
		n.Output = []any{"done", 3.0, true, []any{1.0}, []any{}, []any{g.update(c, 1, 2)}}[g.r.Intn(6)]
	case p < 94:
		n.Output = &Obj{}
	case p < 96:
		// a command's JSON.stringify form, returned as the node's value
		n.Output = g.command(c, perm, true)
	default:
		// an array holding a command: each element writes, a falsy one
		// nothing, an invalid one fails the node
		list := []any{g.command(c, perm, true), g.update(c, 1, 2)}
		switch p := g.r.Intn(100); {
		case p < 30:
			list = append(list, []any{nil, false, 0.0, ""}[g.r.Intn(4)])
		case p < 45:
			list = append(list, []any{"done", 3.0, true, []any{1.0}}[g.r.Intn(4)])
		case p < 65:
			list = append(list, g.command(c, perm, true))
		}
		g.r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		n.Output = list
	}
	return n
}

// command is {"update": {...} | [[k, v], ...], "goto": ...}, sometimes in
// its JSON.stringify form {"lg_name": "Command", ...}, now and then with an
// update LangGraph does not read as an update.
func (g *generator) command(c Case, perm []int, lgName bool) *Obj {
	o := &Obj{}
	if lgName {
		o.Set("lg_name", "Command")
	}
	switch p := g.r.Intn(100); {
	case p < 50:
		o.Set("update", g.update(c, 1, 3))
	case p < 90:
		var pairs []any
		for i := 1 + g.r.Intn(3); i > 0; i-- {
			k := g.key(c)
			if len(pairs) > 0 && g.pct(40) {
				// the same key twice: two writes from one node
				k = pairs[len(pairs)-1].([]any)[0].(string)
			}
			pairs = append(pairs, []any{k, g.write(c, k)})
		}
		o.Set("update", pairs)
	case p < 95:
		// not an update LangGraph reads: it becomes a __root__ write
		o.Set("update", []any{"s", []any{[]any{"x"}}, []any{[]any{"x", 1.0, 2.0}}}[g.r.Intn(3)])
	default:
		// goto only
	}
	switch p := g.r.Intn(100); {
	case p < 40:
	case p < 60:
		o.Set("goto", "other")
	case p < 75:
		o.Set("goto", "__end__")
	default:
		o.Set("goto", []any{nodeNames[perm[0]], "other"})
	}
	return o
}
