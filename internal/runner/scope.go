package runner

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// The part of golden/ a run answers for (SPEC §12): naming the features
// directory is the whole suite; a sub-directory is its part of golden/,
// recursively; a feature file is the files directly in its own golden
// directory (golden/x/ for features/x.feature), never those of a feature
// in a same-named directory (features/x/y.feature writes golden/x/y/). A
// scenario line, tags or a shard answer for no part, since the golden files
// of the scenarios left out would look unused.

var lineSuffix = regexp.MustCompile(`:\d+$`)

// goldenDir is one directory under golden/ whose orphans a run can check.
type goldenDir struct {
	dir       string // slash path relative to the root
	recursive bool   // false: only the files directly in dir (a feature file's)
}

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
		return []goldenDir{{golden, true}}, true
	}
	var dirs []goldenDir
	for _, p := range c.Paths {
		if lineSuffix.MatchString(p) {
			return nil, false
		}
		p = path.Clean(strings.ReplaceAll(p, "\\", "/"))
		if p == features {
			return []goldenDir{{golden, true}}, true
		}
		rel, ok := strings.CutPrefix(p, features+"/")
		if !ok {
			return nil, false
		}
		file, isFile := strings.CutSuffix(rel, ".feature")
		dirs = append(dirs, goldenDir{path.Join(golden, file), !isFile})
	}
	return dirs, true
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
