package goldenfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// entries lists the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteCreatesAFileAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a", "b", "state.json") // directories do not exist yet
	wrote, err := Write(path, []byte("{}\n"))
	if err != nil || !wrote {
		t.Fatalf("Write = %v, %v; want true, nil", wrote, err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "{}\n" {
		t.Fatalf("file holds %q (%v)", got, err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o644 || !info.Mode().IsRegular() {
		t.Errorf("mode %v, want -rw-r--r--", info.Mode())
	}
	if names := entries(t, filepath.Dir(path)); !reflect.DeepEqual(names, []string{"state.json"}) {
		t.Errorf("directory holds %q, want only state.json (no temporary file)", names)
	}
}

func TestWriteReplacesChangedContent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	if err := os.WriteFile(path, []byte("old, longer content\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	wrote, err := Write(path, []byte("new\n"))
	if err != nil || !wrote {
		t.Fatalf("Write = %v, %v; want true, nil", wrote, err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new\n" {
		t.Errorf("file holds %q", got)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	if names := entries(t, dir); !reflect.DeepEqual(names, []string{"state.json"}) {
		t.Errorf("directory holds %q, want only state.json", names)
	}
}

func TestWriteKeepsIdenticalContent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	if _, err := Write(path, []byte("{\n  \"a\": 1\n}\n")); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	wrote, err := Write(path, []byte("{\n  \"a\": 1\n}\n"))
	if err != nil || wrote {
		t.Fatalf("Write of identical content = %v, %v; want false, nil", wrote, err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !after.ModTime().Equal(old) {
		t.Errorf("modification time %v, want %v", after.ModTime(), old)
	}
	if !os.SameFile(before, after) {
		t.Error("the file was replaced by another one")
	}
	if names := entries(t, dir); !reflect.DeepEqual(names, []string{"state.json"}) {
		t.Errorf("directory holds %q", names)
	}
}

func TestWriteFailureLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	// the target is a non-empty directory, so the final rename fails
	path := filepath.Join(dir, "state.json")
	if err := os.MkdirAll(filepath.Join(path, "inner"), 0o755); err != nil {
		t.Fatal(err)
	}
	wrote, err := Write(path, []byte("{}\n"))
	if err == nil || wrote {
		t.Fatalf("Write over a directory = %v, %v; want false and an error", wrote, err)
	}
	if names := entries(t, dir); !reflect.DeepEqual(names, []string{"state.json"}) {
		t.Errorf("directory holds %q, want the temporary file removed", names)
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	content := []byte("{\n  \"a\": 1\n}\n")
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		path   string
		got    []byte
		status Status
		want   []byte
	}{
		{"same bytes", path, content, Same, nil}, // an equal file is not returned
		{"same size, other bytes", path, []byte("{\n  \"a\": 2\n}\n"), Stale, content},
		{"other bytes", path, []byte("{\n  \"a\": 22\n}\n"), Stale, content},
		{"equal value, other bytes", path, []byte("{\"a\":1}\n"), Stale, content},
		{"no trailing newline", path, content[:len(content)-1], Stale, content},
		{"no file", filepath.Join(dir, "none.json"), content, Missing, nil},
		{"no directory", filepath.Join(dir, "none", "x.json"), content, Missing, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, want, err := Check(tt.path, tt.got)
			if err != nil {
				t.Fatal(err)
			}
			if status != tt.status || string(want) != string(tt.want) {
				t.Errorf("Check = %v, %q; want %v, %q", status, want, tt.status, tt.want)
			}
			if got := Matches(tt.path, inPieces(tt.got, 5)); got != (tt.status == Same) {
				t.Errorf("Matches = %v where Check says %v", got, tt.status)
			}
			// the policy's own way: the file opened once, read whole
			if f, _, err := openRegular(tt.path); err == nil && f != nil {
				got := f.matches(inPieces(tt.got, 5))
				f.Close()
				if got != (tt.status == Same) {
					t.Errorf("regularFile.matches = %v where Check says %v", got, tt.status)
				}
			} else if tt.status != Missing {
				t.Errorf("openRegular: %v, %v", f, err)
			}
		})
	}
	if _, _, err := Check(dir, content); err == nil {
		t.Error("Check of a directory: no error")
	}
	if Matches(dir, inPieces(content, 5)) {
		t.Error("Matches of a directory: true")
	}
	if Matches(path, func(w io.Writer) error { w.Write(content); return errors.New("encoding failed") }) {
		t.Error("Matches when the writing fails: true")
	}
}

// inPieces is a Matches writer that writes b in pieces of n bytes.
func inPieces(b []byte, n int) func(io.Writer) error {
	return func(w io.Writer) error {
		for len(b) > 0 {
			k := min(n, len(b))
			if _, err := w.Write(b[:k]); err != nil {
				return err
			}
			b = b[k:]
		}
		return nil
	}
}

// A file larger than one chunk is compared to the last byte.
func TestCheckComparesEveryChunk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	content := bytes.Repeat([]byte("x"), 3<<20+5)
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
	if status, _, err := Check(path, content); err != nil || status != Same {
		t.Fatalf("equal big file: %v, %v", status, err)
	}
	other := bytes.Clone(content)
	other[len(other)-1] = 'y'
	if status, want, err := Check(path, other); err != nil || status != Stale || !bytes.Equal(want, content) {
		t.Fatalf("big file differing in its last byte: %v, %v", status, err)
	}
	if !Matches(path, inPieces(content, 64<<10)) {
		t.Error("Matches of an equal big file: false")
	}
	if Matches(path, inPieces(other, 64<<10)) {
		t.Error("Matches of a big file differing in its last byte: true")
	}
}
