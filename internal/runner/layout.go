package runner

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/stateharness/scenario/internal/suite"
)

// The suite's directories (docs/reference.md, Golden files): prune deletes files under the golden
// directory, so it must hold nothing else a user wrote. The features and
// golden directories lie inside the root (relative paths; an absolute one is
// refused rather than read two ways), are not the root, and neither equals
// or contains the other or the scenarios directory.

// layoutDir is one directory setting and where it was given.
type layoutDir struct {
	key   string // features, golden, scenarios
	where string // scenario.yaml's key, or the Options field
	value string
	clean string // value, as a clean slash path relative to the root
}

// checkLayout checks the directories and returns them cleaned, as slash
// paths relative to the root.
func checkLayout(root string, features, golden, scenarios layoutDir) (f, g, s string, err error) {
	// the golden directory first: it is the one prune deletes files in
	dirs := []*layoutDir{&golden, &features, &scenarios}
	for _, d := range dirs {
		if d.clean, err = insideRoot(root, *d); err != nil {
			return "", "", "", err
		}
	}
	for _, d := range dirs[:2] {
		if d.clean == "." {
			return "", "", "", fmt.Errorf("%s %q is the suite root %s; the %s directory must be one inside it, like %s/", d.where, d.value, shownRoot(root), d.key, d.key)
		}
		for _, o := range dirs {
			if o == d {
				continue
			}
			switch {
			case o.clean == d.clean:
				return "", "", "", fmt.Errorf("%s %q is also the %s directory (%s); give the %s directory its own, like %s/", d.where, d.value, o.key, o.where, d.key, d.key)
			case contains(d.clean, o.clean):
				return "", "", "", fmt.Errorf("%s %q contains the %s directory %q (%s); the %s directory must hold only its own files, like %s/ beside %s", d.where, d.value, o.key, o.value, o.where, d.key, d.key, o.value)
			}
		}
	}
	return features.clean, golden.clean, scenarios.clean, nil
}

// insideRoot is d's value as a clean slash path relative to root, or why it
// is not one.
func insideRoot(root string, d layoutDir) (string, error) {
	if filepath.IsAbs(d.value) || path.IsAbs(filepath.ToSlash(d.value)) {
		return "", fmt.Errorf("%s %q is an absolute path; write the %s directory relative to the suite root %s", d.where, d.value, d.key, shownRoot(root))
	}
	rel, err := suite.Inside(root, d.value)
	if err != nil {
		how := "leaves the suite root " + shownRoot(root)
		if strings.Contains(err.Error(), "symbolic link") {
			how = "leads out of the suite root " + shownRoot(root) + " through a symbolic link"
		}
		return "", fmt.Errorf("%s %q %s; the %s directory must be one inside it, like %s/", d.where, d.value, how, d.key, d.key)
	}
	return path.Clean(rel), nil
}

// contains reports whether directory a holds directory b (both clean slash
// paths relative to the root).
func contains(a, b string) bool {
	return a == "." || strings.HasPrefix(b, a+"/")
}

// shownRoot is the suite root as an absolute path, which says more than
// ".".
func shownRoot(root string) string {
	if abs, err := filepath.Abs(root); err == nil {
		return abs
	}
	return root
}
