package goldenfile

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// The names the harness gives golden files (SPEC §12): a slug (a-z, 0-9,
// runs joined by -), maybe -N, maybe a kind suffix, then .json; and the
// temporary files Write renames over them. prune deletes nothing else.
var (
	goldenName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*(\.(trace|events|checkpoint))?\.json$`)
	tempName   = regexp.MustCompile(`^\.(.+)\.tmp-[0-9]+$`)
)

// tempPattern is the os.CreateTemp pattern of a temporary file beside the
// golden file named base.
func tempPattern(base string) string { return "." + base + ".tmp-*" }

// IsName reports whether a file's base name could be a golden file's.
func IsName(base string) bool { return goldenName.MatchString(base) }

// IsTempName reports whether a file's base name is a temporary file Write
// left behind for a golden file (an update that was interrupted).
func IsTempName(base string) bool {
	m := tempName.FindStringSubmatch(base)
	return m != nil && IsName(m[1])
}

// MayBelong reports whether the golden file rel (slash-separated, from
// the suite root) could be one of a scenario's: the scenario's golden base
// (golden/<feature>/<slug>), maybe -N, maybe a kind suffix, or one of the
// names its steps give (the state's), maybe -N; then .json (Names.Next).
// A scenario that no runtime ran claimed none of its files; this keeps
// them from looking unused.
func MayBelong(rel, base string, named []string) bool {
	if path.Dir(rel) != path.Dir(base) || !IsName(path.Base(rel)) {
		return false
	}
	stem := strings.TrimSuffix(path.Base(rel), ".json")
	if numbered(stem, path.Base(base)) {
		return true
	}
	for _, kind := range []string{".trace", ".events", ".checkpoint"} {
		if s, ok := strings.CutSuffix(stem, kind); ok && numbered(s, path.Base(base)) {
			return true
		}
	}
	return slices.ContainsFunc(named, func(n string) bool { return numbered(stem, n) })
}

// numbered reports whether stem is base or base-N.
func numbered(stem, base string) bool {
	n, ok := strings.CutPrefix(stem, base+"-")
	return stem == base || ok && n != "" && strings.Trim(n, "0123456789") == ""
}
