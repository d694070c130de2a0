package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/stateharness/scenario/internal/goldenfile"
	reports "github.com/stateharness/scenario/internal/report"
)

// scenario report merge SHARD.json... writes the reports of a run that CI
// split into shards (docs/reference.md, Sharding in CI): each shard ran
// with --format shard:FILE, and the merge writes the JUnit report and the
// HTML page the whole run would have written, and gives check's verdict
// on the golden files, which no shard alone can give (a golden file is an
// orphan when no shard read it).

// reportCommand is `scenario report`, whose one subcommand is merge.
func reportCommand(f *flags, code *int, stdout, stderr io.Writer) *cobra.Command {
	rep := &cobra.Command{Use: "report", Short: "Work with the reports of a run", Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			// a command without a RunE prints its help and exits 0 on any word
			return fmt.Errorf("unknown command %q for scenario report: run scenario report merge SHARD_FILE...", args[0])
		}}
	rep.AddCommand(&cobra.Command{
		Use:   "merge SHARD_FILE...",
		Short: "Merge the shard:FILE parts of a sharded run into its JUnit and HTML reports (--format junit:FILE,html:FILE) and check's verdict",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			// the run's flags chose the shards' scenarios; given to the
			// merge they would change nothing, and look as if they did
			var ignored []string
			for _, name := range []string{"profile", "tags", "concurrency", "shard", "shard-timings", "random", "runtime", "runtime-timeout", "python"} {
				if cmd.Flags().Changed(name) {
					ignored = append(ignored, "--"+name)
				}
			}
			if len(ignored) > 0 {
				fmt.Fprintf(stderr, "scenario: report merge: %s chooses what a shard runs, not what the merge reads: give it to the shards' runs; the merge takes --format, --allow-skips and the shard files\n", strings.Join(ignored, ", "))
				*code = exitLoad
				return nil
			}
			*code = mergeReports(files, f.format, f.allowSkips, stdout, stderr)
			return nil
		},
	})
	return rep
}

// mergeReports merges the shard files and writes the reports format asks
// for, returning the exit code: check's, when the shards ran check, which
// allowSkips (--allow-skips, of the merge or of the shards) passes with
// skips.
func mergeReports(names []string, format string, allowSkips bool, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "scenario: report merge: %v\n", err)
		return exitLoad
	}
	var junit, html []string
	for _, item := range strings.Split(format, ",") {
		item = strings.TrimSpace(item)
		name, file, _ := strings.Cut(item, ":")
		switch {
		case item == "":
		case name == "junit":
			junit = append(junit, file)
		case name == "html" && file != "":
			html = append(html, file)
		default:
			return fail(fmt.Errorf("--format %s: report merge writes junit[:FILE] and html:FILE", item))
		}
	}
	files := make([]*reports.ShardFile, len(names))
	for i, n := range names {
		f, err := reports.ReadShardFile(n)
		if err != nil {
			return fail(err)
		}
		files[i] = f
	}
	m, err := reports.Merge(names, files)
	if err != nil {
		return fail(err)
	}
	v := verdictOf(m)
	v.allow = v.allow || allowSkips
	rep := m.JUnit(v.golden)
	for _, file := range junit {
		if err := reports.WriteJUnit(file, stdout, rep); err != nil {
			return fail(fmt.Errorf("--format junit:%s: %v", file, err))
		}
	}
	for _, file := range html {
		if err := reports.WriteHTMLFile(file, m.HTML()); err != nil {
			return fail(fmt.Errorf("--format html:%s: %v", file, err))
		}
	}
	fmt.Fprintf(stdout, "merged %d shards: %d scenarios, %d failed, %d skipped\n", len(files), rep.Tests-len(v.golden), rep.Failures-len(v.golden), rep.Skipped)
	code := exitPassed
	for _, f := range files {
		if f.Status != 0 {
			code = exitFailed
		}
	}
	for _, msg := range m.Shared {
		fmt.Fprintln(stdout, msg)
		code = exitFailed
	}
	if files[0].Check != nil && !v.write(stdout, code == exitPassed) {
		code = exitFailed
	}
	return code
}

// verdict is check's finding over every shard.
type verdict struct {
	problems goldenfile.Problems
	coverage goldenfile.Coverage
	golden   []reports.GoldenProblem // as the JUnit report lists them
	skipped  int
	allow    bool
}

// verdictOf gathers the shards' golden-file findings: the missing and
// stale files any shard read, the leftovers, and as orphans the files no
// shard used, when every shard could say which it used.
func verdictOf(m *reports.MergedRun) verdict {
	var v verdict
	if m.Shards[0].Check == nil {
		return v
	}
	v.coverage = goldenfile.Coverage{Passed: true, OrphansChecked: true}
	byKind := map[string]map[string]reports.ShardProblem{"missing": {}, "stale": {}}
	var unused map[string]int
	var leftovers []string
	for _, f := range m.Shards {
		c := f.Check
		v.problems.FixMissing, v.problems.FixStale = c.Fix.Missing, c.Fix.Stale
		v.problems.FixOrphans, v.problems.FixLeftovers = c.Fix.Orphans, c.Fix.Leftovers
		v.skipped += c.Skipped
		v.allow = c.AllowSkips
		v.coverage.Passed = v.coverage.Passed && f.Status == 0
		v.coverage.OrphansChecked = v.coverage.OrphansChecked && c.Surveyed
		if c.Filtered != "" {
			v.coverage.Filtered = c.Filtered
		}
		for _, p := range c.Problems {
			if _, ok := byKind[p.Kind][p.Path]; !ok {
				byKind[p.Kind][p.Path] = p
			}
		}
		if unused == nil {
			unused = map[string]int{}
		}
		for _, u := range c.Unused {
			unused[u]++
		}
		leftovers = append(leftovers, c.Leftovers...)
	}
	v.coverage.Skipped = v.skipped > 0
	if len(m.Shared) > 0 {
		// a golden file two shards' scenarios read: as in one run, that
		// scenario failed, and orphans cannot be told
		v.coverage.Passed, v.coverage.OrphansChecked = false, false
	}
	for _, kind := range []string{"missing", "stale"} {
		paths := make([]string, 0, len(byKind[kind]))
		for p := range byKind[kind] {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			sp := byKind[kind][p]
			v.golden = append(v.golden, reports.GoldenProblem{Path: sp.Path, Kind: sp.Kind, Pos: sp.Pos, Message: sp.Message})
		}
		if kind == "missing" {
			v.problems.Missing = paths
		} else {
			v.problems.Stale = paths
		}
	}
	if v.coverage.OrphansChecked && v.coverage.Filtered == "" {
		for u, n := range unused {
			if n == len(m.Shards) {
				v.problems.Orphans = append(v.problems.Orphans, u)
			}
		}
		sort.Strings(v.problems.Orphans)
	}
	for _, o := range v.problems.Orphans {
		msg := "orphan golden file " + o + ", referenced by no scenario"
		if v.problems.FixOrphans != "" {
			msg += "; to delete it, run: " + v.problems.FixOrphans
		}
		v.golden = append(v.golden, reports.GoldenProblem{Path: o, Kind: "orphan", Pos: reports.Pos{File: o, Line: 1}, Message: msg})
	}
	sort.Strings(leftovers)
	v.problems.Leftovers = slices.Compact(leftovers)
	for _, l := range v.problems.Leftovers {
		msg := "temporary file " + l + " left by an interrupted update"
		if v.problems.FixLeftovers != "" {
			msg += "; to remove it, run: " + v.problems.FixLeftovers
		}
		v.golden = append(v.golden, reports.GoldenProblem{Path: l, Kind: "leftover", Pos: reports.Pos{File: l, Line: 1}, Message: msg})
	}
	return v
}

// write prints the verdict as scenario check prints it, and says whether
// the suite is clean (passed: every shard passed).
func (v verdict) write(out io.Writer, passed bool) bool {
	v.problems.Write(out)
	clean := passed && v.problems.Clean()
	if why := v.coverage.Unchecked(); why != "" {
		fmt.Fprintln(out, "\n"+why)
	}
	skipsFail := v.skipped > 0 && !v.allow
	if clean && !skipsFail {
		fmt.Fprintln(out, "\n"+v.coverage.Clean())
	}
	if v.skipped > 0 {
		what := scenarios(v.skipped)
		if v.allow {
			fmt.Fprintf(out, "check: %s skipped on a runtime (see why in the shards' output), allowed by --allow-skips\n", what)
		} else {
			fmt.Fprintf(out, "check: %s skipped on a runtime, never passed (see why in the shards' output); give --allow-skips to accept that\n", what)
		}
	}
	return clean && !skipsFail
}
