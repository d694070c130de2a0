package eino_test

import (
	"testing"

	"github.com/stateharness/scenario"
)

// TestFeatures runs testdata/features on the orders graph.
func TestFeatures(t *testing.T) {
	scenario.Run(t, scenario.Options{Root: "testdata", Graphs: map[string]scenario.Runtime{"eino:orders": orders()}})
}
