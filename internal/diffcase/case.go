package diffcase

import (
	"sort"

	"github.com/stateharness/scenario/engine"
)

// Case is one scenario: a schema under a profile and the commits made on
// one thread. Its JSON text (Case.JSON) is what every side runs, so key
// order is explicit everywhere.
type Case struct {
	Profile string
	Fields  []Field
	// Commits are made in order on one thread; the first is an input.
	Commits []Commit
}

// Field is one schema field. Reducer "" leaves the attribute out: the
// profile's default (dawn: append for an array default, else replace;
// others: last-value).
type Field struct {
	Name       string
	Reducer    string
	Default    any
	HasDefault bool
	// Type is the field's schema type ("" is any). Under langgraph-py a
	// reducer field starts from its type, as a Python annotation does.
	Type string
	// Merge and Scope are the field's declared merge and scope ("": the
	// profile's), which the awaken cases declare.
	Merge engine.Merge
	Scope engine.Scope
}

// Commit is one commit of a case: a run's input, a step, or a tool call.
type Commit struct {
	Kind  engine.CommitKind
	Input *Obj   // CommitInput
	Step  []Node // CommitStep, in the order the case lists the nodes
	Tool  string // CommitTool
	// Result is the tool's result.
	Result any
}

// Node is what one node of a step returns. With Command set the output is
// a command {"update", "goto"} (or its {"lg_name": "Command", ...} form).
type Node struct {
	Name    string
	Command bool
	Output  any
}

// Field returns the declared field of a name, or nil.
func (c Case) Field(name string) *Field {
	for i := range c.Fields {
		if c.Fields[i].Name == name {
			return &c.Fields[i]
		}
	}
	return nil
}

// ReducerOf is the reducer a field resolves to under the case's profile
// ("" for a key no field declares): last-value, or dawn's append or
// replace, or llmfy's replace. Dawn's implicit messages counts.
func (c Case) ReducerOf(name string) string {
	f := c.Field(name)
	if f == nil {
		if c.Profile == "dawn" && name == "messages" {
			return "messages"
		}
		return ""
	}
	if f.Reducer != "" {
		return f.Reducer
	}
	if c.Profile == "llmfy" {
		return "replace"
	}
	if c.Profile == "dawn" {
		if _, isList := f.Default.([]any); isList {
			return "append"
		}
		return "replace"
	}
	if c.Profile == "awaken" {
		return "replace"
	}
	return "last-value"
}

// ScopeOf is the scope a field resolves to: its own, else the profile's
// (run on awaken, thread on the others).
func (c Case) ScopeOf(name string) engine.Scope {
	if f := c.Field(name); f != nil && f.Scope != "" {
		return f.Scope
	}
	if c.Profile == "awaken" {
		return engine.ScopeRun
	}
	return engine.ScopeThread
}

// Clone is a copy of the case whose lists may change without changing c
// (the values in them are shared).
func (c Case) Clone() Case {
	t := c
	t.Fields = append([]Field(nil), c.Fields...)
	t.Commits = make([]Commit, len(c.Commits))
	for i, cm := range c.Commits {
		cm.Step = append([]Node(nil), cm.Step...)
		t.Commits[i] = cm
	}
	return t
}

// Schema is the case's schema for the engine: every field of type any
// (types are the harness's own rule, which the frameworks have not) unless
// the case gives one (langgraph-py: a reducer field starts from it).
func (c Case) Schema() (*engine.Schema, error) {
	fields := map[string]any{}
	for _, f := range c.Fields {
		a := map[string]any{"type": "any"}
		if f.Type != "" {
			a["type"] = f.Type
		}
		if f.Reducer != "" {
			a["reducer"] = f.Reducer
		}
		if f.HasDefault {
			a["default"] = Checked(f.Default).Value
		}
		if f.Merge != "" {
			a["merge"] = string(f.Merge)
		}
		if f.Scope != "" {
			a["scope"] = string(f.Scope)
		}
		fields[f.Name] = a
	}
	return engine.SchemaFromValue(map[string]any{"fields": fields})
}

// Spec is the GraphSpec the engine gives a runtime for the case: the
// fields by name with their resolved reducers, dawn's implicit messages
// among them.
func (c Case) Spec() engine.GraphSpec {
	s := engine.GraphSpec{Profile: c.Profile, IDPrefix: engine.DefaultIDPrefix}
	var names []string
	for _, f := range c.Fields {
		names = append(names, f.Name)
	}
	if c.Profile == "dawn" && c.Field("messages") == nil {
		names = append(names, "messages")
	}
	sort.Strings(names)
	for _, n := range names {
		fs := engine.FieldSpec{Name: n, Reducer: c.ReducerOf(n), Scope: c.ScopeOf(n)}
		if f := c.Field(n); f != nil {
			if f.HasDefault {
				fs.Default, fs.HasDefault = Checked(f.Default).Value, true
			}
			fs.Merge = f.Merge
		} else {
			fs.Default, fs.HasDefault = []any{}, true
		}
		s.Fields = append(s.Fields, fs)
	}
	return s
}
