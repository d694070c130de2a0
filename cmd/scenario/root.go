package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/suite"
)

// suiteRoot finds the suite root (SPEC §13): --root when given, else the
// nearest directory from the current one upwards that holds scenario.yaml,
// else the current directory. Paths on the command line are relative to the
// current directory; they come back relative to the root, and the root
// relative to the current directory, as commands print it.
func suiteRoot(flagRoot string, rootSet bool, paths []string) (string, []string, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return "", nil, err
	}
	root := flagRoot
	if !rootSet {
		root = "."
		if dir := env.FindUp(cwd, runner.ConfigFile); dir != "" {
			if root, err = filepath.Rel(cwd, dir); err != nil {
				return "", nil, err
			}
		}
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return "", nil, err
	}
	rel := make([]string, len(paths))
	for i, p := range paths {
		file, line := suite.SplitLine(p)
		abs := file
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, file)
			if _, err := os.Stat(abs); err != nil && rootSet {
				// with --root, a path may also be written from the root
				abs = filepath.Join(absRoot, file)
			}
		}
		r, err := filepath.Rel(absRoot, abs)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return "", nil, fmt.Errorf("%s is outside the suite root %s (paths are relative to the current directory)", p, absRoot)
		}
		rel[i] = filepath.ToSlash(r) + line
	}
	return filepath.Clean(root), rel, nil
}
