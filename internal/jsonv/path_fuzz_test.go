package jsonv

import "testing"

// FuzzParsePath checks that a parsed path formats to a path that parses to
// the same elements.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"messages[1].content", "$.config.did", `$["a b"][0]`, "a..b", "[", `$["x\"]"]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		elems, err := ParsePath(p)
		if err != nil {
			return
		}
		again, err := ParsePath(FormatPath(elems))
		if err != nil {
			t.Fatalf("FormatPath(%q) = %q does not parse: %v", p, FormatPath(elems), err)
		}
		if len(again) != len(elems) {
			t.Fatalf("round trip of %q: %v != %v", p, again, elems)
		}
		for i := range elems {
			if again[i] != elems[i] {
				t.Fatalf("round trip of %q: %v != %v", p, again, elems)
			}
		}
	})
}
