package runner

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/suite"
	"github.com/stateharness/scenario/steps"
)

// maxFinalState is how much of a scenario's final state the HTML report
// keeps; a larger state is cut, with a note.
const maxFinalState = 256 << 10

// splitHTMLFormat takes the harness's html:FILE formatters out of a
// --format list, which godog does not know; what is left goes to godog.
// Each file must be one the run can write (checkReportFile).
func splitHTMLFormat(list string) (godogFormat string, files []string, err error) {
	var rest []string
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		name, file, _ := strings.Cut(f, ":")
		if name != "html" {
			if f != "" {
				rest = append(rest, f)
			}
			continue
		}
		if file == "" {
			return "", nil, fmt.Errorf("--format html needs a file to write: html:report.html")
		}
		if err := checkReportFile(f, file); err != nil {
			return "", nil, err
		}
		files = append(files, file)
	}
	return strings.Join(rest, ","), files, nil
}

// htmlReport collects what a run did, scenario by scenario, for
// --format html:FILE: godog's status of each step (its hooks) and what each
// step changed (steps.Config.Record). A nil *htmlReport collects nothing.
type htmlReport struct {
	files    []string
	idx      *suite.Index
	runtimes []string
	start    time.Time

	mu         sync.Mutex
	byPickle   map[string]*scenarioRun
	byScenario map[*suite.Scenario]*scenarioRun
	steps      map[string]stepRef // by pickle step id

	// skipped says why a runtime skipped a scenario ("" when none did)
	skipped func(*suite.Scenario) string
}

// scenarioRun is one scenario as it runs. Scenarios may run at once; each
// scenarioRun is written by its own scenario's goroutine only.
type scenarioRun struct {
	out   htmlreport.Scenario
	start time.Time
	// states are the threads' states after their last commit, to diff the
	// next commit with; thread and last are the current thread and its
	// state after the last step. Dropped when the scenario ends.
	states map[string]map[string]any
	thread string
	last   map[string]any
	ended  bool
}

type stepRef struct {
	run *scenarioRun
	i   int
}

func newHTMLReport(files []string, idx *suite.Index, runtime string) *htmlReport {
	if len(files) == 0 {
		return nil
	}
	if runtime == "" {
		runtime = "builtin"
	}
	return &htmlReport{
		files: files, idx: idx, runtimes: strings.Split(runtime, ","), start: time.Now(),
		byPickle: map[string]*scenarioRun{}, byScenario: map[*suite.Scenario]*scenarioRun{}, steps: map[string]stepRef{},
	}
}

// record is steps.Config.Record; nil when there is no report.
func (h *htmlReport) record() func(steps.StepRecord) {
	if h == nil {
		return nil
	}
	return h.add
}

func (h *htmlReport) before(ctx context.Context, p *godog.Scenario) (context.Context, error) {
	info, ok := h.idx.Scenario(p)
	if !ok {
		return ctx, nil
	}
	run := &scenarioRun{start: time.Now(), states: map[string]map[string]any{}}
	run.out = htmlreport.Scenario{Name: info.Name, Line: info.Line, Row: info.Row, Key: info.Pos()}
	if info.Row > 0 {
		run.out.Key += ":" + strconv.Itoa(info.Row)
	}
	for _, t := range p.Tags {
		run.out.Tags = append(run.out.Tags, t.Name)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, st := range p.Steps {
		text, line := st.Text, 0
		if i < len(info.Steps) {
			text, line = info.Steps[i].Text, info.Steps[i].Line
		}
		// a step that never runs stays skipped
		run.out.Steps = append(run.out.Steps, htmlreport.Step{Text: text, Line: line, Status: htmlreport.Skipped})
		h.steps[st.Id] = stepRef{run, i}
	}
	h.byPickle[p.Id] = run
	h.byScenario[info] = run
	return ctx, nil
}

func (h *htmlReport) afterStep(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
	h.mu.Lock()
	ref, ok := h.steps[st.Id]
	h.mu.Unlock()
	if !ok {
		return ctx, nil
	}
	s := &ref.run.out.Steps[ref.i]
	s.Status = htmlreport.Status(status.String())
	if err != nil && status != godog.StepSkipped && !errors.Is(err, godog.ErrSkip) {
		s.Failure = htmlreport.FailureOf(err)
	}
	return ctx, nil
}

// add takes one step's record: its commits as diffs from the state before
// each of them, and the state after it, for the final state.
func (h *htmlReport) add(r steps.StepRecord) {
	h.mu.Lock()
	run, ok := h.byScenario[r.Scenario]
	h.mu.Unlock()
	if !ok || run.ended {
		return
	}
	var s *htmlreport.Step
	for i := range run.out.Steps {
		if run.out.Steps[i].Line == r.Step.Line {
			s = &run.out.Steps[i]
			break
		}
	}
	if s == nil {
		return
	}
	for _, c := range r.Commits {
		s.Commits = append(s.Commits, htmlreport.NewCommit(c, run.states[c.Thread]))
		run.states[c.Thread] = c.State
	}
	if len(r.Events) > 0 {
		s.Events, s.EventsMore = htmlreport.NewEvents(r.Events, len(r.Commits))
	}
	s.Skip = r.Skipped
	if r.Kept != nil {
		s.Kept = htmlreport.FailureOf(r.Kept)
		var ee *engine.Error
		if errors.As(r.Kept, &ee) {
			// the engine's error as the step that asserts it reads it
			s.Kept.Message = ee.Error()
		}
	}
	run.thread, run.last = r.Thread, r.After
}

func (h *htmlReport) after(ctx context.Context, p *godog.Scenario, err error) (context.Context, error) {
	h.mu.Lock()
	run, ok := h.byPickle[p.Id]
	h.mu.Unlock()
	if !ok {
		return ctx, nil
	}
	run.out.DurationMS = float64(time.Since(run.start).Microseconds()) / 1000
	if err != nil && !errors.Is(err, godog.ErrSkip) && !carried(run.out.Steps, err.Error()) {
		// an engine error no step asserted, a hook's failure
		run.out.Failure = htmlreport.FailureOf(err)
	}
	if run.last != nil {
		run.out.FinalThread = run.thread
		if b, err := jsonv.Encode(run.last); err == nil {
			run.out.FinalState = string(b)
			if len(b) > maxFinalState {
				run.out.FinalState = string(b[:maxFinalState]) + fmt.Sprintf("\n… (cut: the state is %d bytes)", len(b))
			}
		}
	}
	run.states, run.last, run.ended = nil, nil, true
	return ctx, nil
}

// carried reports whether a step already shows the failure msg.
func carried(ss []htmlreport.Step, msg string) bool {
	for _, s := range ss {
		if s.Failure != nil && s.Failure.Message == msg {
			return true
		}
	}
	return false
}

// write builds the report from what the run collected, in the suite's
// order, and writes each file.
func (h *htmlReport) write(res *Result) error {
	if h == nil {
		return nil
	}
	r := &htmlreport.Report{Title: "Scenario report", Started: h.start, Duration: time.Since(h.start), Runtimes: h.runtimes}
	if abs, err := filepath.Abs(h.idx.Root); err == nil {
		r.Title += ": " + filepath.Base(abs)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, info := range h.idx.Order {
		run, ok := h.byScenario[info]
		if !ok {
			continue // left out by --tags
		}
		run.out.Status = scenarioStatus(&run.out)
		if run.out.Status == htmlreport.Passed && h.skipped != nil && h.skipped(info) != "" {
			// side by side, one runtime ran it alone: skipped on the other
			run.out.Status = htmlreport.Skipped
		}
		if n := len(r.Features); n == 0 || r.Features[n-1].Path != info.Feature {
			r.Features = append(r.Features, htmlreport.Feature{Path: info.Feature, Name: featureName(h.idx.Root, info.Feature)})
		}
		f := &r.Features[len(r.Features)-1]
		f.Scenarios = append(f.Scenarios, run.out)
	}
	reasons := make([]string, 0, len(res.Skips))
	for reason, n := range res.Skips {
		reasons = append(reasons, fmt.Sprintf("%d× skipped on a runtime: %s", n, reason))
	}
	sort.Strings(reasons)
	r.Notes = reasons
	for _, file := range h.files {
		if err := htmlreport.WriteFile(file, r); err != nil {
			return fmt.Errorf("--format html:%s: %v", file, err)
		}
	}
	return nil
}

// scenarioStatus: failed when a step or the scenario failed (undefined and
// pending steps fail a strict run), skipped when a runtime skipped a step,
// else passed.
func scenarioStatus(s *htmlreport.Scenario) htmlreport.Status {
	if s.Failure != nil {
		return htmlreport.Failed
	}
	status := htmlreport.Passed
	for _, st := range s.Steps {
		switch st.Status {
		case htmlreport.Passed:
		case htmlreport.Skipped:
			status = htmlreport.Skipped
		default:
			return htmlreport.Failed
		}
	}
	return status
}

// featureName reads a feature file's "Feature:" title; "" when there is
// none in English (the page shows the path then).
func featureName(root, feature string) string {
	f, err := os.Open(filepath.Join(root, filepath.FromSlash(feature)))
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\uFEFF")), "Feature:"); ok {
			return strings.TrimSpace(name)
		}
	}
	return ""
}
