package eino

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/stateharness/scenario/engine"
)

// plain is v as the harness holds values: what encoding/json writes for
// it, read back (objects map[string]any, numbers float64).
func plain(v any) (any, error) {
	if c, ok := v.(engine.Checked); ok {
		v = c.Value
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// plainMap is plain for an object; a value that is not one is an error
// naming who gave it.
func plainMap(v any, who string) (map[string]any, error) {
	p, err := plain(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", who, err)
	}
	if p == nil {
		return map[string]any{}, nil
	}
	m, ok := p.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: expected an object, received %s", who, engine.TypeName(p))
	}
	return m, nil
}

// typed is a state's data as the graph's nodes take it: each field of
// types decoded into its Go type (messages into []*schema.Message), the
// rest as JSON values; "local" is left out.
func typed(state map[string]any, types map[string]any) (map[string]any, error) {
	out := make(map[string]any, len(state))
	for k, v := range state {
		if k == LocalField {
			continue
		}
		t, ok := types[k]
		if !ok || v == nil {
			out[k] = v
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		p := reflect.New(reflect.TypeOf(t))
		if err := json.Unmarshal(b, p.Interface()); err != nil {
			return nil, &engine.Error{Code: engine.RuntimeError, Path: engine.PathKey(engine.Root, k),
				Message: fmt.Sprintf("field %q is not a %T as Graph.Types says: %v", k, t, err)}
		}
		out[k] = p.Elem().Interface()
	}
	return out, nil
}
