package goldenfile

import (
	"flag"
	"fmt"

	"github.com/stateharness/scenario/internal/env"
)

// When a run rewrites or checks golden files is goldie's convention: an
// environment variable, or under go test an -update flag.

// UpdateRequested reports whether the environment asks a run to rewrite its
// golden files: SCENARIO_UPDATE, or goldie's GOLDIE_UPDATE for teams that
// already set it, is 1, true, yes or on.
func UpdateRequested() bool { return env.On("SCENARIO_UPDATE", "GOLDIE_UPDATE") }

// CheckRequested reports whether the environment asks a run under go test
// to check its golden files as `scenario check` does: SCENARIO_CHECK is 1,
// true, yes or on. A check writes nothing, whatever asks for an update.
func CheckRequested() bool { return env.On("SCENARIO_CHECK") }

// UpdateRequestedInTest reports whether a run under go test is asked to
// rewrite its golden files: UpdateRequested, or an -update flag set,
// whoever defined it.
func UpdateRequestedInTest() bool {
	if UpdateRequested() {
		return true
	}
	if f := flag.Lookup("update"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if b, ok := g.Get().(bool); ok && b {
				return true
			}
		}
	}
	return false
}

// GoTestUpdate is the go test command that rewrites the golden files of
// the tests that run, a -run pattern quoted for the shell, selects in the
// package pkg: with -update when the test package defines that flag, else
// with SCENARIO_UPDATE=1.
func GoTestUpdate(pkg, run string) string {
	if flag.Lookup("update") != nil {
		return fmt.Sprintf("go test %s -run %s -update", pkg, run)
	}
	return fmt.Sprintf("SCENARIO_UPDATE=1 go test %s -run %s", pkg, run)
}
