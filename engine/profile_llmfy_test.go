package engine

import (
	"errors"
	"strings"
	"testing"
)

// TestReadReturnLlmfy: llmfy's `result or {}` then `.items()`.
func TestReadReturnLlmfy(t *testing.T) {
	p := profiles["llmfy"]
	for _, c := range []struct {
		out    any
		writes int
		typ    string // the AttributeError's type, "" for no error
	}{
		{nil, 0, ""}, {false, 0, ""}, {0.0, 0, ""}, {"", 0, ""}, {[]any{}, 0, ""}, {map[string]any{}, 0, ""},
		{map[string]any{"a": 1.0, "b": nil}, 2, ""},
		{"done", 0, "str"}, {3.0, 0, "int"}, {-2.0, 0, "int"}, {1.5, 0, "float"}, {-0.25, 0, "float"}, {true, 0, "bool"},
		{[]any{1.0}, 0, "list"}, {[]any{map[string]any{"a": 1.0}}, 0, "list"},
	} {
		r, err := readReturnLlmfy(p, "n", c.out, nil)
		if c.typ == "" {
			if err != nil || len(r.writes) != c.writes {
				t.Errorf("%#v: %d writes, %v; want %d writes", c.out, len(r.writes), err, c.writes)
			}
			continue
		}
		want := `node "n": AttributeError: '` + c.typ + `' object has no attribute 'items'`
		if CodeOf(err) != InvalidNodeReturn || !strings.Contains(err.Error(), want) {
			t.Errorf("%#v: %v; want INVALID_GRAPH_NODE_RETURN_VALUE %s", c.out, err, want)
		}
	}
}

// TestCompletionOrderDecides: a fan-out runs when every order in which
// its branches finish gives each field one value; otherwise the field is
// refused, with two orders and what each gives.
func TestCompletionOrderDecides(t *testing.T) {
	schema := `{"n": {"reducer": "sum"}, "f": {"reducer": "sum"}, "log": {"reducer": "append"}, "s": {}, "u": {"reducer": "union"}, "long": {"reducer": "append"}}`
	for _, c := range []struct {
		name  string
		step  string // node: output, in the order listed
		field string // the field refused, "" for none
	}{
		{"disjoint fields", `{"a": {"n": 1}, "b": {"s": "x"}, "c": {"log": "y"}}`, ""},
		{"an integer sum", `{"a": {"n": 1}, "b": {"n": 2}, "c": {"n": -4}}`, ""},
		{"one value twice", `{"a": {"s": "x"}, "b": {"s": "x"}}`, ""},
		{"the same element to a union", `{"a": {"u": ["e"]}, "b": {"u": "e"}}`, ""},
		{"an unknown key written alike", `{"a": {"extra": 1}, "b": {"extra": 1}}`, ""},
		{"a plain field", `{"a": {"s": "x"}, "b": {"s": "y"}}`, "s"},
		{"an append", `{"a": {"log": "x"}, "b": {"log": "y"}}`, "log"},
		{"the second field", `{"a": {"n": 1, "s": "x"}, "b": {"n": 1, "s": "y"}}`, "s"},
		{"an unknown key", `{"a": {"extra": 1}, "b": {"extra": 2}}`, "extra"},
		{"one order fails", `{"a": {"n": 2}, "b": {"n": "x"}, "c": {"n": 3}}`, ""},
		{"a float sum", `{"a": {"f": 0.1}, "b": {"f": 0.2}, "c": {"f": 0.3}}`, "f"},
		// the orders' values differ past the first 200 bytes of their JSON
		{"an append to a long list", `{"a": {"long": "x"}, "b": {"long": "y"}}`, "long"},
		// beyond six writers, every swap and rotation of them (not 12!
		// orders, which would take hours)
		{"twelve writers of an integer sum", `{"b00": {"n": 1}, "b01": {"n": 1}, "b02": {"n": 1}, "b03": {"n": 1}, "b04": {"n": 1}, "b05": {"n": 1}, "b06": {"n": 1}, "b07": {"n": 1}, "b08": {"n": 1}, "b09": {"n": 1}, "b10": {"n": 1}, "b11": {"n": 1}}`, ""},
		{"twelve writers of one value", `{"b00": {"s": "x"}, "b01": {"s": "x"}, "b02": {"s": "x"}, "b03": {"s": "x"}, "b04": {"s": "x"}, "b05": {"s": "x"}, "b06": {"s": "x"}, "b07": {"s": "x"}, "b08": {"s": "x"}, "b09": {"s": "x"}, "b10": {"s": "x"}, "b11": {"s": "x"}}`, ""},
		{"twelve writers, the last of another value", `{"b00": {"s": "x"}, "b01": {"s": "x"}, "b02": {"s": "x"}, "b03": {"s": "x"}, "b04": {"s": "x"}, "b05": {"s": "x"}, "b06": {"s": "x"}, "b07": {"s": "x"}, "b08": {"s": "x"}, "b09": {"s": "x"}, "b10": {"s": "x"}, "b11": {"s": "y"}}`, "s"},
		{"twelve writers of an append", `{"b00": {"log": "x0"}, "b01": {"log": "x1"}, "b02": {"log": "x2"}, "b03": {"log": "x3"}, "b04": {"log": "x4"}, "b05": {"log": "x5"}, "b06": {"log": "x6"}, "b07": {"log": "x7"}, "b08": {"log": "x8"}, "b09": {"log": "x9"}, "b10": {"log": "x10"}, "b11": {"log": "x11"}}`, "log"},
		{"twelve writers of a float sum", `{"b00": {"f": 0.1}, "b01": {"f": 0.2}, "b02": {"f": 0.3}, "b03": {"f": 0.1}, "b04": {"f": 0.2}, "b05": {"f": 0.3}, "b06": {"f": 0.1}, "b07": {"f": 0.2}, "b08": {"f": 0.3}, "b09": {"f": 0.1}, "b10": {"f": 0.2}, "b11": {"f": 0.3}}`, "f"},
	} {
		g := mustGraph(t, schemaOf(t, ordered(t, schema).Value.(map[string]any)), Options{Profile: "llmfy"})
		if err := g.Invoke("main", map[string]any{"n": 0.0, "f": 0.0, "log": []any{}, "u": []any{}, "long": []any{strings.Repeat("z", 300)}}); err != nil {
			t.Fatal(err)
		}
		step := ordered(t, c.step)
		var outs []NodeOutput
		for _, k := range step.Order.Written(step.Value.(map[string]any)) {
			outs = append(outs, NodeOutput{Node: k, Output: step.Value.(map[string]any)[k]})
		}
		err := g.Step("main", outs)
		if c.field == "" {
			if CodeOf(err) == ParallelUnsupported {
				t.Errorf("%s: %v; want no PARALLEL_UNSUPPORTED", c.name, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != ParallelUnsupported || e.Path != PathKey(Root, c.field) || !strings.Contains(e.Message, "depends on which finishes first") {
			t.Errorf("%s: %v; want PARALLEL_UNSUPPORTED at field %s", c.name, err, c.field)
		}
	}
}
