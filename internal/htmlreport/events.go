package htmlreport

import (
	"fmt"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// MaxEvents is how many events a step keeps; the rest are counted
// (Step.EventsMore).
const MaxEvents = 200

// NewEvents describes the events of a step whose commits are commits, in
// the order they were recorded. The engine records one values event per
// commit, in commit order: the k-th values event becomes a reference to
// the k-th commit. Were the counts ever to differ, values events keep their
// data like the others.
func NewEvents(events []engine.Event, commits int) (out []Event, more int) {
	values := 0
	for _, e := range events {
		if e.Type == "values" {
			values++
		}
	}
	byRef := values == commits
	if len(events) > MaxEvents {
		events, more = events[:MaxEvents], len(events)-MaxEvents
	}
	out = make([]Event, 0, len(events))
	k := 0
	for _, e := range events {
		ev := Event{Type: e.Type}
		if e.Type == "values" && byRef {
			k++
			ev.Commit = k
		} else {
			ev.Data, ev.Clipped = eventData(e.Data)
		}
		out = append(out, ev)
	}
	return out, more
}

// eventData is an event's data as compact canonical JSON, or past MaxValue
// bytes its start as text.
func eventData(v any) (data []byte, clipped string) {
	b, err := jsonv.Compact(v)
	if err != nil {
		return nil, fmt.Sprintf("<%v>", err)
	}
	if len(b) > MaxValue {
		return nil, clip(string(b))
	}
	return b, ""
}
