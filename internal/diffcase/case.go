package diffcase

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Case is one scenario: a schema under a profile, the first input of a new
// thread, and optionally one superstep in which the listed nodes return their
// outputs. Its JSON text (Case.JSON) is what both sides run, so key order is
// explicit everywhere.
type Case struct {
	Profile string
	Fields  []Field
	Input   *Obj
	// Step lists the nodes of the superstep in the order the case gives
	// them (not necessarily by name); none means the case ends after the
	// input.
	Step []Node
}

// Field is one schema field. Reducer "" leaves the attribute out: the
// profile's default (langgraph: last-value; dawn: append for an array
// default, else replace).
type Field struct {
	Name       string
	Reducer    string
	Default    any
	HasDefault bool
	// Type is the field's schema type ("" leaves it out: any). Under
	// langgraph-py a reducer field's type gives its starting value, as a
	// Python annotation does.
	Type string
}

// Node is what one node of the step returns. With Command set the output is
// a command {"update", "goto"} (or its {"lg_name": "Command", ...} form).
type Node struct {
	Name    string
	Command bool
	Output  any
}

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
	root := Object("profile", c.Profile, "fields", fields, "input", c.Input)
	if c.Input == nil {
		root.Set("input", &Obj{})
	}
	if len(c.Step) > 0 {
		step := make([]any, len(c.Step))
		for i, n := range c.Step {
			o := Object("node", n.Name)
			if n.Command {
				o.Set("command", true)
			}
			o.Set("output", n.Output)
			step[i] = o
		}
		root.Set("step", step)
	}
	return Encode(root)
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

// ParseCase reads a case from its JSON text.
func ParseCase(text string) (Case, error) {
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
				if t, ok := attrs.Get("type"); ok {
					f.Type, _ = t.(string)
				}
				if r, ok := attrs.Get("reducer"); ok {
					f.Reducer, _ = r.(string)
				}
				f.Default, f.HasDefault = attrs.Get("default")
				c.Fields = append(c.Fields, f)
			}
		case "input":
			in, ok := val.(*Obj)
			if !ok {
				return Case{}, fmt.Errorf("input: expected an object")
			}
			c.Input = in
		case "step":
			list, ok := val.([]any)
			if !ok {
				return Case{}, fmt.Errorf("step: expected a list")
			}
			for _, e := range list {
				o, ok := e.(*Obj)
				if !ok {
					return Case{}, fmt.Errorf("step: each node is an object {node, command?, output}")
				}
				var n Node
				name, _ := o.Get("node")
				n.Name, _ = name.(string)
				cmd, _ := o.Get("command")
				n.Command, _ = cmd.(bool)
				n.Output, _ = o.Get("output")
				c.Step = append(c.Step, n)
			}
		default:
			return Case{}, fmt.Errorf("unknown key %q in a case", k)
		}
	}
	if c.Profile == "" {
		c.Profile = "langgraph"
	}
	if c.Input == nil {
		c.Input = &Obj{}
	}
	return c, nil
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
// ("" for a key no field declares). Dawn's implicit messages counts.
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
	if c.Profile == "dawn" {
		if _, isList := f.Default.([]any); isList {
			return "append"
		}
		return "replace"
	}
	return "last-value"
}
