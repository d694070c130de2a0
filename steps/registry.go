package steps

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/suite"
)

// Arg is what a step expects after its text.
type Arg string

// The kinds of step argument.
const (
	NoArg          Arg = ""
	DocString      Arg = "docstring"
	Table          Arg = "table"
	DocStringTable Arg = "docstring or table"
)

// Def is one step of the vocabulary.
type Def struct {
	Pattern string // anchored regular expression
	Arg     Arg
	// Consumes marks `the step should fail with`, the only step that may
	// follow a failed one.
	Consumes bool
	run      func(w *world, args ...string) error
}

// Vocabulary returns every registered step, in the order of SPEC §10.
func Vocabulary() []Def {
	var all []Def
	all = append(all, setupSteps()...)
	all = append(all, runSteps()...)
	all = append(all, outputSteps()...)
	all = append(all, toolSteps()...)
	all = append(all, assertSteps()...)
	return all
}

// CheckVocabulary lists, with file and line, every step of the suite that
// no pattern or more than one pattern matches. With the user's own steps
// (userSteps), a step no pattern of ours matches may be theirs: godog's
// strict mode then reports it if nothing matches.
func CheckVocabulary(idx *suite.Index, userSteps bool) []string {
	defs := Vocabulary()
	res := make([]*regexp.Regexp, len(defs))
	for i, d := range defs {
		res[i] = regexp.MustCompile(d.Pattern)
	}
	var problems []string
	seen := map[string]bool{}
	for _, sc := range idx.Order {
		for _, id := range sc.Steps {
			st := idx.Steps[id]
			where := fmt.Sprintf("%s:%d", sc.Feature, st.Line)
			if seen[where+st.Text] {
				continue
			}
			seen[where+st.Text] = true
			var matched []string
			for i, re := range res {
				if re.MatchString(st.Text) {
					matched = append(matched, defs[i].Pattern)
				}
			}
			switch len(matched) {
			case 0:
				if !userSteps {
					problems = append(problems, fmt.Sprintf("%s: undefined step %q", where, st.Text))
				}
			case 1:
			default:
				problems = append(problems, fmt.Sprintf("%s: ambiguous step %q matches %s", where, st.Text, strings.Join(matched, " and ")))
			}
		}
	}
	return problems
}

// Initializer returns the godog scenario initializer for a suite the
// runner loaded (cfg.Index comes from it). To add steps to the vocabulary in
// a suite of your own, use scenario.Run with Options.Steps instead.
func Initializer(cfg *Config) func(*godog.ScenarioContext) {
	defs := Vocabulary()
	// compiled once for the run: godog would compile a string pattern again
	// for every scenario
	patterns := make([]*regexp.Regexp, len(defs))
	for i, d := range defs {
		patterns[i] = regexp.MustCompile(d.Pattern)
	}
	return func(sc *godog.ScenarioContext) {
		sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
			if cfg == nil || cfg.Index == nil {
				return ctx, errors.New("steps.Initializer needs the Config of a loaded suite; to run scenarios with steps of your own, call scenario.Run(t, scenario.Options{Steps: ...})")
			}
			info, ok := cfg.Index.Scenarios[p.Id]
			if !ok {
				return ctx, fmt.Errorf("%s: scenario %q is not in the suite index", p.Uri, p.Name)
			}
			cfg.Started.Add(1)
			w := &world{cfg: cfg, scenario: info, thread: "main", goldens: map[string]int{}}
			return context.WithValue(ctx, worldKey{}, w), nil
		})
		sc.StepContext().Before(func(ctx context.Context, st *godog.Step) (context.Context, error) {
			w := worldOf(ctx)
			if w == nil {
				return ctx, nil
			}
			w.step = cfg.Index.Steps[st.Id]
			w.stepID = st.Id
			w.arg = st
			w.beforePrevious = w.before
			w.before = nil
			if w.graph != nil {
				w.before = w.graph.State(w.thread)
			}
			return ctx, nil
		})
		sc.After(func(ctx context.Context, _ *godog.Scenario, err error) (context.Context, error) {
			w := worldOf(ctx)
			if w == nil {
				return ctx, nil
			}
			if w.graph != nil {
				if u := w.graph.NotCompared(); u != nil && w.cfg.Skip != nil {
					w.cfg.Skip("ran on the built-in engine alone: "+u.Error(), true)
				}
				if cerr := w.graph.Close(); cerr != nil && err == nil {
					return ctx, fmt.Errorf("%s: closing the scenario's runtime: %v", w.scenario.Feature, cerr)
				}
			}
			if w.pending != nil && err == nil {
				err = w.pendingFailure()
				if cfg.Done != nil {
					cfg.Done(w.scenario, err)
				}
				return ctx, err
			}
			if cfg.Done != nil {
				cfg.Done(w.scenario, err)
			}
			return ctx, nil
		})
		for i, d := range defs {
			register(sc, d, patterns[i])
		}
		if cfg.UserSteps != nil {
			cfg.UserSteps(sc)
		}
	}
}

// register binds a Def to godog with a handler of the arity godog expects.
func register(sc *godog.ScenarioContext, d Def, pattern *regexp.Regexp) {
	run := func(ctx context.Context, args ...string) (context.Context, error) {
		w := worldOf(ctx)
		if w.pending != nil && !d.Consumes {
			return ctx, w.pendingFailure()
		}
		if err := checkArg(w, d.Arg); err != nil {
			return ctx, w.fail(err)
		}
		if d.Consumes {
			// the step that asserts a failure is no step of its own for
			// "the state should be unchanged": it compares with the state
			// before the step that failed
			w.before = w.beforePrevious
		}
		w.ctx = ctx
		err := d.run(w, args...)
		if w.graph != nil && w.cfg.Warn != nil {
			for _, warning := range w.graph.TakeWarnings() {
				w.cfg.Warn(fmt.Sprintf("%s: warning: %s", w.at(w.step.Line), warning))
			}
		}
		var ee *engine.Error
		var pe *problem
		var skip *engine.Unsupported
		switch {
		case err == nil:
			return ctx, nil
		case errors.As(err, &skip):
			// skipped on this runtime, never passed (SPEC §15)
			w.skipReason = skip.Error()
			if w.cfg.Skip != nil {
				w.cfg.Skip(skip.Error(), false)
			}
			return ctx, godog.ErrSkip
		case errors.As(err, &ee) && !d.Consumes && !errors.As(err, &pe) && w.nextAsserts():
			// the next step asserts the error: keep it for that step
			w.pending = &pendingError{err: err, line: w.step.Line}
			return ctx, nil
		default:
			return ctx, w.fail(err)
		}
	}
	call := func(ctx context.Context, args ...string) (context.Context, error) {
		w := worldOf(ctx)
		if w == nil || w.cfg.Record == nil {
			return run(ctx, args...)
		}
		commits, events := 0, 0
		if w.graph != nil {
			commits, events = len(w.graph.Trace()), len(w.graph.Events())
		}
		ctx, err := run(ctx, args...)
		w.record(commits, events, err)
		return ctx, err
	}
	switch countGroups(d.Pattern) {
	case 0:
		sc.Step(pattern, func(ctx context.Context) (context.Context, error) { return call(ctx) })
	case 1:
		sc.Step(pattern, func(ctx context.Context, a string) (context.Context, error) { return call(ctx, a) })
	case 2:
		sc.Step(pattern, func(ctx context.Context, a, b string) (context.Context, error) { return call(ctx, a, b) })
	default:
		panic("steps: pattern with more than two groups: " + d.Pattern)
	}
}

// countGroups counts the capturing groups of a step pattern.
func countGroups(p string) int {
	n := 0
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\':
			i++
		case p[i] == '(' && (i+1 >= len(p) || p[i+1] != '?'):
			n++
		}
	}
	return n
}

func checkArg(w *world, want Arg) error {
	hasDoc := w.arg.Argument != nil && w.arg.Argument.DocString != nil
	hasTable := w.arg.Argument != nil && w.arg.Argument.DataTable != nil
	switch {
	case want == NoArg && (hasDoc || hasTable):
		return problemf("this step takes no docstring or table")
	case want == DocString && !hasDoc:
		return problemf("this step needs a docstring (\"\"\" ... \"\"\") after it")
	case want == Table && !hasTable:
		return problemf("this step needs a table after it")
	case want == DocStringTable && !hasDoc && !hasTable:
		return problemf("this step needs a docstring or a table after it")
	}
	return nil
}

// StepRecord is what one step did, for a report of every step's state
// change (Config.Record).
type StepRecord struct {
	Scenario *suite.Scenario
	Step     suite.Step
	// Thread is the current thread after the step; Before and After its
	// state before and after (nil when it had none). The maps are the
	// engine's: read them, never modify them.
	Thread        string
	Before, After map[string]any
	// Commits are the commits the step made, oldest first, and Events the
	// events they recorded.
	Commits []engine.Commit
	Events  []engine.Event
	// Skipped says why a runtime skipped the scenario at this step.
	Skipped string
	// Err is what the step failed with; Kept is an engine error it kept for
	// the next step to assert (SPEC §11).
	Err, Kept error
}

// record hands the running step's record to Config.Record.
func (w *world) record(commitsBefore, eventsBefore int, err error) {
	r := StepRecord{Scenario: w.scenario, Step: w.step, Thread: w.thread, Before: w.before, Err: err}
	if w.graph != nil {
		r.After = w.graph.State(w.thread)
		if trace := w.graph.Trace(); len(trace) > commitsBefore {
			r.Commits = trace[commitsBefore:]
		}
		if events := w.graph.Events(); len(events) > eventsBefore {
			r.Events = events[eventsBefore:]
		}
	}
	if errors.Is(err, godog.ErrSkip) && w.skipReason != "" {
		r.Skipped = w.skipReason
	}
	if w.pending != nil && w.pending.line == w.step.Line && err == nil {
		r.Kept = w.pending.err
	}
	w.cfg.Record(r)
}

// consumePatterns are the steps that assert a failure of the step before.
var consumePatterns = func() []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, d := range assertSteps() {
		if d.Consumes {
			out = append(out, regexp.MustCompile(d.Pattern))
		}
	}
	return out
}()

// nextAsserts reports whether the scenario's next step asserts a failure,
// so that an engine error of this step is its to check (SPEC §11);
// otherwise the failing step itself fails.
func (w *world) nextAsserts() bool {
	ids := w.scenario.Steps
	for i, id := range ids {
		if id != w.stepID || i+1 >= len(ids) {
			continue
		}
		next := w.cfg.Index.Steps[ids[i+1]].Text
		for _, re := range consumePatterns {
			if re.MatchString(next) {
				return true
			}
		}
	}
	return false
}
