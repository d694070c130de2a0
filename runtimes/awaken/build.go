package awaken

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/stateharness/scenario/internal/shell"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// source is the program: bridge/Cargo.toml, Cargo.lock and src/main.rs.
//
//go:embed bridge/Cargo.toml bridge/Cargo.lock bridge/src/main.rs
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
	bin, ok, err := Built(cacheDir)
	if err != nil || ok {
		return bin, err
	}
	cache, dir := filepath.Dir(filepath.Dir(bin)), filepath.Dir(bin)
	if cargo == "" {
		cargo = "cargo"
	}
	path, err := exec.LookPath(cargo)
	if err != nil {
		return "", fmt.Errorf("awaken builds its program with cargo, and %s was not found: %s", cargo, install)
	}
	src := filepath.Join(dir, "src")
	if err := writeSource(src); err != nil {
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
		fmt.Fprintf(progress, "awaken: building its program with cargo in %s (once for this version: a few minutes the first time, seconds after)\n", dir)
	}
	rustc := rustcVersion()
	cmd := exec.Command(path, "build", "--locked", "--quiet")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+target, "SCENARIO_RUSTC="+rustc)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("awaken: cargo could not build its program (%v); the end of its output:\n%s\nbuild it by hand to see all: cd %s && CARGO_TARGET_DIR=%s SCENARIO_RUSTC=%s cargo build --locked",
			err, tailLines(string(out), 30), shell.Quote(src), shell.Quote(target), shell.Quote(rustc))
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

// writeSource writes the embedded source under dir, each file by a rename,
// so that two builds writing the same files at once leave them whole.
func writeSource(dir string) error {
	for _, name := range sourceFiles() {
		data, _ := source.ReadFile(name)
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, "bridge/")))
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
