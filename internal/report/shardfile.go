package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/stateharness/scenario/internal/htmlreport"
)

// A shard of a suite writes what `scenario report merge` needs to write
// the reports of the whole run (--format shard:FILE): every case as its
// JUnit testcase and its HTML scenario, with its place in the whole
// suite's order, and under check what the shard found of the golden
// files. The merge rebuilds the run from the shards' files, as Playwright's
// merge-reports rebuilds its model from blob reports; it never parses a
// report meant for people.

// ShardFormat names the file's format and its version.
const ShardFormat = "scenario-shard/1"

// ShardFile is one shard's part of a run.
type ShardFile struct {
	Format string `json:"format"`
	// Shard is "K/N"; Suite a hash of the names of every scenario of the
	// whole suite, the same in every shard of one suite, and Units their
	// number.
	Shard string `json:"shard"`
	Suite string `json:"suite"`
	Units int    `json:"units"`
	// Title is the HTML page's; Runtimes run the commits.
	Title    string    `json:"title"`
	Runtimes []string  `json:"runtimes"`
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	// Status is godog's: 0 passed, 1 failed.
	Status int         `json:"status"`
	Cases  []ShardCase `json:"cases"`
	// Skips counts the scenarios a runtime skipped, by reason.
	Skips map[string]int `json:"skips,omitempty"`
	// ReportRoot is the suite root as the reports spell paths (relative
	// to where the shard ran, or to the GitHub workspace).
	ReportRoot string      `json:"reportRoot"`
	Check      *ShardCheck `json:"check,omitempty"`
	// Owners are the golden files the shard's scenarios read, each with
	// the scenario's key: one run refuses a file two scenarios read, and
	// so does the merge when they ran in two shards.
	Owners map[string]string `json:"owners,omitempty"`
}

// ShardCase is one case of the shard.
type ShardCase struct {
	// Ordinal is the case's place in the whole suite's order; Key names
	// it ("features/a.feature:12 (example row 2)").
	Ordinal int                 `json:"ordinal"`
	Key     string              `json:"key"`
	JUnit   JUnitEntry          `json:"junit"`
	HTML    htmlreport.Scenario `json:"html"`
}

// ShardCheck is what a shard of scenario check found of the golden files.
type ShardCheck struct {
	// Problems are the missing and stale files the shard's scenarios
	// read, as check's reports name them.
	Problems []ShardProblem `json:"problems,omitempty"`
	// Unused are the golden files of the suite that no scenario of the
	// shard read or may own; a file no shard used is an orphan. Surveyed
	// tells whether the shard could say (it passed, and knew every
	// scenario no runtime ran); Filtered why no shard could (tags,
	// scenario lines), "" when it could.
	Unused    []string `json:"unused,omitempty"`
	Surveyed  bool     `json:"surveyed"`
	Filtered  string   `json:"filtered,omitempty"`
	Leftovers []string `json:"leftovers,omitempty"`
	// Skipped counts the scenarios a runtime skipped; AllowSkips is
	// --allow-skips.
	Skipped    int  `json:"skipped,omitempty"`
	AllowSkips bool `json:"allowSkips,omitempty"`
	// Fix are the commands that fix each kind of problem for the whole
	// suite (empty under go test, whose check names files to remove).
	Fix ShardFixes `json:"fix"`
}

// ShardFixes are check's fix: commands.
type ShardFixes struct {
	Missing, Stale, Orphans, Leftovers string
}

// ShardProblem is a missing or stale golden file.
type ShardProblem struct {
	Path, Kind, Message string
	Pos                 Pos
}

// NewShardFile is the shard file of a run: its cases, each with its place
// in the whole suite (ordinal), and check's problems when g is not nil.
func NewShardFile(run *Run, shard string, suiteHash string, units int, ordinal func(*Case) int, skips map[string]int, g *GoldenCheck) *ShardFile {
	base := reportBase()
	f := &ShardFile{
		Format: ShardFormat, Shard: shard, Suite: suiteHash, Units: units,
		Title: htmlTitle(run.Root), Runtimes: run.Runtimes, Start: run.Start, End: time.Now(),
		Skips: skips, ReportRoot: reportPath(run.Root, base, "."),
	}
	entries := JUnitEntries(run, base)
	for i, k := range run.Cases {
		h := htmlScenario(k)
		if h.Status == htmlreport.Passed && k.SkippedOn != "" {
			h.Status = htmlreport.Skipped
		}
		f.Cases = append(f.Cases, ShardCase{Ordinal: ordinal(k), Key: k.Scenario.Key(), JUnit: entries[i], HTML: h})
	}
	if g != nil {
		f.Check = &ShardCheck{Leftovers: g.Leftovers}
		for _, p := range goldenProblems(run, g) {
			if p.Kind == "missing" || p.Kind == "stale" {
				p.Pos.File = reportPath(run.Root, base, p.Pos.File)
				f.Check.Problems = append(f.Check.Problems, ShardProblem{Path: p.Path, Kind: p.Kind, Message: p.Message, Pos: p.Pos})
			}
		}
	}
	return f
}

// WriteShardFile writes f as JSON to file.
func WriteShardFile(file string, f *ShardFile) error {
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("--format shard:%s: %v", file, err)
	}
	return nil
}

// ReadShardFile reads a file WriteShardFile wrote.
func ReadShardFile(file string) (*ShardFile, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var head struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &head) != nil || head.Format != ShardFormat {
		got := "no format"
		if head.Format != "" {
			got = fmt.Sprintf("format %q", head.Format)
		}
		if err := json.Unmarshal(data, &head); err != nil {
			got = jsonError(file, data, err)
		}
		return nil, fmt.Errorf("%s is not a shard file of this version (expected format %q, got %s): write one with --format shard:FILE", file, ShardFormat, got)
	}
	var f ShardFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s", jsonError(file, data, err))
	}
	if err := f.validate(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return &f, nil
}

// jsonError names the line of a syntax error, or the field of a value of
// the wrong type.
func jsonError(file string, data []byte, err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		line := 1 + bytes.Count(data[:min(int(syntax.Offset), len(data))], []byte("\n"))
		return fmt.Sprintf("%s:%d: %v", file, line, err)
	case errors.As(err, &typ):
		return fmt.Sprintf("%s: %s: expected a %s, got a JSON %s", file, typ.Field, typ.Type, typ.Value)
	}
	return fmt.Sprintf("%s: %v", file, err)
}

// validate refuses what the merge would otherwise trip on: a shard that
// is not K/N, a case without its testcase, a problem of a kind a shard
// does not report.
func (f *ShardFile) validate() error {
	if _, _, err := parseShard(f.Shard); err != nil {
		return err
	}
	for i, c := range f.Cases {
		if c.JUnit.Case == nil {
			return fmt.Errorf("cases[%d].junit.case is missing: expected the case's JUnit testcase", i)
		}
	}
	if f.Check != nil {
		for i, p := range f.Check.Problems {
			if p.Kind != "missing" && p.Kind != "stale" {
				return fmt.Errorf("check.problems[%d].Kind is %q: expected missing or stale", i, p.Kind)
			}
		}
	}
	return nil
}

// parseShard reads the file's "K/N", 1 <= K <= N.
func parseShard(s string) (k, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || k < 1 || k > n {
		return 0, 0, fmt.Errorf("shard %q: expected K/N with 1 <= K <= N", s)
	}
	return k, n, nil
}

// MergedRun is the run the shards made together.
type MergedRun struct {
	Shards []*ShardFile
	Cases  []ShardCase // in the suite's order
	Start  time.Time
	End    time.Time
	Skips  map[string]int
	// Shared are the golden files two scenarios in two shards read, as
	// the error one run gives the second of them.
	Shared []string
}

// Merge checks that the files are the N shards of one suite, each once,
// and puts their cases in the suite's order. names are the files, for
// the errors.
func Merge(names []string, files []*ShardFile) (*MergedRun, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("no shard files given")
	}
	m := &MergedRun{Skips: map[string]int{}}
	var n int
	seen := map[int]string{}
	for i, f := range files {
		k, total, err := parseShard(f.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", names[i], err)
		}
		if i == 0 {
			n = total
		}
		switch {
		case total != n:
			return nil, fmt.Errorf("%s is shard %s, but %s is of %d shards: merge the shards of one run", names[i], f.Shard, names[0], n)
		case f.Suite != files[0].Suite || f.Units != files[0].Units:
			return nil, fmt.Errorf("%s ran another suite than %s (%d scenarios, not %d, or other names): merge the shards of one run", names[i], names[0], f.Units, files[0].Units)
		case seen[k] != "":
			return nil, fmt.Errorf("%s and %s are both shard %d/%d", seen[k], names[i], k, n)
		case (f.Check == nil) != (files[0].Check == nil):
			return nil, fmt.Errorf("%s and %s: one shard ran check and the other did not; merge the shards of one run", names[0], names[i])
		}
		seen[k] = names[i]
		if i == 0 || f.Start.Before(m.Start) {
			m.Start = f.Start
		}
		if f.End.After(m.End) {
			m.End = f.End
		}
		for r, c := range f.Skips {
			m.Skips[r] += c
		}
		m.Cases = append(m.Cases, f.Cases...)
	}
	for k := 1; k <= n; k++ {
		if seen[k] == "" {
			return nil, fmt.Errorf("shard %d/%d is missing: give the files of all %d shards", k, n, n)
		}
	}
	sortCases(m.Cases)
	m.Shards = files
	m.shareGoldens()
	return m, nil
}

// shareGoldens fails each case that read a golden file a case earlier in
// the suite, in another shard, read too: in one run, the second scenario
// to claim a file fails with this error.
func (m *MergedRun) shareGoldens() {
	owners := map[string][]string{} // golden file → the keys of the cases that read it
	for _, f := range m.Shards {
		for p, key := range f.Owners {
			if !slices.Contains(owners[p], key) {
				owners[p] = append(owners[p], key)
			}
		}
	}
	at := map[string]int{} // case index by key
	for i, c := range m.Cases {
		at[c.Key] = i
	}
	paths := make([]string, 0, len(owners))
	for p, keys := range owners {
		if len(keys) > 1 {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, p := range paths {
		keys := owners[p]
		sort.Slice(keys, func(i, j int) bool { return at[keys[i]] < at[keys[j]] })
		for _, later := range keys[1:] {
			i, ok := at[later]
			if !ok {
				continue
			}
			msg := fmt.Sprintf("golden file %s is used by two scenarios, %s and %s; give one of them its own name with `the golden file \"<name>\"`", p, keys[0], later)
			c := &m.Cases[i]
			tc := *c.JUnit.Case
			tc.Status, tc.Skipped, tc.Failure = "failed", nil, &JUnitFailure{Message: msg}
			c.JUnit.Case = &tc
			c.HTML.Status, c.HTML.Failure = htmlreport.Failed, &htmlreport.Failure{Message: msg}
			m.Shared = append(m.Shared, msg)
		}
	}
}

func sortCases(cases []ShardCase) {
	// ordinals are unique within a suite; stable keeps a file's order
	sort.SliceStable(cases, func(i, j int) bool { return cases[i].Ordinal < cases[j].Ordinal })
}

// JUnit is the JUnit report of the merged run: the golden testcases are
// check's, in its order (missing, stale, orphan, leftover).
func (m *MergedRun) JUnit(golden []GoldenProblem) *JUnitSuites {
	entries := make([]JUnitEntry, len(m.Cases))
	for i, c := range m.Cases {
		entries[i] = c.JUnit
	}
	var cases []*JUnitCase
	root := m.Shards[0].ReportRoot
	for _, p := range golden {
		file := p.Pos.File
		if p.Kind == "orphan" || p.Kind == "leftover" {
			file = path.Join(root, file)
		}
		cases = append(cases, &JUnitCase{Name: p.Path, Status: "failed", Time: "0", File: file, Line: p.Pos.Line,
			Failure: &JUnitFailure{Message: p.Message, Type: p.Kind}})
	}
	return AssembleJUnit(entries, cases, m.End.Sub(m.Start))
}

// HTML is the HTML page of the merged run.
func (m *MergedRun) HTML() *htmlreport.Report {
	first := m.Shards[0]
	r := &htmlreport.Report{Title: first.Title, Started: m.Start, Duration: m.End.Sub(m.Start), Runtimes: first.Runtimes}
	for _, c := range m.Cases {
		if n := len(r.Features); n == 0 || r.Features[n-1].Path != c.JUnit.Feature {
			r.Features = append(r.Features, htmlreport.Feature{Path: c.JUnit.Feature, Name: c.JUnit.FeatureName})
		}
		f := &r.Features[len(r.Features)-1]
		f.Scenarios = append(f.Scenarios, c.HTML)
	}
	r.Notes = skipNotes(m.Skips)
	return r
}

// WriteHTMLFile writes the page to file.
func WriteHTMLFile(file string, r *htmlreport.Report) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return htmlreport.WriteFile(file, r)
}
