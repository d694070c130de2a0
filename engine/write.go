package engine

import (
	"fmt"
)

// Writes: what a commit is made of, one key written by one writer.

// Write is one key written by one node (or tool, or the input).
type Write struct {
	Node  string
	Field string
	Value any
	kind  writerKind
	// order is the key order of Value's objects as the scenario wrote them
	// (nil: sorted), for JSON.stringify in messages.
	order *KeyOrder
}

// writerKind says what wrote a value, for messages.
type writerKind int

// describe names a writer as messages do: node "a", tool "t", the input.
func (k writerKind) describe(name string) string {
	switch k {
	case byTool:
		return fmt.Sprintf("tool %q", name)
	case byInput:
		return "the input"
	}
	return fmt.Sprintf("node %q", name)
}

// writesBy marks writes as coming from a kind of writer.
func writesBy(k writerKind, ws []Write) []Write {
	for i := range ws {
		ws[i].kind = k
	}
	return ws
}

// KeyOrder is the order of the write's value's keys as the scenario wrote
// them (nil when it came from Go): a runtime that serialises the value
// keeps it.
func (w Write) KeyOrder() *KeyOrder { return w.order }

const (
	byNode writerKind = iota
	byTool
	byInput
)
