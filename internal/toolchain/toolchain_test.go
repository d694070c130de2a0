package toolchain

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestPythonPrefersTheVenv(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake interpreter is a shell script")
	}
	root := t.TempDir()
	bin := filepath.Join(root, ".venv", "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	fake := filepath.Join(bin, "python")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho Python 3.12.0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, why := findPython(root)
	if why != "" || got != fake {
		t.Fatalf("findPython = %q, %q; want the venv's %s", got, why, fake)
	}
}

func TestMissingToolchainsSayWhy(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, why := findPython(t.TempDir()); !strings.Contains(why, "python3") || strings.Contains(why, "\n") {
		t.Errorf("findPython without python: %q", why)
	}
	if _, why := findCargo(); !strings.Contains(why, "cargo") || strings.Contains(why, "\n") {
		t.Errorf("findCargo without cargo: %q", why)
	}
	if _, why := findNode(); !strings.Contains(why, "node") || strings.Contains(why, "\n") {
		t.Errorf("findNode without node: %q", why)
	}
}

// TestRequireFails: under the variable a missing toolchain fails the test.
func TestRequireFails(t *testing.T) {
	t.Setenv(RequireCargo, "1")
	ft := &fakeT{TB: t}
	func() {
		defer func() { recover() }()
		require(ft, RequireCargo, "needs cargo")
	}()
	if !ft.failed || !strings.Contains(ft.msg, RequireCargo+"=1") {
		t.Fatalf("require under %s=1: failed %v, %q", RequireCargo, ft.failed, ft.msg)
	}
}

type fakeT struct {
	testing.TB
	failed bool
	msg    string
}

func (f *fakeT) Helper() {}

func (f *fakeT) Fatalf(format string, args ...any) {
	f.failed, f.msg = true, fmt.Sprintf(format, args...)
	panic("fatal")
}
