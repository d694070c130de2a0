package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckReportFile(t *testing.T) {
	dir := t.TempDir()
	aFile := filepath.Join(dir, "a-file")
	if err := os.WriteFile(aFile, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Mkdir(locked, 0o500); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file, err string
	}{
		{filepath.Join(dir, "new.html"), ""},
		{aFile, ""},
		{filepath.Join(dir, "no-such-dir", "r.html"), "directory " + filepath.Join(dir, "no-such-dir") + " does not exist"},
		{filepath.Join(aFile, "deeper", "r.html"), aFile + " is not a directory"},
		{dir, dir + " is a directory; name a file in it"},
		{filepath.Join(locked, "r.html"), "cannot write in directory " + locked + ": permission denied"},
	} {
		if strings.HasPrefix(tc.file, locked) && os.Geteuid() == 0 {
			continue // root writes anywhere
		}
		err := checkReportFile("html:"+tc.file, tc.file)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.file, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), "--format html:"+tc.file+": "+tc.err)):
			t.Errorf("%s: error %v, want one saying %q", tc.file, err, tc.err)
		}
	}
	if data, _ := os.ReadFile(aFile); string(data) != "kept" {
		t.Errorf("the check changed an existing report file: %q", data)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".scenario-report-check-*")); len(left) > 0 {
		t.Errorf("the check left %v", left)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.html")); err == nil {
		t.Errorf("the check created the report file")
	}
}
