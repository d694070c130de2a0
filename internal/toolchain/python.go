package toolchain

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// RequirePython makes a missing Python a failure instead of a skip.
const RequirePython = "SCENARIO_REQUIRE_PYTHON"

// Python returns the Python of the project at root: its .venv's
// interpreter when it has one, else python3 on PATH. Without either the
// test skips (fails under SCENARIO_REQUIRE_PYTHON=1).
func Python(t testing.TB, root string) string {
	t.Helper()
	python, why := findPython(root)
	require(t, RequirePython, why)
	return python
}

func findPython(root string) (string, string) {
	venv := filepath.Join(root, ".venv", "bin", "python")
	if runtime.GOOS == "windows" {
		venv = filepath.Join(root, ".venv", "Scripts", "python.exe")
	}
	python := venv
	if _, err := os.Stat(venv); err != nil {
		p, err := exec.LookPath("python3")
		if err != nil {
			return "", "needs python3 on PATH or a virtual environment in " + filepath.Join(root, ".venv") + " (python3 -m venv .venv)"
		}
		python = p
	}
	if _, err := exec.Command(python, "--version").Output(); err != nil {
		return "", python + " --version failed: " + describe(err)
	}
	return python, ""
}

// describe is an error of a command, with what it wrote on stderr.
func describe(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return err.Error() + ": " + strings.TrimSpace(string(ee.Stderr))
	}
	return err.Error()
}
