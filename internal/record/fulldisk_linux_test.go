//go:build linux

package record

import (
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// On a full disk (here: a file size limit that the new feature file goes
// past, so its write fails half way), the user's feature file is byte for
// byte as it was, no golden file is written and nothing is left beside it;
// the error is the write's, not a feature that would not load. The limit
// is set in a child process of the test binary, which then records.
func TestRecordFullDiskLeavesTheFeature(t *testing.T) {
	if dir := os.Getenv("RECORD_FULL_DISK_SUITE"); dir != "" {
		signal.Ignore(syscall.SIGXFSZ) // a write past the limit fails with EFBIG instead
		limit := uint64(400)
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: limit, Max: limit}); err != nil {
			t.Fatal(err)
		}
		_, err := Record(Options{Root: dir, Layout: layout, RunName: "run.jsonl", Run: strings.NewReader(chatRun),
			Feature: "features/recorded/run.feature", Name: "a run"})
		if err == nil {
			t.Fatal("recorded past the file size limit")
		}
		os.Stdout.WriteString("ERROR: " + err.Error() + "\n")
		return
	}
	existing := "Feature: mine\n\n  Scenario: kept\n    Given an empty input state\n"
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "features/recorded"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "features/recorded/run.feature"), []byte(existing), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestRecordFullDiskLeavesTheFeature$", "-test.v")
	cmd.Env = append(os.Environ(), "RECORD_FULL_DISK_SUITE="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "ERROR: ") || !strings.Contains(string(out), "file too large") || strings.Contains(string(out), "would not load") {
		t.Errorf("want the write's error, got:\n%s", out)
	}
	if got := read(t, dir, "features/recorded/run.feature"); got != existing {
		t.Errorf("the feature file changed:\n%s", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "golden")); err == nil {
		t.Error("golden/ was written")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "features/recorded"))
	if len(entries) != 1 {
		t.Errorf("want only run.feature beside it, got %v", entries)
	}
}
