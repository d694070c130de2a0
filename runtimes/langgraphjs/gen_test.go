package langgraphjs

import (
	"fmt"
	"math/rand"
	"sort"
	"strconv"
	"strings"

	"github.com/stateharness/scenario/engine"
)

// A compact generator of random scenarios for the differential tests: a
// schema and a sequence of commits on one thread (an input, then steps,
// further inputs and tool calls), written as JSON text so that both sides
// see the keys in the order written.

// obj is a JSON object with its keys in the order written.
type obj struct {
	keys []string
	vals map[string]any
}

func newObj(kv ...any) *obj {
	o := &obj{vals: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		o.set(kv[i].(string), kv[i+1])
	}
	return o
}

func (o *obj) set(k string, v any) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *obj) has(k string) bool { _, ok := o.vals[k]; return ok }

// rawJSON is JSON text written as it is.
type rawJSON string

// text writes a generated value as JSON.
func text(v any) string {
	var b strings.Builder
	writeText(&b, v)
	return b.String()
}

func writeText(b *strings.Builder, v any) {
	switch x := v.(type) {
	case *obj:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			writeText(b, x.vals[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, el := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeText(b, el)
		}
		b.WriteByte(']')
	case string:
		b.WriteString(strconv.Quote(x))
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case nil:
		b.WriteString("null")
	case rawJSON:
		b.WriteString(string(x))
	default:
		panic(fmt.Sprintf("writeText: %T", v))
	}
}

// checked decodes a generated value as the harness hands it over.
func checked(v any) engine.Checked {
	c, err := engine.DecodeJSONOrdered(text(v), engine.Source{Name: "case"})
	if err != nil {
		panic(err)
	}
	return c
}

type genField struct {
	name, reducer string // reducer "" is the profile's default
	def           any
	hasDef        bool
}

type genNode struct {
	node    string
	output  any
	command bool
}

type genCommit struct {
	kind   engine.CommitKind
	input  any       // CommitInput
	step   []genNode // CommitStep
	tool   string    // CommitTool
	result any
}

type genCase struct {
	profile string
	fields  []genField
	commits []genCommit
}

func (c *genCase) field(name string) *genField {
	for i := range c.fields {
		if c.fields[i].name == name {
			return &c.fields[i]
		}
	}
	return nil
}

// reducer is the field's reducer as the engine resolves it.
func (c *genCase) reducer(name string) string {
	f := c.field(name)
	if f == nil {
		if c.profile == "dawn" && name == "messages" {
			return "messages"
		}
		return ""
	}
	if f.reducer != "" {
		return f.reducer
	}
	if c.profile == "dawn" {
		if _, ok := f.def.([]any); ok {
			return "append"
		}
		return "replace"
	}
	return "last-value"
}

// String is the case as one JSON text, to reproduce a disagreement.
func (c *genCase) String() string {
	fields := newObj()
	for _, f := range c.fields {
		a := newObj()
		if f.reducer != "" {
			a.set("reducer", f.reducer)
		}
		if f.hasDef {
			a.set("default", f.def)
		}
		fields.set(f.name, a)
	}
	var commits []any
	for _, cm := range c.commits {
		switch cm.kind {
		case engine.CommitInput:
			commits = append(commits, newObj("input", cm.input))
		case engine.CommitStep:
			var nodes []any
			for _, n := range cm.step {
				o := newObj("node", n.node)
				if n.command {
					o.set("command", true)
				}
				o.set("output", n.output)
				nodes = append(nodes, o)
			}
			commits = append(commits, newObj("step", nodes))
		case engine.CommitTool:
			commits = append(commits, newObj("tool", cm.tool, "result", cm.result))
		}
	}
	return text(newObj("profile", c.profile, "fields", fields, "commits", commits))
}

// schema is the case's schema for the engine: every field of type any
// (types are the harness's own rule, which LangGraph has not).
func (c *genCase) schema() *engine.Schema {
	fields := map[string]any{}
	for _, f := range c.fields {
		a := map[string]any{"type": "any"}
		if f.reducer != "" {
			a["reducer"] = f.reducer
		}
		if f.hasDef {
			a["default"] = checked(f.def).Value
		}
		fields[f.name] = a
	}
	s, err := engine.SchemaFromValue(map[string]any{"fields": fields})
	if err != nil {
		panic(err)
	}
	return s
}

// spec is the GraphSpec the engine gives a runtime for the case.
func (c *genCase) spec() engine.GraphSpec {
	s := engine.GraphSpec{Profile: c.profile, IDPrefix: "auto-"}
	names := []string{}
	for _, f := range c.fields {
		names = append(names, f.name)
	}
	if c.profile == "dawn" && c.field("messages") == nil {
		names = append(names, "messages")
	}
	sort.Strings(names)
	for _, n := range names {
		fs := engine.FieldSpec{Name: n, Reducer: c.reducer(n)}
		if f := c.field(n); f != nil {
			if f.hasDef {
				fs.Default, fs.HasDefault = checked(f.def).Value, true
			}
		} else {
			fs.Default, fs.HasDefault = []any{}, true
		}
		s.Fields = append(s.Fields, fs)
	}
	return s
}

type generator struct {
	r   *rand.Rand
	bad bool // this case writes refused values often
	// known are message ids written so far, for removes that find them
	known []string
}

func newGenerator(seed int64) *generator { return &generator{r: rand.New(rand.NewSource(seed))} }

var (
	genFieldNames = []string{"x", "y", "z", "k", "m", "n", "log", "messages", "7"}
	genNodeNames  = []string{"a", "b", "c", "ab", "B"}
	genUnknown    = []string{"extra", "zz", "__root__"}
	genMsgIDs     = []string{"m1", "m2", "m3"}
	genReducers   = []string{"last-value", "replace", "append", "merge", "merge-patch", "sum", "messages", "union", `join(",")`}
)

func (g *generator) pct(p int) bool { return g.r.Intn(100) < p }

func (g *generator) pick(list []string) string { return list[g.r.Intn(len(list))] }

// next is a random case: a schema and 2–5 commits on one thread, the
// first an input.
func (g *generator) next() *genCase {
	c := &genCase{profile: "langgraph"}
	g.bad = g.pct(12)
	g.known = nil
	if g.pct(25) {
		c.profile = "dawn"
	}
	perm := g.r.Perm(len(genFieldNames))
	for _, i := range perm[:2+g.r.Intn(4)] {
		c.fields = append(c.fields, g.field(c.profile, genFieldNames[i]))
	}
	c.commits = append(c.commits, genCommit{kind: engine.CommitInput, input: g.update(c, 0, 4)})
	for n := 1 + g.r.Intn(4); n > 0; n-- {
		switch r := g.r.Intn(100); {
		case r < 65:
			c.commits = append(c.commits, genCommit{kind: engine.CommitStep, step: g.step(c)})
		case r < 85:
			c.commits = append(c.commits, genCommit{kind: engine.CommitInput, input: g.update(c, 0, 3)})
		default:
			c.commits = append(c.commits, genCommit{kind: engine.CommitTool, tool: g.pick([]string{"search", "lookup"}), result: g.toolResult(c)})
		}
	}
	return c
}

func (g *generator) field(profile, name string) genField {
	f := genField{name: name}
	switch {
	case profile == "dawn" && g.pct(35):
	case profile == "langgraph" && g.pct(30):
		if g.pct(50) {
			f.reducer = "last-value"
		}
	default:
		f.reducer = genReducers[1+g.r.Intn(len(genReducers)-1)]
	}
	if g.pct(55) {
		f.hasDef = true
		f.def = g.defaultFor(f.reducer)
	}
	return f
}

func (g *generator) defaultFor(reducer string) any {
	if g.pct(8) {
		return []any{nil, "hi", 2.0, newObj("type", "ai", "content", "d")}[g.r.Intn(4)]
	}
	switch reducer {
	case "append", "union":
		return []any{[]any{}, []any{"u"}, []any{1.0, "u"}}[g.r.Intn(3)]
	case "merge", "merge-patch":
		return []any{newObj(), newObj("p", 1.0)}[g.r.Intn(2)]
	case "sum":
		return []any{0.0, 5.0}[g.r.Intn(2)]
	case "messages":
		if g.pct(50) {
			return []any{}
		}
		return []any{g.message(true)}
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
		return newObj("q", float64(g.r.Intn(3)), "p", nil)
	}
	return newObj("q", float64(g.r.Intn(3)))
}

// update is an object writing lo..hi keys, mostly fields of the schema.
func (g *generator) update(c *genCase, lo, hi int) *obj {
	o := newObj()
	for n := lo + g.r.Intn(hi-lo+1); n > 0; n-- {
		k := g.key(c)
		if o.has(k) {
			continue
		}
		o.set(k, g.write(c, k))
	}
	return o
}

func (g *generator) key(c *genCase) string {
	if g.pct(10) {
		return g.pick(genUnknown)
	}
	if c.profile == "dawn" && c.field("messages") == nil && g.pct(20) {
		return "messages"
	}
	return c.fields[g.r.Intn(len(c.fields))].name
}

// write is a value for a key: mostly of the kind its reducer takes,
// sometimes of another kind, sometimes an overwrite.
func (g *generator) write(c *genCase, key string) any {
	reducer := c.reducer(key)
	if g.pct(8) {
		v := g.valueFor(reducer)
		switch g.r.Intn(3) {
		case 0:
			return newObj("__overwrite__", v)
		case 1:
			return newObj("type", "__overwrite__", "value", v)
		default:
			return newObj("__overwrite__", v, "extra", 1.0)
		}
	}
	wrong := 8
	if g.bad {
		wrong = 45
	}
	if g.pct(wrong) {
		return []any{"s", 3.0, nil, newObj("p", 1.0), []any{1.0}, true}[g.r.Intn(6)]
	}
	return g.valueFor(reducer)
}

func (g *generator) valueFor(reducer string) any {
	switch reducer {
	case "append", "union":
		if g.pct(40) {
			return g.scalar()
		}
		return []any{g.scalar(), fmt.Sprintf("e%d", g.r.Intn(3))}[:1+g.r.Intn(2)]
	case "merge":
		return newObj(g.pick([]string{"p", "q", "r"}), float64(g.r.Intn(4)))
	case "merge-patch":
		return newObj(g.pick([]string{"p", "q"}), []any{nil, 1.0, newObj("s", 2.0, "t", nil)}[g.r.Intn(3)])
	case "sum":
		if g.pct(3) {
			return 9007199254740990.0
		}
		return []any{1.0, 2.0, 0.5, -3.0}[g.r.Intn(4)]
	case "messages":
		if g.pct(35) {
			var list []any
			for n := g.r.Intn(4); n > 0; n-- {
				list = append(list, g.message(false))
			}
			if list == nil {
				list = []any{}
			}
			return list
		}
		return g.message(false)
	case `join(",")`:
		return fmt.Sprintf("j%d", g.r.Intn(5))
	}
	return g.scalar()
}

// message is a message-like: a string, a [role, content] pair, an object
// with type or role, a remove, or (rarely, unless plain) a refused one.
func (g *generator) message(plain bool) any {
	id := func(o *obj) *obj {
		if g.pct(45) {
			mid := g.pick(genMsgIDs)
			o.set("id", mid)
			g.known = append(g.known, mid)
		}
		return o
	}
	r := g.r.Intn(100)
	if plain {
		r = r % 70
	}
	switch {
	case r < 15:
		return fmt.Sprintf("hi%d", g.r.Intn(3))
	case r < 25:
		return []any{g.pick([]string{"human", "ai", "user", "system", "assistant"}), fmt.Sprintf("c%d", g.r.Intn(3))}
	case r < 45:
		t := g.pick([]string{"human", "ai", "system"})
		o := id(newObj("type", t, "content", fmt.Sprintf("t%d", g.r.Intn(3))))
		if g.pct(20) {
			o.set("name", "n")
		}
		if t == "ai" && g.pct(25) {
			o.set("tool_calls", []any{newObj("id", "tc1", "name", "search", "args", newObj("q", "x"))})
		}
		return o
	case r < 55:
		return id(newObj("role", g.pick([]string{"user", "assistant", "developer", "system"}), "content", "r"))
	case r < 60:
		return id(newObj("type", "tool", "content", "out", "tool_call_id", "tc1"))
	case r < 70:
		if g.pct(10) {
			return newObj("type", "remove", "id", "__remove_all__")
		}
		mid := g.pick(genMsgIDs)
		if len(g.known) > 0 && g.pct(60) {
			mid = g.known[g.r.Intn(len(g.known))]
		}
		return newObj("type", "remove", "id", mid)
	}
	return []any{nil, newObj("role", "bogus", "content", "x"), 3.0, newObj("content", "no role")}[g.r.Intn(4)]
}

// step lists 1–3 distinct nodes in random order with their outputs.
func (g *generator) step(c *genCase) []genNode {
	perm := g.r.Perm(len(genNodeNames))
	var out []genNode
	for _, i := range perm[:1+g.r.Intn(3)] {
		out = append(out, g.node(c, genNodeNames[i]))
	}
	return out
}

func (g *generator) node(c *genCase, name string) genNode {
	n := genNode{node: name}
	switch r := g.r.Intn(100); {
	case r < 58:
		n.output = g.update(c, 1, 3)
	case r < 72:
		n.command = true
		n.output = g.command(c)
	case r < 77:
		cmd := g.command(c)
		o := newObj("lg_name", "Command")
		for _, k := range cmd.keys {
			o.set(k, cmd.vals[k])
		}
		n.output = o
	case r < 80:
		cmd := g.command(c)
		o := newObj("lg_name", "Command")
		for _, k := range cmd.keys {
			o.set(k, cmd.vals[k])
		}
		n.output = []any{g.update(c, 1, 2), o}[g.r.Intn(2):]
	case r < 88:
		n.output = []any{nil, false, 0.0, ""}[g.r.Intn(4)]
	case r < 92:
		n.output = newObj()
	default:
		n.output = []any{"done", 3.0, true, []any{1.0}, []any{}}[g.r.Intn(5)]
	}
	return n
}

// command is {"update": {...} | [[k, v], ...], "goto"?: ...}.
func (g *generator) command(c *genCase) *obj {
	o := newObj()
	if g.pct(40) {
		var pairs []any
		for n := 1 + g.r.Intn(3); n > 0; n-- {
			k := g.key(c)
			pairs = append(pairs, []any{k, g.write(c, k)})
		}
		o.set("update", pairs)
	} else {
		o.set("update", g.update(c, 1, 3))
	}
	if g.pct(40) {
		o.set("goto", []any{"other", []any{"other", "a"}, "__end__"}[g.r.Intn(3)])
	}
	return o
}

// toolResult is a plain answer, or a result that carries an update in the
// profile's shape.
func (g *generator) toolResult(c *genCase) any {
	switch r := g.r.Intn(100); {
	case r < 30:
		return fmt.Sprintf("found %d", g.r.Intn(3))
	case r < 45:
		return newObj("hits", []any{1.0, 2.0}, "best", "a")
	case r < 75 && c.profile == "langgraph":
		return newObj("update", g.update(c, 1, 2))
	case r < 75:
		return newObj("result", "ok", "state", g.update(c, 1, 2))
	}
	return nil
}
