package report

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/htmlreport"
)

// WriteHTML writes the run as the page of --format html:FILE to each file,
// with the run's skip reasons and their counts under the summary.
func WriteHTML(files []string, run *Run, skips map[string]int) error {
	if len(files) == 0 {
		return nil
	}
	r := HTML(run, skips)
	for _, file := range files {
		if err := htmlreport.WriteFile(file, r); err != nil {
			return fmt.Errorf("--format html:%s: %v", file, err)
		}
	}
	return nil
}

// HTML is the page's data of the run: its cases by feature, in the suite's
// order.
func HTML(run *Run, skips map[string]int) *htmlreport.Report {
	r := &htmlreport.Report{Title: htmlTitle(run.Root), Started: run.Start, Duration: time.Since(run.Start), Runtimes: run.Runtimes}
	for _, k := range run.Cases {
		out := htmlScenario(k)
		if out.Status == htmlreport.Passed && k.SkippedOn != "" {
			// side by side, one runtime ran it alone: skipped on the other
			out.Status = htmlreport.Skipped
		}
		if n := len(r.Features); n == 0 || r.Features[n-1].Path != k.Scenario.Feature {
			r.Features = append(r.Features, htmlreport.Feature{Path: k.Scenario.Feature, Name: featureName(run.Root, k.Scenario.Feature)})
		}
		f := &r.Features[len(r.Features)-1]
		f.Scenarios = append(f.Scenarios, out)
	}
	r.Notes = skipNotes(skips)
	return r
}

// skipNotes are the page's notes of the skip reasons and their counts.
func skipNotes(skips map[string]int) []string {
	reasons := make([]string, 0, len(skips))
	for reason, n := range skips {
		reasons = append(reasons, fmt.Sprintf("%d× skipped on a runtime: %s", n, reason))
	}
	sort.Strings(reasons)
	return reasons
}

// htmlTitle is the page's title: the suite root's directory name.
func htmlTitle(root string) string {
	if abs, err := filepath.Abs(root); err == nil {
		return "Scenario report: " + filepath.Base(abs)
	}
	return "Scenario report"
}

// htmlScenario is a case as the page shows it.
func htmlScenario(k *Case) htmlreport.Scenario {
	info := k.Scenario
	out := htmlreport.Scenario{Name: info.Name, Line: info.Line, Row: info.Row, Key: info.Pos(), Tags: k.Tags}
	if info.Row > 0 {
		out.Key += ":" + strconv.Itoa(info.Row)
	}
	if k.ended {
		out.DurationMS = float64(k.End.Sub(k.Start).Microseconds()) / 1000
	}
	for _, s := range k.Steps {
		st := htmlreport.Step{Text: s.Text, Line: s.Pos.Line, Status: htmlreport.Status(s.Status),
			Commits: s.Commits, Events: s.Events, EventsMore: s.EventsMore, Skip: s.Skip,
			Supersteps: s.Shown, SuperstepsMore: s.ShownMore}
		if s.Status == NotRun {
			// a step that never runs stays skipped
			st.Status = htmlreport.Skipped
		}
		if s.Err != nil && s.Status != Skipped && !errors.Is(s.Err, godog.ErrSkip) {
			st.Failure = htmlreport.FailureOf(s.Err)
		}
		if s.Kept != nil {
			st.Kept = htmlreport.FailureOf(s.Kept)
			var ee *engine.Error
			if errors.As(s.Kept, &ee) {
				// the engine's error as the step that asserts it reads it
				st.Kept.Message = ee.Error()
			}
		}
		out.Steps = append(out.Steps, st)
	}
	if err := k.Err; err != nil && !errors.Is(err, godog.ErrSkip) && !carried(out.Steps, err.Error()) {
		// an engine error no step asserted, a hook's failure
		out.Failure = htmlreport.FailureOf(err)
	}
	out.FinalThread, out.FinalState = k.FinalThread, k.FinalState
	out.Status = scenarioStatus(&out)
	return out
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
