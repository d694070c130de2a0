package report

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/internal/goldenfile"
)

// The reports CI reads (docs/reference.md, CLI): junit:FILE and github[:FILE]. The
// harness writes both itself from the run's model, so that a JUnit
// testcase can carry the scenario's file and line and check's golden-file
// problems can stand beside the scenarios.

// CI are the run's JUnit and GitHub reports: the files to write ("" is
// the run's output).
type CI struct {
	JUnit, GitHub []string
}

// GoldenCheck is what check found of the golden files, for the reports.
type GoldenCheck struct {
	Log                *goldenfile.Log
	Orphans, Leftovers []string
	// Accept and Prune are the commands that fix a scenario's golden
	// file, or delete a file; nil prints none.
	Accept func(goldenfile.Scenario) string
	Prune  func(string) string
}

// Write writes every JUnit and GitHub report of the run to its file, or
// to out; check's golden problems are in them when g is not nil.
func (c CI) Write(out io.Writer, run *Run, g *GoldenCheck) error {
	if len(c.JUnit) == 0 && len(c.GitHub) == 0 {
		return nil
	}
	var golden []GoldenProblem
	if g != nil {
		golden = goldenProblems(run, g)
	}
	base := reportBase()
	for _, file := range c.JUnit {
		if err := writeJUnit(file, out, run, golden, base); err != nil {
			return fmt.Errorf("--format junit:%s: %v", file, err)
		}
	}
	for _, file := range c.GitHub {
		if err := writeGitHub(file, out, run, golden, base); err != nil {
			return fmt.Errorf("--format github:%s: %v", file, err)
		}
	}
	return nil
}

// outcome is one step as the CI reports read it: its status, and the
// error of a step that failed, was ambiguous or was skipped by a runtime
// (a hook's failure moves onto a step: see outcomes).
type outcome struct {
	step   *Step
	status Status
	err    error
}

// outcomes are the case's steps as the CI reports read them. A failure of
// the scenario's hooks (an engine error no step asserted, a runtime that
// would not close) is the failing step's, else the last step's, as godog
// gives it.
func (k *Case) outcomes() []outcome {
	out := make([]outcome, len(k.Steps))
	for i := range k.Steps {
		s := &k.Steps[i]
		out[i] = outcome{step: s, status: s.Status}
		if s.Status == Failed || s.Status == Ambiguous || errors.Is(s.Err, godog.ErrSkip) {
			out[i].err = s.Err
		}
	}
	if k.Err == nil || errors.Is(k.Err, godog.ErrSkip) || len(out) == 0 {
		return out
	}
	for i := range out {
		if out[i].status == Failed {
			out[i].err = k.Err
			return out
		}
	}
	if last := &out[len(out)-1]; last.status == Passed {
		last.status, last.err = Failed, k.Err
	}
	return out
}

// failure is the step that failed the case, or nil. Undefined and pending
// steps fail a strict run too.
func failure(steps []outcome) *outcome {
	for i := range steps {
		switch steps[i].status {
		case Failed, Undefined, Pending, Ambiguous:
			return &steps[i]
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
