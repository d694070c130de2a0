package jsonv

import (
	"maps"
	"slices"
)

// Contains reports whether got contains want (docs/reference.md, Steps): objects may have
// extra keys, recursively; arrays must have the same length and each element
// is matched by containment; scalars by value. When it does not, it returns
// the JSON path of the first mismatch, under base.
func Contains(got, want any, base string) (string, bool) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return base, false
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			gv, ok := g[k]
			if !ok {
				return PathKey(base, k), false
			}
			if p, ok := Contains(gv, w[k], PathKey(base, k)); !ok {
				return p, false
			}
		}
		return "", true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return base, false
		}
		for i := range w {
			if p, ok := Contains(g[i], w[i], PathIndex(base, i)); !ok {
				return p, false
			}
		}
		return "", true
	}
	if !Equal(got, want) {
		return base, false
	}
	return "", true
}
