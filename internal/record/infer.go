package record

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/stateharness/scenario/engine"
)

// Inferred is a schema guessed from a run's values: each field's type from
// the values it took, and a reducer only where the run proves one.
type Inferred struct {
	// Doc is the schema document ({fields: {name: {type, reducer}}}).
	Doc map[string]any
	// Proved names the fields whose reducer a step proved, with the step's
	// line; the others are replace, LangGraph's default.
	Proved map[string]int
	// FromGraph names the fields whose reducer the graph's channel gave.
	FromGraph map[string]string
	// Unshown are the fields the graph gives a reducer of its own that
	// the run does not prove: written as replace.
	Unshown []string
	// Defaulted are the fields the run shows a value of before anything
	// wrote them: their channel's default, which the schema gives them.
	Defaulted []string
}

// Channel kinds, as a live run's program names the graph's channels.
const (
	ChannelLastValue = "last-value" // LangGraph's LastValue: no reducer
	ChannelMessages  = "messages"   // messagesStateReducer, add_messages
	ChannelAdd       = "add"        // Python's operator.add
	ChannelReducer   = "reducer"    // a reducer of the graph's own
)

// Infer guesses the schema of a run: a field whose value grew by exactly
// what a node returned appends (messages when it holds messages); a number
// that grew by what a node returned sums; every other field is replace.
// channels, the graph's channels by kind (nil when the run is a file),
// settle the fields the run cannot prove: a last-value or messages
// channel is what it is; an operator.add one appends an array and sums a
// number; another reducer the run does not show is replace.
func Infer(run *Run, channels map[string]string) *Inferred {
	types := map[string]map[string]bool{}
	note := func(state map[string]any) {
		for k, v := range state {
			if types[k] == nil {
				types[k] = map[string]bool{}
			}
			types[k][typeOf(v)] = true
		}
	}
	note(run.Input)
	reducers := map[string]string{}
	proved := map[string]int{}
	// written: the fields the input or a node wrote so far; a field a
	// values chunk holds before that shows its channel's default
	written := map[string]bool{}
	for k := range run.Input {
		written[k] = true
	}
	defaults := map[string]any{}
	prev := run.Input
	for _, st := range run.Steps {
		for _, w := range st.Writes {
			out, ok := w.Output.(map[string]any)
			if w.Command {
				out, ok = out["update"].(map[string]any)
			}
			if !ok {
				continue
			}
			note(out)
			for k := range out {
				written[k] = true
			}
		}
		if st.Values == nil {
			continue
		}
		note(st.Values)
		for k, v := range st.Values {
			if _, seen := defaults[k]; !written[k] && !seen {
				defaults[k] = v
			}
		}
		// a field written by one node of the step only: what it returned
		// against how the value changed
		writers := map[string]int{}
		for _, w := range st.Writes {
			if out, ok := w.Output.(map[string]any); ok && !w.Command {
				for k := range out {
					writers[k]++
				}
			}
		}
		for _, w := range st.Writes {
			out, ok := w.Output.(map[string]any)
			if !ok || w.Command {
				continue
			}
			for k, written := range out {
				if writers[k] != 1 || reducers[k] != "" {
					continue
				}
				if r := proves(prev[k], written, st.Values[k]); r != "" {
					reducers[k], proved[k] = r, w.Line
				}
			}
		}
		prev = st.Values
	}
	fields := map[string]any{}
	var fromGraph map[string]string
	if channels != nil {
		fromGraph = map[string]string{}
	}
	var unshown []string
	for name, ts := range types {
		f := map[string]any{"type": fieldType(ts)}
		switch kind := channels[name]; {
		case kind == ChannelLastValue || kind == ChannelMessages:
			reducers[name], fromGraph[name] = kind, kind
			delete(proved, name)
		case reducers[name] != "":
		case kind == ChannelAdd && f["type"] == "array":
			reducers[name], fromGraph[name] = "append", "operator.add"
		case kind == ChannelAdd && (f["type"] == "integer" || f["type"] == "number"):
			reducers[name], fromGraph[name] = "sum", "operator.add"
		case kind == ChannelAdd || kind == ChannelReducer:
			reducers[name] = "replace"
			unshown = append(unshown, name)
		}
		def, hasDef := defaults[name]
		if hasDef && reducers[name] == "" {
			// only a channel with a reducer shows a value no one wrote:
			// replace keeps it, as the run did
			reducers[name] = "replace"
		}
		switch r := reducers[name]; r {
		case "":
		case ChannelLastValue:
			f["reducer"] = r
		case "replace":
			f["reducer"] = r
			if hasDef {
				f["default"] = def
			}
		default:
			// a default, as LangGraph's reducer channels have one, so that
			// the input's value goes through the reducer too
			f["reducer"], f["default"] = r, []any{}
			switch {
			case hasDef:
				f["default"] = def
			case r == "sum":
				f["default"] = 0.0
			}
		}
		fields[name] = f
	}
	sort.Strings(unshown)
	var defaulted []string
	for name := range defaults {
		if proved[name] == 0 && fromGraph[name] == "" && !slices.Contains(unshown, name) {
			defaulted = append(defaulted, name)
		}
	}
	sort.Strings(defaulted)
	return &Inferred{Doc: map[string]any{"fields": fields}, Proved: proved, FromGraph: fromGraph, Unshown: unshown, Defaulted: defaulted}
}

// proves names the reducer that turned before and written into after, when
// only that one could: an array that grew by exactly the written elements,
// a number that grew by the written number (both non-empty, non-zero, so
// that replace would not give the same).
func proves(before, written, after any) string {
	switch b := before.(type) {
	case []any:
		w, ok := written.([]any)
		a, ok2 := after.([]any)
		if !ok || !ok2 || len(b) == 0 || len(w) == 0 || len(a) != len(b)+len(w) {
			return ""
		}
		if !sameState(a[:len(b)], b) || !sameState(a[len(b):], w) {
			return ""
		}
		for _, e := range a {
			if !isMessage(e) {
				return "append"
			}
		}
		return "messages"
	case float64:
		w, ok := written.(float64)
		a, ok2 := after.(float64)
		if ok && ok2 && b != 0 && w != 0 && a == b+w {
			return "sum"
		}
	}
	return ""
}

func typeOf(v any) string {
	t := engine.TypeName(v)
	if f, ok := v.(float64); ok && f == float64(int64(f)) {
		t = "integer"
	}
	return t
}

// fieldType is the schema type of the values a field took: one type, or
// "number" for integers and fractions, or "any".
func fieldType(ts map[string]bool) string {
	nullable := ts["null"]
	delete(ts, "null")
	if ts["integer"] && ts["number"] {
		delete(ts, "integer")
	}
	if len(ts) != 1 {
		return "any"
	}
	for t := range ts {
		if nullable {
			return t + "?"
		}
		return t
	}
	return "any"
}

// Comment is the feature's comment on an inferred schema: which reducers
// the run proved, and that the rest is guessed.
func (in *Inferred) Comment() string {
	var proved, graph, guessed []string
	fields := in.Doc["fields"].(map[string]any)
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		f := fields[name].(map[string]any)
		r, ok := f["reducer"]
		switch {
		case in.FromGraph[name] != "":
			graph = append(graph, fmt.Sprintf("%s (%s)", name, in.FromGraph[name]))
		case slices.Contains(in.Unshown, name), slices.Contains(in.Defaulted, name):
		case ok:
			proved = append(proved, fmt.Sprintf("%s (%s, line %d)", name, r, in.Proved[name]))
		default:
			guessed = append(guessed, name)
		}
	}
	var b strings.Builder
	if in.FromGraph != nil {
		b.WriteString("    # The schema was inferred from the run and the graph's channels: types from the values taken.\n")
	} else {
		b.WriteString("    # The schema was inferred from the run: types from the values taken.\n")
	}
	if len(graph) > 0 {
		fmt.Fprintf(&b, "    # Reducers the graph's channels give: %s.\n", strings.Join(graph, ", "))
	}
	if len(proved) > 0 {
		fmt.Fprintf(&b, "    # Reducers proved by a step of the run: %s.\n", strings.Join(proved, ", "))
	}
	if len(in.Unshown) > 0 {
		fmt.Fprintf(&b, "    # The graph's own reducer, which no step of the run shows, written as replace: %s.\n", strings.Join(in.Unshown, ", "))
	}
	if len(in.Defaulted) > 0 {
		fmt.Fprintf(&b, "    # A value before anything wrote it, so a channel's default, kept by replace (no step proves its reducer): %s.\n", strings.Join(in.Defaulted, ", "))
	}
	if len(guessed) > 0 {
		fmt.Fprintf(&b, "    # No reducer, so the profile's default (last-value under langgraph and langgraph-py; nothing in the run proves one): %s.\n", strings.Join(guessed, ", "))
	}
	return b.String()
}
