package jsonv

import (
	"fmt"
	"strconv"
	"strings"
)

// Root is the JSON path of a whole value.
const Root = "$"

// PathKey returns the path of member key inside the object at parent:
// `$.messages` for identifier-like keys, `$["a b"]` for any other key.
func PathKey(parent, key string) string {
	if isIdentifier(key) {
		return parent + "." + key
	}
	return parent + "[" + strconv.Quote(key) + "]"
}

// PathIndex returns the path of element i of the array at parent: `$.messages[2]`.
func PathIndex(parent string, i int) string {
	return parent + "[" + strconv.Itoa(i) + "]"
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		digit := r >= '0' && r <= '9'
		if !letter && !(digit && i > 0) {
			return false
		}
	}
	return true
}

// PathElem is one step of a parsed field path: a member key, or an array
// index when IsIndex is set.
type PathElem struct {
	Key     string
	Index   int
	IsIndex bool
}

// ParsePath parses a field path as users write it in steps:
// `messages[1].content`, `$.config.did`, `$["a b"][0]`. The empty path and
// "$" name the whole value.
func ParsePath(p string) ([]PathElem, error) {
	s := strings.TrimPrefix(p, "$")
	var out []PathElem
	bad := func(why string) error {
		return fmt.Errorf("bad field path %q: %s", p, why)
	}
	first := true
	for len(s) > 0 {
		switch {
		case s[0] == '.' || (first && s[0] != '['):
			if s[0] == '.' {
				s = s[1:]
			}
			end := strings.IndexAny(s, ".[")
			if end < 0 {
				end = len(s)
			}
			if end == 0 {
				return nil, bad("empty key")
			}
			out = append(out, PathElem{Key: s[:end]})
			s = s[end:]
		case s[0] == '[':
			end := strings.IndexByte(s, ']')
			if len(s) > 1 && s[1] == '"' {
				// a quoted key may contain ']': find the closing quote first
				q, err := strconv.QuotedPrefix(s[1:])
				if err != nil {
					return nil, bad("unterminated quoted key")
				}
				key, _ := strconv.Unquote(q)
				rest := s[1+len(q):]
				if !strings.HasPrefix(rest, "]") {
					return nil, bad(`expected "]" after quoted key`)
				}
				out = append(out, PathElem{Key: key})
				s = rest[1:]
				break
			}
			if end < 0 {
				return nil, bad(`missing "]"`)
			}
			n, err := strconv.Atoi(s[1:end])
			if err != nil || n < 0 {
				return nil, bad("index must be a whole number >= 0")
			}
			out = append(out, PathElem{Index: n, IsIndex: true})
			s = s[end+1:]
		default:
			return nil, bad(fmt.Sprintf("unexpected %q", s[:1]))
		}
		first = false
	}
	return out, nil
}

// FormatPath renders parsed elements back as a canonical JSON path.
func FormatPath(elems []PathElem) string {
	p := Root
	for _, e := range elems {
		if e.IsIndex {
			p = PathIndex(p, e.Index)
		} else {
			p = PathKey(p, e.Key)
		}
	}
	return p
}

// Lookup returns the value at path inside v, and false when some step of the
// path does not exist.
func Lookup(v any, path []PathElem) (any, bool) {
	for _, e := range path {
		if e.IsIndex {
			arr, ok := v.([]any)
			if !ok || e.Index >= len(arr) {
				return nil, false
			}
			v = arr[e.Index]
			continue
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		v, ok = obj[e.Key]
		if !ok {
			return nil, false
		}
	}
	return v, true
}

// pathSeg is one step of the path to an error, collected while the parser
// unwinds so that the success path never builds path strings.
type pathSeg struct {
	key   string
	index int // -1 for a key
}
