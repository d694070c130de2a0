package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/suite"
)

// suiteRoot finds the suite root (docs/reference.md, CLI): --root when given, else the
// nearest directory from the current one upwards that holds scenario.yaml,
// looking no higher than the repository's root (findConfig), else the current
// directory. Paths on the command line are relative to the current
// directory; they come back relative to the root, and the root relative to
// the current directory, as commands print it.
func suiteRoot(flagRoot string, rootSet bool, paths []string) (string, []string, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return "", nil, err
	}
	root := flagRoot
	if !rootSet {
		root = "."
		dir, err := findConfig(cwd)
		if err != nil {
			return "", nil, err
		}
		if dir != "" {
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

// findConfig is the directory of the suite's scenario.yaml: the nearest
// from dir upwards that holds one, looking no higher than the repository's
// root (the first directory holding .git), or "" when there is none.
// Configuration comes from the suite, never from above it: a scenario.yaml
// in /tmp or a home directory is not the repository's. A package.json,
// go.mod or pyproject.toml does not stop the search: a monorepo's package
// below the suite root runs the suite from its directory. The scenario.yaml
// of the current directory is the one the user stands in, read as --root
// reads it; one found above it must be the user's (trusted), since whoever
// may write it chooses the programs its python: and graph: run.
func findConfig(dir string) (string, error) {
	start := dir
	for {
		file := filepath.Join(dir, runner.ConfigFile)
		if _, err := os.Lstat(file); err == nil {
			if dir == start {
				return dir, nil
			}
			return dir, trusted(file)
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// trusted refuses a scenario.yaml another user could have written: owned
// by neither the current user nor root, writable by every user (the file,
// or the file a link leads to), or in a directory every user may write
// without a sticky bit. Its python:, graph: and runtime
// settings run programs as the user who runs the CLI.
func trusted(file string) error {
	for _, stat := range []func(string) (os.FileInfo, error){os.Lstat, os.Stat} {
		info, err := stat(file)
		if err != nil {
			return nil // the run reads it and says what is wrong
		}
		why := ""
		if uid, ok := fileOwner(info); ok && uid != os.Getuid() && uid != 0 {
			why = fmt.Sprintf("belongs to user %d, not to you (user %d)", uid, os.Getuid())
		} else if info.Mode()&os.ModeSymlink == 0 && info.Mode().Perm()&0o002 != 0 {
			why = fmt.Sprintf("is writable by every user (mode %04o)", info.Mode().Perm())
		}
		if why == "" {
			// in a directory every user may write (and none may only
			// replace their own files in: no sticky bit, unlike /tmp),
			// anyone could swap the file for theirs before it is read
			if d, err := os.Stat(filepath.Dir(file)); err == nil && d.Mode().Perm()&0o002 != 0 && d.Mode()&os.ModeSticky == 0 {
				why = fmt.Sprintf("lies in a directory every user may write (mode %04o)", d.Mode().Perm())
			}
		}
		if why != "" {
			return fmt.Errorf("%s %s, and the CLI reads no configuration another user could have written (its python: and graph: run programs as you); "+
				"if it is your suite's, run from its directory or name it with --root %s (or make the file yours: chown, chmod o-w); otherwise remove it, or run from inside a git repository (its root, the directory with .git, stops the search)",
				file, why, filepath.Dir(file))
		}
	}
	return nil
}
