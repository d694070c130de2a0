package jsonv

import "testing"

func TestContains(t *testing.T) {
	got := map[string]any{"a": 1.0, "b": map[string]any{"c": []any{1.0, map[string]any{"d": "x", "e": true}}}, "f": nil}
	for _, tt := range []struct {
		want any
		path string
		ok   bool
	}{
		{map[string]any{}, "", true},
		{map[string]any{"a": 1.0}, "", true},
		{map[string]any{"b": map[string]any{"c": []any{1.0, map[string]any{"d": "x"}}}}, "", true},
		{map[string]any{"f": nil}, "", true},
		{map[string]any{"a": 2.0}, "$.a", false},
		{map[string]any{"z": 1.0}, "$.z", false},
		{map[string]any{"b": map[string]any{"c": []any{1.0}}}, "$.b.c", false}, // arrays keep their length
		{map[string]any{"b": map[string]any{"c": []any{1.0, map[string]any{"d": "y"}}}}, "$.b.c[1].d", false},
		{[]any{}, "$", false},
	} {
		path, ok := Contains(got, tt.want, "$")
		if ok != tt.ok || (!ok && path != tt.path) {
			t.Errorf("Contains(%v) = %q, %v; want %q, %v", tt.want, path, ok, tt.path, tt.ok)
		}
	}
}
