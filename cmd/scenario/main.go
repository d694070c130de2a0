// Command scenario runs a suite of state-graph scenarios: the same engine
// and steps as scenario.Run, for teams whose agents are not written in Go.
//
//	scenario [run] [paths...]   run the scenarios (default: features/)
//	scenario update [paths...]  run, rewriting missing or stale goldens
//	scenario check [paths...]   run without writing; fail on missing, stale or orphan goldens
//	scenario prune              delete orphan goldens after a whole, passing run
//	scenario record RUN         turn a real run into a scenario and its golden
//	scenario steps              print the step vocabulary
//	scenario init [dir]         scaffold a suite with a CI workflow
//	scenario version            print the version
//
// Exit codes: 0 all passed, 1 a scenario failed, 2 the suite could not be
// loaded, 130 and 143 interrupted by SIGINT and SIGTERM (the runtime
// processes are stopped first).
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/shell"
	"github.com/stateharness/scenario/runtimes"
	"github.com/stateharness/scenario/steps"
)

// Exit codes of docs/reference.md, CLI.
const (
	exitPassed = 0
	exitFailed = 1
	exitLoad   = 2
)

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type flags struct {
	root, profile, tags, format, shard string
	shardTimings                       string
	runtime, runtimeTimeout, python    string
	noColor, allowSkips, rootSet       bool
	concurrency                        int
	shards                             int // init --shards
	random                             int64
}

// mode is what a run does besides running.
type mode int

const (
	modeRun    mode = iota
	modeUpdate      // rewrite missing and stale goldens
	modeCheck       // also fail on orphan goldens, and say what fixes what
	modePrune       // delete orphan goldens after a whole, passing run
)

// joinedFlag is a string flag that may be given more than once: each value
// is joined to the ones before it with a comma (--format junit:a.xml
// --format html:b.html writes both, as cucumber-js and vitest do).
type joinedFlag struct{ p *string }

func (j joinedFlag) String() string {
	if j.p == nil {
		return ""
	}
	return *j.p
}

func (j joinedFlag) Set(v string) error {
	if *j.p != "" {
		*j.p += ","
	}
	*j.p += v
	return nil
}

func (joinedFlag) Type() string { return "string" }

// run is the whole CLI, returning the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	var f flags
	code := exitPassed
	runSuite := func(m mode) func(*cobra.Command, []string) error {
		return func(cmd *cobra.Command, paths []string) error {
			f.rootSet = cmd.Flags().Changed("root")
			code = execute(f, paths, m, stdout, stderr)
			return nil
		}
	}
	root := &cobra.Command{
		Use:           "scenario [command] [paths...]",
		Short:         "Scenario tests for agent state graphs",
		Long:          "scenario runs Gherkin scenarios that declare a state schema, an input, what nodes and tools returned,\nand the expected state, through a deterministic engine that merges like LangGraph, Dawn, Awaken or llmfy.",
		Args:          cobra.ArbitraryArgs,
		RunE:          runSuite(modeRun),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.CompletionOptions.DisableDefaultCmd = true
	pf := root.PersistentFlags()
	pf.StringVar(&f.root, "root", ".", "suite root holding features/, golden/ and scenarios/")
	pf.StringVar(&f.profile, "profile", "", "default profile: "+strings.Join(engine.Profiles(), ", ")+" (overrides scenario.yaml)")
	pf.StringVar(&f.tags, "tags", "", "run scenarios matching a godog tag expression (@a && ~@b, @a,@b)")
	pf.Var(joinedFlag{&f.format}, "format", "formatters, comma-separated or one per --format: godog's pretty, progress, cucumber:FILE; junit:FILE (testcases with file and line; check adds its golden-file problems), github or github:FILE (GitHub Actions annotations), and html:FILE (a self-contained report of every step's state change); default pretty on a terminal, progress otherwise")
	pf.BoolVar(&f.noColor, "no-color", false, "plain output (also NO_COLOR)")
	pf.IntVar(&f.concurrency, "concurrency", 1, "how many scenarios run at once")
	pf.StringVar(&f.shard, "shard", "", "run part K of N of the suite (K/N; each outline row on its own, shards of equal count); without it, Bazel's, CircleCI's, Buildkite's or GitLab's shard variables choose the part")
	pf.StringVar(&f.shardTimings, "shard-timings", "", "balance the shards by the testcase times of an earlier run's JUnit report (junit:FILE, or report merge's) instead of by count")
	pf.Int64Var(&f.random, "random", 0, "shuffle scenarios within each feature; --random alone picks and prints a seed, --random=SEED repeats an order")
	pf.Lookup("random").NoOptDefVal = "-1"
	pf.StringVar(&f.runtime, "runtime", "", "what runs the commits: "+runtimes.Usage()+" (overrides scenario.yaml)")
	pf.StringVar(&f.runtimeTimeout, "runtime-timeout", "", "how long one request to a runtime process may take (90s, 2m) before the step fails and the process is started again; default 30s (overrides scenario.yaml's runtime_timeout)")
	pf.StringVar(&f.python, "python", "", "the Python interpreter of the langgraph-py and llmfy runtimes, e.g. .venv/bin/python (overrides scenario.yaml's python:; default: the suite root's .venv, else python3 on PATH)")
	pf.BoolVar(&f.allowSkips, "allow-skips", false, "check: do not fail on scenarios a runtime skipped (a skipped scenario is never passed; run and update report skips and pass)")
	root.AddCommand(
		&cobra.Command{Use: "run [paths...]", Short: "Run the scenarios (the default command)", RunE: runSuite(modeRun)},
		&cobra.Command{Use: "update [paths...]", Short: "Run the scenarios, rewriting missing or stale golden files", RunE: runSuite(modeUpdate)},
		&cobra.Command{Use: "check [paths...]", Short: "Run without writing; fail on failing scenarios and missing, stale or orphan goldens", RunE: runSuite(modeCheck)},
		&cobra.Command{Use: "prune [paths...]", Short: "Delete golden files that no scenario references (after a passing run of the suite, a directory or a feature file)", RunE: runSuite(modePrune)},
		recordCommand(&f, os.Stdin, stdout, stderr),
		reportCommand(&f, &code, stdout, stderr),
		&cobra.Command{Use: "steps", Short: "Print the step vocabulary", Args: cobra.NoArgs, RunE: func(*cobra.Command, []string) error {
			printSteps(stdout)
			return nil
		}},
		withShardsFlag(&f.shards, &cobra.Command{Use: "init [dir]", Short: "Scaffold a suite that passes at once: features/, golden/, scenarios/, scenario.yaml, scenario_test.go, a CI workflow (for --profile and --runtime when given, else for the project around dir)",
			Args: cobra.MaximumNArgs(1), RunE: func(_ *cobra.Command, args []string) error {
				dir := f.root
				if len(args) == 1 {
					dir = args[0]
				}
				if err := runInitWith(dir, initOptions{Profile: f.profile, Runtime: f.runtime, Shards: f.shards}, stdout); err != nil {
					return fmt.Errorf("init: %w", err)
				}
				return nil
			}}),
		&cobra.Command{Use: "version", Short: "Print the version", Args: cobra.NoArgs, RunE: func(*cobra.Command, []string) error {
			fmt.Fprintln(stdout, "scenario", version())
			return nil
		}},
	)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.Execute(); err != nil {
		fmt.Fprintf(stderr, "scenario: %v\n", err)
		return exitLoad
	}
	return code
}

func execute(f flags, rawPaths []string, m mode, stdout, stderr io.Writer) int {
	root, paths, err := suiteRoot(f.root, f.rootSet, rawPaths)
	if err != nil {
		fmt.Fprintf(stderr, "scenario: %v\n", err)
		return exitLoad
	}
	f.root = root
	var timeout time.Duration
	if f.runtimeTimeout != "" {
		if timeout, err = runner.ParseTimeout(f.runtimeTimeout); err != nil {
			fmt.Fprintf(stderr, "scenario: --runtime-timeout: %v\n", err)
			return exitLoad
		}
	}
	python, err := pythonFlag(f.python)
	if err != nil {
		fmt.Fprintf(stderr, "scenario: %v\n", err)
		return exitLoad
	}
	hints := newHintFlags(f, rawPaths)
	out, isFile := stdout.(*os.File)
	terminal := isFile && isTerminal(out)
	defaultFormat := "progress"
	if terminal {
		defaultFormat = "pretty"
	}
	cfg := runner.Config{
		Root: f.root, Paths: paths, Tags: f.tags, Format: f.format, DefaultFormat: defaultFormat,
		NoColor: f.noColor || os.Getenv("NO_COLOR") != "" || !terminal, Profile: f.profile,
		Update:      m == modeUpdate || (m == modeRun && goldenfile.UpdateRequested()),
		Concurrency: f.concurrency, Shard: f.shard, ShardTimings: f.shardTimings, Random: f.random, Runtime: f.runtime,
		RuntimeTimeout: timeout, Python: python, Accept: hints.acceptCommand(), Output: stdout,
	}
	if m == modeCheck {
		// the reports list golden-file problems with what fixes them
		prune := hints.withPaths("prune", false)
		cfg.Check, cfg.Prune = true, func(string) string { return prune }
		// report merge's verdict is of the whole suite: no --shard in its fixes
		update := hints.withPaths("update", false)
		cfg.MergeFix = runner.ShardFixes{Missing: update, Stale: update, Orphans: prune, Leftovers: hints.command("prune", false)}
		cfg.AllowSkips = f.allowSkips
	}
	if m == modePrune && cfg.Filtered() {
		fmt.Fprintln(stderr, "scenario: prune needs a run of the whole suite, a directory or a feature file: drop --tags, --shard (and a CI's shard variables) and scenario lines (golden files of the scenarios left out would look unused)")
		return exitLoad
	}
	res, err := runner.Run(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "scenario: %v\n", err)
		return exitLoad
	}
	for _, w := range res.Goldens.Written() {
		fmt.Fprintf(stdout, "updated %s\n", w)
	}
	code := exitPassed
	switch res.Status {
	case 0:
	case 1:
		code = exitFailed
	default:
		return exitLoad
	}
	skipsFail, skipLine := skips(f, m, res)
	if skipsFail {
		code = exitFailed
	}
	if m == modeCheck && !report(cfg, res, hints, skipsFail, stdout) {
		code = exitFailed
	}
	if skipLine != "" {
		fmt.Fprintln(stdout, skipLine)
	}
	switch m {
	case modePrune:
		if res.Status != 0 {
			fmt.Fprintln(stderr, "scenario: prune deleted nothing: scenarios failed, so their golden files may only look unused; fix them first")
			return exitFailed
		}
		if !res.OrphansChecked && res.NotRun() > 0 {
			// temporary files of an interrupted update are removed all the same
			fmt.Fprintf(stderr, "scenario: prune deleted no golden file: %s run on no runtime (see why above), so the golden files they read may only look unused; prune with a --runtime that runs them\n", scenarios(res.NotRun()))
			code = exitFailed
			break
		}
		if err := goldenfile.Prune(f.root, res.Orphans, stdout); err != nil {
			fmt.Fprintf(stderr, "scenario: %v\n", err)
			return exitFailed
		}
	}
	if m == modePrune || m == modeUpdate {
		if err := goldenfile.RemoveLeftovers(f.root, res.Leftovers, stdout); err != nil {
			fmt.Fprintf(stderr, "scenario: %v\n", err)
			return exitFailed
		}
	}
	return code
}

// skips is the one line that says what the scenarios a runtime skipped
// do to the exit code, and whether they fail the run: a scenario skipped
// is never passed, and check, the gate for CI, fails on any (unless
// --allow-skips); run and update say so and pass, as a test runner passes
// a run with skipped tests (a clone without node runs the bundled suite,
// whose own-graph scenarios need LangGraph JS).
func skips(f flags, m mode, res *runner.Result) (fail bool, line string) {
	n := res.Skipped()
	if n == 0 || m == modePrune {
		return false, ""
	}
	name := map[mode]string{modeRun: "run", modeUpdate: "update", modeCheck: "check"}[m]
	switch {
	case f.allowSkips:
		return false, fmt.Sprintf("%s: %s skipped on a runtime (see why above), allowed by --allow-skips", name, scenarios(n))
	case m == modeRun:
		return false, fmt.Sprintf("run: %s skipped on a runtime, never passed (see why above); run does not fail on skips, check does unless --allow-skips", scenarios(n))
	case m == modeUpdate && res.NotRun() == 0:
		return false, fmt.Sprintf("update: %s run on one runtime alone (see why above); their golden files were written from it", scenarios(n))
	case m == modeUpdate:
		return false, fmt.Sprintf("update: %s run on no runtime, so their golden files were not written (see why above); check fails on them unless --allow-skips", scenarios(res.NotRun()))
	}
	return true, fmt.Sprintf("%s: %s skipped on a runtime, never passed (see why above); give --allow-skips to accept that", name, scenarios(n))
}

// scenarios is "1 scenario was" or "n scenarios were".
func scenarios(n int) string {
	if n == 1 {
		return "1 scenario was"
	}
	return strconv.Itoa(n) + " scenarios were"
}

// report prints what check found, each kind with the command that fixes
// it, and says whether the suite is clean; no "all pass" when skips fail
// the check.
func report(cfg runner.Config, res *runner.Result, hints hintFlags, skipsFail bool, out io.Writer) bool {
	update := hints.withPaths("update", true)
	p := goldenfile.ProblemsOf(res.Goldens, res.Orphans, res.Leftovers)
	p.FixMissing, p.FixStale, p.FixOrphans = update, update, hints.withPaths("prune", false)
	p.FixLeftovers = hints.command("prune", false)
	p.Write(out)
	clean := res.Status == 0 && p.Clean()
	c := goldenfile.Coverage{Passed: res.Status == 0, Skipped: res.Skipped() > 0, OrphansChecked: res.OrphansChecked}
	if cfg.Filtered() {
		c.Filtered = "tags, shard or scenario lines"
	}
	if why := c.Unchecked(); why != "" {
		fmt.Fprintln(out, "\n"+why)
	}
	if clean && !skipsFail {
		fmt.Fprintln(out, "\n"+c.Clean())
	}
	return clean
}

// printSteps prints the step vocabulary from the registered patterns.
func printSteps(out io.Writer) {
	for _, d := range steps.Vocabulary() {
		text := stepText(d)
		if d.Arg != steps.NoArg {
			text += "   + " + string(d.Arg)
		}
		fmt.Fprintln(out, text)
	}
}

// stepText is a step pattern as a person reads it: `node "<text>" returns:`.
func stepText(d steps.Def) string {
	text := strings.TrimSuffix(strings.TrimPrefix(d.Pattern, "^"), "$")
	return strings.NewReplacer(`"([^"]*)"`, `"<text>"`, `"(.*)"`, `"<text>"`, `(\d+)`, "<n>", `(.+)`, "<json>", `\.`, ".").Replace(text)
}

// version is the module version this binary was built from.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// quote makes s one shell word.
func quote(s string) string { return shell.Quote(s) }

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// pythonFlag is --python as the runtimes read it: a path on the command
// line is the current directory's, so it is made absolute; a bare name is
// looked up on PATH.
func pythonFlag(python string) (string, error) {
	if python == "" || !strings.ContainsRune(python, filepath.Separator) || filepath.IsAbs(python) {
		return python, nil
	}
	abs, err := filepath.Abs(python)
	if err != nil {
		return "", fmt.Errorf("--python: %v", err)
	}
	return abs, nil
}
