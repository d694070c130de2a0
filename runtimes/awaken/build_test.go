//go:build unix

package awaken

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeCargo writes a cargo that "builds" the program as a shell script
// printing its ready line, after a pause, counting its builds in a file;
// fail makes it fail as cargo does, with output.
func fakeCargo(t *testing.T, fail bool) (cargo, count string) {
	dir := t.TempDir()
	count = filepath.Join(dir, "builds")
	script := `#!/bin/sh
echo x >> ` + count + `
sleep 0.2
`
	if fail {
		script += `echo "error[E0432]: unresolved import" >&2
exit 101
`
	} else {
		script += `mkdir -p "$CARGO_TARGET_DIR/debug"
printf '#!/bin/sh\necho built\n' > "$CARGO_TARGET_DIR/debug/` + binName + `"
`
	}
	cargo = filepath.Join(dir, "cargo")
	if err := os.WriteFile(cargo, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return cargo, count
}

// lockedBuffer is a progress writer two builds may share.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// TestBuildCaches: two first builds at once both get the whole program,
// installed under the source's hash, from one run of cargo (the second
// waits on the lock, then finds it), which says once that it builds; the
// next build reuses it without cargo.
func TestBuildCaches(t *testing.T) {
	cargo, count := fakeCargo(t, false)
	cache := t.TempDir()
	var wg sync.WaitGroup
	bins := make([]string, 2)
	errs := make([]error, 2)
	progress := &lockedBuffer{}
	for i := range bins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bins[i], errs[i] = Build(cache, cargo, progress)
		}()
	}
	wg.Wait()
	if builds, _ := os.ReadFile(count); strings.Count(string(builds), "x") != 1 {
		t.Errorf("cargo ran %d times for two first builds at once, want 1", strings.Count(string(builds), "x"))
	}
	if got := progress.b.String(); strings.Count(got, "awaken: building its program with cargo in "+filepath.Join(cache, Hash())) != 1 {
		t.Errorf("progress %q, want one line saying the build starts", got)
	}
	want := filepath.Join(cache, Hash(), binName)
	for i := range bins {
		if errs[i] != nil || bins[i] != want {
			t.Fatalf("build %d: %q, %v; want %s", i, bins[i], errs[i], want)
		}
	}
	if data, err := os.ReadFile(want); err != nil || !strings.Contains(string(data), "echo built") {
		t.Fatalf("the installed program is %q (%v)", data, err)
	}
	if src, err := os.ReadFile(filepath.Join(cache, Hash(), "src", "src", "main.rs")); err != nil || !strings.Contains(string(src), "StateStore") {
		t.Fatalf("the source was not written whole: %v", err)
	}
	before, _ := os.ReadFile(count)
	if bin, err := Build(cache, cargo, nil); err != nil || bin != want {
		t.Fatalf("second build: %q, %v", bin, err)
	}
	if after, _ := os.ReadFile(count); len(after) != len(before) {
		t.Errorf("a build with the program in the cache ran cargo again")
	}
	// nothing half-written is left beside it
	entries, _ := os.ReadDir(filepath.Join(cache, Hash()))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// TestBuildFails: a failed build says what cargo said and how to build by
// hand; a missing cargo says how to install one.
func TestBuildFails(t *testing.T) {
	cargo, count := fakeCargo(t, true)
	_, err := Build(filepath.Join(t.TempDir(), "my cache"), cargo, nil)
	if err == nil || !strings.Contains(err.Error(), "error[E0432]: unresolved import") || !strings.Contains(err.Error(), "cargo build --locked") {
		t.Fatalf("got %v, want cargo's output and the command to run by hand", err)
	}
	// the command, pasted as printed (the cache's path has a space), runs
	// cargo in the program's source
	_, command, _ := strings.Cut(err.Error(), "build it by hand to see all: ")
	before, _ := os.ReadFile(count)
	sh := exec.Command("sh", "-c", command)
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(cargo)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, _ := sh.CombinedOutput()
	if after, _ := os.ReadFile(count); len(after) == len(before) || !strings.Contains(string(out), "error[E0432]") {
		t.Errorf("the printed command %q did not run cargo: %s", command, out)
	}
	_, err = Build(t.TempDir(), filepath.Join(t.TempDir(), "no-cargo"), nil)
	if err == nil || !strings.Contains(err.Error(), "rustup.rs") {
		t.Errorf("got %v, want how to install cargo", err)
	}
}
