//go:build linux

// Command compare times whole processes on a generated typical suite
// (bench/suite/typical), with nothing but the Go toolchain (and node for
// -node). It writes the suite and its golden files into a temporary
// directory, builds the binaries there, and runs each pair of commands
// interleaved, A B A B ..., after one warm-up of each:
//
//   - cli: `scenario run --root DIR --format progress` (A) against the bare
//     godog program on no-op steps, `bare -root DIR` (B);
//   - gotest: the compiled test binary of bench/suite/gotest, with
//     -test.run '^TestScenario$' (A) and '^TestBareGodog$' (B);
//   - node (with -node, when node and the repository's node_modules are
//     there): `scenario run` (A) against LangGraph JS running and checking
//     the same scenarios, `node bench/suite/langgraph.mjs DIR` (B).
//
// Each run's wall time is taken around start and wait on the monotonic
// clock; its CPU time (user + system) and peak RSS come from the child's
// rusage. A run that exits non-zero stops the comparison with its output's
// tail. The report gives min, median and max per command, the ratio A/B of
// the medians and the median of the per-pair ratios.
//
//	go run ./bench/suite/compare [-n 1000] [-runs 10] [-node] [-keep]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/stateharness/scenario/bench/suite/gotest"
	"github.com/stateharness/scenario/bench/suite/typical"
	"github.com/stateharness/scenario/internal/runner"
)

func main() {
	n := flag.Int("n", 1000, "scenarios in the generated suite")
	per := flag.Int("per-feature", 20, "scenarios in a feature file")
	runs := flag.Int("runs", 10, "timed runs of each command (after one warm-up)")
	cli := flag.Bool("cli", true, "compare `scenario run` with the bare godog program")
	gotests := flag.Bool("gotest", true, "compare the go test binary's TestScenario with TestBareGodog")
	node := flag.Bool("node", false, "compare `scenario run` with LangGraph JS (bench/suite/langgraph.mjs)")
	keep := flag.Bool("keep", false, "leave the temporary directory (suite, binaries, outputs)")
	flag.Parse()
	if *n < 1 || *per < 1 || *runs < 1 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/suite/compare [-n 1000] [-runs 10] [-node] [-cli=false] [-gotest=false] [-keep]")
		os.Exit(2)
	}
	err := run(config{n: *n, perFeature: *per, runs: *runs, cli: *cli, gotest: *gotests, node: *node, keep: *keep}, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

type config struct {
	n, perFeature, runs int
	cli, gotest, node   bool
	keep                bool
}

// command is one side of a comparison. label is how the report names it,
// with DIR for the suite and BIN for the binaries' directory.
type command struct {
	label string
	args  []string
	env   []string // added to the environment
	dir   string
}

// comparison is a pair of commands, A and B.
type comparison struct {
	name string
	a, b command
}

// sample is one run's cost.
type sample struct {
	wall, cpu time.Duration
	peakKiB   int64
}

func run(cfg config, out io.Writer) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "suite-compare-")
	if err != nil {
		return err
	}
	if cfg.keep {
		fmt.Fprintln(os.Stderr, "compare: keeping", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	dir, bin := filepath.Join(tmp, "suite"), filepath.Join(tmp, "bin")
	if err := generate(dir, cfg.n, cfg.perFeature); err != nil {
		return err
	}
	if err := build(root, bin); err != nil {
		return err
	}

	var nodeVersion string
	if cfg.node {
		nodeVersion, err = nodeReady(root)
		if err != nil {
			fmt.Fprintln(out, "node comparison skipped:", err)
			cfg.node = false
		}
	}
	scenarioRun := command{label: "scenario run --root DIR --format progress",
		args: []string{filepath.Join(bin, "scenario"), "run", "--root", dir, "--format", "progress"}}
	var cmps []comparison
	if cfg.cli {
		cmps = append(cmps, comparison{name: "cli", a: scenarioRun,
			b: command{label: "bare -root DIR", args: []string{filepath.Join(bin, "bare"), "-root", dir}}})
	}
	if cfg.gotest {
		test := func(name string) command {
			return command{label: "gotest.test -test.run '^" + name + "$'",
				args: []string{filepath.Join(bin, "gotest.test"), "-test.run", "^" + name + "$"},
				env:  []string{gotest.SuiteEnv + "=" + dir}}
		}
		cmps = append(cmps, comparison{name: "gotest", a: test("TestScenario"), b: test("TestBareGodog")})
	}
	if cfg.node {
		cmps = append(cmps, comparison{name: "node", a: scenarioRun,
			b: command{label: "node bench/suite/langgraph.mjs DIR",
				args: []string{"node", filepath.Join(root, "bench", "suite", "langgraph.mjs"), dir}, dir: root}})
	}

	machine := fmt.Sprintf("%s/%s, %d CPUs, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	if nodeVersion != "" {
		machine += ", node " + nodeVersion
	}
	fmt.Fprintf(out, "suite: %d typical scenarios, %d a feature file; timed runs: %d of each command after one warm-up, interleaved A B A B\n",
		cfg.n, cfg.perFeature, cfg.runs)
	fmt.Fprintf(out, "machine: %s\n", machine)
	for _, c := range cmps {
		as, bs, err := measurePair(c, cfg.runs, tmp)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "\n%s: A = %s, B = %s\n", c.name, c.a.label, c.b.label)
		fmt.Fprint(out, report(as, bs))
	}
	return nil
}

// moduleRoot is the directory of the go.mod that the go command finds from
// here.
func moduleRoot() (string, error) {
	data, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(data))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run compare inside the module (go run ./bench/suite/compare from the repository)")
	}
	return filepath.Dir(mod), nil
}

// generate writes the suite and its golden files, as bench/suite/gen does.
func generate(dir string, n, perFeature int) error {
	if err := typical.Write(dir, n, perFeature); err != nil {
		return err
	}
	res, err := runner.Run(runner.Config{Root: dir, Update: true, Output: io.Discard})
	if err != nil {
		return fmt.Errorf("writing the golden files: %v", err)
	}
	if res.Status != 0 {
		return fmt.Errorf("the generated suite fails; rerun with -keep and `scenario run --root %s` to see why", dir)
	}
	return nil
}

// build compiles the CLI, the bare godog program and the go test binary
// into bin.
func build(root, bin string) error {
	for _, args := range [][]string{
		{"build", "-o", filepath.Join(bin, "scenario"), "./cmd/scenario"},
		{"build", "-o", filepath.Join(bin, "bare"), "./bench/suite/bare"},
		{"test", "-c", "-o", filepath.Join(bin, "gotest.test"), "./bench/suite/gotest"},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		if data, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, data)
		}
	}
	return nil
}

// nodeReady gives node's version, or why the node comparison cannot run.
func nodeReady(root string) (string, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return "", errors.New("node is not in PATH")
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@langchain", "langgraph", "package.json")); err != nil {
		return "", fmt.Errorf("@langchain/langgraph is not installed under %s: run npm ci there", root)
	}
	v, err := exec.Command("node", "--version").Output()
	if err != nil {
		return "", fmt.Errorf("node --version: %v", err)
	}
	return strings.TrimSpace(string(v)), nil
}

// measurePair warms each command up once, then runs A and B in turn, runs
// times each.
func measurePair(c comparison, runs int, tmp string) (as, bs []sample, err error) {
	for _, cmd := range []command{c.a, c.b} {
		if _, err := measure(cmd, tmp); err != nil {
			return nil, nil, err
		}
	}
	for range runs {
		a, err := measure(c.a, tmp)
		if err != nil {
			return nil, nil, err
		}
		b, err := measure(c.b, tmp)
		if err != nil {
			return nil, nil, err
		}
		as, bs = append(as, a), append(bs, b)
	}
	return as, bs, nil
}

// measure runs cmd once. Its output goes to a file, so that the child
// writes it without this process copying a pipe.
func measure(c command, tmp string) (sample, error) {
	f, err := os.CreateTemp(tmp, "output-")
	if err != nil {
		return sample{}, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	cmd := exec.Command(c.args[0], c.args[1:]...)
	cmd.Dir = c.dir
	if cmd.Dir == "" {
		cmd.Dir = tmp
	}
	cmd.Env = append(os.Environ(), c.env...)
	cmd.Stdout, cmd.Stderr = f, f
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("%s: %v; the end of its output:\n%s", c.label, err, tail(f, 40))
	}
	ps := cmd.ProcessState
	s := sample{wall: wall, cpu: ps.UserTime() + ps.SystemTime()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		s.peakKiB = ru.Maxrss // KiB on Linux
	}
	return s, nil
}

// tail is the last n lines of f.
func tail(f *os.File, n int) string {
	data, err := os.ReadFile(f.Name())
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// median is the middle of xs (the mean of the two middle values for an
// even count), NaN for none. xs is left as it was.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// ratios are a[i]/b[i], pair by pair.
func ratios(a, b []float64) []float64 {
	if len(a) != len(b) {
		panic("ratios: unpaired samples")
	}
	r := make([]float64, len(a))
	for i := range a {
		r[i] = a[i] / b[i]
	}
	return r
}

// metric is one measured quantity of the samples, in the unit the report
// prints.
type metric struct {
	name string
	of   func(sample) float64
}

var metrics = []metric{
	{"wall ms", func(s sample) float64 { return float64(s.wall) / float64(time.Millisecond) }},
	{"cpu ms", func(s sample) float64 { return float64(s.cpu) / float64(time.Millisecond) }},
	{"peak MiB", func(s sample) float64 { return float64(s.peakKiB) / 1024 }},
}

// report is the table of one comparison: per metric, min, median and max of
// A and of B, the ratio of the medians and the median of the pairs' ratios.
func report(as, bs []sample) string {
	rows := [][]string{{"", "", "min", "median", "max", "A/B medians", "A/B pairs"}}
	for _, m := range metrics {
		a, b := values(as, m), values(bs, m)
		ma, mb := median(a), median(b)
		rows = append(rows,
			[]string{m.name, "A", f1(slices.Min(a)), f1(ma), f1(slices.Max(a)), f2(ma / mb), f2(median(ratios(a, b)))},
			[]string{"", "B", f1(slices.Min(b)), f1(mb), f1(slices.Max(b)), "", ""})
	}
	return table(rows)
}

func values(ss []sample, m metric) []float64 {
	v := make([]float64, len(ss))
	for i, s := range ss {
		v[i] = m.of(s)
	}
	return v
}

func f1(x float64) string { return fmt.Sprintf("%.1f", x) }
func f2(x float64) string { return fmt.Sprintf("%.2f", x) }

// table aligns rows in columns two spaces apart: the first column to the
// left, the others to the right. Lines carry no trailing spaces.
func table(rows [][]string) string {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len(cell))
		}
	}
	var b bytes.Buffer
	for _, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			if i > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-len(cell))
			if i == 0 {
				line.WriteString(cell + pad)
			} else {
				line.WriteString(pad + cell)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
