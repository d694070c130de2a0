package main

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/diffcase"
)

// worded are the codes whose LangGraph message the engine must carry
// (after its own prefix naming the writer); the others compare by code.
var worded = map[string]bool{
	"INVALID_CONCURRENT_GRAPH_UPDATE": true,
	"INVALID_GRAPH_NODE_RETURN_VALUE": true,
}

// Agree reports whether the engine and the runtime ended a case the same
// way: equal states, or failures of the same commit with the same code,
// about the same field, the engine's message containing the runtime's where
// LangGraph words it. (Of an AggregateError the runtime reports the first
// inner error.)
func Agree(eng, lg Outcome) bool {
	return disagreement(eng, lg) == ""
}

// harnessOnly are the engine's own rules (docs/reference.md, Runtimes: the harness keeps
// readonly and types on every runtime; a llmfy step that completion order
// would decide is refused before any runtime runs it), which the
// framework does not have: a case the engine fails with one of them is
// skipped, not compared.
var harnessOnly = map[string]bool{"TYPE_MISMATCH": true, "READONLY_WRITE": true, "ORDER_DEPENDENT_MERGE": true, "PARALLEL_UNSUPPORTED": true}

// Skipped reports a case the engine failed by a rule of its own.
func Skipped(eng Outcome) bool { return eng.failed() && harnessOnly[eng.first().Code] }

// disagreement says how two outcomes differ, "" when they agree.
func disagreement(eng, lg Outcome) string {
	switch {
	case Skipped(eng):
		return ""
	case !eng.failed() && !lg.failed():
		if engine.Equal(eng.State, lg.State) {
			return ""
		}
		return "states differ"
	case !eng.failed() || !lg.failed():
		return "one fails"
	}
	e, l := eng.first(), lg.first()
	switch {
	case eng.Phase != lg.Phase:
		return "failed at another commit"
	case e.Code != l.Code:
		return "codes differ"
	case e.Field != "" && l.Field != "" && e.Field != l.Field:
		return "fields differ"
	case worded[e.Code] && !strings.Contains(e.Message, l.Message) && !lg.mayRaise(e):
		return "messages differ"
	}
	return ""
}

// mayRaise reports whether an engine error's message is one the real
// library may raise instead of the one it did: LangGraph Python runs a
// superstep's nodes in threads and raises the refused return of whichever
// fails first (its side lists them all, Outcome.Alternatives).
func (o Outcome) mayRaise(e ErrorInfo) bool {
	for _, alt := range o.Alternatives {
		if strings.Contains(e.Message, alt) {
			return true
		}
	}
	return false
}

// ClassKey names the way a case disagrees, abstracted so that cases that
// disagree for the same reason share it: the outcome kinds, how they differ,
// the reducers of the fields concerned and message templates.
func ClassKey(c diffcase.Case, eng, lg Outcome) string {
	why := disagreement(eng, lg)
	if why == "" {
		return ""
	}
	switch why {
	case "states differ":
		return "both ok, states differ: " + stateDiff(c, eng.State, lg.State)
	case "one fails":
		if eng.failed() {
			e := eng.first()
			return fmt.Sprintf("engine %s, runtime ok: %s%s", eng.kind(), fieldTag(c, e.Field), template(e.Message))
		}
		l := lg.first()
		return fmt.Sprintf("engine ok, runtime %s: %s%s", lg.kind(), fieldTag(c, l.Field), template(l.Message))
	}
	e, l := eng.first(), lg.first()
	key := fmt.Sprintf("engine %s, runtime %s, %s", eng.kind(), lg.kind(), why)
	switch why {
	case "fields differ":
		key += fmt.Sprintf(": engine %s, runtime %s", fieldTag(c, e.Field), fieldTag(c, l.Field))
	case "messages differ":
		key += fmt.Sprintf(": engine %s%q, runtime %s%q", fieldTag(c, e.Field), template(e.Message), fieldTag(c, l.Field), template(l.Message))
	default:
		// the codes or the commits differ: the engine's error says which
		// of its rules fired
		key += fmt.Sprintf(": engine %q", template(e.Message))
	}
	return key
}

// BroadKey is the kind of a disagreement, without the details ClassKey
// adds: what shrinking keeps, so that a case with several causes shrinks to
// one of them.
func BroadKey(eng, lg Outcome) string {
	why := disagreement(eng, lg)
	if why == "" {
		return ""
	}
	return eng.kind() + " / " + lg.kind() + " / " + why
}

func fieldTag(c diffcase.Case, name string) string {
	if name == "" {
		return ""
	}
	return "[" + describeField(c, name) + "] "
}

// describeField is a field's reducer and whether it has a default.
func describeField(c diffcase.Case, name string) string {
	r := c.ReducerOf(name)
	if r == "" {
		return "undeclared"
	}
	f := c.Field(name)
	if f == nil || f.HasDefault {
		return r
	}
	return r + ", no default"
}

var (
	quotedRe = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|\('[^']*'\)`)
	jsonRe   = regexp.MustCompile(`\[[^\]]*\]|\{[^}]*\}`)
	digitsRe = regexp.MustCompile(`[0-9]+`)
	typeRe   = regexp.MustCompile(`received (string|number|boolean|array|object|null)\b`)
)

// writerRe matches the engine's prefix naming who wrote a value (docs/reference.md, Error codes):
// node "a", nodes "a", "b", tool "t", the input.
var writerRe = regexp.MustCompile(`^(?:(?:nodes? "[^"]*"(?:, "[^"]*")*|tool "[^"]*"|the input)(?: and )?)+: `)

// template abstracts a message: the writer prefix goes, quoted strings, JSON
// lists and objects, and numbers become placeholders.
func template(msg string) string {
	msg = writerRe.ReplaceAllString(firstLine(msg), "")
	msg = typeRe.ReplaceAllString(msg, "received <type>")
	msg = quotedRe.ReplaceAllString(msg, "<q>")
	msg = jsonRe.ReplaceAllString(msg, "<json>")
	return digitsRe.ReplaceAllString(msg, "<n>")
}

// stateDiff says which fields differ and how, by shape.
func stateDiff(c diffcase.Case, e, l map[string]any) string {
	keys := map[string]bool{}
	for k := range e {
		keys[k] = true
	}
	for k := range l {
		keys[k] = true
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		ev, ein := e[k]
		lv, lin := l[k]
		if ein == lin && engine.Equal(ev, lv) {
			continue
		}
		parts = append(parts, fmt.Sprintf("[%s] %s", describeField(c, k), valueDiff(ev, ein, lv, lin)))
	}
	return strings.Join(parts, "; ")
}

func valueDiff(ev any, ein bool, lv any, lin bool) string {
	if !ein || !lin {
		return fmt.Sprintf("engine %s vs runtime %s", shapeOf(ev, ein), shapeOf(lv, lin))
	}
	ea, eok := ev.([]any)
	la, lok := lv.([]any)
	if eok && lok {
		switch {
		case len(ea) < len(la):
			return "the engine's list is shorter"
		case len(ea) > len(la):
			return "the engine's list is longer"
		}
		var what []string
		for i := range ea {
			if !engine.Equal(ea[i], la[i]) {
				what = append(what, elementDiff(ea[i], la[i]))
			}
		}
		return "lists of one length differ: " + strings.Join(uniq(what), ", ")
	}
	es, ls := shapeOf(ev, true), shapeOf(lv, true)
	if es == ls {
		return "both " + es + ", values differ"
	}
	return fmt.Sprintf("engine %s vs runtime %s", es, ls)
}

// elementDiff names the keys in which two list elements (messages) differ.
func elementDiff(a, b any) string {
	ma, aok := a.(map[string]any)
	mb, bok := b.(map[string]any)
	if !aok || !bok {
		return fmt.Sprintf("%s vs %s", shapeOf(a, true), shapeOf(b, true))
	}
	keys := map[string]bool{}
	for k := range ma {
		keys[k] = true
	}
	for k := range mb {
		keys[k] = true
	}
	var diff []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		va, ina := ma[k]
		vb, inb := mb[k]
		if ina != inb || !engine.Equal(va, vb) {
			diff = append(diff, k)
		}
	}
	return "element " + strings.Join(diff, "+")
}

// shapeOf is a value's JSON type, naming the overwrite wrappers.
func shapeOf(v any, present bool) string {
	if !present {
		return "absent"
	}
	if m, ok := v.(map[string]any); ok {
		if _, ok := m["__overwrite__"]; ok {
			return `{"__overwrite__"}`
		}
		if m["type"] == "__overwrite__" {
			return `{"type": "__overwrite__"}`
		}
		if _, ok := m["type"]; ok {
			return "message"
		}
	}
	return engine.TypeName(v)
}

// uniq sorts list and drops repeats, in place.
func uniq(list []string) []string {
	slices.Sort(list)
	return slices.Compact(list)
}
