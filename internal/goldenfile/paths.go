package goldenfile

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// Where a suite's golden files lie (docs/reference.md, Golden files): each feature file has a
// golden directory of its own, golden/<path under features/ without
// .feature>, and each of its scenarios a base name in it, the slug of its
// name. A feature that could not have a directory of its own is refused
// before any file is read or written.

// Layout names the suite's directories relative to the root.
type Layout struct {
	Features string // "features"
	Golden   string // "golden"
}

// OwnDirs refuses, before any file is read or written, a feature file
// without a golden directory of its own (FeatureDir), and two features
// whose golden directories differ only in case: on macOS and Windows they
// are one directory, where each would overwrite the other's goldens.
func OwnDirs(layout Layout, files []string) error {
	folded := map[string]string{} // golden directory in lower case → feature
	for _, file := range files {
		dir, err := FeatureDir(layout, file)
		if err != nil {
			return err
		}
		key := strings.ToLower(dir)
		if other, ok := folded[key]; ok && other != file {
			return fmt.Errorf("%s and %s map to golden directories that differ only in case (%s), which are one directory on macOS and Windows; rename one of them",
				other, file, dir)
		}
		folded[key] = file
	}
	return nil
}

// Bases hands out the golden bases of a suite's scenarios (golden/<feature
// directory>/<slug>, without suffix or extension), refusing a scenario
// whose base another scenario already has.
type Bases struct {
	layout Layout
	taken  map[string]taken // golden base → the scenario that maps to it
}

// taken is the scenario that has a golden base.
type taken struct {
	name string
	line int
}

// NewBases starts the golden bases of a suite laid out as layout.
func NewBases(layout Layout) *Bases { return &Bases{layout: layout, taken: map[string]taken{}} }

// Add is the golden base of the scenario name at line of feature, row its
// 1-based example row (0 for a plain scenario): the slug of its name,
// "scenario-<line>" for a name without a-z or 0-9 (none, or another
// script), then -<row> for an outline's example row, in the feature's
// golden directory (FeatureDir). A second scenario, at another line, with
// the same base is refused.
func (b *Bases) Add(feature, name string, line, row int) (string, error) {
	slug := Slug(name)
	if slug == "" {
		slug = "scenario-" + strconv.Itoa(line)
	}
	if row > 0 {
		slug += "-" + strconv.Itoa(row)
	}
	dir, err := FeatureDir(b.layout, feature)
	if err != nil {
		return "", err
	}
	base := path.Join(dir, slug)
	if other, dup := b.taken[base]; dup && other.line != line {
		return "", fmt.Errorf("%s: scenarios %q (line %d) and %q (line %d) map to the same golden file %s.json; rename one",
			feature, other.name, other.line, name, line, base)
	}
	b.taken[base] = taken{name, line}
	return base, nil
}

// Base is golden/<feature path under features/, without .feature>/<slug>.
// FeatureDir says whether the feature may have that directory.
func Base(layout Layout, feature, slug string) string {
	rel := strings.TrimPrefix(feature, strings.TrimSuffix(layout.Features, "/")+"/")
	rel = strings.TrimSuffix(rel, ".feature")
	return path.Join(layout.Golden, rel, slug)
}

// FeatureDir is the golden directory of a feature file (a slash path from
// the root), golden/<path under features/ without .feature>, when the
// feature has one of its own (docs/reference.md, Golden files): a directory inside golden/ that no
// other feature file maps to. A feature file's goldens lie directly in it;
// those of a same-named directory's features (features/x/ beside
// features/x.feature) in its sub-directories. So a feature is refused when
// it lies outside the features directory (extra/x.feature would share
// golden/extra/x/ with features/extra/x.feature), or when its name before
// .feature is empty, only dots or ends in a dot or a space (a directory
// too): "...feature" would map to
// the suite root, "..feature" to golden/ itself, "x/..feature" to the
// directory of x.feature, and "x..feature" is golden/x./, which Windows
// reads as golden/x/.
func FeatureDir(layout Layout, feature string) (string, error) {
	features, golden := path.Clean(orDefault(layout.Features, "features")), path.Clean(orDefault(layout.Golden, "golden"))
	rel, ok := strings.CutPrefix(path.Clean(feature), features+"/")
	if !ok || path.IsAbs(feature) {
		return "", fmt.Errorf("%s lies outside the features directory %s/, and its golden files would be those of %s; move it under %s/, or name its directory with features: in scenario.yaml",
			feature, features, path.Join(features, feature), features)
	}
	if err := CheckFeatureName(feature); err != nil {
		return "", err
	}
	for _, elem := range strings.Split(path.Dir(rel), "/") {
		if elem == "." && path.Dir(rel) == "." {
			break
		}
		if strings.HasSuffix(elem, ".") || strings.HasSuffix(elem, " ") {
			return "", fmt.Errorf("%s: a directory name must not end in \".\" or a space (%q is %q on Windows, and the golden directory would not be its own); rename %q", feature, elem, strings.TrimRight(elem, ". "), elem)
		}
	}
	return path.Join(golden, strings.TrimSuffix(rel, ".feature")), nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// CheckFeatureName refuses a feature file whose name before .feature
// could not be a golden directory of its own (FeatureDir): empty (features/x/.feature),
// only dots ("..feature" is golden/x/. for features/x/..feature, the
// directory of features/x.feature; "...feature" golden/x/.., a directory
// up), or ending in a dot or a space (golden/y./ is golden/y/ on Windows).
func CheckFeatureName(p string) error {
	stem := strings.TrimSuffix(path.Base(p), ".feature")
	switch {
	case strings.Trim(stem, ".") == "":
		return fmt.Errorf("%s: a feature file needs a name of its own before .feature: %q gives no golden directory of its own (it would be that of %s, or one above it, up to the suite root); rename it, like %s",
			p, path.Base(p), path.Dir(p)+".feature", path.Join(path.Dir(p), "name.feature"))
	case strings.HasSuffix(stem, ".") || strings.HasSuffix(stem, " "):
		return fmt.Errorf("%s: a feature file's name must not end in \".\" or a space before .feature (its golden directory %q is %q on Windows); rename it, like %s",
			p, stem+"/", strings.TrimRight(stem, ". ")+"/", path.Join(path.Dir(p), strings.TrimRight(stem, ". ")+"_.feature"))
	}
	return nil
}
