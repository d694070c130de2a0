package jsonv

import (
	"math"
	"slices"
)

// stepKind is what an alignment says of an element.
type stepKind uint8

const (
	paired  stepKind = iota // in both arrays, compared in place
	removed                 // only in want
	added                   // only in got
	moved                   // a message in both, out of order
)

// step is one element of an alignment, with its index in want and in got
// (-1 for the side it is not on).
type step struct {
	kind stepKind
	w, g int
}

// maxEdits bounds the search for a longest common subsequence: beyond it
// (two long arrays with many scattered changes) the rest is compared index
// by index, which still lists every difference, only less tidily.
const maxEdits = 1024

// align lines up two arrays so that one inserted element is one difference.
// Arrays of messages (objects with "type" or "role" and a unique string
// "id", on both sides) are aligned by id; other arrays by a longest common
// subsequence, the elements left between two matches paired in order and
// the surplus on one side added or removed. Steps come in the order of got,
// the elements removed from a stretch before those added to it. Counts do
// not depend on which array is which.
func align(want, got []any) []step {
	if steps, ok := alignMessages(want, got); ok {
		return steps
	}
	return alignLCS(want, got)
}

// messageIDs maps the id of each message in a to its index, and answers
// false when some element is not a message with an id of its own.
func messageIDs(a []any) (map[string]int, bool) {
	ids := make(map[string]int, len(a))
	for i, v := range a {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		id, ok := m["id"].(string)
		if !ok || id == "" {
			return nil, false
		}
		_, hasType := m["type"]
		_, hasRole := m["role"]
		if !hasType && !hasRole {
			return nil, false
		}
		if _, dup := ids[id]; dup {
			return nil, false
		}
		ids[id] = i
	}
	return ids, true
}

// alignMessages pairs messages by id. Of the ids on both sides, the largest
// set already in the same order stays paired in place; the others are
// moved.
func alignMessages(want, got []any) ([]step, bool) {
	if len(want) == 0 || len(got) == 0 {
		return nil, false
	}
	if _, ok := messageIDs(want); !ok {
		return nil, false
	}
	gotIDs, ok := messageIDs(got)
	if !ok {
		return nil, false
	}
	wantOf := make([]int, len(got)) // the index in want of got's element, or -1
	for j := range wantOf {
		wantOf[j] = -1
	}
	inGot := make([]bool, len(want))
	var order []int // got indexes of the common ids, in want's order
	for i, v := range want {
		if j, ok := gotIDs[v.(map[string]any)["id"].(string)]; ok {
			wantOf[j], inGot[i] = i, true
			order = append(order, j)
		}
	}
	inPlace := make([]bool, len(got))
	for _, k := range increasing(order) {
		inPlace[order[k]] = true
	}
	// next[j]: the index in want of the first message paired in place at
	// or after got's j, which ends the messages removed before j
	next := make([]int, len(got)+1)
	next[len(got)] = len(want)
	for j := len(got) - 1; j >= 0; j-- {
		next[j] = next[j+1]
		if inPlace[j] {
			next[j] = wantOf[j]
		}
	}
	steps := make([]step, 0, len(want)+len(got))
	wi := 0
	for j := range got {
		for ; wi < next[j]; wi++ {
			if !inGot[wi] {
				steps = append(steps, step{removed, wi, -1})
			}
		}
		switch i := wantOf[j]; {
		case i < 0:
			steps = append(steps, step{added, -1, j})
		case inPlace[j]:
			wi = i + 1
			steps = append(steps, step{paired, i, j})
		default:
			steps = append(steps, step{moved, i, j})
		}
	}
	for ; wi < len(want); wi++ {
		if !inGot[wi] {
			steps = append(steps, step{removed, wi, -1})
		}
	}
	return steps, true
}

// increasing returns the positions in a of a longest strictly increasing
// subsequence (patience sorting, O(n log n)).
func increasing(a []int) []int {
	var tails []int // tails[l]: position of the smallest tail of a run of length l+1
	prev := make([]int, len(a))
	for i, x := range a {
		l, _ := slices.BinarySearchFunc(tails, x, func(t, x int) int { return a[t] - x })
		if l > 0 {
			prev[i] = tails[l-1]
		} else {
			prev[i] = -1
		}
		if l == len(tails) {
			tails = append(tails, i)
		} else {
			tails[l] = i
		}
	}
	out := make([]int, len(tails))
	if len(tails) == 0 {
		return out
	}
	for k, i := len(tails)-1, tails[len(tails)-1]; k >= 0; k-- {
		out[k] = i
		i = prev[i]
	}
	return out
}

// alignLCS aligns two arrays by a longest common subsequence of equal
// elements.
func alignLCS(want, got []any) []step {
	n, m := len(want), len(got)
	// the usual edits (an append, an insert at the front) end here
	pre := 0
	for pre < n && pre < m && Equal(want[pre], got[pre]) {
		pre++
	}
	suf := 0
	for suf < n-pre && suf < m-pre && Equal(want[n-1-suf], got[m-1-suf]) {
		suf++
	}
	steps := make([]step, 0, max(n, m))
	for i := range pre {
		steps = append(steps, step{paired, i, i})
	}
	wi, gi := pre, pre
	for _, mt := range lcs(want[pre:n-suf], got[pre:m-suf]) {
		w, g := pre+mt[0], pre+mt[1]
		steps = appendGap(steps, wi, w, gi, g)
		steps = append(steps, step{paired, w, g})
		wi, gi = w+1, g+1
	}
	steps = appendGap(steps, wi, n-suf, gi, m-suf)
	for k := range suf {
		steps = append(steps, step{paired, n - suf + k, m - suf + k})
	}
	return steps
}

// appendGap aligns the elements between two matches, want[w0:w1] and
// got[g0:g1]: in order, as changes, then the surplus of one side.
func appendGap(steps []step, w0, w1, g0, g1 int) []step {
	for w0 < w1 && g0 < g1 {
		steps = append(steps, step{paired, w0, g0})
		w0, g0 = w0+1, g0+1
	}
	for ; w0 < w1; w0++ {
		steps = append(steps, step{removed, w0, -1})
	}
	for ; g0 < g1; g0++ {
		steps = append(steps, step{added, -1, g0})
	}
	return steps
}

// lcs returns the index pairs of a longest common subsequence of a and b,
// or none when it takes more than maxEdits edits to find. Ties are broken
// the same way whichever array is a, so the alignment is symmetric.
func lcs(a, b []any) [][2]int {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	ha, hb := hashes(a), hashes(b)
	swap := len(b) < len(a) || len(a) == len(b) && slices.Compare(hb, ha) < 0
	if swap {
		a, b, ha, hb = b, a, hb, ha
	}
	pairs := myers(len(a), len(b), func(i, j int) bool { return ha[i] == hb[j] && Equal(a[i], b[j]) })
	if swap {
		for k := range pairs {
			pairs[k][0], pairs[k][1] = pairs[k][1], pairs[k][0]
		}
	}
	return pairs
}

// myers finds a shortest edit script from a list of n elements to one of m
// (E. Myers, "An O(ND) difference algorithm and its variations", 1986) and
// returns its matched pairs, or nil beyond maxEdits edits.
func myers(n, m int, eq func(i, j int) bool) [][2]int {
	limit := min(n+m, maxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3) // v[off+k]: the furthest x reached on diagonal k = x-y
	var trace [][]int           // trace[d]: v over diagonals -d..d after d edits
	for d := 0; d <= limit; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // an insertion: down from diagonal k+1
			} else {
				x = v[off+k-1] + 1 // a deletion: right from diagonal k-1
			}
			y := x - k
			for x < n && y < m && eq(x, y) {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, d, n, m)
			}
		}
		trace = append(trace, slices.Clone(v[off-d:off+d+1]))
	}
	return nil
}

// backtrack walks the trace of myers back from (n, m) and collects the
// diagonal moves, in order.
func backtrack(trace [][]int, d, n, m int) [][2]int {
	var pairs [][2]int
	x, y := n, m
	for ; d > 0; d-- {
		prev := trace[d-1]
		at := func(k int) int { return prev[k+d-1] }
		k := x - y
		pk := k - 1
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			pairs = append(pairs, [2]int{x, y})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		pairs = append(pairs, [2]int{x, y})
	}
	slices.Reverse(pairs)
	return pairs
}

// hashes gives each element a hash that equal values share (numbers by
// value, objects whatever their member order), so that most comparisons
// while aligning are of two integers.
func hashes(a []any) []uint64 {
	out := make([]uint64, len(a))
	for i, v := range a {
		out[i] = hash(v)
	}
	return out
}

func hash(v any) uint64 {
	switch x := v.(type) {
	case nil:
		return 1
	case bool:
		if x {
			return 2
		}
		return 3
	case float64:
		if x == 0 {
			x = 0 // -0 equals 0
		}
		return mix(4, math.Float64bits(x))
	case string:
		return mix(5, hashString(x))
	case []any:
		h := uint64(6)
		for _, e := range x {
			h = mix(h, hash(e))
		}
		return h
	case map[string]any:
		var sum uint64 // members in any order
		for k, e := range x {
			sum += mix(hashString(k), hash(e))
		}
		return mix(7, sum)
	}
	return 8 // not a JSON value: equality decides
}

// hashString is 64-bit FNV-1a.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

func mix(h, v uint64) uint64 {
	h ^= v + 0x9e3779b97f4a7c15 + h<<6 + h>>2
	return h * 0xff51afd7ed558ccd
}
