package report

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/suite"
)

// MaxFinalState is how much of a case's final state the model keeps; a
// larger state is cut, with a note.
const MaxFinalState = 256 << 10

// Collector builds a Run from godog's hooks (Before, AfterStep, After) and
// the step library's Sink. Scenarios may run at once: each Case is written
// by its own scenario's goroutine; the maps that find it are locked.
type Collector struct {
	idx  *suite.Index
	keep Keep
	run  Run

	mu         sync.Mutex
	byPickle   map[string]*Case
	byScenario map[*suite.Scenario]*Case
	// ends are the cases of a KeepNone run: a case keeps its outcome
	// alone while the run lasts, and Run makes it a Case
	ends      map[*suite.Scenario]*caseEnd
	steps     map[string]stepRef // by pickle step id
	skippedOn map[string]string  // by suite key: a skip may come before its case
}

// caseEnd is what a KeepNone run keeps of a case: a tenth of a Case,
// which a large suite holds ten thousand of while godog holds its own.
type caseEnd struct {
	err, outcome error
	tags         []string
	ranAlone     string
	done         bool
}

type stepRef struct {
	c *Case
	i int
}

// Keep is what a run's reports need of the steps' records.
type Keep uint8

// What the reports keep.
const (
	// KeepNone: no report reads the steps: the step library is not asked
	// for their records, and a case keeps no Steps (its outcome alone).
	KeepNone Keep = iota
	// KeepRuns: the whole-graph runs' supersteps, which the JUnit and
	// GitHub reports name.
	KeepRuns
	// KeepAll: also every commit's changes, the events, the supersteps'
	// state changes and the final state (the HTML report).
	KeepAll
)

// NewCollector collects the run of idx on runtime (a --runtime list; ""
// is the built-in engine), keeping of the steps' records what keep says.
func NewCollector(idx *suite.Index, runtime string, keep Keep) *Collector {
	if runtime == "" {
		runtime = "builtin"
	}
	return &Collector{
		idx: idx, keep: keep,
		run:      Run{Root: idx.Root, Runtimes: strings.Split(runtime, ","), Start: time.Now()},
		byPickle: map[string]*Case{}, byScenario: map[*suite.Scenario]*Case{}, ends: map[*suite.Scenario]*caseEnd{},
		steps: map[string]stepRef{}, skippedOn: map[string]string{},
	}
}

// Before starts a case (godog's Before scenario hook).
func (c *Collector) Before(ctx context.Context, p *godog.Scenario) (context.Context, error) {
	info, ok := c.idx.Scenario(p)
	if !ok {
		return ctx, nil
	}
	if c.keep == KeepNone {
		e := &caseEnd{tags: tagNames(p)}
		c.mu.Lock()
		c.ends[info] = e
		c.mu.Unlock()
		return ctx, nil
	}
	k := &Case{Scenario: info, Name: p.Name, Pos: Pos{File: info.Feature, Line: info.Line}, Start: time.Now()}
	if c.keep == KeepAll {
		k.states = map[string]map[string]any{}
	}
	k.Tags = tagNames(p)
	if c.keep != KeepNone {
		k.Steps = make([]Step, len(p.Steps))
		for i, st := range p.Steps {
			s := Step{Text: st.Text, Pos: Pos{File: info.Feature}}
			if i < len(info.Steps) {
				s.Text, s.Pos.Line = info.Steps[i].Text, info.Steps[i].Line
			}
			k.Steps[i] = s
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.keep != KeepNone {
		for i, st := range p.Steps {
			c.steps[st.Id] = stepRef{k, i}
		}
	}
	c.byPickle[p.Id] = k
	c.byScenario[info] = k
	return ctx, nil
}

// tagNames are the pickle's tags, nil for none.
func tagNames(p *godog.Scenario) []string {
	if len(p.Tags) == 0 {
		return nil
	}
	tags := make([]string, len(p.Tags))
	for i, t := range p.Tags {
		tags[i] = t.Name
	}
	return tags
}

// AfterStep takes a step's status (godog's After step hook).
func (c *Collector) AfterStep(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
	c.mu.Lock()
	ref, ok := c.steps[st.Id]
	c.mu.Unlock()
	if !ok {
		return ctx, nil
	}
	s := &ref.c.Steps[ref.i]
	s.Status, s.Err = Status(status.String()), err
	ref.c.End = time.Now()
	return ctx, nil
}

// After ends a case (godog's After scenario hook): its failure, and its
// final state when the run records steps.
func (c *Collector) After(ctx context.Context, p *godog.Scenario, err error) (context.Context, error) {
	if c.keep == KeepNone {
		if info, ok := c.idx.Scenario(p); ok {
			c.mu.Lock()
			if e, ok := c.ends[info]; ok {
				e.err = err
			}
			c.mu.Unlock()
		}
		return ctx, nil
	}
	c.mu.Lock()
	k, ok := c.byPickle[p.Id]
	// the case's last hook: what finds it by godog's ids is done with it
	delete(c.byPickle, p.Id)
	for _, st := range p.Steps {
		delete(c.steps, st.Id)
	}
	c.mu.Unlock()
	if !ok {
		return ctx, nil
	}
	k.End, k.Err = time.Now(), err
	if k.last != nil {
		k.FinalThread = k.thread
		if b, err := jsonv.Encode(k.last); err == nil {
			k.FinalState = string(b)
			if len(b) > MaxFinalState {
				k.FinalState = string(b[:MaxFinalState]) + fmt.Sprintf("\n… (cut: the state is %d bytes)", len(b))
			}
		}
	}
	k.states, k.thread, k.last, k.ended = nil, "", nil, true
	return ctx, nil
}

// Recording is Sink.Recording.
func (c *Collector) Recording() bool { return c.keep != KeepNone }

// Step takes one step's record: its whole-graph run, and under KeepAll
// its commits as diffs from the state before each of them, its events,
// its run's supersteps with their state changes, and the state after it,
// for the final state.
func (c *Collector) Step(r StepRecord) {
	c.mu.Lock()
	k, ok := c.byScenario[r.Scenario]
	c.mu.Unlock()
	if !ok || k.ended || c.keep == KeepNone {
		return
	}
	var s *Step
	for i := range k.Steps {
		if k.Steps[i].Pos.Line == r.Step.Line {
			s = &k.Steps[i]
			break
		}
	}
	if s == nil {
		return
	}
	s.Supersteps = append(s.Supersteps, r.Supersteps...)
	k.Supersteps = append(k.Supersteps, r.Supersteps...)
	s.Skip, s.Kept = r.Skipped, r.Kept
	if c.keep != KeepAll {
		return
	}
	if len(r.Supersteps) > 0 {
		// the run's thread as it was before the step: Before is the
		// state of the thread the step started on
		before := r.Before
		if k.thread != "" && k.thread != r.Thread {
			before = k.states[r.Thread]
		}
		s.Shown, s.ShownMore = htmlSupersteps(r.Supersteps, before, "the state before the run")
	}
	for _, cm := range r.Commits {
		s.Commits = append(s.Commits, htmlreport.NewCommit(cm, k.states[cm.Thread]))
		k.states[cm.Thread] = cm.State
	}
	if len(r.Events) > 0 {
		s.Events, s.EventsMore = htmlreport.NewEvents(r.Events, len(r.Commits))
	}
	if len(r.Supersteps) > 0 && r.After != nil {
		// a run leaves no commit in the trace: the next commit's diff is
		// from the state the run left
		k.states[r.Thread] = r.After
	}
	k.thread, k.last = r.Thread, r.After
}

// Skipped is Sink.Skipped.
func (c *Collector) Skipped(sc *suite.Scenario, reason string, ran bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.run.Skips = append(c.run.Skips, Skip{Scenario: sc, Reason: reason, Ran: ran})
	if sc != nil {
		c.skippedOn[sc.Key()] = reason
	}
}

// RanAlone is Sink.RanAlone.
func (c *Collector) RanAlone(sc *suite.Scenario, runtime string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.run.Alone = append(c.run.Alone, Alone{Scenario: sc, Runtime: runtime})
	if k, ok := c.byScenario[sc]; ok {
		k.RanAlone = runtime
	}
	if e, ok := c.ends[sc]; ok {
		e.ranAlone = runtime
	}
}

// Done is Sink.Done.
func (c *Collector) Done(sc *suite.Scenario, err error) {
	c.mu.Lock()
	k, ok := c.byScenario[sc]
	e := c.ends[sc]
	c.mu.Unlock()
	if ok {
		k.Outcome, k.Done = err, true
	}
	if e != nil {
		e.outcome, e.done = err, true
	}
}

// SkippedOn says why a runtime skipped sc, or "".
func (c *Collector) SkippedOn(sc *suite.Scenario) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.skippedOn[sc.Key()]
}

// AnySkipped reports whether a runtime skipped any scenario (SkippedOn).
func (c *Collector) AnySkipped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.skippedOn) > 0
}

// Run is the model of the run so far: the cases that started, in the
// suite's order. Call it when the run is over.
func (c *Collector) Run() *Run {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.run
	r.Cases = nil
	for _, sc := range c.idx.Order {
		k, ok := c.byScenario[sc]
		if e, started := c.ends[sc]; started {
			// a KeepNone case, made whole now that godog's run is over
			k, ok = &Case{Scenario: sc, Name: sc.Name, Pos: Pos{File: sc.Feature, Line: sc.Line}, Tags: e.tags,
				Err: e.err, Outcome: e.outcome, Done: e.done, RanAlone: e.ranAlone, ended: true}, true
			c.byScenario[sc] = k
			delete(c.ends, sc)
		}
		if ok {
			k.SkippedOn = c.skippedOn[sc.Key()]
			r.Cases = append(r.Cases, k)
		}
	}
	return &r
}
