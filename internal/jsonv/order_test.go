package jsonv

import (
	"runtime"
	"strings"
	"testing"
)

// TestArrayIndex: JavaScript orders the keys that are array indexes (the
// canonical decimal form of 0 .. 2^32-2) first.
func TestArrayIndex(t *testing.T) {
	for _, tt := range []struct {
		key  string
		want uint64
		ok   bool
	}{
		{"0", 0, true}, {"7", 7, true}, {"4294967294", 4294967294, true},
		{"4294967295", 0, false}, {"9999999999", 0, false}, {"01", 0, false}, {"", 0, false},
		{"-1", 0, false}, {"1.5", 0, false}, {"12a", 0, false}, {" 1", 0, false}, {"+1", 0, false}, {"name", 0, false},
	} {
		got, ok := arrayIndex(tt.key)
		if got != tt.want || ok != tt.ok {
			t.Errorf("arrayIndex(%q) = %d, %v; want %d, %v", tt.key, got, ok, tt.want, tt.ok)
		}
	}
}

func TestJSPropertyOrder(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"b a c", "b a c"},
		{"b 2 a 10 1", "1 2 10 b a"},
		{"01 1 -1 1.5 4294967294 4294967295", "1 4294967294 01 -1 1.5 4294967295"},
		{"", ""},
	} {
		got := strings.Join(JSPropertyOrder(strings.Fields(tc.in)), " ")
		if got != tc.want {
			t.Errorf("JSPropertyOrder(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestKeyOrderDepth: a text over 1 MiB records the order of its first two
// levels only; a smaller one, of every object.
func TestKeyOrderDepth(t *testing.T) {
	pad := strings.Repeat("x", largeText)
	text := `{"b": {"d": {"z": 1, "y": 2}, "c": 1}, "a": "` + pad + `"}`
	for _, tc := range []struct {
		text string
		deep string // the order of the innermost object
	}{
		{text, "y z"},
		{`{"b": {"d": {"z": 1, "y": 2}, "c": 1}, "a": ""}`, "z y"},
	} {
		c, err := DecodeJSONOrdered(tc.text, Source{Name: "test"})
		if err != nil {
			t.Fatal(err)
		}
		top := c.Value.(map[string]any)
		mid := top["b"].(map[string]any)
		deep := mid["d"].(map[string]any)
		if got := strings.Join(c.Order.Keys(top), " "); got != "b a" {
			t.Errorf("top order %q", got)
		}
		if got := strings.Join(c.Order.Keys(mid), " "); got != "d c" {
			t.Errorf("second level order %q", got)
		}
		if got := strings.Join(c.Order.Keys(deep), " "); got != tc.deep {
			t.Errorf("third level order %q, want %q (text of %d bytes)", got, tc.deep, len(tc.text))
		}
	}
}

// TestKeyOrderOutlivesNoObject: the order recorded for an object is never
// read for another object that took its memory after it was freed.
func TestKeyOrderOutlivesNoObject(t *testing.T) {
	order := &KeyOrder{}
	for range 1000 {
		m := map[string]any{"b": 1.0, "a": 2.0}
		order.record(m, []string{"b", "a"})
	}
	runtime.GC()
	runtime.GC()
	for i := range 100000 {
		m := map[string]any{"b": 1.0, "a": 2.0}
		if got := order.Written(m); got[0] != "a" {
			t.Fatalf("a new object (the %dth) reads the order %v recorded for a freed one", i, got)
		}
	}
}
