// Package goldenfile compares canonical JSON with golden files, explains a
// mismatch by JSON path, and rewrites golden files atomically.
//
// goldie's convention (`go test -update`, GOLDIE_UPDATE) decides when to
// update, but its writes are not atomic (os.WriteFile truncates in place), so
// an interrupted update could leave a cut file: the writing lives here.
package goldenfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/canonjson"
)

// MaxDiffs is how many differing paths a mismatch lists before a count.
const MaxDiffs = 20

// Diff is one JSON path where want and got differ, each rendered as compact
// canonical JSON or "(absent)".
type Diff struct {
	Path      string
	Want, Got string
}

// Status is the outcome of checking one golden file.
type Status int

// The outcomes of Check.
const (
	Same    Status = iota // the file holds exactly the canonical bytes
	Missing               // no file
	Stale                 // the file differs
)

// MaxBytes is the largest golden file Check reads.
const MaxBytes = 256 << 20

// Check compares the canonical bytes got with the file at path. The file's
// content comes back only when it differs (for the report); an equal file
// is compared in chunks, never read whole.
func Check(path string, got []byte) (Status, []byte, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Missing, nil, nil
	}
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, nil, err
	}
	if info.IsDir() {
		return 0, nil, fmt.Errorf("%s is a directory", path)
	}
	if info.Size() > MaxBytes {
		return 0, nil, fmt.Errorf("the file is %d bytes, over the %d MiB limit for golden files", info.Size(), MaxBytes>>20)
	}
	if info.Size() == int64(len(got)) {
		same, err := sameContent(f, got)
		if err != nil {
			return 0, nil, err
		}
		if same {
			return Same, nil, nil
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return 0, nil, err
		}
	}
	want, err := io.ReadAll(f)
	if err != nil {
		return 0, nil, err
	}
	if bytes.Equal(want, got) {
		// the file changed size while we read it; what counts is its content
		return Same, want, nil
	}
	return Stale, want, nil
}

// Matches reports whether the file at path holds exactly the bytes that
// write writes, comparing them piece by piece as they come, so neither the
// file nor the bytes are ever held whole. It answers false, never an error,
// when the file is missing, unreadable, over MaxBytes or different, and when
// write fails: Check then tells which.
func Matches(path string, write func(io.Writer) error) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() > MaxBytes {
		return false
	}
	m := &matcher{file: f, left: info.Size()}
	if write(m) != nil || m.left != 0 {
		return false
	}
	n, _ := f.Read(make([]byte, 1)) // the file may have grown since Stat
	return n == 0
}

// matcher is the io.Writer of Matches: each write is compared with the
// file's next bytes.
type matcher struct {
	file io.Reader
	left int64 // bytes of the file not yet compared
	buf  []byte
}

var errDiffers = errors.New("the golden file differs")

func (m *matcher) Write(p []byte) (int, error) {
	if int64(len(p)) > m.left {
		return 0, errDiffers
	}
	if cap(m.buf) < len(p) {
		m.buf = make([]byte, len(p))
	}
	b := m.buf[:len(p)]
	if _, err := io.ReadFull(m.file, b); err != nil {
		return 0, err
	}
	if !bytes.Equal(b, p) {
		return 0, errDiffers
	}
	m.left -= int64(len(p))
	return len(p), nil
}

// sameContent compares a file with want chunk by chunk.
func sameContent(r io.Reader, want []byte) (bool, error) {
	buf := make([]byte, 1<<20)
	for {
		n, err := io.ReadFull(r, buf)
		if n > len(want) || !bytes.Equal(buf[:n], want[:n]) {
			return false, nil
		}
		want = want[n:]
		switch err {
		case nil:
		case io.EOF, io.ErrUnexpectedEOF:
			return len(want) == 0, nil
		default:
			return false, err
		}
	}
}

// Write replaces the file at path with data atomically (a temporary file in
// the same directory, synced, then renamed over it), creating directories as
// needed. A file that already holds data is left untouched, so its
// modification time does not change. It reports whether it wrote.
func Write(path string, data []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return false, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return false, err
	}
	return true, nil
}

// Compare lists the JSON paths where want and got differ, in path order.
func Compare(want, got any) []Diff {
	var out []Diff
	compare(engine.Root, want, true, got, true, &out)
	return out
}

// Render shows a value in messages as compact canonical JSON, or
// "(absent)" when ok is false.
func Render(v any, ok bool) string {
	if !ok {
		return "(absent)"
	}
	b, err := canonjson.Compact(v)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return string(b)
}

func compare(path string, want any, hasWant bool, got any, hasGot bool, out *[]Diff) {
	if hasWant && hasGot {
		wo, wok := want.(map[string]any)
		gobj, gok := got.(map[string]any)
		if wok && gok {
			keys := map[string]bool{}
			for k := range wo {
				keys[k] = true
			}
			for k := range gobj {
				keys[k] = true
			}
			sorted := make([]string, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				wv, wh := wo[k]
				gv, gh := gobj[k]
				compare(engine.PathKey(path, k), wv, wh, gv, gh, out)
			}
			return
		}
		wa, wok := want.([]any)
		ga, gok := got.([]any)
		if wok && gok {
			n := max(len(wa), len(ga))
			for i := 0; i < n; i++ {
				var wv, gv any
				wh, gh := i < len(wa), i < len(ga)
				if wh {
					wv = wa[i]
				}
				if gh {
					gv = ga[i]
				}
				compare(engine.PathIndex(path, i), wv, wh, gv, gh, out)
			}
			return
		}
		if engine.Equal(want, got) {
			return
		}
	}
	if !hasWant && !hasGot {
		return
	}
	*out = append(*out, Diff{Path: path, Want: Render(want, hasWant), Got: Render(got, hasGot)})
}

// Report renders diffs as the lines of a failure message, at most MaxDiffs
// of them, then a count of the rest.
func Report(diffs []Diff) string {
	var b strings.Builder
	for i, d := range diffs {
		if i == MaxDiffs {
			rest := len(diffs) - MaxDiffs
			noun := "paths"
			if rest == 1 {
				noun = "path"
			}
			fmt.Fprintf(&b, "  ... and %d more differing %s\n", rest, noun)
			break
		}
		fmt.Fprintf(&b, "  %s\n    want: %s\n    got:  %s\n", d.Path, d.Want, d.Got)
	}
	return b.String()
}
