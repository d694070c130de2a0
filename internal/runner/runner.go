// Package runner runs a suite's features through godog with the step
// library. The CLI and scenario.Run both call Run, so they behave alike.
package runner

import (
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/suite"
	"github.com/stateharness/scenario/steps"
)

// Config is one run of a suite. Empty fields take scenario.yaml's value,
// then the default.
type Config struct {
	Root     string   // the suite root ("." by default)
	Paths    []string // feature files, directories, file.feature:LINE; default the features directory
	Features string   // default "features"
	Golden   string   // default "golden"
	Tags     string
	Format   string // godog formatters
	// DefaultFormat applies when neither Format nor scenario.yaml sets one;
	// empty means "progress".
	DefaultFormat string
	NoColor       bool
	Update        bool
	Profile       string
	IDPrefix      string // generated message ids; default "auto-"
	Reducers      map[string]engine.ReducerFunc
	// Runtime names the runtime(s) that run the commits (SPEC §15):
	// "builtin" (the default), "langgraph-js", or "builtin,langgraph-js".
	Runtime string
	// Graph is the suite's own graph for scenarios that name none.
	Graph string
	// Steps, Nodes and Tools are the user's own steps, Go nodes and Go
	// tools (scenario.Options).
	Steps func(*godog.ScenarioContext)
	Nodes map[string]steps.NodeFunc
	Tools map[string]steps.ToolFunc
	// Concurrency is how many scenarios run at once (default 1).
	Concurrency int
	// Shard "K/N" runs the K-th of N deterministic parts of the suite.
	Shard string
	// Random shuffles scenarios within each feature with this seed; -1
	// picks a seed (godog prints it); 0 keeps file order.
	Random int64
	// Accept renders the command that accepts a golden change.
	Accept func(*suite.Scenario) string
	// Check is scenario check: the JUnit and GitHub reports also list
	// missing, stale and orphan golden files, orphans with Prune, the
	// command that deletes them.
	Check bool
	Prune string
	// T runs each scenario as a subtest of T (go test); nil for the CLI.
	T      *testing.T
	Output io.Writer
}

// Result is what a run did.
type Result struct {
	// Status is godog's: 0 passed, 1 failed, 2 could not run.
	Status  int
	Goldens *goldenfile.Log
	Index   *suite.Index
	// Orphans are golden files no scenario referenced, sorted; computed
	// only for a whole, passing run (OrphansChecked).
	Orphans        []string
	OrphansChecked bool
	// Ran is how many scenarios the run selected.
	Ran int
	// Skips counts the scenarios a runtime could not run, by reason.
	Skips map[string]int
	unran int // of them, those no runtime ran
}

// Skipped is how many scenarios a runtime skipped.
func (r *Result) Skipped() int {
	n := 0
	for _, c := range r.Skips {
		n += c
	}
	return n
}

// Run loads the suite and runs it. A suite that cannot be loaded returns an
// error (the CLI's exit code 2).
func Run(cfg Config) (*Result, error) {
	if cfg.Root == "" {
		cfg.Root = "."
	}
	fc, err := ReadConfigFile(cfg.Root)
	if err != nil {
		return nil, err
	}
	cfg.Features = first(cfg.Features, fc.Features, "features")
	cfg.Golden = first(cfg.Golden, fc.Golden, "golden")
	explicitFormat := cfg.Format != "" || fc.Format != ""
	cfg.Format = first(cfg.Format, fc.Format, cfg.DefaultFormat, "progress")
	godogFormat, htmlFiles, err := splitHTMLFormat(cfg.Format)
	if err != nil {
		return nil, err
	}
	godogFormat, ciFiles, err := splitCIFormats(godogFormat)
	if err != nil {
		return nil, err
	}
	// html:FILE alone leaves godog's output as it is by default
	explicitFormat = explicitFormat && godogFormat != ""
	godogFormat = first(godogFormat, cfg.DefaultFormat, "progress")
	if err := checkFormats(godogFormat); err != nil {
		return nil, err
	}
	cfg.IDPrefix = first(cfg.IDPrefix, fc.IDPrefix)
	// scenario.yaml's profile binds scenarios (they may not disagree with
	// it); a flag or Options.Profile overrides it as a mere default
	suiteProfile := ""
	if cfg.Profile == "" {
		suiteProfile = fc.Profile
	}
	if cfg.Output == nil {
		cfg.Output = os.Stdout
	}
	for _, p := range []struct{ where, name string }{{"--profile", cfg.Profile}, {ConfigFile, suiteProfile}} {
		if p.name != "" && !slices.Contains(engine.Profiles(), p.name) {
			return nil, fmt.Errorf("%s: unknown profile %q; expected one of %s", p.where, p.name, strings.Join(engine.Profiles(), ", "))
		}
	}
	if err := checkTags(cfg.Tags); err != nil {
		return nil, err
	}
	layout := suite.Layout{Features: cfg.Features, Golden: cfg.Golden}
	idx, err := suite.Load(cfg.Root, layout, cfg.Paths)
	if err != nil {
		return nil, err
	}
	if len(idx.Order) == 0 {
		return nil, fmt.Errorf("no scenarios found in %v under %s", orDefault(cfg.Paths, cfg.Features), cfg.Root)
	}
	if cfg.Shard != "" {
		k, n, err := ParseShard(cfg.Shard)
		if err != nil {
			return nil, err
		}
		paths := ShardPaths(idx.Order, k, n)
		if len(paths) == 0 {
			fmt.Fprintf(cfg.Output, "shard %s has no scenarios\n", cfg.Shard)
			return &Result{Goldens: &goldenfile.Log{}, Index: idx}, nil
		}
		if idx, err = suite.Load(cfg.Root, layout, paths); err != nil {
			return nil, err
		}
	}
	all := idx.Order
	if cfg.T != nil {
		// go test -run 'TestX/<scenario>' runs only what it selects
		sel, err := selected(cfg.T, idx.Order)
		if err != nil {
			return nil, err
		}
		var paths []string
		seen := map[string]bool{}
		for i, s := range idx.Order {
			if sel[i] && !seen[s.Pos()] {
				seen[s.Pos()] = true
				paths = append(paths, s.Pos())
			}
		}
		if len(paths) == 0 {
			return &Result{Goldens: &goldenfile.Log{}, Index: idx}, nil
		}
		if slices.Contains(sel, false) {
			if idx, err = suite.Load(cfg.Root, layout, paths); err != nil {
				return nil, err
			}
		}
	}
	resolved, problems := steps.Resolve(idx, cfg.Steps != nil)
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s\n(`scenario steps` lists the vocabulary)", strings.Join(problems, "\n"))
	}
	runtimeFrom := "--runtime"
	if cfg.Runtime == "" && fc.Runtime != "" {
		runtimeFrom = ConfigFile + "'s runtime:"
	}
	rts, stop, err := startRuntimes(first(cfg.Runtime, fc.Runtime), runtimeFrom, cfg.Root)
	if err != nil {
		return nil, err
	}
	defer stop()
	report := newHTMLReport(htmlFiles, idx, first(cfg.Runtime, fc.Runtime))
	ci := newCIReport(ciFiles, idx)
	golden := &goldenfile.Policy{Root: cfg.Root, Update: cfg.Update, Accept: cfg.Accept}
	log := &golden.Log
	warned := &warnings{}
	skips := &skipCount{}
	sc := &steps.Config{
		Root: cfg.Root, Layout: layout, Index: idx, Resolved: resolved,
		Golden: golden, DefaultProfile: cfg.Profile, SuiteProfile: suiteProfile, IDPrefix: cfg.IDPrefix, Reducers: cfg.Reducers,
		Warn: warned.add, Runtimes: rts, Skip: skips.add, Graph: first(cfg.Graph, fc.Graph),
		Record: report.record(),
		Nodes:  cfg.Nodes, Tools: cfg.Tools, UserSteps: cfg.Steps,
	}
	results := &outcomes{}
	output := cfg.Output
	if cfg.T != nil {
		sc.Done = results.done
		if !explicitFormat {
			// the subtests report each scenario once; godog's summary
			// would repeat every failure
			output = io.Discard
		}
	}
	concurrency := cfg.Concurrency
	if concurrency < 1 {
		concurrency = 1
	}
	ts := godog.TestSuite{
		Name:                "scenario",
		ScenarioInitializer: ci.initializer(report.initializer(steps.Initializer(sc))),
		Options: &godog.Options{
			Format:      godogFormat,
			Paths:       idx.Paths,
			FS:          os.DirFS(cfg.Root),
			Tags:        cfg.Tags,
			Strict:      true,
			NoColors:    cfg.NoColor,
			Concurrency: concurrency,
			Randomize:   cfg.Random,
			Output:      output,
		},
	}
	res := &Result{Goldens: log, Index: idx, Ran: len(idx.Order)}
	res.Status = ts.Run()
	if cfg.T != nil {
		results.report(cfg.T, all)
	}
	warned.show(cfg)
	res.Skips, res.unran = skips.byReason, skips.unran
	skips.show(cfg)
	if err := report.write(res); err != nil {
		return nil, err
	}
	if cfg.Tags != "" && sc.Started.Load() == 0 {
		return nil, fmt.Errorf("no scenario matches --tags %q", cfg.Tags)
	}
	// a scenario no runtime ran claimed none of its golden files
	if scope, ok := cfg.goldenScope(); ok && res.Status == 0 && res.unran == 0 {
		res.Orphans, err = orphans(cfg.Root, scope, log)
		if err != nil {
			return nil, err
		}
		res.OrphansChecked = true
	}
	if err := ci.write(cfg, res); err != nil {
		return nil, err
	}
	return res, nil
}

// warnings collects what the steps warn about while scenarios run (maybe
// at once), to show it after the run without racing godog's own output.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) add(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.msgs = append(w.msgs, msg)
}

// show writes the warnings, sorted, to the test log under go test, else
// to the output.
func (w *warnings) show(cfg Config) {
	sort.Strings(w.msgs)
	for _, m := range w.msgs {
		if cfg.T != nil {
			cfg.T.Log(m)
			continue
		}
		fmt.Fprintln(cfg.Output, m)
	}
}

// orphans lists the .json files under the golden directories that the run
// did not reference.
func orphans(root string, dirs []string, log *goldenfile.Log) ([]string, error) {
	var out []string
	for _, dir := range dirs {
		found, err := orphansUnder(root, dir, log)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	sort.Strings(out)
	return slices.Compact(out), nil
}

func orphansUnder(root, goldenDir string, log *goldenfile.Log) ([]string, error) {
	var out []string
	base := filepath.Join(root, filepath.FromSlash(goldenDir))
	err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == base {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !log.Referenced(rel) {
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// ParseShard reads "K/N" with 1 <= K <= N.
func ParseShard(s string) (k, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("--shard %q: expected K/N with 1 <= K <= N, like 2/3", s)
	}
	return k, n, nil
}

// ShardPaths picks the scenarios of shard k of n as file.feature:LINE
// paths. A scenario's shard is a hash of its feature path and line, so it
// does not move when scenarios are added to other files; the rows of an
// outline stay together.
func ShardPaths(scenarios []*suite.Scenario, k, n int) []string {
	var paths []string
	seen := map[string]bool{}
	for _, s := range scenarios {
		p := s.Pos()
		if seen[p] {
			continue
		}
		seen[p] = true
		h := fnv.New32a()
		h.Write([]byte(p))
		if int(h.Sum32()%uint32(n)) == k-1 {
			paths = append(paths, p)
		}
	}
	return paths
}

func first(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}

func orDefault(paths []string, def string) []string {
	if len(paths) == 0 {
		return []string{def}
	}
	return paths
}

// skipCount counts the scenarios skipped on a runtime, by reason.
type skipCount struct {
	mu       sync.Mutex
	byReason map[string]int
	unran    int // skipped and run on no runtime at all
}

func (s *skipCount) add(reason string, ran bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !ran {
		s.unran++
	}
	if s.byReason == nil {
		s.byReason = map[string]int{}
	}
	s.byReason[reason]++
}

// show says how many scenarios were skipped and why, most frequent first.
func (s *skipCount) show(cfg Config) {
	if len(s.byReason) == 0 {
		return
	}
	reasons := make([]string, 0, len(s.byReason))
	total := 0
	for r, n := range s.byReason {
		reasons = append(reasons, r)
		total += n
	}
	sort.Slice(reasons, func(i, j int) bool {
		if s.byReason[reasons[i]] != s.byReason[reasons[j]] {
			return s.byReason[reasons[i]] > s.byReason[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%d scenarios skipped on a runtime (never counted as passed there):\n", total)
	for _, r := range reasons {
		fmt.Fprintf(&b, "  %d× %s\n", s.byReason[r], r)
	}
	if cfg.T != nil {
		cfg.T.Log(strings.TrimSuffix(b.String(), "\n"))
		return
	}
	fmt.Fprint(cfg.Output, b.String())
}
