package goldenfile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The names the harness gives golden files (docs/reference.md, Golden files): a slug (a-z, 0-9,
// runs joined by -), maybe -N, maybe a kind suffix, then .json; and the
// temporary files Write renames over them. prune deletes nothing else.
var (
	goldenName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*(\.(trace|events|checkpoint))?\.json$`)
	tempName   = regexp.MustCompile(`^\.(.+)\.tmp-[0-9]+$`)
)

// tempPattern is the os.CreateTemp pattern of a temporary file beside the
// golden file named base.
func tempPattern(base string) string { return "." + base + ".tmp-*" }

// MaxName is the longest golden file name: its temporary file,
// "." + name + ".tmp-" + up to 10 digits (os.CreateTemp), must fit a file
// name's 255 bytes (NAME_MAX).
const MaxName = 255 - len(".") - len(".tmp-") - len("4294967295")

// hashLen is the length of the hash Fit puts at the end of a cut name.
const hashLen = 10

// Fit is the golden path rel with a file name of at most MaxName bytes: a
// name that fits is left as it is; a longer one (a scenario name of some
// 230 characters) keeps its kind suffix and .json, and its stem is cut and
// ends in "-" and the first hex digits of the SHA-256 of the whole stem,
// the same on every run, different for stems that differ after the cut.
func Fit(rel string) string {
	dir, name := path.Split(rel)
	if len(name) <= MaxName {
		return rel
	}
	stem, suffix := splitName(name)
	sum := sha256.Sum256([]byte(stem))
	keep := MaxName - len(suffix) - 1 - hashLen
	cut := strings.TrimRight(stem[:keep], "-")
	return dir + cut + "-" + hex.EncodeToString(sum[:])[:hashLen] + suffix
}

// splitName splits a golden file name into its stem and its kind suffix
// with .json (".json", ".trace.json", ...).
func splitName(name string) (stem, suffix string) {
	stem = strings.TrimSuffix(name, ".json")
	for _, kind := range []string{".trace", ".events", ".checkpoint"} {
		if s, ok := strings.CutSuffix(stem, kind); ok {
			return s, kind + ".json"
		}
	}
	return stem, ".json"
}

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
	if cut := fitted(path.Base(rel)); cut != "" {
		// a name Fit cut: its start is the start of the scenario's name
		return strings.HasPrefix(path.Base(base), cut) ||
			slices.ContainsFunc(named, func(n string) bool { return strings.HasPrefix(n, cut) })
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

// fitted is the start a name cut by Fit kept, "" for any other name.
func fitted(name string) string {
	if len(name) > MaxName || len(name) < MaxName-1 { // Fit's length, or one less for a trimmed "-"
		return ""
	}
	stem, _ := splitName(name)
	if len(stem) < hashLen+1 || stem[len(stem)-hashLen-1] != '-' || strings.Trim(stem[len(stem)-hashLen:], "0123456789abcdef") != "" {
		return ""
	}
	return stem[:len(stem)-hashLen-1]
}

// Slug is the scenario name in lower case with runs of characters outside
// [a-z0-9] turned into "-", trimmed.
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

// Names hands out the golden file names of one scenario's assertions.
type Names struct {
	base string
	used map[string]int // assertions per base and suffix, for -2, -3, ...
}

// NewNames starts the names of the scenario whose golden base (without
// suffix or extension) is base.
func NewNames(base string) *Names { return &Names{base: base, used: map[string]int{}} }

// Next names the golden file of an assertion: the scenario's slug, or
// name, then -2, -3 ... for a second assertion of the same kind, then the
// suffix (".trace", ".events", ".checkpoint") and ".json".
func (n *Names) Next(name, suffix string) (string, error) {
	base := n.base
	if name != "" {
		if name != Slug(name) {
			return "", fmt.Errorf("golden file name %q: use only a-z, 0-9 and -, like %q", name, Slug(name))
		}
		base = path.Join(path.Dir(base), name)
	}
	key := base + suffix
	n.used[key]++
	if c := n.used[key]; c > 1 {
		base += "-" + strconv.Itoa(c)
	}
	return Fit(base + suffix + ".json"), nil
}
