package goldenfile

import (
	"fmt"
	"io"
)

// Problems are what a check finds wrong with a suite's golden files, each
// kind with the command that fixes it.
type Problems struct {
	Missing, Stale, Orphans []string
	// Leftovers are the temporary files an interrupted update left.
	Leftovers []string
	// FixMissing and FixStale are the commands that rewrite golden files;
	// FixOrphans and FixLeftovers the ones that delete those files.
	FixMissing, FixStale, FixOrphans, FixLeftovers string
}

// Clean reports whether there is no problem.
func (p Problems) Clean() bool {
	return len(p.Missing) == 0 && len(p.Stale) == 0 && len(p.Orphans) == 0 && len(p.Leftovers) == 0
}

// Write lists each kind of problem, its files and its fix, as the CLI's
// check and go test's check mode print them.
func (p Problems) Write(out io.Writer) {
	list := func(title string, files []string, fix string) {
		if len(files) == 0 {
			return
		}
		fmt.Fprintf(out, "\n%s (%d):\n", title, len(files))
		for _, f := range files {
			fmt.Fprintf(out, "  %s\n", f)
		}
		fmt.Fprintf(out, "fix: %s\n", fix)
	}
	list("missing golden files", p.Missing, p.FixMissing)
	list("stale golden files", p.Stale, "review the differences above, then "+p.FixStale)
	list("orphan golden files, referenced by no scenario", p.Orphans, p.FixOrphans)
	list("temporary files left by an interrupted update", p.Leftovers, p.FixLeftovers)
}

// ProblemsOf are the problems a run found: the golden files log ended
// missing or stale, and the orphans and leftovers its survey found; the
// fixes are the caller's to fill, in the words of its front end.
func ProblemsOf(log *Log, orphans, leftovers []string) Problems {
	return Problems{Missing: log.With(Missing), Stale: log.With(Stale), Orphans: orphans, Leftovers: leftovers}
}

// Coverage is how much of golden/ a check could answer for.
type Coverage struct {
	// Filtered names how the run left scenarios out ("tags, shard or
	// scenario lines"); empty when it ran over its part of golden/.
	Filtered string
	// Passed: every scenario that ran passed; Skipped: a runtime skipped
	// some; OrphansChecked: the run looked for orphans.
	Passed, Skipped, OrphansChecked bool
}

// Unchecked says why the run did not look for orphan golden files, "" when
// it did.
func (c Coverage) Unchecked() string {
	switch {
	case c.Filtered != "":
		return "orphan golden files were not checked: the run was filtered by " + c.Filtered
	case !c.OrphansChecked && c.Passed:
		return "orphan golden files were not checked: scenarios were skipped"
	case !c.OrphansChecked:
		return "orphan golden files were not checked: scenarios failed"
	}
	return ""
}

// Clean is what a clean check says it vouches for.
func (c Coverage) Clean() string {
	switch {
	case c.Skipped && c.OrphansChecked:
		return "check: every scenario that ran passes, every golden file it read is current, and no golden file is an orphan (those a skipped scenario may own are kept)"
	case c.Skipped:
		return "check: every scenario that ran passes and every golden file it read is current"
	case c.OrphansChecked:
		return "check: all scenarios pass and every golden file is current"
	}
	return "check: all scenarios pass and every golden file they read is current"
}
