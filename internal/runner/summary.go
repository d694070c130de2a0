package runner

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/cucumber/godog"
	"github.com/cucumber/godog/colors"
	"github.com/cucumber/godog/formatters"
	"github.com/stateharness/scenario/internal/suite"
)

// godog's pretty and progress formatters run under names of the harness's
// own, which change two things they print:
//   - the closing summary counts a scenario a runtime skipped as skipped,
//     not passed (godog counts a scenario whose steps were skipped as
//     passed, and cannot know of one that ran on one runtime of two);
//   - locations of a run given file.feature:LINE read file.feature:12, not
//     file.feature:LINE:12 (godog keeps the :LINE in the feature's URI).
var summaryFormatters = map[string]string{"pretty": "scenario-pretty", "progress": "scenario-progress"}

func init() {
	godog.Format("scenario-pretty", "godog's pretty, with skipped scenarios counted as such", func(suite string, out io.Writer) formatters.Formatter {
		w := newSummaryWriter(out)
		return &prettySummary{PrettyFmt: godog.NewPrettyFmt(suite, w), summary: newSummary(w)}
	})
	godog.Format("scenario-progress", "godog's progress, with skipped scenarios counted as such", func(suite string, out io.Writer) formatters.Formatter {
		w := newSummaryWriter(out)
		return &progressSummary{ProgressFmt: godog.NewProgressFmt(suite, w), summary: newSummary(w)}
	})
}

// summaryFormats renames godog's pretty and progress in a format list to
// the harness's.
func summaryFormats(format string) string {
	parts := strings.Split(format, ",")
	for i, p := range parts {
		name, file, hasFile := strings.Cut(p, ":")
		if own, ok := summaryFormatters[name]; ok {
			parts[i] = own
			if hasFile {
				parts[i] += ":" + file
			}
		}
	}
	return strings.Join(parts, ",")
}

type prettySummary struct {
	*godog.PrettyFmt
	summary *summary
}

func (f *prettySummary) Feature(doc *godog.GherkinDocument, uri string, content []byte) {
	f.summary.feature(uri)
	f.PrettyFmt.Feature(doc, uri, content)
}

func (f *prettySummary) Skipped(p *godog.Scenario, st *godog.Step, d *formatters.StepDefinition) {
	f.summary.sawSkipped.Store(true)
	f.PrettyFmt.Skipped(p, st, d)
}

func (f *prettySummary) Summary() {
	f.summary.rewrite(f.PrettyFmt.Summary, f.PrettyFmt.Base)
}

type progressSummary struct {
	*godog.ProgressFmt
	summary *summary
}

func (f *progressSummary) Feature(doc *godog.GherkinDocument, uri string, content []byte) {
	f.summary.feature(uri)
	f.ProgressFmt.Feature(doc, uri, content)
}

func (f *progressSummary) Skipped(p *godog.Scenario, st *godog.Step, d *formatters.StepDefinition) {
	f.summary.sawSkipped.Store(true)
	f.ProgressFmt.Skipped(p, st, d)
}

func (f *progressSummary) Summary() {
	f.summary.rewrite(f.ProgressFmt.Summary, f.ProgressFmt.Base)
}

// summary is the part the two formatters share.
type summary struct {
	w          *summaryWriter
	skipped    func(*godog.Scenario) bool
	anySkipped func() bool
	// sawSkipped: godog reported a skipped step; without one, and with no
	// scenario skipped, the summary needs no rewriting
	sawSkipped atomic.Bool
}

// newSummary takes the run's skipped scenarios from the hand-over (the
// run's model: report.Collector.SkippedOn): godog makes this formatter
// before the index formatter, which takes it.
func newSummary(w *summaryWriter) *summary {
	s := &summary{w: w}
	if h := handOver; h != nil && !h.taken {
		s.skipped, s.anySkipped = h.skipped, h.anySkipped
	}
	return s
}

// feature notes a feature godog named file.feature:LINE, whose locations
// the writer puts right.
func (s *summary) feature(uri string) {
	if file, line := suite.SplitLine(uri); line != "" {
		s.w.fix = append(s.w.fix, [2]string{uri + ":", file + ":"})
	}
}

// rewrite runs godog's summary, then puts the count of skipped scenarios
// into its scenarios line.
func (s *summary) rewrite(godogSummary func(), base *godog.BaseFmt) {
	s.w.hold = true
	godogSummary()
	s.w.hold = false
	text := s.w.held.Bytes()
	if line, total, ok := s.line(base); ok {
		head := []byte(fmt.Sprintf("\n%d scenarios (", total))
		if i := bytes.Index(text, head); i >= 0 {
			end := i + 1 + bytes.IndexByte(text[i+1:], '\n')
			if end > i {
				text = append(append(append([]byte{}, text[:i+1]...), line...), text[end:]...)
			}
		}
	}
	s.w.out.Write(text)
}

// line is godog's scenarios line with skipped scenarios counted as such
// (its other parts as godog counts them), and godog's count of scenarios;
// ok is false when no scenario was skipped.
func (s *summary) line(base *godog.BaseFmt) (line string, total int, ok bool) {
	if base == nil || base.Storage == nil {
		return "", 0, false
	}
	if !s.sawSkipped.Load() && (s.skipped == nil || s.anySkipped != nil && !s.anySkipped()) {
		return "", 0, false // nothing skipped: each pickle's results are not read
	}
	var passed, skipped, undefinedSc int
	var failedSt, pendingSt, ambiguousSt, undefinedSt int
	for _, pr := range base.Storage.MustGetPickleResults() {
		total++
		results := base.Storage.MustGetPickleStepResultsByPickleID(pr.PickleID)
		status := godog.StepPassed
		if len(results) == 0 {
			status = godog.StepUndefined
		}
		stepSkipped := false
		for _, sr := range results {
			switch sr.Status {
			case godog.StepFailed:
				status = godog.StepFailed
				failedSt++
			case godog.StepAmbiguous:
				status = godog.StepAmbiguous
				ambiguousSt++
			case godog.StepUndefined:
				status = godog.StepUndefined
				undefinedSt++
			case godog.StepPending:
				status = godog.StepPending
				pendingSt++
			case godog.StepSkipped:
				stepSkipped = true
			}
		}
		switch {
		case status == godog.StepPassed && (stepSkipped || s.skipped != nil && s.skipped(base.Storage.MustGetPickle(pr.PickleID))):
			skipped++
		case status == godog.StepPassed:
			passed++
		case status == godog.StepUndefined:
			undefinedSc++
		}
	}
	if skipped == 0 {
		return "", total, false
	}
	var parts []string
	if passed > 0 {
		parts = append(parts, green(fmt.Sprintf("%d passed", passed)))
	}
	if failedSt > 0 {
		parts = append(parts, red(fmt.Sprintf("%d failed", failedSt)))
	}
	if pendingSt > 0 {
		parts = append(parts, yellow(fmt.Sprintf("%d pending", pendingSt)))
	}
	if ambiguousSt > 0 {
		parts = append(parts, yellow(fmt.Sprintf("%d ambiguous", ambiguousSt)))
	}
	if undefinedSt > 0 || undefinedSc > 0 {
		parts = append(parts, yellow(fmt.Sprintf("%d undefined", undefinedSc)))
	}
	parts = append(parts, cyan(fmt.Sprintf("%d skipped", skipped)))
	return fmt.Sprintf("%d scenarios (%s)", total, strings.Join(parts, ", ")), total, true
}

// summaryWriter is what godog's formatter writes to: locations put right,
// passed on at once, or held while the summary is written.
type summaryWriter struct {
	out  io.Writer
	fix  [][2]string // file.feature:LINE: → file.feature:
	hold bool
	held bytes.Buffer
}

func newSummaryWriter(out io.Writer) *summaryWriter { return &summaryWriter{out: out} }

// location is a feature path with godog's :LINE before a line of its own.
var location = regexp.MustCompile(`\.feature:\d+:\d+`)

func (w *summaryWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(w.fix) > 0 && location.Match(p) {
		for _, f := range w.fix {
			p = bytes.ReplaceAll(p, []byte(f[0]), []byte(f[1]))
		}
	}
	if w.hold {
		w.held.Write(p)
		return n, nil
	}
	if _, err := w.out.Write(p); err != nil {
		return 0, err
	}
	return n, nil
}

var (
	green  = colors.Green
	red    = colors.Red
	yellow = colors.Yellow
	cyan   = colors.Cyan
)
