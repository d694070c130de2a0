package runner

import (
	"context"
	"errors"
	"fmt"
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

// ciFormats are the junit and github formatters of a --format list.
type ciFormats struct {
	junit  []string // files; "" is the run's output
	github []string
}

// splitCIFormats takes junit:FILE and github[:FILE] out of a --format list
// (godog's junit would lack file and line); what is left goes to godog.
// Every file the list names must be one the run can write
// (checkReportFile), so that a bad path is reported as one, before anything
// runs.
func splitCIFormats(list string) (godogFormat string, f ciFormats, err error) {
	var rest []string
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, file, hasFile := strings.Cut(item, ":")
		if hasFile {
			if file == "" {
				return "", f, fmt.Errorf("--format %s: needs a file to write after the colon, like %s:report.xml", item, name)
			}
			if err := checkReportFile(item, file); err != nil {
				return "", f, err
			}
		}
		switch {
		case name == "junit":
			f.junit = append(f.junit, file)
		case name == "github":
			f.github = append(f.github, file)
		default:
			rest = append(rest, item)
		}
	}
	return strings.Join(rest, ","), f, nil
}

// ciReport collects, scenario by scenario, godog's status of each step (its
// hooks) for the JUnit and GitHub reports. A nil *ciReport collects nothing.
type ciReport struct {
	formats ciFormats
	idx     *suite.Index
	start   time.Time

	mu       sync.Mutex
	byPickle map[string]*caseRun
	steps    map[string]stepAt // by pickle step id

	// skipped says why a runtime skipped a scenario ("" when none did)
	skipped func(*suite.Scenario) string
}

// skippedOn says why a runtime skipped the scenario, or "".
func (c *ciReport) skippedOn(sc *suite.Scenario) string {
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

func newCIReport(f ciFormats, idx *suite.Index) *ciReport {
	if len(f.junit) == 0 && len(f.github) == 0 {
		return nil
	}
	return &ciReport{formats: f, idx: idx, start: time.Now(), byPickle: map[string]*caseRun{}, steps: map[string]stepAt{}}
}

func (c *ciReport) before(ctx context.Context, p *godog.Scenario) (context.Context, error) {
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

func (c *ciReport) afterStep(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
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

// after takes a failure of the scenario's hooks (an engine error no step
// asserted, a runtime that would not close): godog gives it to the step
// that failed, else to the last step.
func (c *ciReport) after(ctx context.Context, p *godog.Scenario, err error) (context.Context, error) {
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
func (c *ciReport) runs() []*caseRun {
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
func (c *ciReport) goldenProblems(cfg Config, res *Result) []goldenProblem {
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
		for _, path := range res.Goldens.With(k.status) {
			p := goldenProblem{path: path, kind: k.kind, file: path, line: 1}
			msg := k.kind + " golden file " + path
			if r, st := where(path); r != nil {
				p.file, p.line = r.scenario.Feature, st.line
				msg += ", read by " + r.scenario.Key()
				if cfg.Accept != nil {
					msg += "; " + k.fix + cfg.Accept(r.scenario.Golden())
				}
			}
			p.message = msg
			out = append(out, p)
		}
	}
	for _, path := range res.Orphans {
		msg := "orphan golden file " + path + ", referenced by no scenario"
		if cfg.Prune != nil {
			msg += "; to delete it, run: " + cfg.Prune(path)
		}
		out = append(out, goldenProblem{path: path, kind: "orphan", file: path, line: 1, message: msg})
	}
	for _, path := range res.Leftovers {
		msg := "temporary file " + path + " left by an interrupted update"
		if cfg.Prune != nil {
			msg += "; to remove it, run: " + cfg.Prune(path)
		}
		out = append(out, goldenProblem{path: path, kind: "leftover", file: path, line: 1, message: msg})
	}
	return out
}

// write writes every JUnit and GitHub report of the run; check's golden
// problems are in them when cfg.Check.
func (c *ciReport) write(cfg Config, res *Result) error {
	if c == nil || res.Status == 2 {
		return nil
	}
	var golden []goldenProblem
	if cfg.Check {
		golden = c.goldenProblems(cfg, res)
	}
	base := reportBase()
	for _, file := range c.formats.junit {
		if err := writeJUnit(file, cfg.Output, c, golden, cfg.Root, base); err != nil {
			return fmt.Errorf("--format junit:%s: %v", file, err)
		}
	}
	for _, file := range c.formats.github {
		if err := writeGitHub(file, cfg.Output, c, golden, cfg.Root, base); err != nil {
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
