package goldenfile

import (
	"os/exec"
	"strings"
	"testing"
)

// TestGoldenfileKnowsNoGherkin: golden-file policy stands below the
// features, steps and runner that ask it, so nothing it builds on may be
// one of them (or godog, which would bring Gherkin with it).
func TestGoldenfileKnowsNoGherkin(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	const module = "github.com/stateharness/scenario/"
	forbidden := []string{module + "internal/suite", module + "steps", module + "internal/runner", "github.com/cucumber/"}
	for _, dep := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, strings.TrimSuffix(f, "/")+"/") {
				t.Errorf("goldenfile depends on %s", dep)
			}
		}
	}
}
