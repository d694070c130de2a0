package goldenfile

import (
	"fmt"
	"io"

	"github.com/stateharness/scenario/internal/env"
)

// CheckRequested reports whether the environment asks a run under go test
// to check its golden files as `scenario check` does: SCENARIO_CHECK is 1,
// true, yes or on. A check writes nothing, whatever asks for an update.
func CheckRequested() bool { return env.On("SCENARIO_CHECK") }

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
