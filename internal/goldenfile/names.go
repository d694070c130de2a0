package goldenfile

import "regexp"

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
