package diffcase

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stateharness/scenario/engine"
)

// Obj is a JSON object with its keys in order. Case values are trees of
// *Obj, []any, string, float64, bool and nil.
type Obj struct {
	Keys []string
	Vals []any
}

// Get returns the value of a key.
func (o *Obj) Get(k string) (any, bool) {
	for i, kk := range o.Keys {
		if kk == k {
			return o.Vals[i], true
		}
	}
	return nil, false
}

// Set replaces the value of a key or appends the key.
func (o *Obj) Set(k string, v any) {
	for i, kk := range o.Keys {
		if kk == k {
			o.Vals[i] = v
			return
		}
	}
	o.Keys = append(o.Keys, k)
	o.Vals = append(o.Vals, v)
}

// Without is a copy of the object less its i-th key.
func (o *Obj) Without(i int) *Obj {
	out := &Obj{}
	for j := range o.Keys {
		if j != i {
			out.Keys = append(out.Keys, o.Keys[j])
			out.Vals = append(out.Vals, o.Vals[j])
		}
	}
	return out
}

// With is a copy of the object whose i-th value is v.
func (o *Obj) With(i int, v any) *Obj {
	out := &Obj{Keys: append([]string(nil), o.Keys...), Vals: append([]any(nil), o.Vals...)}
	out.Vals[i] = v
	return out
}

func Object(kv ...any) *Obj {
	o := &Obj{}
	for i := 0; i < len(kv); i += 2 {
		o.Keys = append(o.Keys, kv[i].(string))
		o.Vals = append(o.Vals, kv[i+1])
	}
	return o
}

// JSON is the case as one line of JSON, keys in their order.
func (c Case) JSON() string {
	fields := &Obj{}
	for _, f := range c.Fields {
		attrs := &Obj{}
		if f.Reducer != "" {
			attrs.Set("reducer", f.Reducer)
		}
		if f.Type != "" {
			attrs.Set("type", f.Type)
		}
		if f.HasDefault {
			attrs.Set("default", f.Default)
		}
		fields.Set(f.Name, attrs)
	}
	commits := make([]any, len(c.Commits))
	for i, cm := range c.Commits {
		switch cm.Kind {
		case engine.CommitInput:
			in := cm.Input
			if in == nil {
				in = &Obj{}
			}
			commits[i] = Object("input", in)
		case engine.CommitStep:
			step := make([]any, len(cm.Step))
			for j, n := range cm.Step {
				o := Object("node", n.Name)
				if n.Command {
					o.Set("command", true)
				}
				o.Set("output", n.Output)
				step[j] = o
			}
			commits[i] = Object("step", step)
		case engine.CommitTool:
			commits[i] = Object("tool", cm.Tool, "result", cm.Result)
		}
	}
	return Encode(Object("profile", c.Profile, "fields", fields, "commits", commits))
}

// Encode writes a case value as compact JSON in its key order.
func Encode(v any) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

func writeJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'f', -1, 64))
	case string:
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(x)
		b.WriteString(strings.TrimSuffix(buf.String(), "\n"))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	case *Obj:
		b.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, k)
			b.WriteByte(':')
			writeJSON(b, x.Vals[i])
		}
		b.WriteByte('}')
	default:
		panic(fmt.Sprintf("not a case value: %T", v))
	}
}

// decode reads one JSON text into a case value, keeping key order.
func decode(text string) (any, error) {
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	v, err := decodeValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

func decodeValue(d *json.Decoder) (any, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch x := t.(type) {
	case json.Delim:
		switch x {
		case '[':
			list := []any{}
			for d.More() {
				v, err := decodeValue(d)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := d.Token()
			return list, err
		case '{':
			o := &Obj{}
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(d)
				if err != nil {
					return nil, err
				}
				o.Keys = append(o.Keys, kt.(string))
				o.Vals = append(o.Vals, v)
			}
			_, err := d.Token()
			return o, err
		}
	case json.Number:
		return x.Float64()
	}
	return t, nil
}

// ParseCase reads a case from its JSON text, whose values must be JSON as
// the harness takes it (a case given by hand may hold what no generator
// makes, such as an integer beyond ±(2^53−1)).
func ParseCase(text string) (Case, error) {
	if _, err := engine.DecodeJSONOrdered(text, engine.Source{Name: "case"}); err != nil {
		return Case{}, err
	}
	v, err := decode(text)
	if err != nil {
		return Case{}, err
	}
	root, ok := v.(*Obj)
	if !ok {
		return Case{}, fmt.Errorf("a case is an object")
	}
	var c Case
	for i, k := range root.Keys {
		val := root.Vals[i]
		switch k {
		case "profile":
			c.Profile, _ = val.(string)
		case "fields":
			fs, ok := val.(*Obj)
			if !ok {
				return Case{}, fmt.Errorf("fields: expected an object")
			}
			for j, name := range fs.Keys {
				attrs, ok := fs.Vals[j].(*Obj)
				if !ok {
					return Case{}, fmt.Errorf("fields.%s: expected an object", name)
				}
				f := Field{Name: name}
				if r, ok := attrs.Get("reducer"); ok {
					f.Reducer, _ = r.(string)
				}
				if t, ok := attrs.Get("type"); ok {
					f.Type, _ = t.(string)
				}
				f.Default, f.HasDefault = attrs.Get("default")
				c.Fields = append(c.Fields, f)
			}
		case "commits":
			list, ok := val.([]any)
			if !ok {
				return Case{}, fmt.Errorf("commits: expected a list")
			}
			for j, e := range list {
				cm, err := parseCommit(e)
				if err != nil {
					return Case{}, fmt.Errorf("commits[%d]: %v", j, err)
				}
				c.Commits = append(c.Commits, cm)
			}
		default:
			return Case{}, fmt.Errorf("unknown key %q in a case (profile, fields, commits)", k)
		}
	}
	if c.Profile == "" {
		c.Profile = "langgraph"
	}
	if len(c.Commits) == 0 || c.Commits[0].Kind != engine.CommitInput {
		return Case{}, fmt.Errorf("commits: the first commit is an input")
	}
	return c, nil
}

func parseCommit(v any) (Commit, error) {
	o, ok := v.(*Obj)
	if !ok {
		return Commit{}, fmt.Errorf(`expected {"input"}, {"step"} or {"tool", "result"}`)
	}
	if in, ok := o.Get("input"); ok {
		obj, ok := in.(*Obj)
		if !ok {
			return Commit{}, fmt.Errorf("input: expected an object")
		}
		return Commit{Kind: engine.CommitInput, Input: obj}, nil
	}
	if s, ok := o.Get("step"); ok {
		list, ok := s.([]any)
		if !ok {
			return Commit{}, fmt.Errorf("step: expected a list")
		}
		cm := Commit{Kind: engine.CommitStep}
		for _, e := range list {
			no, ok := e.(*Obj)
			if !ok {
				return Commit{}, fmt.Errorf("step: each node is an object {node, command?, output}")
			}
			var n Node
			name, _ := no.Get("node")
			n.Name, _ = name.(string)
			cmd, _ := no.Get("command")
			n.Command, _ = cmd.(bool)
			n.Output, _ = no.Get("output")
			cm.Step = append(cm.Step, n)
		}
		return cm, nil
	}
	if t, ok := o.Get("tool"); ok {
		cm := Commit{Kind: engine.CommitTool}
		cm.Tool, _ = t.(string)
		cm.Result, _ = o.Get("result")
		return cm, nil
	}
	return Commit{}, fmt.Errorf(`expected {"input"}, {"step"} or {"tool", "result"}`)
}

// Checked is a case value as the harness hands it over: decoded from its
// text, with its key order.
func Checked(v any) engine.Checked {
	c, err := engine.DecodeJSONOrdered(Encode(v), engine.Source{Name: "case"})
	if err != nil {
		panic(fmt.Sprintf("diffcase: a generated value is not JSON: %v", err))
	}
	return c
}
