package goldenfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnInterruptedUpdateRemovesItsTemporaryFiles: what the interrupt
// watcher of an update removes: the golden writer's temporary files, never
// another file.
func TestAnInterruptedUpdateRemovesItsTemporaryFiles(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{
		"golden/a/one.json":          "{}\n",
		"golden/a/.one.json.tmp-42":  "{\"n\"",
		"golden/a/b/.two.json.tmp-7": "{",
		"golden/a/.notes.tmp-1":      "mine", // not a golden's: kept
	})
	var out strings.Builder
	RemoveInterrupted(root, "golden", &out)
	for _, gone := range []string{"golden/a/.one.json.tmp-42", "golden/a/b/.two.json.tmp-7"} {
		if _, err := os.Stat(filepath.Join(root, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there: %v\n%s", gone, err, out.String())
		}
		if !strings.Contains(out.String(), "removed "+gone) {
			t.Errorf("the removal of %s is not reported:\n%s", gone, out.String())
		}
	}
	for _, kept := range []string{"golden/a/.notes.tmp-1", "golden/a/one.json"} {
		if _, err := os.Stat(filepath.Join(root, kept)); err != nil {
			t.Errorf("%s was removed: %v", kept, err)
		}
	}
}

func writeSuite(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
