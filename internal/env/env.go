// Package env reads what the two front ends, scenario.Run and the scenario
// command, take from the process's surroundings: switches set in
// environment variables (SCENARIO_UPDATE=1), and the nearest directory
// upwards that holds a given file (a module's go.mod, a suite's
// scenario.yaml).
package env

import (
	"os"
	"path/filepath"
	"strings"
)

// On reports whether any of the named environment variables is set to a
// true value: 1, true, yes or on, in any case, as goldie reads
// GOLDIE_UPDATE. Anything else, unset included, is off.
func On(names ...string) bool {
	for _, name := range names {
		switch strings.ToLower(os.Getenv(name)) {
		case "1", "true", "yes", "on":
			return true
		}
	}
	return false
}

// FindUp returns the first of dir and its parents that holds name (a file or
// a directory), or "" when none does.
func FindUp(dir, name string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
