package awaken

import (
	"bufio"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/stateharness/scenario/internal/shell"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// source is the program: bridge/Cargo.toml, Cargo.lock and src/main.rs.
//
//go:embed bridge/Cargo.toml bridge/Cargo.lock bridge/src/main.rs bridge/src/user.rs
var source embed.FS

// binName is the program's name, as Cargo.toml's package names it.
const binName = "scenario-awaken-bridge"

// install says how to get cargo.
const install = "install Rust with https://rustup.rs (cargo ≥ 1.85)"

// Hash names a version of the program: the SHA-256 of its source files.
func Hash() string {
	h := sha256.New()
	for _, name := range sourceFiles() {
		data, _ := source.ReadFile(name)
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// sourceFiles lists the embedded files, in a fixed order.
func sourceFiles() []string {
	var names []string
	fs.WalkDir(source, "bridge", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	return names
}

// CacheDir is where the program is built and kept: dir when given, else
// the user's cache directory's scenario/awaken.
func CacheDir(dir string) (string, error) {
	if dir != "" {
		return filepath.Abs(dir)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("awaken: no cache directory to build its program in (%v); set XDG_CACHE_HOME or HOME", err)
	}
	return filepath.Join(base, "scenario", "awaken"), nil
}

// Build returns the program built from the embedded source, building it
// with cargo when the cache does not hold this version yet:
// <cache>/<hash>/scenario-awaken-bridge. The sources go to
// <cache>/<hash>/src and the build to <cache>/target, which every version
// shares (a changed source rebuilds only itself). A lock on
// <cache>/target.lock holds the build and the copy of its binary, so two
// first builds at once, of one version or two, wait for each other and
// each keeps its own program; the binary is copied beside its final name
// and renamed, so nobody starts half of it. progress (nil: nowhere) hears
// that a build starts. A build that fails says why, with the tail of
// cargo's output and the command to run by hand.
func Build(cacheDir, cargo string, progress io.Writer) (string, error) {
	return build(cacheDir, cargo, progress, program{hash: Hash(), files: embedded, locked: true})
}

// program is a version of the program to build: its hash, its files by
// name (Cargo.toml, Cargo.lock, src/...), whether cargo builds it
// --locked, and what it is for, for the messages ("" the pool's; a
// crate's "for the crate at ...").
type program struct {
	hash   string
	files  func() (map[string][]byte, error)
	locked bool
	what   string
}

// embedded are the program's own files.
func embedded() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, name := range sourceFiles() {
		data, _ := source.ReadFile(name)
		out[strings.TrimPrefix(name, "bridge/")] = data
	}
	return out, nil
}

// build builds prog (see Build) unless the cache holds it.
func build(cacheDir, cargo string, progress io.Writer, prog program) (string, error) {
	cache, err := CacheDir(cacheDir)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, prog.hash)
	bin := filepath.Join(dir, binName+exe())
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if cargo == "" {
		cargo = "cargo"
	}
	path, err := exec.LookPath(cargo)
	if err != nil {
		return "", fmt.Errorf("awaken builds its program with cargo, and %s was not found: %s", cargo, install)
	}
	files, err := prog.files()
	if err != nil {
		return "", err
	}
	src := filepath.Join(dir, "src")
	if err := writeSource(src, files); err != nil {
		return "", fmt.Errorf("awaken: cannot write its program's source to %s: %v", src, err)
	}
	target := filepath.Join(cache, "target")
	unlock, err := lockFile(target + ".lock")
	if err != nil {
		return "", fmt.Errorf("awaken: cannot lock %s.lock: %v", target, err)
	}
	defer unlock()
	if _, err := os.Stat(bin); err == nil {
		// built by another run while this one waited
		return bin, nil
	}
	if progress != nil {
		fmt.Fprintf(progress, "awaken: building its program%s with cargo in %s (once for this version: a few minutes the first time, seconds after)\n", prog.what, dir)
	}
	rustc := rustcVersion()
	args := []string{"build"}
	locked := ""
	if prog.locked {
		args, locked = append(args, "--locked"), " --locked"
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+target, "SCENARIO_RUSTC="+rustc, "CARGO_TERM_COLOR=never", "CARGO_TERM_PROGRESS_WHEN=never")
	out, err := runReporting(cmd, progress)
	if err != nil {
		return "", fmt.Errorf("awaken: cargo could not build its program%s (%v); the end of its output:\n%s\nbuild it by hand to see all: cd %s && CARGO_TARGET_DIR=%s SCENARIO_RUSTC=%s cargo build%s",
			prog.what, err, tailLines(fromFirstError(out), 30), shell.Quote(src), shell.Quote(target), shell.Quote(rustc), locked)
	}
	built := filepath.Join(target, "debug", binName+exe())
	tmp, err := os.CreateTemp(dir, "."+binName+".tmp-")
	if err != nil {
		return "", fmt.Errorf("awaken: %v", err)
	}
	defer os.Remove(tmp.Name())
	if err := copyInto(tmp, built); err != nil {
		return "", fmt.Errorf("awaken: cannot copy the program cargo built (%s): %v", built, err)
	}
	if err := os.Rename(tmp.Name(), bin); err != nil {
		return "", fmt.Errorf("awaken: %v", err)
	}
	return bin, nil
}

// runReporting runs cmd and returns its output; progress (nil: nowhere)
// hears cargo's Compiling lines as they come, at most one every few
// seconds, and that it is still building when a crate takes long (a cold
// build of minutes shows it is moving).
func runReporting(cmd *exec.Cmd, progress io.Writer) (string, error) {
	var all strings.Builder
	cmd.Stdout = &all
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	if err := cmd.Start(); err != nil {
		return "", err
	}
	var mu sync.Mutex
	start, last, n := time.Now(), time.Time{}, 0
	say := func(format string, args ...any) {
		if progress != nil {
			last = time.Now()
			fmt.Fprintf(progress, format, args...)
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			mu.Lock()
			all.WriteString(line + "\n")
			if l := strings.TrimSpace(line); strings.HasPrefix(l, "Compiling ") {
				n++
				if time.Since(last) >= 3*time.Second {
					say("awaken: cargo: %s (%d crates so far)\n", l, n)
				}
			}
			mu.Unlock()
		}
		io.Copy(io.Discard, pr)
	}()
	tick := time.NewTicker(30 * time.Second)
	defer tick.Stop()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	for {
		select {
		case err := <-waited:
			pw.Close()
			<-done
			return all.String(), err
		case <-tick.C:
			mu.Lock()
			if time.Since(last) >= 30*time.Second {
				say("awaken: cargo: still building (%d crates so far, %s)\n", n, time.Since(start).Round(time.Second))
			}
			mu.Unlock()
		}
	}
}

// Built is where Build keeps this version of the program in the cache
// (cacheDir, else the user's cache directory's scenario/awaken), and
// whether it is there: a test that must not build looks it up.
func Built(cacheDir string) (bin string, built bool, err error) {
	cache, err := CacheDir(cacheDir)
	if err != nil {
		return "", false, err
	}
	bin = filepath.Join(cache, Hash(), binName+exe())
	_, err = os.Stat(bin)
	return bin, err == nil, nil
}

// writeSource writes files under dir, each by a rename, so that two
// builds writing the same files at once leave them whole.
func writeSource(dir string, files map[string][]byte) error {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		data := files[name]
		p := filepath.Join(dir, filepath.FromSlash(name))
		if old, err := os.ReadFile(p); err == nil && string(old) == string(data) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		f, err := os.CreateTemp(filepath.Dir(p), ".tmp-")
		if err != nil {
			return err
		}
		_, werr := f.Write(data)
		cerr := f.Close()
		if werr != nil || cerr != nil {
			os.Remove(f.Name())
			return fmt.Errorf("%s: %v", p, werr)
		}
		if err := os.Rename(f.Name(), p); err != nil {
			os.Remove(f.Name())
			return err
		}
	}
	return nil
}

// copyInto copies the file at src into f, executable, and closes f.
func copyInto(f *os.File, src string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o755); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// rustcVersion is the version of the rustc cargo builds with ("1.95.0"),
// which the program reports; "unknown" when rustc does not say.
func rustcVersion() string {
	rustc := os.Getenv("RUSTC")
	if rustc == "" {
		rustc = "rustc"
	}
	v, err := bridge.CommandVersion(rustc, 30*time.Second, "--version")
	if err != nil {
		return "unknown"
	}
	// rustc 1.95.0 (59807616e 2026-04-14)
	if f := strings.Fields(v); len(f) >= 2 {
		return f[1]
	}
	return "unknown"
}

// fromFirstError is cargo's output from its first error on: the warnings
// and Compiling lines before it say nothing of why the build failed.
func fromFirstError(out string) string {
	for _, marker := range []string{"\nerror[", "\nerror:"} {
		if i := strings.Index(out, marker); i >= 0 {
			return out[i+1:]
		}
	}
	return out
}

// tailLines is the last n lines of s.
func tailLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func exe() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}
