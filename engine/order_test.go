package engine

import "testing"

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
