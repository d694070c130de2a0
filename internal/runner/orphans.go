package runner

import (
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
func walkGolden(root string, scope []goldenDir, log *goldenfile.Log) (goldenFiles, error) {
	var out goldenFiles
	for _, g := range scope {
		if err := walkGoldenDir(root, g, log, &out); err != nil {
			return out, err
		}
	}
	for _, l := range []*[]string{&out.orphans, &out.leftovers} {
		sort.Strings(*l)
		*l = slices.Compact(*l)
	}
	return out, nil
}

func walkGoldenDir(root string, g goldenDir, log *goldenfile.Log, out *goldenFiles) error {
	base := filepath.Join(root, filepath.FromSlash(g.dir))
	return filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == base {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() {
			if p != base && !g.recursive {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
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
		case goldenfile.IsName(name) && !log.Referenced(rel):
			out.orphans = append(out.orphans, rel)
		}
		return nil
	})
}

// Leftovers lists the temporary files of the golden writer anywhere under
// the golden directory of the run cfg (for an interrupted update to remove
// what it left).
func Leftovers(cfg Config) ([]string, error) {
	s, err := resolve(cfg)
	if err != nil {
		return nil, err
	}
	found, err := walkGolden(s.cfg.Root, []goldenDir{{s.cfg.Golden, true}}, &goldenfile.Log{})
	return found.leftovers, err
}
