// Package goldenfile is everything a run does with golden files, and the
// one place that decides it; features, steps, the runner and both front
// ends ask it, and it knows none of them (no Gherkin, no godog):
//
//   - where they lie (paths.go): a feature's golden directory of its own,
//     a scenario's base name, the features refused for want of one;
//   - what they are called (names.go): slugs, -2, -3 for repeated
//     assertions, kind suffixes, long names cut to fit with a hash;
//   - compare and write (goldenfile.go): Check, Matches, and Write, which
//     replaces a file atomically;
//   - the policy (policy.go): one scenario per file, compare canonical
//     bytes, write only on update, never through a link out of golden/,
//     and the command that accepts a change (mismatch.go);
//   - when to update or check (switches.go): SCENARIO_UPDATE,
//     GOLDIE_UPDATE, -update, SCENARIO_CHECK;
//   - orphans (scope.go, orphans.go): the part of golden/ a run answers
//     for, the files no scenario referenced, prune's delete;
//   - the verdict of a check (problems.go): missing, stale, orphan and
//     leftover files, each with its fix.
//
// goldie's convention (`go test -update`, GOLDIE_UPDATE) decides when to
// update, but its writes are not atomic (os.WriteFile truncates in place), so
// an interrupted update could leave a cut file: the writing lives here.
// Likewise go-cmp's slice diffing is a heuristic whose edit script may change
// from one process to the next (it picks its search direction at random) and
// need not be a longest common subsequence, so the same mismatch could be
// reported two ways: arrays are aligned here (align.go).
package goldenfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/stateharness/scenario/internal/filekind"
)

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
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Missing, nil, nil
	}
	if err != nil {
		return 0, nil, err
	}
	// a FIFO would block the open: refused before it
	if err := filekind.Regular(info, "the path", "a golden file (JSON)"); err != nil {
		return 0, nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return 0, nil, err
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
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	return matchesFile(f, info.Size(), write)
}

// matchesFile is Matches on an open regular file of size bytes.
func matchesFile(f io.Reader, size int64, write func(io.Writer) error) bool {
	if size > MaxBytes {
		return false
	}
	m := &matcher{file: f, left: size}
	if write(m) != nil || m.left != 0 {
		return false
	}
	var one [1]byte
	n, _ := f.Read(one[:]) // the file may have grown since Stat
	return n == 0
}

// smallFile is the size up to which a golden file is read whole, in one
// read, before it is compared: most are a few hundred bytes.
const smallFile = 64 << 10

// matches is Matches on a golden file openRegular opened. A small file is
// read with one read of its size and a byte more: a read that ends short
// of the room is at the end of a regular file, so no second read is needed
// to see that the file did not grow. A false answer only sends the caller
// to Check, which reads the file again.
func (f *regularFile) matches(write func(io.Writer) error) bool {
	if f.size > smallFile {
		return matchesFile(f, f.size, write)
	}
	buf := make([]byte, f.size+1)
	n, err := f.Read(buf)
	if (err != nil && err != io.EOF) || int64(n) != f.size {
		return false
	}
	m := &bytesMatcher{want: buf[:n]}
	return write(m) == nil && len(m.want) == 0
}

// bytesMatcher is the io.Writer of regularFile.matches: each write is
// compared with the file's next bytes, read before.
type bytesMatcher struct{ want []byte }

func (m *bytesMatcher) Write(p []byte) (int, error) {
	if len(p) > len(m.want) || !bytes.Equal(p, m.want[:len(p)]) {
		return 0, errDiffers
	}
	m.want = m.want[len(p):]
	return len(p), nil
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
	if info, err := os.Stat(path); err == nil {
		// the rename would replace whatever is there: only a file is a golden
		if err := filekind.Regular(info, "the path", "a golden file (JSON)"); err != nil {
			return false, err
		}
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
			return false, nil
		}
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(dir, tempPattern(filepath.Base(path)))
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
