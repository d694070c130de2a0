package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/suite"
)

// The reports CI reads (SPEC §13): junit:FILE and github[:FILE]. The
// harness writes both itself from what each step did, so that a JUnit
// testcase can carry the scenario's file and line and check's golden-file
// problems can stand beside the scenarios.

// CI collects, scenario by scenario, godog's status of each step (its
// hooks) for the JUnit and GitHub reports. A nil *CI collects nothing.
type CI struct {
	junit, github []string // files; "" is the run's output
	idx           *suite.Index
	start         time.Time

	mu       sync.Mutex
	byPickle map[string]*caseRun
	steps    map[string]stepAt // by pickle step id

	// skipped says why a runtime skipped a scenario ("" when none did)
	skipped func(*suite.Scenario) string
}

// skippedOn says why a runtime skipped the scenario, or "".
func (c *CI) skippedOn(sc *suite.Scenario) string {
	if c.skipped == nil {
		return ""
	}
	return c.skipped(sc)
}

// caseRun is one scenario (one outline row) as it ran.
type caseRun struct {
	scenario   *suite.Scenario
	name       string // the pickle's name, as godog's JUnit names the testcase
	start, end time.Time
	steps      []stepOutcome
}

// stepOutcome is what godog made of one step; status "" is a step that
// never ran.
type stepOutcome struct {
	text   string
	line   int
	status string
	err    error
}

type stepAt struct {
	run *caseRun
	i   int
}

// NewCI collects for the junit and github files ("" is the run's output);
// nil when there are none.
func NewCI(junit, github []string, idx *suite.Index, skipped func(*suite.Scenario) string) *CI {
	if len(junit) == 0 && len(github) == 0 {
		return nil
	}
	return &CI{junit: junit, github: github, skipped: skipped, idx: idx, start: time.Now(), byPickle: map[string]*caseRun{}, steps: map[string]stepAt{}}
}

func (c *CI) Before(ctx context.Context, p *godog.Scenario) (context.Context, error) {
	info, ok := c.idx.Scenario(p)
	if !ok {
		return ctx, nil
	}
	run := &caseRun{scenario: info, name: p.Name, start: time.Now()}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, st := range p.Steps {
		line := 0
		if i < len(info.Steps) {
			line = info.Steps[i].Line
		}
		run.steps = append(run.steps, stepOutcome{text: st.Text, line: line})
		c.steps[st.Id] = stepAt{run, i}
	}
	c.byPickle[p.Id] = run
	return ctx, nil
}

func (c *CI) AfterStep(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
	c.mu.Lock()
	at, ok := c.steps[st.Id]
	c.mu.Unlock()
	if !ok {
		return ctx, nil
	}
	s := &at.run.steps[at.i]
	s.status = status.String()
	if status == godog.StepFailed || status == godog.StepAmbiguous || errors.Is(err, godog.ErrSkip) {
		s.err = err
	}
	at.run.end = time.Now()
	return ctx, nil
}

// After takes a failure of the scenario's hooks (an engine error no step
// asserted, a runtime that would not close): godog gives it to the step
// that failed, else to the last step.
func (c *CI) After(ctx context.Context, p *godog.Scenario, err error) (context.Context, error) {
	c.mu.Lock()
	run, ok := c.byPickle[p.Id]
	c.mu.Unlock()
	if !ok {
		return ctx, nil
	}
	run.end = time.Now()
	if err == nil || errors.Is(err, godog.ErrSkip) || len(run.steps) == 0 {
		return ctx, nil
	}
	for i := range run.steps {
		if run.steps[i].status == godog.StepFailed.String() {
			run.steps[i].err = err
			return ctx, nil
		}
	}
	last := &run.steps[len(run.steps)-1]
	if last.status == godog.StepPassed.String() {
		last.status, last.err = godog.StepFailed.String(), err
	}
	return ctx, nil
}

// runs lists the scenarios that ran, in the suite's order.
func (c *CI) runs() []*caseRun {
	c.mu.Lock()
	defer c.mu.Unlock()
	byScenario := make(map[*suite.Scenario]*caseRun, len(c.byPickle))
	for _, r := range c.byPickle {
		byScenario[r.scenario] = r
	}
	var out []*caseRun
	for _, s := range c.idx.Order {
		if r, ok := byScenario[s]; ok {
			out = append(out, r)
		}
	}
	return out
}

// failure is the step that failed the scenario, or nil. Undefined and
// pending steps fail a strict run too.
func (r *caseRun) failure() *stepOutcome {
	for i := range r.steps {
		switch r.steps[i].status {
		case "failed", "undefined", "pending", "ambiguous":
			return &r.steps[i]
		}
	}
	return nil
}

// goldenProblem is a golden file check found wrong: missing, stale or
// orphan, with where to look and the command that fixes it.
type goldenProblem struct {
	path, kind string
	file       string // the feature of the assertion, or the golden file itself
	line       int
	message    string
}

// goldenProblems lists check's golden-file problems: a missing or stale
// file at the assertion that read it (the step whose failure names it), an
// orphan at its own first line.
func (c *CI) goldenProblems(g *GoldenCheck) []goldenProblem {
	var out []goldenProblem
	where := func(path string) (*caseRun, *stepOutcome) {
		for _, r := range c.runs() {
			if st := r.failure(); st != nil && st.err != nil && strings.Contains(st.err.Error(), "golden file "+path+" ") {
				return r, st
			}
		}
		return nil, nil
	}
	for _, k := range []struct {
		status goldenfile.Status
		kind   string
		fix    string
	}{
		{goldenfile.Missing, "missing", "to create it, run: "},
		{goldenfile.Stale, "stale", "it differs from what the scenario produced (the scenario's failure lists the differences); to accept it, run: "},
	} {
		for _, path := range g.Log.With(k.status) {
			p := goldenProblem{path: path, kind: k.kind, file: path, line: 1}
			msg := k.kind + " golden file " + path
			if r, st := where(path); r != nil {
				p.file, p.line = r.scenario.Feature, st.line
				msg += ", read by " + r.scenario.Key()
				if g.Accept != nil {
					msg += "; " + k.fix + g.Accept(r.scenario)
				}
			}
			p.message = msg
			out = append(out, p)
		}
	}
	for _, path := range g.Orphans {
		msg := "orphan golden file " + path + ", referenced by no scenario"
		if g.Prune != nil {
			msg += "; to delete it, run: " + g.Prune(path)
		}
		out = append(out, goldenProblem{path: path, kind: "orphan", file: path, line: 1, message: msg})
	}
	for _, path := range g.Leftovers {
		msg := "temporary file " + path + " left by an interrupted update"
		if g.Prune != nil {
			msg += "; to remove it, run: " + g.Prune(path)
		}
		out = append(out, goldenProblem{path: path, kind: "leftover", file: path, line: 1, message: msg})
	}
	return out
}

// GoldenCheck is what check found of the golden files, for the reports.
type GoldenCheck struct {
	Log                *goldenfile.Log
	Orphans, Leftovers []string
	// Accept and Prune are the commands that fix a scenario's golden
	// file, or delete a file; nil prints none.
	Accept func(*suite.Scenario) string
	Prune  func(string) string
}

// Write writes every JUnit and GitHub report of the run to its file, or
// to out; check's golden problems are in them when g is not nil.
func (c *CI) Write(out io.Writer, root string, g *GoldenCheck) error {
	if c == nil {
		return nil
	}
	var golden []goldenProblem
	if g != nil {
		golden = c.goldenProblems(g)
	}
	base := reportBase()
	for _, file := range c.junit {
		if err := writeJUnit(file, out, c, golden, root, base); err != nil {
			return fmt.Errorf("--format junit:%s: %v", file, err)
		}
	}
	for _, file := range c.github {
		if err := writeGitHub(file, out, c, golden, root, base); err != nil {
			return fmt.Errorf("--format github:%s: %v", file, err)
		}
	}
	return nil
}

// reportBase is the directory report paths are relative to: the GitHub
// workspace on a runner (the repository root, as annotations need it),
// else the current directory.
func reportBase() string {
	if ws := os.Getenv("GITHUB_WORKSPACE"); ws != "" {
		return ws
	}
	wd, _ := os.Getwd()
	return wd
}

// reportPath spells a suite-relative path for a report: relative to base
// when the suite lies under it, else as the suite's messages spell it.
func reportPath(root, base, rel string) string {
	abs, err := filepath.Abs(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil || base == "" {
		return rel
	}
	if absBase, err := filepath.Abs(base); err == nil {
		if r, err := filepath.Rel(absBase, abs); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(r)
		}
	}
	return rel
}
