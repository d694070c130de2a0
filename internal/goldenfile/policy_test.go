package goldenfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestPolicyAssert(t *testing.T) {
	root := t.TempDir()
	a := Scenario{Key: "features/a.feature:3", Feature: "features/a.feature", Line: 3}
	b := Scenario{Key: "features/a.feature:9", Feature: "features/a.feature", Line: 9}
	accept := func(s Scenario) string { return "scenario update " + s.Feature + ":" + strconv.Itoa(s.Line) }
	state := func(v any) func() (any, error) { return func() (any, error) { return v, nil } }
	const rel = "golden/a/s.json"

	check := &Policy{Root: root, Accept: accept}
	err := check.Assert(a, rel, state(map[string]any{"n": 1.0}))
	if err == nil || !strings.Contains(err.Error(), "golden file golden/a/s.json is missing; to create it, run:\n    scenario update features/a.feature:3") {
		t.Fatalf("missing file: %v", err)
	}
	if got := check.Log.With(Missing); len(got) != 1 || got[0] != rel {
		t.Errorf("log of missing files %q", got)
	}
	if _, err := os.Stat(filepath.Join(root, rel)); err == nil {
		t.Fatal("a check wrote the golden file")
	}

	update := &Policy{Root: root, Update: true, Accept: accept}
	if err := update.Assert(a, rel, state(map[string]any{"n": 1.0})); err != nil {
		t.Fatal(err)
	}
	if got := update.Log.Written(); len(got) != 1 || got[0] != rel {
		t.Errorf("written %q", got)
	}
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil || string(data) != "{\n  \"n\": 1\n}\n" {
		t.Fatalf("written file %q, %v", data, err)
	}

	check = &Policy{Root: root, Accept: accept}
	if err := check.Assert(a, rel, state(map[string]any{"n": 1.0})); err != nil {
		t.Errorf("equal content: %v", err)
	}
	if !check.Log.Referenced(rel) || len(check.Log.With(Same)) != 1 {
		t.Error("an equal file is not logged as referenced and the same")
	}
	err = check.Assert(b, rel, state(map[string]any{"n": 1.0}))
	if err == nil || !strings.Contains(err.Error(), "used by two scenarios, features/a.feature:3 and features/a.feature:9") {
		t.Errorf("second scenario on one file: %v", err)
	}

	stale := &Policy{Root: root, Accept: accept}
	err = stale.Assert(a, rel, state(map[string]any{"n": 2.0}))
	if err == nil || !strings.Contains(err.Error(), "$.n") || !strings.Contains(err.Error(), "to accept the new content, run:\n    scenario update features/a.feature:3") {
		t.Errorf("stale file: %v", err)
	}
	if got := stale.Log.With(Stale); len(got) != 1 {
		t.Errorf("log of stale files %q", got)
	}
	data, _ = os.ReadFile(filepath.Join(root, rel))
	if string(data) != "{\n  \"n\": 1\n}\n" {
		t.Errorf("a failing check changed the file: %q", data)
	}
}

// A golden path outside the golden directory, or one whose file resolves
// there through a link, is neither read nor written.
func TestPolicyReadsAndWritesOnlyInsideTheGoldenDirectory(t *testing.T) {
	root := t.TempDir()
	secret := filepath.Join(t.TempDir(), "credentials.json")
	if err := os.WriteFile(secret, []byte(`{"password": "x"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "package.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "golden", "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(root, "golden", "a", "s.json")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	sc := Scenario{Key: "features/a.feature:3", Feature: "features/a.feature", Line: 3}
	accept := func(s Scenario) string { return "scenario update " + s.Feature + ":" + strconv.Itoa(s.Line) }
	state := func() (any, error) { return map[string]any{"n": 1.0}, nil }
	for rel, want := range map[string]string{
		"golden/a/s.json":        "golden file golden/a/s.json: golden/a/s.json is a symbolic link to " + secret + ", outside the golden directory golden/",
		"golden/../package.json": "golden file golden/../package.json: not a path inside the golden directory golden/",
		"package.json":           "golden file package.json: not a path inside the golden directory golden/",
		"tests/golden/a/s.json":  "not a path inside the golden directory golden/",
	} {
		for _, update := range []bool{false, true} {
			p := &Policy{Root: root, Golden: "golden", Update: update, Accept: accept}
			err := p.Assert(sc, rel, state)
			if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "password") {
				t.Errorf("%s (update %v): %v", rel, update, err)
			}
		}
	}
	if data, _ := os.ReadFile(filepath.Join(root, "package.json")); string(data) != "{}\n" {
		t.Errorf("package.json was written: %q", data)
	}
	if data, _ := os.ReadFile(secret); string(data) != `{"password": "x"}` {
		t.Errorf("the link's target was written: %q", data)
	}
}

// A golden file in a directory that links out of the golden directory is
// refused, also when the policy has resolved other directories before it
// (it resolves each directory once).
func TestPolicyRefusesAFileInALinkedDirectory(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "s.json"), []byte("{\n  \"n\": 1\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "golden", "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "golden", "b")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	sc := func(line int) Scenario {
		return Scenario{Key: "features/a.feature:" + strconv.Itoa(line), Feature: "features/a.feature", Line: line}
	}
	state := func() (any, error) { return map[string]any{"n": 1.0}, nil }
	p := &Policy{Root: root, Golden: "golden", Update: true, Accept: func(Scenario) string { return "" }}
	for i, rel := range []string{"golden/a/s.json", "golden/a/t.json"} {
		if err := p.Assert(sc(i+1), rel, state); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
	}
	p.Update = false
	for i, rel := range []string{"golden/a/s.json", "golden/a/t.json"} {
		if err := p.Assert(sc(i+1), rel, state); err != nil {
			t.Errorf("%s, written: %v", rel, err)
		}
	}
	err := p.Assert(sc(3), "golden/b/s.json", state)
	realOutside, err2 := filepath.EvalSymlinks(outside)
	if err2 != nil {
		t.Fatal(err2)
	}
	want := "golden/b is a symbolic link to " + filepath.Join(realOutside, "s.json") + ", outside the golden directory golden/"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("golden/b/s.json: %v, want %q", err, want)
	}
}

// A golden file that is a link to another file inside the golden
// directory is read through the link; a FIFO is refused without waiting
// for a writer.
func TestPolicyReadsThroughAnInsideLinkAndRefusesAFIFO(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "golden", "a")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "real.json"), []byte("{\n  \"n\": 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.json", filepath.Join(dir, "link.json")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	state := func() (any, error) { return map[string]any{"n": 1.0}, nil }
	p := &Policy{Root: root, Golden: "golden", Accept: func(Scenario) string { return "" }}
	if err := p.Assert(Scenario{Key: "k1"}, "golden/a/link.json", state); err != nil {
		t.Errorf("through an inside link: %v", err)
	}
	if got := p.Log.With(Same); len(got) != 1 || got[0] != "golden/a/link.json" {
		t.Errorf("same: %q", got)
	}
	fifo := filepath.Join(dir, "pipe.json")
	if err := mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() { done <- p.Assert(Scenario{Key: "k2"}, "golden/a/pipe.json", state) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "golden file golden/a/pipe.json") {
			t.Errorf("a FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the FIFO blocked the assertion")
	}
}
