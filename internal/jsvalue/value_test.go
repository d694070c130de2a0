package jsvalue

import (
	"reflect"
	"testing"
)

// TestValues: what JavaScript makes of JSON values, as node prints them.
func TestValues(t *testing.T) {
	obj := map[string]any{"a": 1.0}
	arr := []any{1.0, nil, "x", []any{2.0, 3.0}}
	for _, tc := range []struct {
		v             any
		truthy, falsy bool
		typeof, str   string
	}{
		{nil, false, true, "object", "null"},
		{false, false, true, "boolean", "false"},
		{0.0, false, true, "number", "0"},
		{1e21, true, false, "number", "1e+21"},
		{"", false, true, "string", ""},
		{"0", true, false, "string", "0"},
		{obj, true, false, "object", "[object Object]"},
		{arr, true, false, "array", "1,,x,2,3"},
		{[]any{}, true, false, "array", ""},
	} {
		if Truthy(tc.v) != tc.truthy || Falsy(tc.v) != tc.falsy || Typeof(tc.v) != tc.typeof || String(tc.v) != tc.str {
			t.Errorf("%#v: truthy %v, falsy %v, typeof %s, String %q; want %v, %v, %s, %q",
				tc.v, Truthy(tc.v), Falsy(tc.v), Typeof(tc.v), String(tc.v), tc.truthy, tc.falsy, tc.typeof, tc.str)
		}
	}
	if Prop(obj, "b") != (Undefined{}) || Prop(arr, "0") != (Undefined{}) || Prop(obj, "a") != 1.0 {
		t.Error("Prop: a missing key, or a key of a non-object, is undefined")
	}
	if !StrictEqual(1.0, 1.0) || StrictEqual("1", 1.0) || StrictEqual(obj, obj) {
		t.Error("StrictEqual: scalars by value and type; two JSON values never share an object")
	}
	if got, want := Spread("ab"), map[string]any{"0": "a", "1": "b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Spread(\"ab\") = %v, want %v", got, want)
	}
	if v, ok := JSONParse(`{"b": [1]}`); !ok || !reflect.DeepEqual(v, map[string]any{"b": []any{1.0}}) {
		t.Errorf("JSONParse = %v, %v", v, ok)
	}
}
