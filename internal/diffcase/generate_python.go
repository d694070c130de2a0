package diffcase

import (
	"fmt"

	"github.com/stateharness/scenario/engine"
)

// The cases of the langgraph-py profile, judged by LangGraph Python: the
// same updates, writes, overwrites, returns and messages as the JavaScript
// cases, and a type for each field (a reducer field starts from it, as from
// its annotation); a last-value field's default, now and then declared,
// is never in the state (a TypedDict has none; a Pydantic model's is not
// written). A node is now and then named like a field (LangGraph Python
// keeps the two apart). A command's JSON form returned as a value is, in Python, a dict
// like any other, and a list of them is refused.

func (g *generator) pyField(name string) Field {
	f := Field{Name: name}
	if g.pct(35) {
		f.Reducer = "last-value"
		if g.pct(50) {
			f.Reducer = ""
		}
		if g.pct(30) {
			// a default the schema checks and LangGraph Python never
			// writes: the field stays absent until a write
			f.HasDefault = true
			f.Default = g.defaultFor(g.pick([]string{"", "", "append", "merge"}))
			f.Type = kindOf(f.Default)
			if f.Type != "any" && g.pct(40) {
				f.Type += "?"
			}
		}
		return f
	}
	f.Reducer = reducers[1+g.r.Intn(len(reducers)-1)]
	if g.pct(40) {
		f.HasDefault = true
		f.Default = g.defaultFor(f.Reducer)
		f.Type = kindOf(f.Default)
		if g.pct(30) {
			f.Type = "any"
		}
		return f
	}
	switch p := g.r.Intn(100); {
	case p < 30, f.Reducer == "replace" && p < 70:
		// replace takes values of any kind: a typed one mostly fails
		// the harness's type rule, which LangGraph has not
		f.Type = "any"
	case p < 45:
		f.Type = reducerKind(f.Reducer) + "?"
	default:
		f.Type = reducerKind(f.Reducer)
	}
	return f
}

// reducerKind is the type a reducer's values have: list for append,
// union and messages, dict for merge, a number for sum, str for join;
// replace takes any of them.
func reducerKind(reducer string) string {
	switch reducer {
	case "append", "union", "messages":
		return "array"
	case "merge", "merge-patch":
		return "object"
	case "sum":
		return "number"
	case `join(",")`:
		return "string"
	}
	return []string{"array", "object", "number", "string", "integer", "boolean"}[len(reducer)%6]
}

// kindOf is the schema type of a default value.
func kindOf(v any) string {
	switch v.(type) {
	case []any:
		return "array"
	case *Obj:
		return "object"
	case float64:
		return "number"
	case string:
		return "string"
	case bool:
		return "boolean"
	}
	return "any"
}

// messagesCase is a langgraph-py case of the messages reducer on its own
// (Options.Messages): one or two messages fields (list, or of no
// particular type), an input of messages and a step of one to three nodes
// writing messages of every shape langchain-core reads or refuses.
func (g *generator) messagesCase() Case {
	c := Case{Profile: "langgraph-py"}
	c.Fields = append(c.Fields, Field{Name: "messages", Reducer: "messages", Type: "array"})
	if g.pct(30) {
		f := Field{Name: "m", Reducer: "messages", Type: "any"}
		if g.pct(30) {
			f.Type = "array"
		}
		c.Fields = append(c.Fields, f)
	}
	c.Commits = append(c.Commits, Commit{Kind: engine.CommitInput, Input: g.pyMessagesUpdate(c)})
	if g.pct(90) {
		var step []Node
		perm := g.r.Perm(len(nodeNames))
		for k, i := range perm[:1+g.r.Intn(3)] {
			n := Node{Name: nodeNames[i], Output: g.pyMessagesUpdate(c)}
			if k == 0 && g.pct(15) {
				n.Name = c.Fields[g.r.Intn(len(c.Fields))].Name
			}
			if g.pct(15) {
				n.Command = true
				n.Output = Object("update", n.Output)
			}
			step = append(step, n)
		}
		c.Commits = append(c.Commits, Commit{Kind: engine.CommitStep, Step: step})
	}
	return c
}

func (g *generator) pyMessagesUpdate(c Case) *Obj {
	o := &Obj{}
	for _, f := range c.Fields {
		if !g.pct(80) {
			continue
		}
		if g.pct(15) {
			o.Set(f.Name, g.pyMessage())
			continue
		}
		list := []any{}
		for i := g.r.Intn(4); i > 0; i-- {
			list = append(list, g.pyMessage())
		}
		o.Set(f.Name, list)
	}
	return o
}

// pyMessage is a message-like of a shape langchain-core (Python) reads, or
// now and then one it refuses.
func (g *generator) pyMessage() any {
	content := func() any {
		switch p := g.r.Intn(100); {
		case p < 70:
			return fmt.Sprintf("c%d", g.r.Intn(3))
		case p < 78:
			return nil
		case p < 84:
			return ""
		case p < 92:
			return []any{"part", Object("type", "text", "text", "t")}
		case p < 96:
			return []any{}
		}
		return []any{3.0, true, Object("k", 1.0)}[g.r.Intn(3)] // refused
	}
	extras := func(o *Obj) *Obj {
		if g.pct(50) {
			o.Set("id", g.pick(msgIDs))
		} else if g.pct(10) {
			o.Set("id", nil)
		}
		if g.pct(15) {
			o.Set("name", g.pick([]string{"ann", "bob"}))
		}
		if g.pct(15) {
			o.Set(g.pick([]string{"foo", "extra", "lc"}), float64(g.r.Intn(3)))
		}
		if g.pct(10) {
			o.Set("additional_kwargs", Object("k", "v"))
		}
		if g.pct(10) {
			o.Set("response_metadata", []any{&Obj{}, Object("model", "x")}[g.r.Intn(2)])
		}
		return o
	}
	switch p := g.r.Intn(100); {
	case p < 12:
		return fmt.Sprintf("t%d", g.r.Intn(3))
	case p < 22:
		return []any{g.pick([]string{"user", "human", "ai", "assistant", "system", "developer"}), content()}
	case p < 50:
		return extras(Object("type", g.pick([]string{"human", "ai", "system", "developer", "user", "assistant"}), "content", content()))
	case p < 70:
		o := extras(Object("role", g.pick([]string{"user", "assistant", "system", "developer", "human", "ai"}), "content", content()))
		if g.pct(15) {
			o.Set("type", "human")
		}
		return o
	case p < 80:
		o := extras(Object("type", "tool", "content", content(), "tool_call_id", g.pick([]string{"t1", "t2"})))
		if g.pct(30) {
			o.Set("status", g.pick([]string{"success", "error"}))
		}
		if g.pct(15) {
			o.Set("artifact", Object("a", 1.0))
		}
		return o
	case p < 90:
		id := g.pick(msgIDs)
		if g.pct(10) {
			id = "__remove_all__"
		}
		return Object("type", "remove", "id", id, "content", "")
	}
	// refused: a bogus role, no content, a tool message without
	// tool_call_id, a remove without content, a pair of three, null
	return []any{
		Object("role", "bogus", "content", "c"), Object("type", "human"),
		Object("type", "tool", "content", "c"), Object("type", "remove", "id", "m1"),
		[]any{"user", "a", "b"}, nil, 3.0,
	}[g.r.Intn(7)]
}
