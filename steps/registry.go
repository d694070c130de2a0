package steps

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/report"
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
	re       *regexp.Regexp // Pattern compiled, in vocabulary
}

// Vocabulary returns every registered step, in the order of docs/reference.md, Steps.
func Vocabulary() []Def {
	var all []Def
	all = append(all, setupSteps()...)
	all = append(all, runSteps()...)
	all = append(all, outputSteps()...)
	all = append(all, toolSteps()...)
	all = append(all, wholeGraphSteps()...)
	all = append(all, assertSteps()...)
	return all
}

// Resolved is every step text of a loaded suite matched once to the
// definition it runs and its arguments, so that running a step is a look-up.
type Resolved struct {
	byText map[string]resolvedStep
	// patterns are what the run registers with godog. Alone, one pattern
	// that takes any text; beside the user's own steps, each of the
	// vocabulary's, so that godog reports a text both match as ambiguous,
	// naming the two patterns.
	patterns []*regexp.Regexp
}

type resolvedStep struct {
	def  *Def
	args []string
}

// compiledVocabulary is the step library with its patterns compiled, once
// per process and only when a suite runs (not for `scenario version`).
var compiledVocabulary = sync.OnceValue(func() []Def {
	defs := Vocabulary()
	for i := range defs {
		defs[i].re = regexp.MustCompile(defs[i].Pattern)
	}
	return defs
})

// Resolve matches every step of the suite against the vocabulary. It lists,
// with file and line, every step that no pattern or more than one pattern
// matches. With the user's own steps (userSteps), a step no pattern of ours
// matches may be theirs: godog's strict mode then reports it if nothing
// matches.
func Resolve(idx *suite.Index, userSteps bool) (*Resolved, []string) {
	vocabulary := compiledVocabulary()
	r := &Resolved{byText: map[string]resolvedStep{}, patterns: []*regexp.Regexp{anyText}}
	if userSteps {
		r.patterns = make([]*regexp.Regexp, len(vocabulary))
		for i, d := range vocabulary {
			r.patterns[i] = d.re
		}
	}
	var problems []string
	failed := map[string][]string{} // text → the patterns it matched, when not one
	reported := map[string]bool{}
	for _, sc := range idx.Order {
		for _, st := range sc.Steps {
			if _, ok := r.byText[st.Text]; ok {
				continue
			}
			matched, ok := failed[st.Text]
			if !ok {
				var found *resolvedStep
				for i := range vocabulary {
					d := &vocabulary[i]
					if m := d.re.FindStringSubmatch(st.Text); m != nil {
						matched = append(matched, d.Pattern)
						found = &resolvedStep{def: d, args: m[1:]}
					}
				}
				if len(matched) == 1 {
					r.byText[st.Text] = *found
					continue
				}
				failed[st.Text] = matched
			}
			where := fmt.Sprintf("%s:%d", sc.Feature, st.Line)
			if reported[where+"\x00"+st.Text] {
				continue // a background step, in each scenario of its feature
			}
			reported[where+"\x00"+st.Text] = true
			switch {
			case len(matched) == 0 && !userSteps:
				problems = append(problems, fmt.Sprintf("%s: undefined step %q", where, st.Text))
			case len(matched) > 1:
				problems = append(problems, fmt.Sprintf("%s: ambiguous step %q matches %s", where, st.Text, strings.Join(matched, " and ")))
			}
		}
	}
	return r, problems
}

// Initializer returns the godog scenario initializer for a suite the
// runner loaded (cfg.Index comes from it, cfg.Resolved from Resolve). To add
// steps to the vocabulary in a suite of your own, use scenario.Run with
// Options.Steps instead.
func Initializer(cfg *Config) func(*godog.ScenarioContext) {
	return func(sc *godog.ScenarioContext) {
		sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
			if cfg == nil || cfg.Index == nil || cfg.Resolved == nil {
				return ctx, errors.New("steps.Initializer needs the Config of a loaded suite; to run scenarios with steps of your own, call scenario.Run(t, scenario.Options{Steps: ...})")
			}
			info, ok := cfg.Index.Scenario(p)
			if !ok {
				return ctx, fmt.Errorf("%s: scenario %q is not in the suite index", p.Uri, p.Name)
			}
			cfg.Started.Add(1)
			w := &world{cfg: cfg, scenario: info, pickle: p, thread: "main", goldens: goldenfile.NewNames(info.GoldenBase)}
			return context.WithValue(ctx, worldKey{}, w), nil
		})
		sc.StepContext().Before(func(ctx context.Context, st *godog.Step) (context.Context, error) {
			w := worldOf(ctx)
			if w == nil {
				return ctx, nil
			}
			w.stepIndex = w.indexOf(st)
			if w.stepIndex < 0 {
				return ctx, fmt.Errorf("%s: step %q is not in the suite index", w.scenario.Pos(), st.Text)
			}
			w.step = w.scenario.Steps[w.stepIndex]
			w.arg = st
			w.beforePrevious = w.before
			w.before = nil
			if w.graph != nil {
				w.before = w.graph.State(w.thread)
			}
			return newStepContext(ctx), nil
		})
		sc.StepContext().After(func(ctx context.Context, st *godog.Step, _ godog.StepResultStatus, err error) (context.Context, error) {
			// the step that failed the scenario, whoever defined it (or
			// nobody: undefined), for a report that has only the error
			if w := worldOf(ctx); w != nil && err != nil && w.failed == nil && !errors.Is(err, godog.ErrSkip) {
				if i := w.indexOf(st); i >= 0 {
					w.failed = &w.scenario.Steps[i]
				}
			}
			// an error returned here would be joined to the step's
			return ctx, nil
		})
		sc.After(func(ctx context.Context, _ *godog.Scenario, err error) (context.Context, error) {
			w := worldOf(ctx)
			if w == nil {
				return ctx, nil
			}
			if w.graph != nil {
				if u := w.graph.NotCompared(); u != nil && w.cfg.Report != nil {
					w.cfg.Report.Skipped(w.scenario, "ran on "+ranAlone(w.cfg.Runtimes, u.Runtime)+" alone: "+u.Error(), true)
				}
				if r := w.graph.RanAlone(); r != "" && w.cfg.Report != nil {
					w.cfg.Report.RanAlone(w.scenario, r)
				}
				if cerr := w.graph.Close(); cerr != nil && err == nil {
					return ctx, fmt.Errorf("%s: closing the scenario's runtime: %v", w.scenario.Feature, cerr)
				}
			}
			if w.graph != nil && w.pending == nil && err == nil {
				// replies no call used fail the scenario at its end
				w.flushScripts()
				if uerr := w.graph.UnusedReplies(); uerr != nil {
					err = newFailure(report.Pos{File: w.scenario.Feature, Line: w.scenario.Line}, uerr.Error(), uerr)
					if cfg.Report != nil {
						cfg.Report.Done(w.scenario, err)
					}
					return ctx, err
				}
			}
			if w.graph == nil && len(w.scripted) > 0 && w.pending == nil && err == nil {
				uerr := &engine.Error{Code: engine.ModelScriptUnused, Message: "the scenario scripts its graph's model, nodes or tools but never runs the graph whole: add When the graph runs with:, or remove the script"}
				err = newFailure(report.Pos{File: w.scenario.Feature, Line: w.scenario.Line}, uerr.Error(), uerr)
				if cfg.Report != nil {
					cfg.Report.Done(w.scenario, err)
				}
				return ctx, err
			}
			if w.pending != nil && err == nil {
				err = w.pendingFailure()
				if cfg.Report != nil {
					cfg.Report.Done(w.scenario, err)
				}
				return ctx, err
			}
			if cfg.Report != nil {
				cfg.Report.Done(w.scenario, w.positioned(err))
			}
			return ctx, nil
		})
		if cfg != nil && cfg.Resolved != nil {
			// the texts were matched once, at load: whichever pattern godog
			// finds, one function runs the step the text resolved to
			for _, p := range cfg.Resolved.patterns {
				sc.Step(p, runVocabularyStep)
			}
		}
		if cfg != nil && cfg.UserSteps != nil {
			cfg.UserSteps(sc)
		}
	}
}

// ranAlone names the runtime of rts that ran a scenario side by side
// alone: the one that is not cannot.
func ranAlone(rts []engine.Runtime, cannot string) string {
	for _, rt := range rts {
		name := "builtin"
		if rt != nil {
			name = rt.Name()
		}
		if name != cannot {
			if name == "builtin" {
				return "the built-in engine"
			}
			return name
		}
	}
	return "the other runtime"
}

// anyText is the one pattern of a run without steps of the user's.
var anyText = regexp.MustCompile(``)

// runVocabularyStep runs the vocabulary's step godog is at, and records it
// for a report when the run keeps one. godog names the definition of every
// step of the vocabulary after it.
func runVocabularyStep(ctx context.Context) (context.Context, error) {
	w := worldOf(ctx)
	if w == nil || w.cfg.Resolved == nil {
		return ctx, errors.New("a step of the vocabulary ran outside a scenario of the suite")
	}
	m, ok := w.cfg.Resolved.byText[w.step.Text]
	if !ok {
		return ctx, fmt.Errorf("%s: undefined step %q", w.at(w.step.Line), w.step.Text)
	}
	if w.cfg.Report == nil || !w.cfg.Report.Recording() {
		return ctx, w.run(ctx, m)
	}
	commits, events := 0, 0
	if w.graph != nil {
		commits, events = len(w.graph.Trace()), len(w.graph.Events())
	}
	err := w.run(ctx, m)
	w.record(commits, events, err)
	return ctx, err
}

// run runs one resolved step: a step after a failed one fails with it
// unless it asserts the failure; an engine error the next step asserts is
// kept for it (docs/reference.md, Error codes); a runtime that cannot run the scenario skips it.
func (w *world) run(ctx context.Context, m resolvedStep) error {
	d := m.def
	if w.pending != nil && !d.Consumes {
		return w.pendingFailure()
	}
	if err := checkArg(w, d.Arg); err != nil {
		return w.fail(err)
	}
	if d.Consumes {
		// the step that asserts a failure is no step of its own for
		// "the state should be unchanged": it compares with the state
		// before the step that failed
		w.before = w.beforePrevious
	}
	w.ctx = ctx
	err := d.run(w, m.args...)
	if w.graph != nil && w.cfg.Warn != nil {
		for _, warning := range w.graph.TakeWarnings() {
			w.cfg.Warn(fmt.Sprintf("%s: warning: %s", w.at(w.step.Line), warning))
		}
	}
	if err == nil {
		return nil // before the targets of errors.As below, which escape: three allocations a step
	}
	var ee *engine.Error
	var pe *problem
	var skip *engine.Unsupported
	switch {
	case errors.As(err, &skip):
		// skipped on this runtime, never passed (docs/reference.md, Runtimes)
		if skip.Graph != "" && w.cfg.GraphRuntime != nil {
			profile, _ := w.chooseProfile()
			if n := w.cfg.GraphRuntime(skip.Graph, profile); n != "" {
				named := *skip
				named.Reason += ": run it with --runtime " + n
				skip = &named
			}
		}
		w.skipReason = skip.Error()
		if w.cfg.Report != nil {
			w.cfg.Report.Skipped(w.scenario, "not run: "+skip.Error(), false)
		}
		return godog.ErrSkip
	case errors.As(err, &ee) && !d.Consumes && !errors.As(err, &pe) && w.nextAsserts():
		// the next step asserts the error: keep it for that step
		w.pending = &pendingError{err: err, line: w.step.Line}
		return nil
	default:
		return w.fail(err)
	}
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
// change (report.Sink.Step).
type StepRecord = report.StepRecord

// record hands the running step's record to the run's report.
func (w *world) record(commitsBefore, eventsBefore int, err error) {
	r := StepRecord{Scenario: w.scenario, Step: w.step, Thread: w.thread, Before: w.before, Err: err, Supersteps: w.ranWhole}
	w.ranWhole = nil
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
	w.cfg.Report.Step(r)
}

// nextAsserts reports whether the scenario's next step asserts a failure,
// so that an engine error of this step is its to check (docs/reference.md, Error codes);
// otherwise the failing step itself fails.
func (w *world) nextAsserts() bool {
	i := w.stepIndex + 1
	if i >= len(w.scenario.Steps) {
		return false
	}
	next, ok := w.cfg.Resolved.byText[w.scenario.Steps[i].Text]
	return ok && next.def.Consumes
}
