package scenario_test

import (
	"testing"

	"github.com/stateharness/scenario"
)

// TestFeatures runs the suite's own acceptance features: the executable
// documentation of SPEC.md.
func TestFeatures(t *testing.T) {
	scenario.Run(t, scenario.Options{})
}
