package runner

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// The part of golden/ a run answers for (SPEC §12): naming the features
// directory is the whole suite; a feature file is the files directly in its
// own golden directory (golden/x/ for features/x.feature); a sub-directory
// is the files in the sub-directories of its golden directory, at any
// depth (features/x/y.feature writes golden/x/y/), never those directly in
// it, which are the goldens of a same-named feature file beside it
// (features/x.feature). Whether a path is a file or a directory is asked
// of the file system, so a directory features/x.feature/ is a directory.
// A scenario line, tags or a shard answer for no part, since the golden
// files of the scenarios left out would look unused.

var lineSuffix = regexp.MustCompile(`:\d+$`)

// goldenDir is one directory under golden/ whose orphans a run can check.
type goldenDir struct {
	dir  string // slash path relative to the root
	part part   // which of its files
}

// part is which files of a golden directory a run answers for.
type part int

const (
	allFiles    part = iota // every file at any depth: the whole suite
	ownFiles                // only the files directly in it: a feature file's
	subdirFiles             // only the files in its sub-directories: a directory's
)

// Filtered reports whether the run answers for no part of golden/ as a
// whole: it names scenario lines, or filters by tags, shard or, under go
// test, a -run pattern for the scenarios' subtests.
func (c Config) Filtered() bool {
	_, ok := c.goldenScope()
	return !ok
}

// goldenScope lists the directories under golden/ whose orphans the run
// can check, or says it can check none.
func (c Config) goldenScope() ([]goldenDir, bool) {
	features := path.Clean(first(c.Features, "features"))
	golden := path.Clean(first(c.Golden, "golden"))
	// go test -run 'TestX/<scenario>' leaves scenarios out as tags do
	if c.Tags != "" || c.Shard != "" || c.T != nil && selectsSubtests(c.T) {
		return nil, false
	}
	if len(c.Paths) == 0 {
		return []goldenDir{{golden, allFiles}}, true
	}
	var dirs []goldenDir
	for _, p := range c.Paths {
		if lineSuffix.MatchString(p) {
			return nil, false
		}
		p = path.Clean(strings.ReplaceAll(p, "\\", "/"))
		if p == features {
			return []goldenDir{{golden, allFiles}}, true
		}
		rel, ok := strings.CutPrefix(p, features+"/")
		if !ok {
			return nil, false
		}
		file, isFile := strings.CutSuffix(rel, ".feature")
		if isFile && c.isDir(p) {
			file, isFile = rel, false
		}
		if isFile {
			dirs = append(dirs, goldenDir{path.Join(golden, file), ownFiles})
		} else {
			dirs = append(dirs, goldenDir{path.Join(golden, file), subdirFiles})
		}
	}
	return dirs, true
}

// isDir reports whether the slash path p from the root is a directory.
func (c Config) isDir(p string) bool {
	info, err := os.Stat(filepath.Join(first(c.Root, "."), filepath.FromSlash(p)))
	return err == nil && info.IsDir()
}

// tagPattern is one term of a godog tag expression: @tag or ~@tag.
var tagPattern = regexp.MustCompile(`^~?@[^\s,&~@]+$`)

// checkTags refuses a tag expression godog cannot read (it would panic on
// one): terms @tag or ~@tag, joined by && (and) and , (or).
func checkTags(expr string) error {
	if expr == "" {
		return nil
	}
	for _, or := range strings.Split(expr, ",") {
		for _, term := range strings.Split(or, "&&") {
			if t := strings.TrimSpace(term); !tagPattern.MatchString(t) {
				return fmt.Errorf("--tags %q: %q is not a tag; write @tag or ~@tag, joined by && (and) and , (or), like '@smoke && ~@slow'", expr, t)
			}
		}
	}
	return nil
}

// godogFormats are the formatters godog itself writes.
var godogFormats = map[string]bool{"pretty": true, "progress": true, "cucumber": true, "events": true}

// checkFormats refuses a formatter name before godog does, listing every
// format a run takes.
func checkFormats(list string) error {
	for _, f := range strings.Split(list, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(f), ":")
		if name != "" && !godogFormats[name] {
			return fmt.Errorf("--format: unknown format %q; the formats are pretty, progress, cucumber:FILE, junit:FILE, github[:FILE], html:FILE and events", name)
		}
	}
	return nil
}
