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

// The orphans a survey finds in a run's scope are what prune deletes; a
// file of the user's, a referenced or kept golden and one out of scope stay.
func TestSurveyAndPrune(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{
		"golden/a/used.json":         "{}\n",
		"golden/a/orphan.json":       "{}\n",
		"golden/a/NOTES.md":          "mine",
		"golden/a/.used.json.tmp-3":  "{",
		"golden/b/x/deep.json":       "{}\n",
		"golden/b/top.json":          "{}\n",
		"features/a.feature":         "",
		"features/b/x/deep.feature":  "",
		"golden/a/kept-by-skip.json": "{}\n",
	})
	var log Log
	log.record("golden/a/used.json", Same)
	kept := func(rel string) bool { return rel == "golden/a/kept-by-skip.json" }
	scope, ok := ScopeOf(root, layout, []string{"features/a.feature", "features/b"}, false)
	if !ok {
		t.Fatal("no scope")
	}
	found, err := Survey(root, scope, &log, kept)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(found.Orphans, " "); got != "golden/a/orphan.json golden/b/x/deep.json" {
		t.Errorf("orphans %q", got)
	}
	if got := strings.Join(found.Leftovers, " "); got != "golden/a/.used.json.tmp-3" {
		t.Errorf("leftovers %q", got)
	}
	var out strings.Builder
	if err := Prune(root, found.Orphans, &out); err != nil {
		t.Fatal(err)
	}
	if err := RemoveLeftovers(root, found.Leftovers, &out); err != nil {
		t.Fatal(err)
	}
	if want := "deleted golden/a/orphan.json\ndeleted golden/b/x/deep.json\nremoved golden/a/.used.json.tmp-3 (a temporary file of an interrupted update)\n"; out.String() != want {
		t.Errorf("prune says\n%s\nwant\n%s", out.String(), want)
	}
	for _, rel := range []string{"golden/a/used.json", "golden/a/NOTES.md", "golden/b/top.json", "golden/a/kept-by-skip.json"} {
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
	}
	out.Reset()
	if err := Prune(root, nil, &out); err != nil || out.String() != "no orphan golden files\n" {
		t.Errorf("prune of nothing: %q, %v", out.String(), err)
	}
}
