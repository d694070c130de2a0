package runner

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"hash/fnv"
	"math/bits"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stateharness/scenario/internal/report"
	"github.com/stateharness/scenario/internal/suite"
)

// Sharding (docs/reference.md, Sharding in CI): a run may take the K-th of
// N parts of the suite, from --shard K/N or a CI's own variables. Each
// scenario, and each row of a Scenario Outline, is one unit, named as the
// JUnit report names its testcase (feature path and testcase name). By
// count, the units are sorted by a hash of that name and cut into N runs
// of equal length: the split depends on nothing but the names (not on the
// order files are found in, nor on the OS), every shard holds within one
// unit of the same count, and adding a scenario moves at most one unit
// across each of the N-1 cuts. By time (--shard-timings), the longest
// unit goes first into the least-loaded shard.

// Shard is the part of the suite a run takes: the K-th of N (1-based).
type Shard struct {
	K, N int
	// From says where the shard came from: "--shard", "Options.Shard",
	// or a CI's variables ("CircleCI: CIRCLE_NODE_INDEX=1 CIRCLE_NODE_TOTAL=3").
	From string
	// StatusFile is Bazel's TEST_SHARD_STATUS_FILE, touched to tell Bazel
	// the run shards.
	StatusFile string
}

// Active reports whether the shard leaves scenarios out: a part of one
// is the whole suite.
func (s Shard) Active() bool { return s.N > 1 }

// String is "K/N".
func (s Shard) String() string { return strconv.Itoa(s.K) + "/" + strconv.Itoa(s.N) }

// shardConvention is one CI's pair of variables: the number of parallel
// jobs and this job's index, counted from base.
type shardConvention struct {
	name, total, index string
	base               int
}

// shardConventions are read in this order; the first whose total is set
// is the run's.
var shardConventions = []shardConvention{
	{"Bazel", "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", 0},
	{"CircleCI", "CIRCLE_NODE_TOTAL", "CIRCLE_NODE_INDEX", 0},
	{"Buildkite", "BUILDKITE_PARALLEL_JOB_COUNT", "BUILDKITE_PARALLEL_JOB", 0},
	{"GitLab", "CI_NODE_TOTAL", "CI_NODE_INDEX", 1},
}

// ResolveShard is the run's shard: the explicit one (flag, "K/N", named
// where in its errors) wins; else the first CI convention whose variables
// are set; else the whole suite (1/1). A variable that is set but not a
// shard of its convention is an error naming it and its value.
func ResolveShard(explicit, where string, getenv func(string) string) (Shard, error) {
	if explicit != "" {
		k, n, err := parseShard(explicit, where)
		if err != nil {
			return Shard{}, err
		}
		return Shard{K: k, N: n, From: where}, nil
	}
	for _, c := range shardConventions {
		total, index := strings.TrimSpace(getenv(c.total)), strings.TrimSpace(getenv(c.index))
		if total == "" {
			continue
		}
		n, err := strconv.Atoi(total)
		if err != nil || n < 1 {
			return Shard{}, fmt.Errorf("%s=%q (%s): expected the number of shards, a whole number of at least 1", c.total, total, c.name)
		}
		if index == "" {
			if n == 1 {
				// GitLab sets CI_NODE_TOTAL=1 on every job that is not parallel
				continue
			}
			return Shard{}, fmt.Errorf("%s=%d (%s) but %s is not set: expected this job's index, %d to %d", c.total, n, c.name, c.index, c.base, c.base+n-1)
		}
		i, err := strconv.Atoi(index)
		if err != nil || i < c.base || i > c.base+n-1 {
			return Shard{}, fmt.Errorf("%s=%q (%s): expected this job's index, a whole number from %d to %d (%s=%d)", c.index, index, c.name, c.base, c.base+n-1, c.total, n)
		}
		s := Shard{K: i - c.base + 1, N: n, From: fmt.Sprintf("%s: %s=%s %s=%s", c.name, c.index, index, c.total, total)}
		if c.name == "Bazel" {
			s.StatusFile = getenv("TEST_SHARD_STATUS_FILE")
		}
		return s, nil
	}
	return Shard{K: 1, N: 1}, nil
}

// ParseShard reads "K/N" with 1 <= K <= N.
func ParseShard(s string) (k, n int, err error) { return parseShard(s, "--shard") }

func parseShard(s, where string) (k, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("%s %q: expected K/N with 1 <= K <= N, like 2/3", where, s)
	}
	return k, n, nil
}

// ShardUnit is one scenario or outline row as the split sees it.
type ShardUnit struct {
	// Feature is the suite-relative feature path; Name the testcase's
	// name in the JUnit report ("add #2" for the second of two of one
	// name in the feature).
	Feature, Name string
	Scenario      *suite.Scenario
	hash          uint64
}

// ShardUnits names the suite's scenarios (in run order) as the split and
// the JUnit report do.
func ShardUnits(order []*suite.Scenario) []ShardUnit {
	type fk struct{ feature, name string }
	count := map[fk]int{}
	for _, s := range order {
		count[fk{s.Feature, s.Name}]++
	}
	seen := map[fk]int{}
	units := make([]ShardUnit, len(order))
	for i, s := range order {
		k := fk{s.Feature, s.Name}
		name := s.Name
		if count[k] > 1 {
			seen[k]++
			name += " #" + strconv.Itoa(seen[k])
		}
		h := fnv.New64a()
		h.Write([]byte(s.Feature))
		h.Write([]byte{0})
		h.Write([]byte(name))
		units[i] = ShardUnit{Feature: s.Feature, Name: name, Scenario: s, hash: h.Sum64()}
	}
	return units
}

// byHash is the units' order for the split: by hash, then by name.
func byHash(a, b *ShardUnit) int {
	return cmp.Or(cmp.Compare(a.hash, b.hash), cmp.Compare(a.Feature, b.Feature), cmp.Compare(a.Name, b.Name))
}

// SplitByCount deals the units into n shards of equal count (within one):
// sorted by hash, cut into n runs. Each shard lists its units' indexes in
// the units' own order.
func SplitByCount(units []ShardUnit, n int) [][]int {
	idx := byHashOrder(units)
	out := make([][]int, n)
	for s := range n {
		out[s] = countPart(idx, s+1, n)
	}
	return out
}

// shardByCount is shard k of n of SplitByCount, without a slice of every
// shard (n may be any int).
func shardByCount(units []ShardUnit, k, n int) []int {
	return countPart(byHashOrder(units), k, n)
}

func byHashOrder(units []ShardUnit) []int {
	idx := make([]int, len(units))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return byHash(&units[a], &units[b]) })
	return idx
}

// countPart is the k-th of n runs of idx, in index order.
func countPart(idx []int, k, n int) []int {
	part := slices.Clone(idx[cut(k-1, len(idx), n):cut(k, len(idx), n)])
	sort.Ints(part)
	return part
}

// cut is s*l/n, whose product may not fit an int when n is large.
func cut(s, l, n int) int {
	hi, lo := bits.Mul64(uint64(s), uint64(l))
	q, _ := bits.Div64(hi, lo, uint64(n)) // s <= n: the quotient is at most l
	return int(q)
}

// SplitByTime deals the units into n shards of equal time: longest first
// (ties by hash), each into the shard with the least time so far (ties:
// fewer units, then the lower shard). seconds are the units' durations.
func SplitByTime(units []ShardUnit, seconds []float64, n int) [][]int {
	idx := make([]int, len(units))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(seconds[b], seconds[a]), byHash(&units[a], &units[b]))
	})
	load := make([]float64, n)
	out := make([][]int, n)
	for _, i := range idx {
		best := 0
		for s := 1; s < n; s++ {
			if load[s] < load[best] || load[s] == load[best] && len(out[s]) < len(out[best]) {
				best = s
			}
		}
		load[best] += seconds[i]
		out[best] = append(out[best], i)
	}
	for _, part := range out {
		sort.Ints(part)
	}
	return out
}

// Timings are the testcase durations of an earlier run's JUnit report
// (--shard-timings), by feature path and testcase name.
type Timings struct {
	file    string
	seconds map[string][]timing // by testcase name
	all     []float64
}

type timing struct {
	file    string // the testcase's file attribute
	seconds float64
}

// ReadTimings reads a JUnit report the harness wrote (or report merge).
func ReadTimings(file string) (*Timings, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("--shard-timings: %v", err)
	}
	var rep report.JUnitSuites
	if err := xml.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("--shard-timings %s: not a JUnit report (%v); give the junit:FILE of an earlier run", file, err)
	}
	t := &Timings{file: file, seconds: map[string][]timing{}}
	for _, ts := range rep.Suites {
		if ts.Name == report.GoldenSuiteName {
			continue
		}
		for _, c := range ts.Cases {
			sec, err := strconv.ParseFloat(c.Time, 64)
			if err != nil || sec < 0 {
				return nil, fmt.Errorf("--shard-timings %s: testcase %q has time %q, expected seconds", file, c.Name, c.Time)
			}
			t.seconds[c.Name] = append(t.seconds[c.Name], timing{c.File, sec})
			t.all = append(t.all, sec)
		}
	}
	return t, nil
}

// For gives each unit its time from the report: the testcase of its name
// whose file is its feature (as the report spells it, relative to
// wherever the run was: the feature path, or a path ending in it); a unit
// the report does not hold takes the median of the units it does (of the
// whole report when it holds none of them). found counts those it held.
func (t *Timings) For(units []ShardUnit) (seconds []float64, found int) {
	seconds = make([]float64, len(units))
	known := make([]bool, len(units))
	var times []float64
	for i, u := range units {
		for _, c := range t.seconds[u.Name] {
			if c.file == u.Feature || strings.HasSuffix(c.file, "/"+u.Feature) {
				seconds[i], known[i] = c.seconds, true
				times = append(times, c.seconds)
				found++
				break
			}
		}
	}
	if len(times) == 0 {
		times = t.all
	}
	med := median(times)
	for i := range seconds {
		if !known[i] {
			seconds[i] = med
		}
	}
	return seconds, found
}

// median of times; 1 when there is none (every unit weighs the same).
func median(times []float64) float64 {
	if len(times) == 0 {
		return 1
	}
	s := slices.Clone(times)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// shardPlan is the part of the suite a shard runs: the kept scenarios,
// the file:LINE paths to hand godog, and the outline rows of those
// scenarios that other shards run, by feature, for the run's file system
// to hide from godog.
type shardPlan struct {
	keep  map[*suite.Scenario]bool
	paths []string
	hide  map[string]map[int]bool
	line  string // what the run says about the shard
}

// planShard picks shard sh of the suite's units (in run order), by time
// when timings are given.
func planShard(units []ShardUnit, sh Shard, timings *Timings) shardPlan {
	var part []int
	how := "by count"
	if timings != nil {
		sec, found := timings.For(units)
		// past one shard per unit, each unit has a shard of its own, the
		// first len(units), as with len(units) shards
		n := min(sh.N, len(units))
		if parts := SplitByTime(units, sec, n); sh.K <= n {
			part = parts[sh.K-1]
		}
		how = fmt.Sprintf("by time from %s, %d of %d scenarios timed", timings.file, found, len(units))
	} else {
		part = shardByCount(units, sh.K, sh.N)
	}
	keep := map[*suite.Scenario]bool{}
	for _, i := range part {
		keep[units[i].Scenario] = true
	}
	p := shardPlanOf(units, keep)
	p.line = fmt.Sprintf("shard %s (%s): %d of %d scenarios, split %s", sh, sh.From, len(keep), len(units), how)
	return p
}

// shardPlanOf is the plan that runs the units keep selects.
func shardPlanOf(units []ShardUnit, keep map[*suite.Scenario]bool) shardPlan {
	p := shardPlan{keep: keep, hide: map[string]map[int]bool{}}
	run := map[string]bool{} // file:LINE of the scenarios that run
	for _, u := range units {
		if s := u.Scenario; keep[s] && !run[s.Pos()] {
			run[s.Pos()] = true
			p.paths = append(p.paths, s.Pos())
		}
	}
	for _, u := range units {
		if s := u.Scenario; !keep[s] && s.Row > 0 && run[s.Pos()] {
			if p.hide[s.Feature] == nil {
				p.hide[s.Feature] = map[int]bool{}
			}
			p.hide[s.Feature][s.RowLine] = true
		}
	}
	return p
}

// touch creates file, or updates its time.
func touch(file string) error {
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}
