package eino_test

import (
	"testing"

	"github.com/stateharness/scenario"
)

// TestFeatures runs testdata/features on the orders graph, four scenarios
// at once (each on a graph of its own).
func TestFeatures(t *testing.T) {
	scenario.Run(t, scenario.Options{Root: "testdata", Concurrency: 4, Graphs: map[string]scenario.Runtime{"eino:orders": orders()}})
}
