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
	switch p := g.r.Intn(100); {
	case p < 12:
		return fmt.Sprintf("t%d", g.r.Intn(3))
	case p < 20:
		return []any{g.pick([]string{"user", "human", "ai", "assistant", "system", "developer", "function"}), g.pyContent()}
	case p < 38:
		return g.pyExtras(Object("type", g.pick([]string{"human", "ai", "system", "developer", "user", "assistant"}), "content", g.pyContent()))
	case p < 50:
		o := g.pyExtras(Object("role", g.pick([]string{"user", "assistant", "system", "developer", "human", "ai"}), "content", g.pyContent()))
		if g.pct(15) {
			o.Set("type", "human")
		}
		return o
	case p < 56:
		return g.pyToolMessage()
	case p < 62:
		return g.pyFunctionMessage()
	case p < 72:
		return g.pyToolCallsMessage()
	case p < 84:
		return g.pyLCMessage()
	case p < 95:
		return g.pyRemove()
	}
	// refused: a bogus role, no content, a tool message without
	// tool_call_id, a remove without content, a pair of three, null
	return []any{
		Object("role", "bogus", "content", "c"), Object("type", "human"),
		Object("type", "tool", "content", "c"), Object("type", "remove", "id", "m1"),
		[]any{"user", "a", "b"}, nil, 3.0,
	}[g.r.Intn(7)]
}

// pyContent is a message's content: mostly a str, now and then null, "",
// a list of parts, or (refused) a number, a bool or a dict.
func (g *generator) pyContent() any {
	switch p := g.r.Intn(100); {
	case p < 70:
		return fmt.Sprintf("c%d", g.r.Intn(3))
	case p < 78:
		return nil
	case p < 84:
		return ""
	case p < 93:
		return []any{"part", Object("type", "text", "text", "t")}
	case p < 98:
		return []any{}
	}
	return []any{3.0, true, Object("k", 1.0)}[g.r.Intn(3)] // refused
}

// pyID is a message id: mostly a str, now and then a number (BaseMessage
// makes it a str), a str that reads like one, or a bool (refused).
func (g *generator) pyID() any {
	switch p := g.r.Intn(100); {
	case p < 75:
		return g.pick(msgIDs)
	case p < 97:
		return []any{1.0, 2.0, 2.5, "1"}[g.r.Intn(4)]
	}
	return []any{true, false}[g.r.Intn(2)]
}

// pyExtras adds the keys a message dict may carry besides its type and
// content: an id, a name, keys of no field (additional_kwargs), and
// additional_kwargs and response_metadata themselves.
func (g *generator) pyExtras(o *Obj) *Obj {
	if g.pct(50) {
		o.Set("id", g.pyID())
	} else if g.pct(10) {
		o.Set("id", nil)
	}
	if g.pct(15) {
		o.Set("name", g.pick([]string{"ann", "bob"}))
	}
	if g.pct(15) {
		o.Set(g.pick([]string{"foo", "extra", "lc", "invalid_tool_calls", "usage_metadata"}), float64(g.r.Intn(3)))
	}
	if g.pct(10) {
		// dict.update's argument: a dict, or (key, value) pairs
		o.Set("additional_kwargs", []any{Object("k", "v"), Object("k", "v"), []any{}, []any{[]any{"k", 1.0}, "ab"}, "", []any{[]any{"k"}}, nil}[g.r.Intn(7)])
	}
	if g.pct(10) {
		o.Set("response_metadata", []any{&Obj{}, Object("model", "x")}[g.r.Intn(2)])
	}
	return o
}

func (g *generator) pyToolMessage() *Obj {
	o := g.pyExtras(Object("type", "tool", "content", g.pyContent(), "tool_call_id", g.pick([]string{"t1", "t2"})))
	if g.pct(15) {
		o.Set("tool_call_id", []any{1.0, 2.5, true, false, nil}[g.r.Intn(5)])
	}
	if g.pct(30) {
		o.Set("status", g.pick([]string{"success", "error"}))
	}
	if g.pct(15) {
		o.Set("artifact", Object("a", 1.0))
	}
	return o
}

// pyFunctionMessage is a FunctionMessage's dict: its name is required.
func (g *generator) pyFunctionMessage() *Obj {
	o := g.pyExtras(Object(g.pick([]string{"role", "type"}), "function", "content", g.pyContent()))
	switch p := g.r.Intn(100); {
	case p < 80:
		o.Set("name", g.pick([]string{"f", "g"}))
	case p < 85:
		o.Set("name", []any{nil, 3.0}[g.r.Intn(2)]) // refused
	}
	if g.pct(15) {
		o.Set(g.pick([]string{"status", "artifact", "example", "tool_call_id"}), "x")
	}
	return o
}

// pyToolCallsMessage is a message with tool calls: in LangChain's form or
// OpenAI's (arguments a JSON str, bad JSON among them), mostly on an AI
// message, or raw OpenAI calls in additional_kwargs.
func (g *generator) pyToolCallsMessage() *Obj {
	t := g.pick([]string{"ai", "assistant", "ai", "assistant", "human", "tool", "function"})
	o := g.pyExtras(Object(g.pick([]string{"type", "role"}), t, "content", g.pyContent()))
	switch t {
	case "tool":
		o.Set("tool_call_id", "t1")
	case "function":
		o.Set("name", "f")
	}
	calls := func() any {
		switch p := g.r.Intn(100); {
		case p < 8:
			return []any{"ab", Object("k", 1.0), 3.0}[g.r.Intn(3)]
		case p < 14:
			return []any{}
		}
		list := []any{}
		for i := 1 + g.r.Intn(2); i > 0; i-- {
			list = append(list, g.pyToolCall(g.pct(50)))
		}
		return list
	}
	if g.pct(25) {
		raw := []any{}
		for i := 1 + g.r.Intn(2); i > 0; i-- {
			raw = append(raw, g.pyToolCall(true))
		}
		if g.pct(10) {
			raw = append(raw, []any{5.0, "x", nil}[g.r.Intn(3)])
		}
		o.Set("additional_kwargs", Object("tool_calls", raw))
		if g.pct(50) {
			return o
		}
	}
	o.Set("tool_calls", calls())
	return o
}

// pyToolCall is one tool call, in OpenAI's form or LangChain's, now and
// then missing a key, with one too many, or of the wrong kind.
func (g *generator) pyToolCall(openAI bool) any {
	id := any(g.pick([]string{"c1", "c2"}))
	if g.pct(10) {
		id = []any{nil, 3.0}[g.r.Intn(2)]
	}
	if g.pct(5) {
		return []any{"ab", "function", 3.0, nil}[g.r.Intn(4)]
	}
	if openAI {
		args := []any{
			`{"a": 1}`, `{"a": 1}`, `{"b": [1, "x"]}`, `{bad`, ``, `[1]`, `null`, `0`, `{"a": 1, "a": 2}`,
			"{\"a\": \"x\ny\"}", Object("a", 2.0), 5.0,
		}[g.r.Intn(12)]
		fn := Object("name", g.pick([]string{"f", "g"}), "arguments", args)
		switch p := g.r.Intn(100); {
		case p < 5:
			fn = fn.Without(0) // no name
		case p < 10:
			fn = fn.Without(1) // no arguments
		case p < 14:
			fn.Set("name", []any{nil, "", 3.0}[g.r.Intn(3)])
		}
		call := Object("id", id, "type", "function", "function", fn)
		switch p := g.r.Intn(100); {
		case p < 5:
			return call.Without(0) // no id
		case p < 9:
			return call.With(2, "f")
		}
		return call
	}
	call := Object("name", g.pick([]string{"f", "g"}), "args", Object("a", 1.0), "id", id)
	switch p := g.r.Intn(100); {
	case p < 20:
		call.Set("type", g.pick([]string{"tool_call", "tool_call", "bogus"}))
	case p < 25:
		call.Set("extras", Object("x", 1.0))
	case p < 30:
		call.Set("foo", 1.0) // tool_call() takes no foo
	case p < 35:
		return call.Without(2) // no id
	case p < 40:
		call.Set("args", []any{1.0})
	case p < 43:
		call.Set("name", 1.0)
	}
	return call
}

// pyRemove is a RemoveMessage's dict (its content must be there).
func (g *generator) pyRemove() *Obj {
	id := g.pyID()
	if g.pct(10) {
		id = "__remove_all__"
	}
	return Object("type", "remove", "id", id, "content", "")
}

// pyLCClasses are the classes of a serialised message, by the type dumpd
// writes in its kwargs; "ChatPromptValue" is a class langchain-core does
// not read as a message.
var pyLCClasses = map[string][]string{
	"human": {"HumanMessage", "HumanMessageChunk"}, "ai": {"AIMessage", "AIMessageChunk"},
	"system": {"SystemMessage", "SystemMessageChunk"}, "tool": {"ToolMessage", "ToolMessageChunk"},
	"function": {"FunctionMessage", "FunctionMessageChunk"}, "remove": {"RemoveMessage"},
}

// pyLCMessage is a message in LangChain's serialised form (dumpd's
// {"lc": 1, "type": "constructor", "id": [..., class], "kwargs": {...}}),
// of every message class, its kwargs a message dict (now and then without
// its type, of another class, or itself serialised), and now and then an
// envelope langchain-core does not read as a message.
func (g *generator) pyLCMessage() *Obj {
	var kwargs *Obj
	switch p := g.r.Intn(100); {
	case p < 25:
		kwargs = g.pyExtras(Object("content", g.pyContent(), "type", g.pick([]string{"human", "ai", "system"})))
	case p < 40:
		kwargs = g.pyToolCallsMessage()
	case p < 52:
		kwargs = g.pyToolMessage()
	case p < 62:
		kwargs = g.pyFunctionMessage()
	case p < 70:
		kwargs = g.pyRemove()
	case p < 80:
		kwargs = g.pyLCMessage() // a serialised message in the kwargs of another
	default:
		kwargs = g.pyExtras(Object("content", []any{"part", Object("type", "text", "text", "t"), Object("type", "image_url", "image_url", Object("url", "u"))}, "type", "human"))
	}
	t, _ := kwargs.Get("type")
	if r, has := kwargs.Get("role"); has {
		t = r
	}
	ts, _ := t.(string)
	classes := pyLCClasses[map[string]string{"user": "human", "assistant": "ai", "developer": "system"}[ts]]
	if classes == nil {
		classes = pyLCClasses[ts]
	}
	if classes == nil || g.pct(15) {
		classes = pyLCClasses[g.pick([]string{"human", "ai", "system", "tool", "function", "remove"})]
	}
	class := g.pick(classes)
	if g.pct(30) {
		// dumpd writes the type in kwargs; without it the class decides
		for i, k := range kwargs.Keys {
			if k == "type" {
				kwargs = kwargs.Without(i)
				break
			}
		}
	}
	if g.pct(5) {
		class = "ChatPromptValue"
	}
	ns := []any{"langchain", "schema", "messages", class}
	switch p := g.r.Intn(100); {
	case p < 15:
		ns = []any{"langchain_core", "messages", class}
	case p < 25:
		ns = []any{class}
	case p < 28:
		ns = []any{} // not an envelope
	case p < 30:
		ns = []any{"x", []any{class}} // unhashable
	}
	env := Object("lc", 1.0, "type", "constructor", "id", ns, "kwargs", kwargs)
	switch p := g.r.Intn(100); {
	case p < 5:
		env.Set("lc", []any{true, 2.0}[g.r.Intn(2)])
	case p < 8:
		env.Set("type", g.pick([]string{"secret", "not_implemented"}))
	case p < 10:
		env.Set("kwargs", "x")
	case p < 14:
		env.Set("content", "outer") // read only when the envelope is not
	}
	return env
}
