package engine

import (
	"fmt"
	"sort"
	"strings"
)

// disagreement describes how the built-in engine's outcome and another
// runtime's differ, or is empty when they agree: both refuse with one code,
// or both give the same state and the same generated ids.
func disagreement(name string, b *applied, berr error, out *CommitResult, oerr error) string {
	describe := func(err error) string {
		if err == nil {
			return "applies it"
		}
		if c := CodeOf(err); c != "" {
			return "fails with " + string(c) + ": " + err.Error()
		}
		return "fails: " + err.Error()
	}
	switch {
	case berr != nil || oerr != nil:
		if berr != nil && oerr != nil && CodeOf(berr) == CodeOf(oerr) {
			return ""
		}
		return fmt.Sprintf("the runtimes disagree on this commit: builtin %s; %s %s", describe(berr), name, describe(oerr))
	case b.nextID != out.NextID:
		return fmt.Sprintf("the runtimes disagree on this commit: builtin generated %d message ids, %s %d", b.nextID, name, out.NextID)
	}
	paths := diffPaths(Root, mapAny(b.values), mapAny(out.Values), nil)
	if len(paths) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "the runtimes disagree on the state after this commit (builtin, then %s):", name)
	for i, d := range paths {
		if i == 20 {
			fmt.Fprintf(&sb, "\n  ... and %d more", len(paths)-20)
			break
		}
		fmt.Fprintf(&sb, "\n  %s\n    builtin: %s\n    %s: %s", d.path, d.want, name, d.got)
	}
	return sb.String()
}

type pathDiff struct{ path, want, got string }

// diffPaths lists the JSON paths at which a and b differ, outermost first.
func diffPaths(path string, a, b any, out []pathDiff) []pathDiff {
	show := func(v any, ok bool) string {
		if !ok {
			return "(absent)"
		}
		return compactJSON(v)
	}
	am, aObj := a.(map[string]any)
	bm, bObj := b.(map[string]any)
	if aObj && bObj {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		names := make([]string, 0, len(keys))
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			av, aok := am[k]
			bv, bok := bm[k]
			if aok && bok {
				out = diffPaths(PathKey(path, k), av, bv, out)
			} else if aok != bok {
				out = append(out, pathDiff{PathKey(path, k), show(av, aok), show(bv, bok)})
			}
		}
		return out
	}
	aa, aArr := a.([]any)
	ba, bArr := b.([]any)
	if aArr && bArr && len(aa) == len(ba) {
		for i := range aa {
			out = diffPaths(PathIndex(path, i), aa[i], ba[i], out)
		}
		return out
	}
	if !Equal(a, b) {
		out = append(out, pathDiff{path, compactJSON(a), compactJSON(b)})
	}
	return out
}
