package diffcase

// The cases of the langgraph-py profile, judged by LangGraph Python: the
// same updates, writes, overwrites and messages as the JavaScript cases,
// with Python's differences. A field has a type (a reducer field starts
// from it, as from its annotation); a last-value field has no default (a
// TypedDict has none); a node never returns a command's JSON form inside a
// list (Python has no such form: a dict is a dict, a list is refused).

// NextPython is the next random langgraph-py case.
func (g *Generator) NextPython() Case {
	c := Case{Profile: "langgraph-py"}
	g.bad = g.pct(12)
	names := g.r.Perm(len(fieldNames))
	for _, i := range names[:2+g.r.Intn(4)] {
		name := fieldNames[i]
		if name == "7" && !g.pct(30) {
			continue
		}
		c.Fields = append(c.Fields, g.pyField(name))
	}
	c.Input = g.update(c, 0, 4)
	if g.pct(85) {
		perm := g.r.Perm(len(nodeNames))
		for _, i := range perm[:1+g.r.Intn(3)] {
			n := g.node(c, nodeNames[i], perm)
			c.Step = append(c.Step, n)
		}
	}
	return c
}

func (g *Generator) pyField(name string) Field {
	f := Field{Name: name}
	if g.pct(35) {
		f.Reducer = "last-value"
		if g.pct(50) {
			f.Reducer = ""
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
	case "merge":
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
