package jsonv

import (
	"maps"
	"reflect"
	"slices"
	"sort"
	"unsafe"
)

// KeyOrder remembers the order in which the keys of decoded objects were
// written. A JSON object has no order, but LangGraph JS sees one: a node's
// writes reach the channels in the order of its object's keys (which decides
// which of several failing fields reports the error), and JSON.stringify
// writes them in that order (tool message content, error messages). The
// decoders record it when asked (DecodeJSONOrdered, DecodeYAMLOrdered); a
// value built in Go has none, and its keys count in sorted order.
//
// Objects are known by identity, which is stable because the engine never
// modifies a value it was given. The keys are pointers the garbage collector
// follows: a recorded object stays alive with its order, so an object
// allocated later can never take its address and read its order. In a text over 1 MiB (a state file) only
// the objects of the first two levels are recorded, which is where a node's
// writes and their wrappers stand; deeper objects count in sorted order.
type KeyOrder struct {
	keys map[unsafe.Pointer][]string
}

// largeText is the size from which only the top levels' order is recorded:
// recording every object of a 100,000-message state costs a fifth of its
// decoding time.
const largeText = 1 << 20

// depthFor is the deepest nesting (the top object is 1) whose order is
// recorded in a text of n bytes.
func (o *KeyOrder) depthFor(n int) int {
	if n > largeText {
		return 2
	}
	return MaxDepth + 1
}

// record notes the written order of an object's keys; one key needs none.
func (o *KeyOrder) record(m map[string]any, keys []string) {
	if o == nil || len(keys) < 2 {
		return
	}
	if o.keys == nil {
		o.keys = map[unsafe.Pointer][]string{}
	}
	o.keys[reflect.ValueOf(m).UnsafePointer()] = keys
}

// Written returns the keys of m in the order the text wrote them (sorted
// when no order was recorded): the order a scenario lists things in, such
// as the nodes of a parallel step.
func (o *KeyOrder) Written(m map[string]any) []string {
	if o != nil && len(m) > 1 {
		if written := o.keys[reflect.ValueOf(m).UnsafePointer()]; len(written) == len(m) {
			return written
		}
	}
	return slices.Sorted(maps.Keys(m))
}

// Keys returns the keys of m in the order JavaScript gives them for the
// object as written: array-index keys ("0", "7") first in numeric order, then
// the others in the order written. An object with no recorded order (built in
// Go, or of another text) gives its keys that way from sorted order.
func (o *KeyOrder) Keys(m map[string]any) []string {
	return JSPropertyOrder(o.Written(m))
}

// Stringify is JavaScript's JSON.stringify of a value in the order o
// recorded (LangGraph's error messages, tool message content).
func (o *KeyOrder) Stringify(v any) string {
	s, err := Stringify(v, o.Keys)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return s
}

// JSPropertyOrder puts array-index keys first, in ascending numeric order,
// as ECMAScript's OrdinaryOwnPropertyKeys does; the rest keep their order.
func JSPropertyOrder(keys []string) []string {
	n := 0
	for _, k := range keys {
		if _, ok := arrayIndex(k); ok {
			n++
		}
	}
	if n == 0 {
		return keys
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if _, ok := arrayIndex(k); ok {
			out = append(out, k)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, _ := arrayIndex(out[i])
		b, _ := arrayIndex(out[j])
		return a < b
	})
	for _, k := range keys {
		if _, ok := arrayIndex(k); !ok {
			out = append(out, k)
		}
	}
	return out
}

// arrayIndex reports whether k is an ECMAScript array index: the canonical
// decimal form of an integer in [0, 2^32−2].
func arrayIndex(k string) (uint64, bool) {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c < '0' || c > '9' {
			return 0, false // most keys: no digit string, and no error to build
		}
		n = n*10 + uint64(c-'0')
	}
	if n > 1<<32-2 {
		return 0, false
	}
	return n, true
}
