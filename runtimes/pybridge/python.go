package pybridge

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/stateharness/scenario/runtimes/bridge"
)

// Need is what a Python runtime needs of its interpreter, for FindPython's
// errors.
type Need struct {
	// Runtime is the runtime's name ("langgraph-py").
	Runtime string
	// Python is the oldest Python it runs on, as {3, 10}.
	Python [2]int
	// Install is the command that makes a suite's Python able to run it.
	Install string
}

// FindPython is the interpreter a Python runtime runs on, checked to be at
// least need.Python: bin when given (relative to root), else root's .venv,
// else python3 on PATH. Its errors name the runtime and the install command.
func FindPython(need Need, root, bin string, timeout time.Duration) (string, error) {
	if bin == "" {
		venv := filepath.Join(root, ".venv", "bin", "python")
		if _, err := os.Stat(venv); err == nil {
			bin = venv
		} else {
			bin = "python3"
		}
	} else if strings.ContainsRune(bin, os.PathSeparator) && !filepath.IsAbs(bin) {
		bin = filepath.Join(root, bin)
	}
	min := need.Python
	path, err := exec.LookPath(bin)
	if err != nil {
		return "", fmt.Errorf("%s needs Python ≥ %d.%d; %s was not found: %s, or name one with --python or python: in scenario.yaml", need.Runtime, min[0], min[1], bin, need.Install)
	}
	v, err := bridge.CommandVersion(path, timeout, "--version")
	if err != nil {
		return "", fmt.Errorf("%s needs Python ≥ %d.%d; %s --version failed: %v", need.Runtime, min[0], min[1], path, err)
	}
	if !AtLeast(strings.TrimPrefix(v, "Python "), min) {
		return "", fmt.Errorf("%s needs Python ≥ %d.%d; %s is %s: %s with a newer python3", need.Runtime, min[0], min[1], path, v, need.Install)
	}
	return path, nil
}

// AtLeast reports whether the version "3.11.7" is at least min.
func AtLeast(v string, min [2]int) bool {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' }))
	if err1 != nil || err2 != nil {
		return false
	}
	return major > min[0] || (major == min[0] && minor >= min[1])
}
