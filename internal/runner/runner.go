// Package runner runs a suite's features through godog with the step
// library. The CLI and scenario.Run both call Run, so they behave alike.
package runner

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/report"
	"github.com/stateharness/scenario/internal/suite"
	"github.com/stateharness/scenario/runtimes"
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
	// Runtime names the runtime(s) that run the commits (docs/reference.md, Runtimes):
	// "builtin" (the default), "langgraph-js", or "builtin,langgraph-js".
	Runtime string
	// RuntimeTimeout bounds each request to a runtime process; 0 takes
	// scenario.yaml's runtime_timeout, then the runtime's default (30s).
	RuntimeTimeout time.Duration
	// Python is the interpreter of the Python runtimes (langgraph-py, llmfy),
	// relative to Root unless absolute; empty takes scenario.yaml's
	// python:, then the suite's .venv, then python3 on PATH.
	Python string
	// Graph is the suite's own graph for scenarios that name none.
	Graph string
	// Graphs are Go graphs by the name scenarios give them (Given the
	// graph from "<name>"), each with the runtime that runs it
	// (scenario.Options.Graphs).
	Graphs map[string]engine.Runtime
	// Steps, Nodes and Tools are the user's own steps, Go nodes and Go
	// tools (scenario.Options).
	Steps func(*godog.ScenarioContext)
	Nodes map[string]steps.NodeFunc
	Tools map[string]steps.ToolFunc
	// Concurrency is how many scenarios run at once (default 1).
	Concurrency int
	// Shard "K/N" runs the K-th of N balanced parts of the suite (see
	// shard.go); empty reads a CI's variables (ResolveShard). ShardFrom
	// names it in errors ("--shard" by default).
	Shard, ShardFrom string
	// ShardTimings is a JUnit report of an earlier run: the shards are
	// balanced by its testcases' times instead of by count.
	ShardTimings string
	// Random shuffles scenarios within each feature with this seed; -1
	// picks a seed (godog prints it); 0 keeps file order.
	Random int64
	// Accept renders the command that accepts a golden change.
	Accept func(goldenfile.Scenario) string
	// Check is scenario check: the JUnit and GitHub reports also list
	// missing, stale and orphan golden files, each orphan with Prune's
	// command that deletes it.
	Check bool
	Prune func(orphan string) string
	// MergeFix are check's fix: commands for the whole suite, which a
	// shard's part for report merge carries (--format shard:FILE);
	// AllowSkips is --allow-skips, which the merge applies as check does.
	MergeFix   report.ShardFixes
	AllowSkips bool
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
	// Leftovers are temporary files an interrupted update left beside the
	// golden files of the run's part of golden/, sorted.
	Leftovers []string
	// Skips counts the scenarios a runtime could not run, by reason.
	Skips map[string]int
	unran int // of them, those no runtime ran
	// unranKept: the files that scenarios no runtime ran may own, and
	// whether every such scenario is known
	unranKept  func(rel string) bool
	unranKnown bool
}

// NotRun is how many of the skipped scenarios no runtime ran.
func (r *Result) NotRun() int { return r.unran }

// Skipped is how many scenarios a runtime skipped.
func (r *Result) Skipped() int {
	n := 0
	for _, c := range r.Skips {
		n += c
	}
	return n
}

// Run loads the suite and runs it: resolve the settings, load and select
// the scenarios, run them, then look for orphan golden files. A suite that
// cannot be loaded returns an error (the CLI's exit code 2).
func Run(cfg Config) (*Result, error) {
	s, err := resolve(cfg)
	if err != nil {
		return nil, err
	}
	if f := s.shard.StatusFile; f != "" {
		// Bazel's sharding protocol: the test says it runs its part alone
		if err := touch(f); err != nil {
			return nil, fmt.Errorf("TEST_SHARD_STATUS_FILE=%s: %v", f, err)
		}
	}
	l, err := s.load()
	if err != nil {
		return nil, err
	}
	var res *Result
	var model *report.Run
	if !l.late && len(l.idx.Order) == 0 {
		// a shard or a go test -run that selects nothing: its reports
		// (a shard's part for report merge) say so
		res = &Result{Goldens: &goldenfile.Log{}, Index: l.idx, unranKnown: true}
		model = report.NewCollector(l.idx, s.runtime, report.KeepNone).Run()
	} else if res, model, err = s.run(l); err != nil {
		return nil, err
	}
	// a scenario no runtime ran claimed none of its golden files: every
	// file that may be one of its own is kept; a shard that writes its
	// part for report merge surveys what the shards answer for together
	var found goldenfile.Found
	scope, surveyed := s.cfg.scope(false)
	if surveyed && (!s.shard.Active() || len(s.ciFiles.shard) > 0) {
		if found, err = goldenfile.Survey(s.cfg.Root, scope, res.Goldens, res.unranKept); err != nil {
			return nil, err
		}
		res.Leftovers = found.Leftovers
		if res.Status == 0 && res.unranKnown && !s.shard.Active() {
			res.Orphans, res.OrphansChecked = found.Orphans, true
		}
	}
	if res.Status == 2 {
		return res, nil
	}
	var check *report.GoldenCheck
	if s.cfg.Check {
		check = &report.GoldenCheck{Log: res.Goldens, Orphans: res.Orphans, Leftovers: res.Leftovers, Accept: s.cfg.Accept, Prune: s.cfg.Prune}
	}
	if len(s.ciFiles.shard) > 0 {
		f := s.shardFile(model, res, check)
		if f.Check != nil {
			f.Check.Unused, f.Check.Surveyed = found.Orphans, surveyed && res.Status == 0 && res.unranKnown
			if !surveyed {
				f.Check.Filtered = "tags or scenario lines"
			}
		}
		for _, file := range s.ciFiles.shard {
			if err := report.WriteShardFile(file, f); err != nil {
				return nil, err
			}
		}
	}
	ci := report.CI{JUnit: s.ciFiles.junit, GitHub: s.ciFiles.github}
	if err := ci.Write(s.cfg.Output, model, check); err != nil {
		return nil, err
	}
	return res, nil
}

// settings is a run's Config with scenario.yaml and the defaults applied
// and every flag checked.
type settings struct {
	cfg          Config
	layout       suite.Layout
	godogFormat  string
	quietGodog   bool // under go test, with no format asked for: the subtests report
	htmlFiles    []string
	ciFiles      ciFormats
	suiteProfile string // scenario.yaml's default, when no flag overrides it
	runtime      string
	runtimeFrom  string // where the runtime list came from, for its errors
	timeout      time.Duration
	python       string // scenario.yaml's python:, for the Python runtimes
	graph        string
	shard        Shard
	timings      *Timings // --shard-timings
	// suite is every scenario the run loaded, before a shard took its
	// part; hidden the outline rows of its scenarios other shards run
	suite  []ShardUnit
	hidden map[string]map[int]bool
}

// say writes a line about the run to the test log under go test, else to
// the output.
func (s *settings) say(line string) {
	if s.cfg.T != nil {
		s.cfg.T.Log(line)
		return
	}
	fmt.Fprintln(s.cfg.Output, line)
}

// resolve applies scenario.yaml and the defaults to cfg and checks the
// formats, profiles and tag expression.
func resolve(cfg Config) (*settings, error) {
	if cfg.Root == "" {
		cfg.Root = "."
	}
	if cfg.Output == nil {
		cfg.Output = os.Stdout
	}
	fc, err := ReadConfigFile(cfg.Root)
	if err != nil {
		return nil, err
	}
	dir := func(key, option, given, inFile string) layoutDir {
		switch {
		case given != "":
			return layoutDir{key: key, where: "Options." + option, value: given}
		case inFile != "":
			return layoutDir{key: key, where: ConfigFile + "'s " + key + ":", value: inFile}
		}
		return layoutDir{key: key, where: "the default " + key + " directory", value: key}
	}
	cfg.Features, cfg.Golden, _, err = checkLayout(cfg.Root,
		dir("features", "Features", cfg.Features, fc.Features), dir("golden", "Golden", cfg.Golden, fc.Golden),
		dir("scenarios", "", "", fc.Scenarios))
	if err != nil {
		return nil, err
	}
	cfg.IDPrefix = cmp.Or(cfg.IDPrefix, fc.IDPrefix)
	s := &settings{layout: suite.Layout{Features: cfg.Features, Golden: cfg.Golden}, graph: cmp.Or(cfg.Graph, fc.Graph)}
	explicitFormat := cfg.Format != "" || fc.Format != ""
	cfg.Format = cmp.Or(cfg.Format, fc.Format, cfg.DefaultFormat, "progress")
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
	s.godogFormat = cmp.Or(godogFormat, cfg.DefaultFormat, "progress")
	if err := checkFormats(s.godogFormat); err != nil {
		return nil, err
	}
	// the subtests report each scenario once; godog's summary would repeat
	// every failure
	s.quietGodog = cfg.T != nil && !explicitFormat
	s.htmlFiles, s.ciFiles = htmlFiles, ciFiles
	// scenario.yaml's profile is a default, as the flag is, which
	// overrides it; a scenario's own choice overrides both (docs/reference.md, Profiles)
	if cfg.Profile == "" {
		s.suiteProfile = fc.Profile
	}
	for _, p := range []struct{ where, name string }{{"--profile", cfg.Profile}, {ConfigFile, s.suiteProfile}} {
		if p.name != "" && !slices.Contains(engine.Profiles(), p.name) {
			return nil, fmt.Errorf("%s: unknown profile %q; expected one of %s", p.where, p.name, strings.Join(engine.Profiles(), ", "))
		}
	}
	if err := checkTags(cfg.Tags); err != nil {
		return nil, err
	}
	s.runtime, s.runtimeFrom = cmp.Or(cfg.Runtime, fc.Runtime), "--runtime"
	if cfg.Runtime == "" && fc.Runtime != "" {
		s.runtimeFrom = ConfigFile + "'s runtime:"
	}
	s.python = cmp.Or(cfg.Python, fc.Python)
	s.timeout = cfg.RuntimeTimeout
	if s.timeout == 0 {
		s.timeout = time.Duration(fc.RuntimeTimeout)
	}
	if s.timeout < 0 {
		return nil, fmt.Errorf("the runtime timeout %s is not positive", s.timeout)
	}
	if s.shard, err = cfg.resolveShard(); err != nil {
		return nil, err
	}
	if cfg.ShardTimings != "" {
		if s.timings, err = ReadTimings(cfg.ShardTimings); err != nil {
			return nil, err
		}
	}
	if x := os.Getenv("XML_OUTPUT_FILE"); x != "" && !slices.Contains(s.ciFiles.junit, x) {
		// Bazel reads the test's JUnit report there
		s.ciFiles.junit = append(s.ciFiles.junit, x)
	}
	s.cfg = cfg
	return s, nil
}

// resolveShard is the run's shard: Config.Shard, else a CI's variables.
func (c Config) resolveShard() (Shard, error) {
	return ResolveShard(c.Shard, cmp.Or(c.ShardFrom, "--shard"), os.Getenv)
}

// loaded is a suite's scenarios as the run selected them.
type loaded struct {
	idx *suite.Index // the selected scenarios; none when a selection left none
	// all are the scenarios before go test -run chose among them, one
	// subtest each (testing names and filters them)
	all      []*suite.Scenario
	resolved *steps.Resolved
	// late: the index is empty until godog has parsed the features (see
	// late.go); all and resolved come then
	late bool
}

// load parses the suite, keeps the scenarios the shard (CLI) or go test -run
// selects, and matches their steps to the vocabulary; or, when the run can
// (parseOnce), leaves the parsing to godog and the rest until godog has
// parsed (late).
func (s *settings) load() (*loaded, error) {
	cfg := s.cfg
	if s.parseOnce() {
		entries, err := suite.Expand(cfg.Root, s.layout, cfg.Paths)
		if err != nil {
			return nil, err
		}
		if len(entries) == 0 {
			return nil, s.noScenarios()
		}
		// what the parser cannot take (a line over its limit, a FIFO) is
		// refused here, once, before godog reads the files and says it its way
		if err := suite.CheckFeatures(cfg.Root, entries); err != nil {
			return nil, err
		}
		idx := suite.NewIndex(cfg.Root, s.layout)
		idx.Paths = entries
		return &loaded{idx: idx, late: true}, nil
	}
	idx, err := suite.Load(cfg.Root, s.layout, cfg.Paths)
	if err != nil {
		return nil, err
	}
	if len(idx.Order) == 0 {
		return nil, s.noScenarios()
	}
	s.suite = ShardUnits(idx.Order)
	if s.shard.Active() {
		plan := planShard(s.suite, s.shard, s.timings)
		idx.Keep(func(sc *suite.Scenario) bool { return plan.keep[sc] })
		idx.Paths, s.hidden = plan.paths, plan.hide
		s.say(plan.line)
		if len(idx.Order) == 0 {
			s.say(fmt.Sprintf("shard %s has no scenarios", s.shard))
			return &loaded{idx: idx}, nil
		}
	}
	l := &loaded{idx: idx, all: idx.Order}
	if cfg.T != nil {
		// go test -run 'TestX/<scenario>' runs only what it selects
		sel, err := selected(cfg.T, idx.Order)
		if err != nil {
			return nil, err
		}
		if slices.Contains(sel, false) && s.shard.Active() {
			// a shard runs outline rows alone: keep what both select
			chosen := map[*suite.Scenario]bool{}
			for i, sc := range idx.Order {
				chosen[sc] = sel[i]
			}
			plan := shardPlanOf(s.suite, chosen)
			idx.Keep(func(sc *suite.Scenario) bool { return chosen[sc] })
			idx.Paths, s.hidden = plan.paths, plan.hide
			if len(idx.Order) == 0 {
				return l, nil
			}
		} else if slices.Contains(sel, false) {
			var paths []string
			seen := map[string]bool{}
			for i, sc := range idx.Order {
				if sel[i] && !seen[sc.Pos()] {
					seen[sc.Pos()] = true
					paths = append(paths, sc.Pos())
				}
			}
			if l.idx, err = s.narrow(paths); err != nil || len(l.idx.Order) == 0 {
				return l, err
			}
		}
	}
	if l.resolved, err = s.resolveSteps(l.idx); err != nil {
		return nil, err
	}
	return l, nil
}

// parseOnce reports whether the run can leave the parsing to godog (see
// late.go): it needs no scenario positions before it starts (no --shard,
// no go test -run of single scenarios), checks every scenario although
// godog keeps only those --tags selects (so no --tags), and has godog write
// no report file of its own, which godog would create before a load error
// could stop it.
func (s *settings) parseOnce() bool {
	cfg := s.cfg
	return !s.shard.Active() && cfg.Tags == "" && (cfg.T == nil || !selectsSubtests(cfg.T)) &&
		!strings.Contains(s.godogFormat, ":")
}

// resolveSteps matches the steps of the loaded scenarios to the vocabulary.
func (s *settings) resolveSteps(idx *suite.Index) (*steps.Resolved, error) {
	resolved, problems := steps.Resolve(idx, s.cfg.Steps != nil)
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s\n(`scenario steps` lists the vocabulary)", strings.Join(problems, "\n"))
	}
	return resolved, nil
}

// noScenarios is the load error of a suite without scenarios.
func (s *settings) noScenarios() error {
	return fmt.Errorf("no scenarios found in %v under %s", orDefault(s.cfg.Paths, s.cfg.Features), s.cfg.Root)
}

// lateIndex fills the run's empty index and resolved steps from godog's
// documents.
func (s *settings) lateIndex(idx *suite.Index, resolved *steps.Resolved, g *gate) *lateIndex {
	return &lateIndex{order: idx.Paths, gate: g, fill: func(docs []*godog.GherkinDocument, pickles [][]*godog.Scenario) error {
		for i, doc := range docs {
			if err := idx.AddDocument(doc, pickles[i]); err != nil {
				return err
			}
		}
		if len(idx.Order) == 0 && s.cfg.Tags == "" {
			return s.noScenarios()
		}
		// none may match the tags: the run says so after its reports
		r, err := s.resolveSteps(idx)
		if err != nil {
			return err
		}
		*resolved = *r
		return nil
	}}
}

// narrow loads only the scenarios at paths (file.feature:LINE).
func (s *settings) narrow(paths []string) (*suite.Index, error) {
	if len(paths) == 0 {
		return suite.NewIndex(s.cfg.Root, s.layout), nil
	}
	return suite.Load(s.cfg.Root, s.layout, paths)
}

// run runs the loaded scenarios through godog on the chosen runtimes, with
// the reports the formats ask for; the CI reports (JUnit, GitHub) are
// written after the orphan check, by the caller.
func (s *settings) run(l *loaded) (*Result, *report.Run, error) {
	cfg, idx := s.cfg, l.idx
	rts, procs, err := runtimes.Start(s.runtime, s.runtimeFrom, s.runtimeSettings())
	if err != nil {
		return nil, nil, err
	}
	godogOut, flushGodog := outputFor(cfg.Output)
	defer flushGodog()
	// ^C or SIGTERM kills the runtime processes (in process groups of their
	// own), removes what an update was writing and ends the process; under
	// go test only a run that started one or updates changes how the test
	// binary takes signals
	if cfg.T == nil || len(procs) > 0 || cfg.Update {
		release := watchInterrupts(func() {
			flushGodog()
			procs.Kill()
			if cfg.Update {
				goldenfile.RemoveInterrupted(cfg.Root, cfg.Golden, os.Stderr)
			}
		}, len(procs))
		defer release()
	}
	defer procs.Stop()
	// one collector builds the run's model, which every report writes from
	keep := report.KeepNone
	switch {
	case len(s.htmlFiles)+len(s.ciFiles.shard) > 0:
		keep = report.KeepAll
	case len(s.ciFiles.junit)+len(s.ciFiles.github) > 0:
		keep = report.KeepRuns
	}
	col := report.NewCollector(idx, s.runtime, keep)
	resolved, format := l.resolved, s.godogFormat
	g := &gate{w: godogOut}
	if s.quietGodog {
		g.w = io.Discard
	}
	var late *lateIndex
	if l.late {
		resolved = &steps.Resolved{}
		late = s.lateIndex(idx, resolved, g)
	}
	format = summaryFormats(format) + "," + indexFormat
	golden := &goldenfile.Policy{Root: cfg.Root, Golden: cfg.Golden, Update: cfg.Update, Accept: cfg.Accept}
	warned := &warnings{}
	sc := &steps.Config{
		Root: cfg.Root, Layout: s.layout, Index: idx, Resolved: resolved,
		Golden: golden, DefaultProfile: cfg.Profile, SuiteProfile: s.suiteProfile, IDPrefix: cfg.IDPrefix, Reducers: cfg.Reducers,
		Warn: warned.add, Runtimes: rts, GraphRuntime: runtimes.ForGraph, Graph: s.graph, Report: col,
		Nodes: cfg.Nodes, Tools: cfg.Tools, UserSteps: cfg.Steps, Graphs: cfg.Graphs,
	}
	ts := godog.TestSuite{
		Name:                "scenario",
		ScenarioInitializer: late.unlessFailed(withReport(steps.Initializer(sc), col)),
		Options: &godog.Options{
			Format:      format,
			Paths:       idx.Paths,
			FS:          hideRows(suite.FeatureFS(os.DirFS(cfg.Root)), s.hidden),
			Tags:        cfg.Tags,
			Strict:      true,
			NoColors:    cfg.NoColor,
			Concurrency: max(cfg.Concurrency, 1),
			Randomize:   cfg.Random,
			Output:      g,
		},
	}
	res := &Result{Goldens: &golden.Log, Index: idx}
	all := l.all
	res.Status = runWithHandOff(ts, &handOff{late: late, skipped: func(p *godog.Scenario) bool {
		info, ok := idx.Scenario(p)
		return ok && col.SkippedOn(info) != ""
	}, anySkipped: col.AnySkipped})
	flushGodog()
	model := col.Run()
	results := &outcomes{}
	skips := &skipCount{}
	alone := &aloneCount{}
	for _, k := range model.Cases {
		if k.Done {
			results.done(k.Scenario, k.Outcome)
		}
	}
	for _, sk := range model.Skips {
		skips.add(sk.Scenario, sk.Reason, sk.Ran)
	}
	for _, a := range model.Alone {
		alone.add(a.Scenario, a.Runtime)
	}
	if late != nil {
		if err := late.failed(cfg.Root, s.layout, cfg.Paths, cfg.T == nil); err != nil {
			return nil, nil, err
		}
		all = idx.Order
	}
	if res.Status == 0 && results.failed() {
		// godog reports success to the events format whatever happened
		res.Status = 1
	}
	if cfg.T != nil {
		results.report(cfg.T, all)
	}
	warned.show(cfg)
	res.Skips, res.unran = skips.byReason, skips.unran
	res.unranKept, res.unranKnown = skips.kept, skips.unranUnknown == 0
	skips.show(cfg)
	alone.show(cfg)
	showVersions(cfg, procs)
	if err := report.WriteHTML(s.htmlFiles, model, res.Skips); err != nil {
		return nil, nil, err
	}
	if cfg.Tags != "" && sc.Started.Load() == 0 && !s.shard.Active() {
		// (a shard may hold none of the scenarios the tags select)
		return nil, nil, fmt.Errorf("no scenario matches --tags %q", cfg.Tags)
	}
	return res, model, nil
}

// withReport adds the collector's hooks after the step library's: godog's
// status of each scenario and step, for the run's model.
func withReport(init func(*godog.ScenarioContext), col *report.Collector) func(*godog.ScenarioContext) {
	return func(sc *godog.ScenarioContext) {
		init(sc)
		sc.Before(col.Before)
		sc.StepContext().After(col.AfterStep)
		sc.After(col.After)
	}
}

// warnings collects what the steps warn about while scenarios run (maybe
// at once), to show it after the run without racing godog's own output.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

// add keeps msg once: a Background step's warning is the same in every
// scenario of the feature.
func (w *warnings) add(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !slices.Contains(w.msgs, msg) {
		w.msgs = append(w.msgs, msg)
	}
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

func orDefault(paths []string, def string) []string {
	if len(paths) == 0 {
		return []string{def}
	}
	return paths
}

// showVersions says what each runtime process ran on.
func showVersions(cfg Config, procs runtimes.Processes) {
	for _, p := range procs {
		line := p.Runtime.Name() + ": " + p.Versions
		if cfg.T != nil {
			cfg.T.Log(line)
			continue
		}
		fmt.Fprintln(cfg.Output, line)
	}
}

// skipCount counts the scenarios skipped on a runtime, by reason.
type skipCount struct {
	mu       sync.Mutex
	byReason map[string]int
	unran    int // skipped and run on no runtime at all
	// of them, the scenarios known (each keeps its golden files from
	// looking unused) and the count of those not
	unranScenarios []*suite.Scenario
	unranUnknown   int
	keys           map[string]string // why each skipped scenario was skipped, by suite key
}

func (s *skipCount) add(sc *suite.Scenario, reason string, ran bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !ran {
		s.unran++
		if sc != nil {
			s.unranScenarios = append(s.unranScenarios, sc)
		} else {
			s.unranUnknown++
		}
	}
	if s.byReason == nil {
		s.byReason, s.keys = map[string]int{}, map[string]string{}
	}
	s.byReason[reason]++
	if sc != nil {
		s.keys[sc.Key()] = reason
	}
}

// kept reports whether the golden file rel may be one of a scenario's
// that no runtime ran (goldenfile.MayBelong).
func (s *skipCount) kept(rel string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sc := range s.unranScenarios {
		var named []string
		for _, st := range sc.Steps {
			if n, ok := steps.GoldenNamed(st.Text); ok {
				named = append(named, n)
			}
		}
		if goldenfile.MayBelong(rel, sc.GoldenBase, named) {
			return true
		}
	}
	return false
}

// has reports whether a runtime skipped the scenario.
func (s *skipCount) has(sc *suite.Scenario) bool { return s.reason(sc) != "" }

// reason says why a runtime skipped the scenario, or "".
func (s *skipCount) reason(sc *suite.Scenario) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.keys[sc.Key()]
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
	what := fmt.Sprintf("%d scenarios", total)
	if total == 1 {
		what = "1 scenario"
	}
	fmt.Fprintf(&b, "%s skipped on a runtime (never counted as passed there):\n", what)
	for _, r := range reasons {
		fmt.Fprintf(&b, "  %d× %s\n", s.byReason[r], r)
	}
	if cfg.T != nil {
		cfg.T.Log(strings.TrimSuffix(b.String(), "\n"))
		return
	}
	fmt.Fprint(cfg.Output, b.String())
}
