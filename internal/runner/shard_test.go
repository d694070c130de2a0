package runner

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/report"
	"github.com/stateharness/scenario/internal/suite"
)

// shardFeature is a feature of plain scenarios and Scenario Outlines:
// plain scenarios, then outlines of rows rows each.
func shardFeature(name string, plain int, rows []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Feature: %s\n", name)
	for i := 1; i <= plain; i++ {
		fmt.Fprintf(&b, `
  Scenario: %s %d
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": %d}
      """
    Then field "n" should equal %d
`, name, i, i, i)
	}
	for o, r := range rows {
		fmt.Fprintf(&b, `
  Scenario Outline: %s outline %d takes <n>
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": <n>}
      """
    Then field "n" should equal <n>

    Examples:
      | n |
`, name, o+1)
		for i := 1; i <= r; i++ {
			fmt.Fprintf(&b, "      | %d |\n", i)
		}
	}
	return b.String()
}

// writeShardSuite writes a suite of about n scenarios, half of them rows
// of outlines of 5 to 60 rows, and returns its root.
func writeShardSuite(t testing.TB, n int) string {
	t.Helper()
	dir := t.TempDir()
	total := 0
	for f := 0; total < n; f++ {
		plain := 5 + f%11
		var rows []int
		if f%2 == 0 {
			rows = []int{5 + (f*7)%56, 3 + f%5}
		}
		total += plain
		for _, r := range rows {
			total += r
		}
		path := filepath.Join(dir, "features", fmt.Sprintf("area%d", f%4), fmt.Sprintf("f%03d.feature", f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(shardFeature(fmt.Sprintf("f%d", f), plain, rows)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func loadUnits(t testing.TB, root string) []ShardUnit {
	t.Helper()
	idx, err := suite.Load(root, suite.Layout{Features: "features", Golden: "golden"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ShardUnits(idx.Order)
}

// imbalance is the largest shard's size over the mean.
func imbalance(sizes []float64) float64 {
	var sum, most float64
	for _, s := range sizes {
		sum += s
		most = max(most, s)
	}
	return most / (sum / float64(len(sizes)))
}

func TestSplitByCountBalancesOutlineRows(t *testing.T) {
	units := loadUnits(t, writeShardSuite(t, 2000))
	if len(units) < 2000 {
		t.Fatalf("the suite has %d scenarios, want 2000 or more", len(units))
	}
	rows := 0
	for _, u := range units {
		if u.Scenario.Row > 0 {
			rows++
		}
	}
	if rows < len(units)/3 {
		t.Fatalf("%d of %d scenarios are outline rows, want a third or more", rows, len(units))
	}
	for n := 2; n <= 8; n++ {
		parts := SplitByCount(units, n)
		sizes := make([]float64, n)
		for i, p := range parts {
			sizes[i] = float64(len(p))
		}
		if r := imbalance(sizes); r > 1.15 {
			t.Errorf("%d shards of %d scenarios: the largest is %.3fx the mean, want at most 1.15x", n, len(units), r)
		}
		wantPartition(t, fmt.Sprintf("%d shards", n), parts, len(units))
	}
}

// wantPartition fails unless every unit index below total is in exactly
// one part.
func wantPartition(t *testing.T, what string, parts [][]int, total int) {
	t.Helper()
	seen := make([]int, total)
	for _, p := range parts {
		for _, i := range p {
			seen[i]++
		}
	}
	for i, c := range seen {
		if c != 1 {
			t.Errorf("%s: scenario %d is in %d shards, want exactly one", what, i, c)
		}
	}
}

func TestSplitDoesNotDependOnTheOrderFilesAreFound(t *testing.T) {
	units := loadUnits(t, writeShardSuite(t, 300))
	shardOf := func(us []ShardUnit) map[string]int {
		out := map[string]int{}
		for s, p := range SplitByCount(us, 5) {
			for _, i := range p {
				out[us[i].Feature+"\x00"+us[i].Name] = s
			}
		}
		return out
	}
	want := shardOf(units)
	reversed := slices.Clone(units)
	slices.Reverse(reversed)
	if got := shardOf(reversed); !mapsEqual(got, want) {
		t.Error("the split changed when the scenarios came in another order")
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestAddingAScenarioMovesFewOthers(t *testing.T) {
	dir := writeShardSuite(t, 500)
	before := loadUnits(t, dir)
	extra := filepath.Join(dir, "features", "area1", "zz.feature")
	if err := os.WriteFile(extra, []byte(shardFeature("added", 1, nil)), 0o644); err != nil {
		t.Fatal(err)
	}
	after := loadUnits(t, dir)
	for n := 2; n <= 8; n++ {
		shardOf := func(us []ShardUnit) map[string]int {
			out := map[string]int{}
			for s, p := range SplitByCount(us, n) {
				for _, i := range p {
					out[us[i].Feature+"\x00"+us[i].Name] = s
				}
			}
			return out
		}
		a, b := shardOf(before), shardOf(after)
		moved := 0
		for k, s := range a {
			if b[k] != s {
				moved++
			}
		}
		// one unit across each of the n-1 cuts at most
		if moved > n-1 {
			t.Errorf("%d shards: adding one scenario moved %d others, want at most %d", n, moved, n-1)
		}
	}
}

func TestSplitByTimeBalancesDurations(t *testing.T) {
	units := loadUnits(t, writeShardSuite(t, 2000))
	// durations spread over two orders of magnitude, outline rows slower
	sec := make([]float64, len(units))
	for i, u := range units {
		sec[i] = 0.01 * float64(1+int(u.hash%100))
		if u.Scenario.Row > 0 {
			sec[i] *= 3
		}
	}
	for n := 2; n <= 8; n++ {
		parts := SplitByTime(units, sec, n)
		wantPartition(t, fmt.Sprintf("%d shards by time", n), parts, len(units))
		load := make([]float64, n)
		for s, p := range parts {
			for _, i := range p {
				load[s] += sec[i]
			}
		}
		if r := imbalance(load); r > 1.05 {
			t.Errorf("%d shards by time: the longest takes %.3fx the mean, want at most 1.05x", n, r)
		}
		// by count, the same durations balance worse: the split by time
		// is what does it
		count := SplitByCount(units, n)
		cload := make([]float64, n)
		for s, p := range count {
			for _, i := range p {
				cload[s] += sec[i]
			}
		}
		if imbalance(load) > imbalance(cload) {
			t.Errorf("%d shards: by time %.3fx, worse than by count %.3fx", n, imbalance(load), imbalance(cload))
		}
	}
	if !slices.EqualFunc(SplitByTime(units, sec, 4), SplitByTime(units, sec, 4), slices.Equal) {
		t.Error("the split by time is not the same twice")
	}
}

func TestTimingsFromAJUnitReport(t *testing.T) {
	units := []ShardUnit{
		{Feature: "features/a.feature", Name: "one"},
		{Feature: "features/a.feature", Name: "two #1"},
		{Feature: "features/b.feature", Name: "one"},
		{Feature: "features/b.feature", Name: "new"},
	}
	rep := &report.JUnitSuites{Suites: []*report.JUnitSuite{
		{Name: "A", Cases: []*report.JUnitCase{
			{Name: "one", Time: "3", File: "suite/features/a.feature"},
			{Name: "two #1", Time: "5", File: "suite/features/a.feature"},
		}},
		{Name: "B", Cases: []*report.JUnitCase{{Name: "one", Time: "1", File: "features/b.feature"}}},
		{Name: report.GoldenSuiteName, Cases: []*report.JUnitCase{{Name: "golden/x.json", Time: "0"}}},
	}}
	file := filepath.Join(t.TempDir(), "junit.xml")
	data, err := xml.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tm, err := ReadTimings(file)
	if err != nil {
		t.Fatal(err)
	}
	sec, found := tm.For(units)
	// "new" is not in the report: the median of 3, 5 and 1
	if want := []float64{3, 5, 1, 3}; !slices.Equal(sec, want) || found != 3 {
		t.Errorf("times = %v (%d found), want %v (3 found)", sec, found, want)
	}
	if err := os.WriteFile(file, []byte("not xml"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadTimings(file); err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("a file that is not JUnit: err = %v, want one naming the file", err)
	}
}

// conventions are the CI variables with how each counts its jobs.
var conventions = []struct {
	name, total, index string
	base               int
}{
	{"Bazel", "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", 0},
	{"CircleCI", "CIRCLE_NODE_TOTAL", "CIRCLE_NODE_INDEX", 0},
	{"Buildkite", "BUILDKITE_PARALLEL_JOB_COUNT", "BUILDKITE_PARALLEL_JOB", 0},
	{"GitLab", "CI_NODE_TOTAL", "CI_NODE_INDEX", 1},
}

func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestEveryConventionPartitionsTheSuite(t *testing.T) {
	units := loadUnits(t, writeShardSuite(t, 400))
	for _, c := range conventions {
		for n := 1; n <= 8; n++ {
			var parts [][]int
			for i := c.base; i < c.base+n; i++ {
				sh, err := ResolveShard("", "--shard", envOf(map[string]string{c.total: fmt.Sprint(n), c.index: fmt.Sprint(i)}))
				if err != nil {
					t.Fatalf("%s %d of %d: %v", c.name, i, n, err)
				}
				if sh.K != i-c.base+1 || sh.N != n || (n > 1 && !strings.Contains(sh.From, c.name)) {
					t.Fatalf("%s=%d %s=%d: shard %s from %q, want %d/%d from %s", c.index, i, c.total, n, sh, sh.From, i-c.base+1, n, c.name)
				}
				if !sh.Active() {
					parts = append(parts, indexes(len(units)))
					continue
				}
				plan := planShard(units, sh, nil)
				var part []int
				for j, u := range units {
					if plan.keep[u.Scenario] {
						part = append(part, j)
					}
				}
				parts = append(parts, part)
			}
			wantPartition(t, fmt.Sprintf("%s, %d shards", c.name, n), parts, len(units))
		}
	}
}

func indexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func TestShardVariablesThatAreWrong(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want []string // in the error
	}{
		{map[string]string{"TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"}, []string{"TEST_SHARD_INDEX", `"3"`, "0 to 2"}},
		{map[string]string{"CIRCLE_NODE_TOTAL": "two", "CIRCLE_NODE_INDEX": "0"}, []string{"CIRCLE_NODE_TOTAL", `"two"`}},
		{map[string]string{"BUILDKITE_PARALLEL_JOB_COUNT": "4", "BUILDKITE_PARALLEL_JOB": "-1"}, []string{"BUILDKITE_PARALLEL_JOB", `"-1"`, "0 to 3"}},
		{map[string]string{"CI_NODE_TOTAL": "4", "CI_NODE_INDEX": "0"}, []string{"CI_NODE_INDEX", `"0"`, "1 to 4"}},
		{map[string]string{"CI_NODE_TOTAL": "4"}, []string{"CI_NODE_INDEX", "not set"}},
		{map[string]string{"TEST_TOTAL_SHARDS": "0", "TEST_SHARD_INDEX": "0"}, []string{"TEST_TOTAL_SHARDS", `"0"`}},
	} {
		_, err := ResolveShard("", "--shard", envOf(tc.env))
		if err == nil {
			t.Errorf("%v: no error", tc.env)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: error %q does not say %q", tc.env, err, w)
			}
		}
	}
}

func TestExplicitShardWinsAndLoneTotalsAreTheWholeSuite(t *testing.T) {
	env := envOf(map[string]string{"CIRCLE_NODE_TOTAL": "4", "CIRCLE_NODE_INDEX": "3", "TEST_SHARD_STATUS_FILE": "/x"})
	sh, err := ResolveShard("1/2", "--shard", env)
	if err != nil || sh.String() != "1/2" || sh.From != "--shard" {
		t.Errorf("--shard 1/2 beside CircleCI's variables: %s from %q (%v), want 1/2 from --shard", sh, sh.From, err)
	}
	if _, err := ResolveShard("3/2", "Options.Shard", env); err == nil || !strings.Contains(err.Error(), "Options.Shard") {
		t.Errorf("a bad Options.Shard: err = %v, want one naming Options.Shard", err)
	}
	// GitLab sets CI_NODE_TOTAL=1 on every job that is not parallel
	sh, err = ResolveShard("", "--shard", envOf(map[string]string{"CI_NODE_TOTAL": "1"}))
	if err != nil || sh.Active() {
		t.Errorf("CI_NODE_TOTAL=1 alone: %s (%v), want the whole suite", sh, err)
	}
	sh, err = ResolveShard("", "--shard", envOf(map[string]string{"TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1", "TEST_SHARD_STATUS_FILE": "/tmp/s"}))
	if err != nil || sh.String() != "2/2" || sh.StatusFile != "/tmp/s" {
		t.Errorf("Bazel: %s, status file %q (%v), want 2/2 and /tmp/s", sh, sh.StatusFile, err)
	}
}

func TestCommentLinesKeepsEveryLine(t *testing.T) {
	in := "a\n  | 1 |\r\n  | 2 |\nlast"
	got := string(commentLines([]byte(in), map[int]bool{2: true, 4: true}))
	if want := "a\n#  | 1 |\r\n  | 2 |\n#last"; got != want {
		t.Errorf("commentLines = %q, want %q", got, want)
	}
}

// junitNames runs the suite at root with the environment env and returns
// its JUnit testcases as "file name".
func junitNames(t *testing.T, root string, cfg Config) []string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "junit.xml")
	cfg.Root, cfg.Output, cfg.Format = root, io.Discard, "junit:"+file
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 0 {
		t.Fatalf("status %d", res.Status)
	}
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var rep report.JUnitSuites
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range rep.Suites {
		for _, c := range s.Cases {
			out = append(out, c.File+" "+c.Name)
		}
	}
	return out
}

func TestRunsUnderEveryConventionCoverTheSuiteOnce(t *testing.T) {
	root := t.TempDir()
	for name, content := range map[string]string{
		"features/a.feature": shardFeature("a", 3, []int{7}),
		"features/b.feature": shardFeature("b", 2, []int{4, 2}),
	} {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole := junitNames(t, root, Config{})
	if len(whole) != 18 {
		t.Fatalf("the whole suite ran %d scenarios, want 18", len(whole))
	}
	for _, c := range conventions {
		t.Run(c.name, func(t *testing.T) {
			for _, v := range conventions {
				t.Setenv(v.total, "")
				t.Setenv(v.index, "")
			}
			status := filepath.Join(t.TempDir(), "status")
			t.Setenv("TEST_SHARD_STATUS_FILE", status)
			var got []string
			for i := c.base; i < c.base+3; i++ {
				t.Setenv(c.total, "3")
				t.Setenv(c.index, fmt.Sprint(i))
				names := junitNames(t, root, Config{})
				if len(names) == 0 || len(names) == len(whole) {
					t.Errorf("%s=%d ran %d scenarios, want a third of %d", c.index, i, len(names), len(whole))
				}
				got = append(got, names...)
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(whole))
			if !slices.Equal(got, want) {
				t.Errorf("the 3 shards ran\n%v\nwant each scenario once:\n%v", got, want)
			}
			if _, err := os.Stat(status); (err == nil) != (c.name == "Bazel") {
				t.Errorf("TEST_SHARD_STATUS_FILE touched: %v, want %v", err == nil, c.name == "Bazel")
			}
		})
	}
}

func TestBazelXMLOutputFileGetsTheJUnitReport(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "features", "a.feature")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(shardFeature("a", 2, []int{2})), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range conventions {
		t.Setenv(c.total, "")
		t.Setenv(c.index, "")
	}
	xmlOut := filepath.Join(t.TempDir(), "test.xml")
	t.Setenv("XML_OUTPUT_FILE", xmlOut)
	t.Setenv("TEST_TOTAL_SHARDS", "2")
	t.Setenv("TEST_SHARD_INDEX", "1")
	if _, err := Run(Config{Root: root, Output: io.Discard}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(xmlOut)
	if err != nil {
		t.Fatalf("XML_OUTPUT_FILE: %v", err)
	}
	var rep report.JUnitSuites
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Tests != 2 {
		t.Errorf("XML_OUTPUT_FILE holds %d testcases, want shard 2/2's 2 of 4", rep.Tests)
	}
}

func TestTagsFilterWithinEachShard(t *testing.T) {
	root := t.TempDir()
	content := strings.Replace(shardFeature("a", 6, []int{4}), "  Scenario: a 2\n", "  @only\n  Scenario: a 2\n", 1)
	path := filepath.Join(root, "features", "a.feature")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range conventions {
		t.Setenv(c.total, "")
		t.Setenv(c.index, "")
	}
	var ran []string
	for k := 1; k <= 3; k++ {
		// a shard without the tagged scenario runs nothing, and is no error
		ran = append(ran, junitNames(t, root, Config{Tags: "@only", Shard: fmt.Sprintf("%d/3", k)})...)
	}
	if len(ran) != 1 || !strings.HasSuffix(ran[0], " a 2") {
		t.Errorf("the shards ran %v under --tags @only, want a 2 once", ran)
	}
}

// TestHugeShardCountsPlanWithoutAShardPerCount: a shard count far beyond
// the suite's size (--shard 2/9223372036854775807, or a CI's variable of
// that value) plans the shard as the split would, and does not panic
// making a slice of every shard.
func TestHugeShardCountsPlanWithoutAShardPerCount(t *testing.T) {
	units := loadUnits(t, writeShardSuite(t, 30))
	const most = int(^uint(0) >> 1)
	timings := &Timings{file: "t.xml", seconds: map[string][]timing{}}
	for _, c := range []struct {
		k       int
		timings *Timings
		want    int // units kept
	}{
		{1, nil, 0}, {most, nil, 1}, {2, timings, 1}, {most, timings, 0},
	} {
		plan := planShard(units, Shard{K: c.k, N: most, From: "--shard"}, c.timings)
		if len(plan.keep) != c.want {
			t.Errorf("shard %d/%d (timings %v): %d scenarios, want %d", c.k, most, c.timings != nil, len(plan.keep), c.want)
		}
	}
	// a count past the suite's size splits as SplitByCount does
	n := len(units) + 3
	parts := SplitByCount(units, n)
	for k := 1; k <= n; k++ {
		if got := shardByCount(units, k, n); !slices.Equal(got, parts[k-1]) {
			t.Errorf("shard %d/%d: %v, SplitByCount gives %v", k, n, got, parts[k-1])
		}
	}
	// and by time, as len(units) shards and then empty ones
	sec, _ := timings.For(units)
	byTime, asMany := SplitByTime(units, sec, n), SplitByTime(units, sec, len(units))
	for k := range n {
		if k < len(units) && !slices.Equal(byTime[k], asMany[k]) || k >= len(units) && len(byTime[k]) > 0 {
			t.Errorf("by time, shard %d/%d: %v", k+1, n, byTime[k])
		}
	}
}
