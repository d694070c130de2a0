package suite

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/stateharness/scenario/internal/goldenfile"
)

// Finding the feature files of a directory follows symbolic links, to
// files and to directories alike, as long as they stay inside the suite
// root; a link that leads out, a broken link, and a second way to a
// directory or file the walk already took (a link loop) are errors naming
// the link. Nothing is left out without a word.

// walker finds the feature files under one directory a user named.
type walker struct {
	root  string
	fsys  fs.FS
	dirs  map[string]string // real path → the path the walk took to it
	files map[string]string
	found []string
}

func (w *walker) walk(dir string) error {
	return fs.WalkDir(w.fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 && p != dir {
			return w.link(p)
		}
		if d.IsDir() {
			return w.once(w.dirs, p, "directory")
		}
		if strings.HasSuffix(p, ".feature") {
			if err := goldenfile.CheckFeatureName(p); err != nil {
				return err
			}
			if err := w.once(w.files, p, "feature file"); err != nil {
				return err
			}
			w.found = append(w.found, p)
		}
		return nil
	})
}

// link follows the symbolic link at p, which stands in a directory the
// walk reads.
func (w *walker) link(p string) error {
	if _, err := Inside(w.root, p); err != nil {
		return fmt.Errorf("%s is a symbolic link that leads out of the suite root; copy the features it leads to into the suite, or remove the link", p)
	}
	info, err := fs.Stat(w.fsys, p)
	if err != nil {
		return fmt.Errorf("%s is a symbolic link to nothing (%v); remove it or fix its target", p, unwrapPathError(err))
	}
	if info.IsDir() {
		return w.walk(p)
	}
	if !strings.HasSuffix(p, ".feature") {
		return nil
	}
	if err := goldenfile.CheckFeatureName(p); err != nil {
		return err
	}
	if err := w.once(w.files, p, "feature file"); err != nil {
		return err
	}
	w.found = append(w.found, p)
	return nil
}

// once records that the walk reached the file or directory p, refusing a
// second way to the same one (through a link).
func (w *walker) once(seen map[string]string, p, what string) error {
	real, err := filepath.EvalSymlinks(filepath.Join(w.root, filepath.FromSlash(p)))
	if err != nil {
		return err
	}
	if other, ok := seen[real]; ok {
		return fmt.Errorf("%s and %s are the same %s (through a symbolic link); keep one way to it, or its scenarios run twice (or a link loop never ends)", other, p, what)
	}
	seen[real] = p
	return nil
}
