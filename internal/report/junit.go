package report

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/cucumber/godog"
)

// The JUnit report is godog's (testsuites named after the suite, a
// testsuite per feature sorted by feature name, a testcase per scenario or
// outline row, "Step <text>: <error>" on the step that failed, an error
// element per skipped, undefined, pending or ambiguous step), with the
// scenario's file and line on each testcase, and under check a testsuite
// "golden files" with a failing testcase per missing, stale or orphan file.

// JUnitSuites is the report's root element.
type JUnitSuites struct {
	XMLName xml.Name `xml:"testsuites"`
	Name    string   `xml:"name,attr"`
	JUnitCounts
	Suites []*JUnitSuite `xml:"testsuite"`
}

// JUnitCounts are the attributes a suite and the suites share.
type JUnitCounts struct {
	Tests    int    `xml:"tests,attr"`
	Skipped  int    `xml:"skipped,attr"`
	Failures int    `xml:"failures,attr"`
	Errors   int    `xml:"errors,attr"`
	Time     string `xml:"time,attr"`
}

// JUnitSuite is one feature's testsuite.
type JUnitSuite struct {
	Name string `xml:"name,attr"`
	JUnitCounts
	Cases []*JUnitCase `xml:"testcase"`
}

// JUnitCase is one scenario, or outline row, or golden-file problem.
type JUnitCase struct {
	Name    string        `xml:"name,attr"`
	Status  string        `xml:"status,attr"`
	Time    string        `xml:"time,attr"`
	File    string        `xml:"file,attr,omitempty"`
	Line    int           `xml:"line,attr,omitempty"`
	Failure *JUnitFailure `xml:"failure,omitempty"`
	// Skipped: a runtime could not run the scenario (never passed there)
	Skipped *JUnitSkipped `xml:"skipped,omitempty"`
	Errors  []*JUnitError `xml:"error"`
	// SystemOut lists the scenario's whole-graph runs, one line per
	// superstep ("2: tools -> agent").
	SystemOut *JUnitOutput `xml:"system-out,omitempty"`
}

// JUnitOutput is a testcase's output, as CDATA: its lines stay lines in
// the file.
type JUnitOutput struct {
	Text string `xml:",cdata"`
}

// JUnitSkipped says why a runtime skipped the testcase.
type JUnitSkipped struct {
	Message string `xml:"message,attr"`
}

// JUnitFailure is the failure of a testcase.
type JUnitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
}

// JUnitError is a step that did not run or has no definition.
type JUnitError struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
}

// GoldenSuiteName names check's testsuite of golden-file problems.
const GoldenSuiteName = "golden files"

// buildJUnit makes the report from the cases that ran and check's
// golden-file problems; paths are relative to base when the suite is under
// it (reportPath).
func buildJUnit(run *Run, golden []GoldenProblem, base string, now time.Time) *JUnitSuites {
	return AssembleJUnit(JUnitEntries(run, base), junitGolden(run.Root, golden, base), now.Sub(run.Start))
}

// JUnitEntry is one testcase of the report before the report groups them
// by feature: the scenario's feature, when it ran, and its testcase, named
// without the " #N" that tells apart the testcases of one name in a
// feature (AssembleJUnit adds it). A shard keeps its entries for report
// merge, which assembles the entries of every shard as one run.
type JUnitEntry struct {
	Feature     string     `json:"feature"` // suite-relative
	FeatureName string     `json:"featureName"`
	Start       time.Time  `json:"start"`
	End         time.Time  `json:"end"`
	Case        *JUnitCase `json:"case"`
}

// JUnitEntries are the run's cases as testcases, in the suite's order.
func JUnitEntries(run *Run, base string) []JUnitEntry {
	names := map[string]string{}
	out := make([]JUnitEntry, 0, len(run.Cases))
	for _, k := range run.Cases {
		name, ok := names[k.Scenario.Feature]
		if !ok {
			name = featureName(run.Root, k.Scenario.Feature)
			names[k.Scenario.Feature] = name
		}
		file := reportPath(run.Root, base, k.Scenario.Feature)
		tc := junitTestcase(k, file)
		if why := k.SkippedOn; why != "" && tc.Status == "passed" {
			// side by side, one runtime ran it alone: skipped on the other
			tc.Status, tc.Skipped = "skipped", &JUnitSkipped{Message: why}
		}
		tc.File, tc.Line = file, k.Pos.Line
		out = append(out, JUnitEntry{Feature: k.Scenario.Feature, FeatureName: name, Start: k.Start, End: k.End, Case: tc})
	}
	return out
}

// junitGolden are check's golden-file problems as testcases.
func junitGolden(root string, golden []GoldenProblem, base string) []*JUnitCase {
	var out []*JUnitCase
	for _, p := range golden {
		out = append(out, &JUnitCase{
			Name: p.Path, Status: "failed", Time: "0",
			File: reportPath(root, base, p.Pos.File), Line: p.Pos.Line,
			Failure: &JUnitFailure{Message: p.Message, Type: p.Kind},
		})
	}
	return out
}

// AssembleJUnit makes the report of the entries (in the suite's order) and
// the golden-file testcases: a testsuite per feature, sorted by feature
// name, a testcase's name numbered when its feature has more than one of
// it; elapsed is the run's time.
func AssembleJUnit(entries []JUnitEntry, golden []*JUnitCase, elapsed time.Duration) *JUnitSuites {
	out := &JUnitSuites{Name: "scenario", JUnitCounts: JUnitCounts{Time: seconds(elapsed)}}
	type feature struct {
		path, name string
		entries    []JUnitEntry
	}
	var features []*feature
	byPath := map[string]*feature{}
	for _, e := range entries {
		f, ok := byPath[e.Feature]
		if !ok {
			f = &feature{path: e.Feature, name: e.FeatureName}
			byPath[f.path] = f
			features = append(features, f)
		}
		f.entries = append(f.entries, e)
	}
	sort.SliceStable(features, func(i, j int) bool { return features[i].name < features[j].name })
	for _, f := range features {
		ts := &JUnitSuite{Name: f.name}
		names := map[string]int{}
		for _, e := range f.entries {
			names[e.Case.Name]++
		}
		seen := map[string]int{}
		var first, last time.Time
		for i, e := range f.entries {
			tc := *e.Case
			if names[tc.Name] > 1 {
				seen[tc.Name]++
				tc.Name += " #" + strconv.Itoa(seen[tc.Name])
			}
			if i == 0 {
				first, last = e.Start, e.Start
			}
			if e.End.After(last) {
				last = e.End
			}
			ts.Tests++
			switch tc.Status {
			case "skipped":
				ts.Skipped++
			case "failed":
				ts.Failures++
			case "undefined", "pending":
				ts.Errors++
			}
			ts.Cases = append(ts.Cases, &tc)
		}
		ts.Time = seconds(last.Sub(first))
		out.add(ts)
	}
	if len(golden) > 0 {
		ts := &JUnitSuite{Name: GoldenSuiteName, JUnitCounts: JUnitCounts{Time: "0"}}
		for _, c := range golden {
			ts.Tests++
			ts.Failures++
			ts.Cases = append(ts.Cases, c)
		}
		out.add(ts)
	}
	return out
}

func (s *JUnitSuites) add(ts *JUnitSuite) {
	s.Suites = append(s.Suites, ts)
	s.Tests += ts.Tests
	s.Skipped += ts.Skipped
	s.Failures += ts.Failures
	s.Errors += ts.Errors
}

// junitTestcase is godog's testcase of one scenario: the last status of its
// steps that says something (passed, failed, undefined, pending,
// ambiguous), the failure of the step that failed; a failure about a
// whole-graph run names the step's file (as the report spells it) and
// line and the superstep, and the runs are listed in system-out.
func junitTestcase(k *Case, file string) *JUnitCase {
	tc := &JUnitCase{Name: k.Name, Time: seconds(k.End.Sub(k.Start))}
	if out := runsSummary(k, file); out != "" {
		tc.SystemOut = &JUnitOutput{Text: out}
	}
	for _, st := range k.outcomes() {
		switch st.status {
		case "passed":
			tc.Status = "passed"
		case "failed":
			tc.Status = "failed"
			tc.Failure = &JUnitFailure{Message: fmt.Sprintf("Step %s: %v", st.step.Text, st.err)}
			if p, ok := placeOf(k, st.step, st.err); ok {
				tc.Failure.Message = fmt.Sprintf("Step %s (%s:%d, %s): %v", st.step.Text, file, st.step.Pos.Line, p, st.err)
			}
		case "ambiguous":
			tc.Status = "ambiguous"
			tc.Errors = append(tc.Errors, &JUnitError{Type: "ambiguous", Message: "Step " + st.step.Text})
		case "skipped":
			if errors.Is(st.err, godog.ErrSkip) && tc.Failure == nil {
				// the step at which a runtime gave the scenario up
				tc.Status, tc.Skipped = "skipped", &JUnitSkipped{Message: "Step " + st.step.Text + ": skipped on this runtime (the run's skip report says why)"}
				continue
			}
			tc.Errors = append(tc.Errors, &JUnitError{Type: "skipped", Message: "Step " + st.step.Text})
		case "undefined":
			tc.Status = "undefined"
			tc.Errors = append(tc.Errors, &JUnitError{Type: "undefined", Message: "Step " + st.step.Text})
		case "pending":
			tc.Status = "pending"
			tc.Errors = append(tc.Errors, &JUnitError{Type: "pending", Message: "Step " + st.step.Text + ": TODO: write pending definition"})
		}
	}
	return tc
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

func encodeJUnit(w io.Writer, s *JUnitSuites) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// writeJUnit writes the report to file, or to out when file is "".
func writeJUnit(file string, out io.Writer, run *Run, golden []GoldenProblem, base string) error {
	return WriteJUnit(file, out, buildJUnit(run, golden, base, time.Now()))
}

// WriteJUnit writes rep to file, or to out when file is "".
func WriteJUnit(file string, out io.Writer, rep *JUnitSuites) error {
	if file == "" {
		return encodeJUnit(out, rep)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := encodeJUnit(f, rep); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
