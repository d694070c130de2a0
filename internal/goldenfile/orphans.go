package goldenfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
)

// Found is what a walk of a run's part of golden/ found.
type Found struct {
	Orphans   []string // golden files no scenario of the run referenced
	Leftovers []string // temporary files of an interrupted update
}

// Survey lists, sorted, the orphans and leftover temporary files in the
// scope of a run under root: an orphan is a golden file that log does not
// reference and kept (when not nil) does not keep. Only regular files
// whose names the harness gives (see IsName, IsTempName) count: anything
// else a user keeps there is none of the run's business, and a link is
// never followed.
func Survey(root string, scope Scope, log *Log, kept func(rel string) bool) (Found, error) {
	var out Found
	for _, g := range scope.dirs {
		if err := surveyDir(root, g, log, kept, &out); err != nil {
			return out, err
		}
	}
	for _, l := range []*[]string{&out.Orphans, &out.Leftovers} {
		sort.Strings(*l)
		*l = slices.Compact(*l)
	}
	return out, nil
}

func surveyDir(root string, g goldenDir, log *Log, kept func(rel string) bool, out *Found) error {
	base := filepath.Join(root, filepath.FromSlash(g.dir))
	return filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == base {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() {
			if p != base && g.part == ownFiles {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || g.part == subdirFiles && filepath.Dir(p) == base {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch name := d.Name(); {
		case IsTempName(name):
			out.Leftovers = append(out.Leftovers, rel)
		case IsName(name) && !log.Referenced(rel) && (kept == nil || !kept(rel)):
			out.Orphans = append(out.Orphans, rel)
		}
		return nil
	})
}

// An update writes each golden file to a temporary file beside it, then
// renames it over the old one. Stopped with ^C or SIGTERM between the two,
// it would leave the temporary file behind: the run removes those before
// it exits (RemoveInterrupted, from the runner's interrupt watcher). A
// process killed outright leaves them to the next check (which lists
// them), prune or update (which remove them).

// RemoveInterrupted deletes the temporary files of the golden writer
// anywhere under the golden directory golden of the suite at root, saying
// so on w.
func RemoveInterrupted(root, golden string, w io.Writer) {
	found, err := Survey(root, Whole(golden), &Log{}, nil)
	if err != nil {
		fmt.Fprintf(w, "scenario: temporary files of the update may be left in the golden directory (%v): scenario prune removes them\n", err)
		return
	}
	for _, f := range found.Leftovers {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(f))); err == nil {
			fmt.Fprintf(w, "scenario: removed %s, a temporary file of the interrupted update\n", f)
		}
	}
}

// Prune deletes the orphan golden files under root, saying each on out,
// or that there was none; it stops at the first that cannot be deleted.
func Prune(root string, orphans []string, out io.Writer) error {
	for _, o := range orphans {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(o))); err != nil {
			return err
		}
		fmt.Fprintf(out, "deleted %s\n", o)
	}
	if len(orphans) == 0 {
		fmt.Fprintln(out, "no orphan golden files")
	}
	return nil
}

// RemoveLeftovers deletes the temporary files an interrupted update left
// under root (Found.Leftovers), saying each on out: they are the golden
// writer's own, never a user's. It stops at the first that cannot be
// deleted.
func RemoveLeftovers(root string, leftovers []string, out io.Writer) error {
	for _, t := range leftovers {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(t))); err != nil && !os.IsNotExist(err) {
			return err
		}
		fmt.Fprintf(out, "removed %s (a temporary file of an interrupted update)\n", t)
	}
	return nil
}
