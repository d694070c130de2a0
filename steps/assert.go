package steps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// assertSteps are the Then steps, in the order of docs/reference.md, Steps.
func assertSteps() []Def {
	return slices.Concat(stateAssertions(), failureAssertions(), recordAssertions())
}

// stateAssertions compare the current thread's state, or a field of it,
// with an expected value.
func stateAssertions() []Def {
	return []Def{
		{Pattern: `^the state should equal:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			got, want, err := w.stateAndExpected()
			if err != nil {
				return err
			}
			return equalOrDiff("the state", want, got)
		}},
		{Pattern: `^the state should contain:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			got, want, err := w.stateAndExpected()
			if err != nil {
				return err
			}
			return contains(got, want)
		}},
		{Pattern: `^field "([^"]*)" should equal (.+)$`, run: func(w *world, a ...string) error {
			want, err := w.textJSON(a[1])
			if err != nil {
				return asProblem(err)
			}
			return w.fieldEquals(a[0], want)
		}},
		{Pattern: `^field "([^"]*)" should equal:$`, Arg: DocString, run: func(w *world, a ...string) error {
			want, err := w.docValue()
			if err != nil {
				return asProblem(err)
			}
			return w.fieldEquals(a[0], want)
		}},
		{Pattern: `^field "([^"]*)" should be absent$`, run: func(w *world, a ...string) error {
			got, elems, err := w.field(a[0])
			if err != nil {
				return err
			}
			if v, ok := engine.Lookup(mapValue(got), elems); ok {
				return fmt.Errorf("field %s should be absent, but it is %s", engine.FormatPath(elems), compact(v, true))
			}
			return nil
		}},
		{Pattern: `^the revision should be (\d+)$`, run: func(w *world, a ...string) error {
			g, err := w.started()
			if err != nil {
				return err
			}
			want, _ := strconv.Atoi(a[0])
			if got := g.Revision(w.thread); got != want {
				return fmt.Errorf("thread %q: revision should be %d, but it is %d", w.thread, want, got)
			}
			return nil
		}},
		{Pattern: `^the checkpoint should equal:$`, Arg: DocString, run: func(w *world, _ ...string) error {
			g, err := w.started()
			if err != nil {
				return err
			}
			want, err := w.docValue()
			if err != nil {
				return asProblem(err)
			}
			return equalOrDiff("the checkpoint", want, mapValue(g.Checkpoint(w.thread)))
		}},
	}
}

// failureAssertions check the failure of the step before (docs/reference.md, Error codes) and
// that it changed nothing.
func failureAssertions() []Def {
	return []Def{
		{Pattern: `^the step should fail with "([^"]*)"$`, Consumes: true, run: func(w *world, a ...string) error {
			return w.consume(a[0], "")
		}},
		{Pattern: `^the step should fail with "([^"]*)" mentioning "(.*)"$`, Consumes: true, run: func(w *world, a ...string) error {
			// the text runs to the last quote; \" stands for a quote, as in Gherkin
			return w.consume(a[0], strings.ReplaceAll(a[1], `\"`, `"`))
		}},
		{Pattern: `^the state should be unchanged$`, run: func(w *world, _ ...string) error {
			got, err := w.state()
			if err != nil {
				return err
			}
			if w.beforePrevious == nil {
				return problemf("there is no state from before the previous step to compare with")
			}
			return equalOrDiff("the state before the previous step", mapValue(w.beforePrevious), mapValue(got))
		}},
	}
}

// recordAssertions compare the state, trace, events and checkpoint with
// golden files, and look for an event.
func recordAssertions() []Def {
	return []Def{
		{Pattern: `^the state should match the golden file$`, run: func(w *world, _ ...string) error {
			return w.matchGolden("", "", w.stateForGolden)
		}},
		{Pattern: namedGolden.String(), run: func(w *world, a ...string) error {
			return w.matchGolden(a[0], "", w.stateForGolden)
		}},
		{Pattern: `^the trace should match the golden file$`, run: func(w *world, _ ...string) error {
			return w.matchGolden("", ".trace", func() (any, error) { return w.graphValue((*engine.Graph).TraceValue) })
		}},
		{Pattern: `^the events should match the golden file$`, run: func(w *world, _ ...string) error {
			return w.matchGolden("", ".events", func() (any, error) { return w.graphValue((*engine.Graph).EventsValue) })
		}},
		{Pattern: `^an event "([^"]*)" should have been recorded with:$`, Arg: DocString, run: func(w *world, a ...string) error {
			want, err := w.docValue()
			if err != nil {
				return asProblem(err)
			}
			return w.eventRecorded(a[0], want)
		}},
		{Pattern: `^the checkpoint should match the golden file$`, run: func(w *world, _ ...string) error {
			return w.matchGolden("", ".checkpoint", func() (any, error) {
				g, err := w.started()
				if err != nil {
					return nil, err
				}
				return mapValue(g.Checkpoint(w.thread)), nil
			})
		}},
	}
}

// contains checks that the state holds the expected value (docs/reference.md, Steps).
func contains(got, want any) error {
	if p, ok := jsonv.Contains(got, want, engine.Root); !ok {
		gv, has := lookupPath(got, p)
		wv, _ := lookupPath(want, p)
		return fmt.Errorf("the state does not contain the expected value at %s\n    want: %s\n    got:  %s", p, compact(wv, true), compact(gv, has))
	}
	return nil
}

// eventRecorded checks that an event of the type whose data contains want
// was recorded.
func (w *world) eventRecorded(typ string, want any) error {
	if w.graph == nil {
		return fmt.Errorf("no event %q was recorded: nothing ran", typ)
	}
	seen := 0
	for _, e := range w.graph.Events() {
		if e.Type != typ {
			continue
		}
		seen++
		if _, ok := jsonv.Contains(e.Data, want, engine.Root); ok {
			return nil
		}
	}
	return fmt.Errorf("no %q event contains %s (%d %q events were recorded)", typ, compact(want, true), seen, typ)
}

// graphValue renders a whole-scenario value (trace, events).
func (w *world) graphValue(f func(*engine.Graph) any) (any, error) {
	if w.graph == nil {
		return []any{}, nil
	}
	return f(w.graph), nil
}

// stateAndExpected is the current state and the docstring's expected value.
func (w *world) stateAndExpected() (any, any, error) {
	got, err := w.state()
	if err != nil {
		return nil, nil, err
	}
	want, err := w.docValue()
	if err != nil {
		return nil, nil, asProblem(err)
	}
	return mapValue(got), want, nil
}

func (w *world) stateForGolden() (any, error) {
	s, err := w.state()
	if err != nil {
		return nil, err
	}
	return mapValue(s), nil
}

// consume asserts on the pending engine error and clears it.
func (w *world) consume(code, mentioning string) error {
	p := w.pending
	if p == nil {
		return fmt.Errorf("the previous step should have failed with %s, but it passed", code)
	}
	w.pending = nil
	got := engine.CodeOf(p.err)
	if string(got) != code {
		return fmt.Errorf("the step at line %d should have failed with %s, but it failed with %s", p.line, code, p.err)
	}
	if mentioning != "" && !strings.Contains(p.err.Error(), mentioning) {
		return fmt.Errorf("the step at line %d failed with %s as expected, but the error does not mention %q:\n    %s", p.line, code, mentioning, p.err)
	}
	return nil
}

// field returns the current state and a parsed field path.
func (w *world) field(path string) (map[string]any, []engine.PathElem, error) {
	got, err := w.state()
	if err != nil {
		return nil, nil, err
	}
	elems, err := engine.ParsePath(path)
	if err != nil {
		return nil, nil, &problem{msg: err.Error()}
	}
	return got, elems, nil
}

func (w *world) fieldEquals(path string, want any) error {
	got, elems, err := w.field(path)
	if err != nil {
		return err
	}
	v, ok := engine.Lookup(mapValue(got), elems)
	if ok && engine.Equal(v, want) {
		return nil
	}
	at := engine.FormatPath(elems)
	if !ok {
		return fmt.Errorf("field %s should equal %s, but it is absent", at, compact(want, true))
	}
	diffs := jsonv.CompareAt(at, want, v)
	if len(diffs) == 1 && diffs[0].Path == at {
		// a scalar, or another kind of value: one line says it all
		return fmt.Errorf("field %s should equal %s, but it is %s", at, compact(diffs[0].Want, true), compact(diffs[0].Got, true))
	}
	if w, g := jsonv.Render(want, true), jsonv.Render(v, true); len(w) <= smallValue && len(g) <= smallValue {
		// small values read whole better than path by path
		return fmt.Errorf("field %s should equal %s, but it is %s", at, w, g)
	}
	return fmt.Errorf("field %s differs from the expected value:\n%s", at, jsonv.Report(diffs))
}

// smallValue is the length in compact JSON up to which a field's expected
// and actual values are shown whole; larger ones as aligned differences.
const smallValue = 80

func equalOrDiff(what string, want, got any) error {
	if engine.Equal(want, got) {
		return nil
	}
	return fmt.Errorf("%s differs from the expected value:\n%s", what, jsonv.Report(jsonv.Compare(want, got)))
}

func lookupPath(v any, p string) (any, bool) {
	elems, err := engine.ParsePath(p)
	if err != nil {
		return nil, false
	}
	return engine.Lookup(v, elems)
}

// compact shows a value in a failure message.
func compact(v any, ok bool) string { return jsonv.Render(v, ok) }

// mapValue lets a state map be compared as a JSON value.
func mapValue(m map[string]any) any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// asProblem makes an engine error in an expected value (a docstring in a
// Then step) a problem with the scenario: it is not the system under test.
func asProblem(err error) error {
	if _, ok := err.(*problem); ok {
		return err
	}
	return &problem{msg: "the expected value is not valid: " + err.Error()}
}
