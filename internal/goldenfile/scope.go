package goldenfile

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// The part of golden/ a run answers for (docs/reference.md, Golden files): naming the features
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

// Scope is the part of golden/ a run answers for: the directories whose
// orphans it can check, each with the part of its files it answers for.
type Scope struct {
	dirs []goldenDir
}

// Whole is the scope of a run of the whole suite: every file under the
// golden directory golden.
func Whole(golden string) Scope {
	return Scope{[]goldenDir{{path.Clean(orDefault(golden, "golden")), allFiles}}}
}

// ScopeOf is the scope of a run over paths (feature files, directories,
// file.feature:LINE; none is the features directory) under root, or says
// the run answers for no part of golden/: selected tells that the run
// leaves scenarios out by tags, a shard or, under go test, a -run pattern
// for the scenarios' subtests.
func ScopeOf(root string, layout Layout, paths []string, selected bool) (Scope, bool) {
	features := path.Clean(orDefault(layout.Features, "features"))
	golden := path.Clean(orDefault(layout.Golden, "golden"))
	if selected {
		return Scope{}, false
	}
	if len(paths) == 0 {
		return Whole(golden), true
	}
	var dirs []goldenDir
	for _, p := range paths {
		if lineSuffix.MatchString(p) {
			return Scope{}, false
		}
		p = path.Clean(strings.ReplaceAll(p, "\\", "/"))
		if p == features {
			return Whole(golden), true
		}
		rel, ok := strings.CutPrefix(p, features+"/")
		if !ok {
			return Scope{}, false
		}
		file, isFile := strings.CutSuffix(rel, ".feature")
		if isFile && isDir(root, p) {
			file, isFile = rel, false
		}
		if isFile {
			dirs = append(dirs, goldenDir{path.Join(golden, file), ownFiles})
		} else {
			dirs = append(dirs, goldenDir{path.Join(golden, file), subdirFiles})
		}
	}
	return Scope{dirs}, true
}

// isDir reports whether the slash path p from root is a directory.
func isDir(root, p string) bool {
	info, err := os.Stat(filepath.Join(orDefault(root, "."), filepath.FromSlash(p)))
	return err == nil && info.IsDir()
}
