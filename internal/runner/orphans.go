package runner

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/stateharness/scenario/internal/goldenfile"
)

// goldenFiles is what a walk of the run's part of golden/ found.
type goldenFiles struct {
	orphans   []string // golden files no scenario of the run referenced
	leftovers []string // temporary files of an interrupted update
}

// walkGolden lists the orphans and leftover temporary files in the run's
// part of golden/. Only regular files whose names the harness gives (see
// goldenfile.IsName, IsTempName) count: anything else a user keeps there is
// none of the run's business, and a link is never followed.
func walkGolden(root string, scope []goldenDir, log *goldenfile.Log, kept func(rel string) bool) (goldenFiles, error) {
	var out goldenFiles
	for _, g := range scope {
		if err := walkGoldenDir(root, g, log, kept, &out); err != nil {
			return out, err
		}
	}
	for _, l := range []*[]string{&out.orphans, &out.leftovers} {
		sort.Strings(*l)
		*l = slices.Compact(*l)
	}
	return out, nil
}

func walkGoldenDir(root string, g goldenDir, log *goldenfile.Log, kept func(rel string) bool, out *goldenFiles) error {
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
		case goldenfile.IsTempName(name):
			out.leftovers = append(out.leftovers, rel)
		case goldenfile.IsName(name) && !log.Referenced(rel) && (kept == nil || !kept(rel)):
			out.orphans = append(out.orphans, rel)
		}
		return nil
	})
}

// An update writes each golden file to a temporary file beside it, then
// renames it over the old one. Stopped with ^C or SIGTERM between the two,
// it would leave the temporary file behind: the run removes those before
// it exits (watchInterrupts). A process killed outright leaves them to the
// next check (which lists them), prune or update (which remove them).

// removeLeftovers deletes the temporary files of the golden writer anywhere
// under the golden directory of the resolved run cfg, saying so on w.
func removeLeftovers(cfg Config, w io.Writer) {
	found, err := walkGolden(cfg.Root, []goldenDir{{cfg.Golden, allFiles}}, &goldenfile.Log{}, nil)
	if err != nil {
		fmt.Fprintf(w, "scenario: temporary files of the update may be left in the golden directory (%v): scenario prune removes them\n", err)
		return
	}
	for _, f := range found.leftovers {
		if err := os.Remove(filepath.Join(cfg.Root, filepath.FromSlash(f))); err == nil {
			fmt.Fprintf(w, "scenario: removed %s, a temporary file of the interrupted update\n", f)
		}
	}
}
