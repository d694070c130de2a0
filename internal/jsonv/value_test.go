package jsonv

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

func TestEqual(t *testing.T) {
	tests := []struct {
		a, b any
		want bool
	}{
		{nil, nil, true},
		{nil, false, false},
		{true, true, true},
		{true, false, false},
		{1.0, 1.0, true},
		{0.0, math.Copysign(0, -1), true},
		{1.0, "1", false},
		{"a", "a", true},
		{[]any{}, []any(nil), true},
		{[]any{1.0}, []any{1.0, 2.0}, false},
		{[]any{1.0, "a"}, []any{1.0, "a"}, true},
		{map[string]any{}, map[string]any(nil), true},
		{map[string]any{"a": 1.0, "b": []any{nil}}, map[string]any{"b": []any{nil}, "a": 1.0}, true},
		{map[string]any{"a": nil}, map[string]any{"b": nil}, false},
		{map[string]any{"a": 1.0}, map[string]any{"a": 2.0}, false},
		{map[string]any{"a": 1.0}, []any{1.0}, false},
		{1, 1, false}, // outside the model
	}
	for _, tc := range tests {
		if got := Equal(tc.a, tc.b); got != tc.want {
			t.Errorf("Equal(%#v, %#v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := Equal(tc.b, tc.a); got != tc.want {
			t.Errorf("Equal(%#v, %#v) = %v, want %v", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := []any{
		nil, true, 0.0, -1.5, 1e21, 1e300, 9007199254740991.0, "é😀", []any(nil), map[string]any(nil),
		map[string]any{"a": []any{1.0, map[string]any{"b": nil}}},
		nest(1000),
	}
	for _, v := range ok {
		if err := Validate(v); err != nil {
			t.Errorf("Validate(%#v): %v", v, err)
		}
	}
	tests := []struct {
		name    string
		v       any
		code    Code
		path    string
		message string
	}{
		{"int", 1, NonJSONValue, "$", "received a Go int; JSON numbers are float64"},
		{"float32", map[string]any{"x": float32(1)}, NonJSONValue, "$.x", "received a Go float32"},
		{"typed slice", []string{"a"}, NonJSONValue, "$", "received a Go []string, which is not a JSON value"},
		{"typed map", map[string]any{"m": map[string]string{}}, NonJSONValue, "$.m", "map[string]string"},
		{"struct", []any{nil, struct{}{}}, NonJSONValue, "$[1]", "struct {}"},
		{"time", map[string]any{"created_at": time.Time{}}, NonJSONValue, "$.created_at", "time.Time"},
		{"NaN", []any{math.NaN()}, NonJSONValue, "$[0]", "NaN is not a finite number"},
		{"Inf", map[string]any{"a b": math.Inf(-1)}, NonJSONValue, `$["a b"]`, "-Infinity is not a finite number"},
		{"unsafe", 9007199254740992.0, UnsafeInteger, "$", "the integer 9007199254740992 is outside ±(2^53−1)"},
		{"unsafe 1e20", map[string]any{"n": -1e20}, UnsafeInteger, "$.n", "-100000000000000000000"},
		{"bad string", []any{"ok", "a\xff"}, InvalidUTF8, "$[1]", "not valid UTF-8"},
		{"bad key", map[string]any{"a\xff": 1.0}, InvalidUTF8, `$["a\xff"]`, "object key"},
		{"too deep", nest(1001), TooDeep, "$" + strings.Repeat("[0]", 1000), "deeper than 1000 levels"},
		// Members are visited in canonical key order: the first reported
		// violation does not depend on map iteration.
		{"sorted keys", map[string]any{"b": 1, "a": math.NaN(), "c": "\xff"}, NonJSONValue, "$.a", "NaN"},
		{"utf16 key order", map[string]any{"\uFB33": 1, "\U0001F600": 2}, NonJSONValue, `$["😀"]`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for range 20 { // map order varies between runs
				err := Validate(tc.v)
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("Validate = %v, want an *Error", err)
				}
				if e.Code != tc.code || e.Path != tc.path || e.Pos != "" {
					t.Fatalf("got %s at %q %q, want %s at %q", e.Code, e.Path, e.Pos, tc.code, tc.path)
				}
				if !strings.Contains(e.Message, tc.message) {
					t.Fatalf("message %q does not contain %q", e.Message, tc.message)
				}
			}
		})
	}
}

func TestValidateAcceptsDecoded(t *testing.T) {
	v, err := DecodeJSON([]byte(`{"a": [1e21, 1.5e300, -0, "\ud83d\ude00", {"b": null}], "c": 9007199254740991}`), testSrc)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(v); err != nil {
		t.Errorf("Validate(DecodeJSON(...)) = %v", err)
	}
}
