package diffcase

import (
	"fmt"
	"math/rand"
)

// Generator makes random cases from a seed.
type Generator struct {
	r *rand.Rand
	// bad makes the current case write refused values often, so that
	// several fields fail in one commit and the error order shows.
	bad bool
}

// NewGenerator returns a generator whose cases depend only on seed.
func NewGenerator(seed int64) *Generator {
	return &Generator{r: rand.New(rand.NewSource(seed))}
}

var (
	fieldNames = []string{"x", "y", "z", "k", "m", "n", "log", "messages", "7"}
	// nodeNames sort differently by byte order ("B" < "a" < "ab" < "b")
	// than a case lists them.
	nodeNames   = []string{"a", "b", "c", "ab", "B"}
	unknownKeys = []string{"extra", "zz", "lg_name", "__root__"}
	msgIDs      = []string{"m1", "m2", "m3"}
	reducers    = []string{"last-value", "replace", "append", "merge", "sum", "messages", "union", `join(",")`}
)

func (g *Generator) pct(p int) bool { return g.r.Intn(100) < p }

func (g *Generator) pick(list []string) string { return list[g.r.Intn(len(list))] }

// Next is the next random case.
func (g *Generator) Next() Case {
	c := Case{Profile: "langgraph"}
	g.bad = g.pct(12)
	if g.pct(25) {
		c.Profile = "dawn"
	}
	names := g.r.Perm(len(fieldNames))
	for _, i := range names[:2+g.r.Intn(4)] {
		name := fieldNames[i]
		if name == "7" && !g.pct(30) {
			continue
		}
		c.Fields = append(c.Fields, g.field(c.Profile, name))
	}
	c.Input = g.update(c, 0, 4)
	if g.pct(85) {
		perm := g.r.Perm(len(nodeNames))
		for _, i := range perm[:1+g.r.Intn(3)] {
			c.Step = append(c.Step, g.node(c, nodeNames[i], perm))
		}
	}
	return c
}

func (g *Generator) field(profile, name string) Field {
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

func (g *Generator) defaultFor(reducer string) any {
	if g.pct(10) {
		// a default of another kind than the reducer's: null, a bare
		// message or element, a number
		return []any{nil, "hi", 2.0, Object("type", "ai", "content", "d")}[g.r.Intn(4)]
	}
	switch reducer {
	case "append", "union":
		return []any{[]any{}, []any{"u"}, []any{1.0, "u"}}[g.r.Intn(3)]
	case "merge":
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

func (g *Generator) scalar() any {
	switch g.r.Intn(6) {
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
	}
	return Object("q", float64(g.r.Intn(3)))
}

// update is an object writing between lo and hi keys: mostly fields of
// the schema, sometimes an unknown key, in random order.
func (g *Generator) update(c Case, lo, hi int) *Obj {
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
func (g *Generator) key(c Case) string {
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
func (g *Generator) write(c Case, name string) any {
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
func (g *Generator) overwrite(v any) *Obj {
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

func (g *Generator) right(reducer string) any {
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
	case "sum":
		return float64(1 + g.r.Intn(3))
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
func (g *Generator) wrong(reducer string) any {
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
// with role or type, ids from a small pool (so they collide), and removes.
func (g *Generator) message(incoming bool) any {
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
	case p < 60:
		return id(Object("type", g.pick([]string{"human", "ai", "system"}), "content", fmt.Sprintf("c%d", g.r.Intn(3))))
	case p < 80:
		return id(Object("role", g.pick([]string{"user", "assistant"}), "content", fmt.Sprintf("r%d", g.r.Intn(3))))
	case incoming && p < 92:
		return Object("type", "remove", "id", g.pick(msgIDs))
	}
	return Object("type", "ai", "content", "w", "id", g.pick(msgIDs))
}

// node is one node's output in the step: mostly an update object, else a
// command, a falsy return (writes nothing) or an invalid return.
func (g *Generator) node(c Case, name string, perm []int) Node {
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
func (g *Generator) command(c Case, perm []int, lgName bool) *Obj {
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
