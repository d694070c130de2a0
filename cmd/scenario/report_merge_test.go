package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	reports "github.com/stateharness/scenario/internal/report"
)

// mergeReport is a JUnit report as the merge test compares it.
type mergeReport struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Skipped  int `xml:"skipped,attr"`
	Errors   int `xml:"errors,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Skipped  int    `xml:"skipped,attr"`
		Cases    []struct {
			Name   string `xml:"name,attr"`
			Status string `xml:"status,attr"`
			File   string `xml:"file,attr"`
			Line   int    `xml:"line,attr"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func readMergeReport(t *testing.T, file string) mergeReport {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rep mergeReport
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return rep
}

// testcases lists the report's testcases in order, as one line each.
func (r mergeReport) testcases() []string {
	var out []string
	for _, s := range r.Suites {
		for _, c := range s.Cases {
			out = append(out, fmt.Sprintf("%s | %s | %s:%d | %s", s.Name, c.Name, c.File, c.Line, c.Status))
		}
	}
	return out
}

// clearShardVariables keeps the CI's own shard variables, if any, out of
// a test's runs.
func clearShardVariables(t *testing.T) {
	for _, v := range []string{"TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE",
		"CIRCLE_NODE_TOTAL", "CIRCLE_NODE_INDEX", "BUILDKITE_PARALLEL_JOB_COUNT", "BUILDKITE_PARALLEL_JOB", "CI_NODE_TOTAL", "CI_NODE_INDEX"} {
		t.Setenv(v, "")
	}
}

// TestMergedShardsReportAsTheWholeRun runs this repository's features in
// three shards and merges them: the same testcases, in the same order,
// with the same totals and the same HTML scenarios as one run of the
// whole suite.
func TestMergedShardsReportAsTheWholeRun(t *testing.T) {
	clearShardVariables(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	whole := filepath.Join(out, "whole.xml")
	r := runCLI(t, "check", "--root", root, "--no-color", "--allow-skips", "--format", "junit:"+whole+",html:"+filepath.Join(out, "whole.html"))
	wantCode(t, r, exitPassed)
	var parts []string
	for k := 1; k <= 3; k++ {
		part := filepath.Join(out, fmt.Sprintf("shard-%d.json", k))
		r := runCLI(t, "check", "--root", root, "--no-color", "--allow-skips", "--shard", fmt.Sprintf("%d/3", k), "--format", "shard:"+part)
		wantCode(t, r, exitPassed)
		wantContains(t, r, fmt.Sprintf("shard %d/3 (--shard)", k))
		parts = append(parts, part)
	}
	merged := filepath.Join(out, "merged.xml")
	// in any order
	r = runCLI(t, append([]string{"report", "merge", "--format", "junit:" + merged + ",html:" + filepath.Join(out, "merged.html")}, parts[2], parts[0], parts[1])...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "merged 3 shards", "no golden file is an orphan")
	a, b := readMergeReport(t, whole), readMergeReport(t, merged)
	if a.Tests < 100 {
		t.Fatalf("the whole run has %d testcases, want the bundled suite's hundreds", a.Tests)
	}
	if !slices.Equal(a.testcases(), b.testcases()) {
		t.Errorf("the merged testcases differ from the whole run's:\nwhole  %d: %.1000v\nmerged %d: %.1000v", len(a.testcases()), a.testcases(), len(b.testcases()), b.testcases())
	}
	if a.Tests != b.Tests || a.Failures != b.Failures || a.Skipped != b.Skipped || a.Errors != b.Errors {
		t.Errorf("totals: whole %d tests %d failures %d skipped %d errors, merged %d %d %d %d",
			a.Tests, a.Failures, a.Skipped, a.Errors, b.Tests, b.Failures, b.Skipped, b.Errors)
	}
	for i := range min(len(a.Suites), len(b.Suites)) {
		if x, y := a.Suites[i], b.Suites[i]; x.Name != y.Name || x.Tests != y.Tests || x.Failures != y.Failures || x.Skipped != y.Skipped {
			t.Errorf("testsuite %d: whole %s %d/%d/%d, merged %s %d/%d/%d", i, x.Name, x.Tests, x.Failures, x.Skipped, y.Name, y.Tests, y.Failures, y.Skipped)
		}
	}
	if wh, mh := htmlScenarios(t, filepath.Join(out, "whole.html")), htmlScenarios(t, filepath.Join(out, "merged.html")); !slices.Equal(wh, mh) {
		t.Errorf("the merged HTML page lists other scenarios than the whole run's (%d, want %d)", len(mh), len(wh))
	}
}

// htmlScenarios are the keys and statuses of the scenarios an HTML page
// holds, in order.
func htmlScenarios(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	s := string(data)
	for {
		i := strings.Index(s, `"key":"`)
		if i < 0 {
			return out
		}
		s = s[i+len(`"key":"`):]
		key := s[:strings.IndexByte(s, '"')]
		j := strings.Index(s, `"status":"`)
		s = s[j+len(`"status":"`):]
		out = append(out, key+" "+s[:strings.IndexByte(s, '"')])
	}
}

// TestMergeFindsTheOrphansNoShardCanSee: a golden file no scenario reads
// is an orphan only over all the shards; every golden file some shard
// reads is not.
func TestMergeFindsTheOrphansNoShardCanSee(t *testing.T) {
	clearShardVariables(t)
	dir := ciSuite(t)
	writeFiles(t, dir, map[string]string{"golden/alpha/gone.json": "{}\n"})
	out := t.TempDir()
	var parts []string
	for k := 1; k <= 3; k++ {
		part := filepath.Join(out, fmt.Sprintf("s%d.json", k))
		r := runCLI(t, "check", "--root", dir, "--no-color", "--shard", fmt.Sprintf("%d/3", k), "--format", "progress,shard:"+part)
		wantCode(t, r, exitPassed)
		if strings.Contains(r.all(), "gone.json") {
			t.Errorf("shard %d/3 alone named the orphan:\n%s", k, r.all())
		}
		parts = append(parts, part)
	}
	junit := filepath.Join(out, "merged.xml")
	r := runCLI(t, append([]string{"report", "merge", "--format", "junit:" + junit}, parts...)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "orphan golden files, referenced by no scenario (1):", "golden/alpha/gone.json", "fix: ", " prune --root "+quote(dir))
	if strings.Contains(r.out, "--shard") {
		t.Errorf("the merged verdict's fix names a shard:\n%s", r.out)
	}
	if got := strings.Count(r.out, "golden/"); got != 1 {
		t.Errorf("the merged verdict names %d golden files, want the one orphan:\n%s", got, r.out)
	}
	rep := readMergeReport(t, junit)
	last := rep.Suites[len(rep.Suites)-1]
	if last.Name != "golden files" || len(last.Cases) != 1 || last.Cases[0].Name != "golden/alpha/gone.json" {
		t.Errorf("the merged JUnit report's last testsuite is %q with %d testcases, want golden files with the orphan", last.Name, len(last.Cases))
	}
	// the unsharded check says the same
	r = runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "orphan golden files, referenced by no scenario (1):", "golden/alpha/gone.json")

	// the orphan deleted, the merge is clean
	if err := os.Remove(filepath.Join(dir, "golden", "alpha", "gone.json")); err != nil {
		t.Fatal(err)
	}
	for k, part := range parts {
		wantCode(t, runCLI(t, "check", "--root", dir, "--no-color", "--shard", fmt.Sprintf("%d/3", k+1), "--format", "shard:"+part), exitPassed)
	}
	r = runCLI(t, append([]string{"report", "merge"}, parts...)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "check: all scenarios pass and every golden file is current")
}

func TestMergeRefusesAnIncompleteSetOfShards(t *testing.T) {
	clearShardVariables(t)
	dir := ciSuite(t)
	out := t.TempDir()
	var parts []string
	for k := 1; k <= 3; k++ {
		part := filepath.Join(out, fmt.Sprintf("s%d.json", k))
		wantCode(t, runCLI(t, "--root", dir, "--no-color", "--shard", fmt.Sprintf("%d/3", k), "--format", "shard:"+part), exitPassed)
		parts = append(parts, part)
	}
	r := runCLI(t, "report", "merge", parts[0], parts[2])
	wantCode(t, r, exitLoad)
	wantContains(t, r, "shard 2/3 is missing")
	r = runCLI(t, "report", "merge", parts[0], parts[0], parts[1], parts[2])
	wantCode(t, r, exitLoad)
	wantContains(t, r, "are both shard 1/3")
	bad := filepath.Join(out, "bad.json")
	writeFiles(t, out, map[string]string{"bad.json": "{}"})
	r = runCLI(t, "report", "merge", bad)
	wantCode(t, r, exitLoad)
	wantContains(t, r, bad, "--format shard:FILE")
}

// TestCLIShardsFromCIVariables: without --shard, each CI's variables pick
// the shard (GitLab counting from 1, the others from 0), the run says
// which, and the shards cover the suite once; --shard wins over them.
func TestCLIShardsFromCIVariables(t *testing.T) {
	dir := ciSuite(t)
	for _, c := range []struct{ name, total, index string }{
		{"Bazel", "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX"},
		{"CircleCI", "CIRCLE_NODE_TOTAL", "CIRCLE_NODE_INDEX"},
		{"Buildkite", "BUILDKITE_PARALLEL_JOB_COUNT", "BUILDKITE_PARALLEL_JOB"},
		{"GitLab", "CI_NODE_TOTAL", "CI_NODE_INDEX"},
	} {
		t.Run(c.name, func(t *testing.T) {
			clearShardVariables(t)
			base := 0
			if c.name == "GitLab" {
				base = 1
			}
			seen := map[string]int{}
			for i := base; i < base+3; i++ {
				t.Setenv(c.total, "3")
				t.Setenv(c.index, fmt.Sprint(i))
				report := filepath.Join(t.TempDir(), "s.xml")
				r := runCLI(t, "--root", dir, "--no-color", "--format", "progress,junit:"+report)
				wantCode(t, r, exitPassed)
				wantContains(t, r, fmt.Sprintf("shard %d/3 (%s: %s=%d %s=3)", i-base+1, c.name, c.index, i, c.total))
				for _, s := range readMergeReport(t, report).Suites {
					for _, tc := range s.Cases {
						seen[tc.Name]++
					}
				}
			}
			if len(seen) != 9 {
				t.Errorf("the shards ran %d scenarios, want 9", len(seen))
			}
			for n, k := range seen {
				if k != 1 {
					t.Errorf("%s ran in %d shards", n, k)
				}
			}
			r := runCLI(t, "--root", dir, "--no-color", "--shard", "1/1", "--format", "progress")
			wantCode(t, r, exitPassed)
			if strings.Contains(r.out, c.name) {
				t.Errorf("--shard 1/1 did not win over %s's variables:\n%s", c.name, r.out)
			}
			t.Setenv(c.index, "7")
			r = runCLI(t, "--root", dir, "--no-color")
			wantCode(t, r, exitLoad)
			wantContains(t, r, c.index, `"7"`)
		})
	}
}

func TestShardTimingsBalanceByAnEarlierReport(t *testing.T) {
	clearShardVariables(t)
	dir := ciSuite(t)
	timings := filepath.Join(t.TempDir(), "timings.xml")
	wantCode(t, runCLI(t, "--root", dir, "--no-color", "--format", "junit:"+timings), exitPassed)
	seen := map[string]int{}
	for k := 1; k <= 2; k++ {
		report := filepath.Join(t.TempDir(), "s.xml")
		r := runCLI(t, "--root", dir, "--no-color", "--shard", fmt.Sprintf("%d/2", k), "--shard-timings", timings, "--format", "progress,junit:"+report)
		wantCode(t, r, exitPassed)
		wantContains(t, r, "split by time from "+timings+", 9 of 9 scenarios timed")
		for _, s := range readMergeReport(t, report).Suites {
			for _, tc := range s.Cases {
				seen[tc.Name]++
			}
		}
	}
	if len(seen) != 9 {
		t.Errorf("the shards ran %d scenarios, want 9", len(seen))
	}
	r := runCLI(t, "--root", dir, "--no-color", "--shard", "1/2", "--shard-timings", filepath.Join(dir, "nope.xml"))
	wantCode(t, r, exitLoad)
	wantContains(t, r, "--shard-timings", "nope.xml")
}

// TestMergeFailsAGoldenFileTwoShardsRead: one run refuses a golden file
// that two scenarios read; so does the merge when the two ran in two
// shards, each of which passed alone.
func TestMergeFailsAGoldenFileTwoShardsRead(t *testing.T) {
	clearShardVariables(t)
	scenarioOf := func(name string) string {
		return `
  Scenario: ` + name + `
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": 1}
      """
    Then the state should match the golden file "shared"
`
	}
	dir := newSuite(t, map[string]string{"features/a.feature": "Feature: a\n" + scenarioOf("first") + scenarioOf("second")})
	out := t.TempDir()
	var parts []string
	for k := 1; k <= 2; k++ {
		part := filepath.Join(out, fmt.Sprintf("s%d.json", k))
		wantCode(t, runCLI(t, "update", "--root", dir, "--no-color", "--shard", fmt.Sprintf("%d/2", k)), exitPassed)
		r := runCLI(t, "check", "--root", dir, "--no-color", "--shard", fmt.Sprintf("%d/2", k), "--format", "progress,shard:"+part)
		wantCode(t, r, exitPassed)
		wantContains(t, r, fmt.Sprintf("shard %d/2 (--shard): 1 of 2 scenarios", k))
		parts = append(parts, part)
	}
	junit := filepath.Join(out, "merged.xml")
	r := runCLI(t, "report", "merge", "--format", "junit:"+junit, parts[0], parts[1])
	wantCode(t, r, exitFailed)
	wantContains(t, r, "golden file golden/a/shared.json is used by two scenarios, features/a.feature:3 and features/a.feature:13", "orphan golden files were not checked: scenarios failed")
	if rep := readMergeReport(t, junit); rep.Failures != 1 {
		t.Errorf("the merged report has %d failures, want the second scenario's", rep.Failures)
	}
	// one run says the same
	r = runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "golden file golden/a/shared.json is used by two scenarios")
}

// TestMergeTakesAllowSkips: report merge --allow-skips accepts the
// scenarios the shards' runtimes skipped, as its verdict says to give it,
// when the shards ran check without it.
func TestMergeTakesAllowSkips(t *testing.T) {
	dir := t.TempDir()
	part := filepath.Join(dir, "shard-1.json")
	data, err := json.Marshal(&reports.ShardFile{Format: reports.ShardFormat, Shard: "1/1", Suite: "s",
		Check: &reports.ShardCheck{Surveyed: true, Skipped: 2}})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"shard-1.json": string(data)})
	r := runCLI(t, "report", "merge", part)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "give --allow-skips to accept that")
	r = runCLI(t, "report", "merge", "--allow-skips", part)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "allowed by --allow-skips")
}

// TestReportRefusesAnUnknownSubcommand: a misspelt subcommand (report
// merg) fails with exit 2 naming merge, where it printed help and passed
// a CI job that merged nothing.
func TestReportRefusesAnUnknownSubcommand(t *testing.T) {
	r := runCLI(t, "report", "merg", "shard-1.json")
	wantCode(t, r, exitLoad)
	wantContains(t, r, `"merg"`, "report merge")
}

// TestMergeRefusesTheRunsFlags: a run's flag given to the merge (--tags,
// --runtime) would change nothing it writes; it is refused, naming the
// flag, where it was ignored as if it had filtered the merged report.
func TestMergeRefusesTheRunsFlags(t *testing.T) {
	r := runCLI(t, "report", "merge", "--tags", "@slow", "--runtime", "langgraph-js", "shard-1.json")
	wantCode(t, r, exitLoad)
	wantContains(t, r, "--tags, --runtime chooses what a shard runs", "give it to the shards' runs")
}
