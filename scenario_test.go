package scenario_test

import (
	"flag"
	"testing"

	"github.com/stateharness/scenario"
	"github.com/stateharness/scenario/internal/toolchain"
)

// update is this package's -update flag, which scenario.Run reads:
// go test . -update rewrites the golden files.
var _ = flag.Bool("update", false, "rewrite golden files")

// TestFeatures runs the suite's own acceptance features: the executable
// documentation of SPEC.md. The scenarios on a team's own LangGraph JS graph
// (features/own_graph.feature) need langgraph-js: here they are skipped,
// with the reason logged, and TestFeaturesOnLangGraphJS runs them.
func TestFeatures(t *testing.T) {
	scenario.Run(t, scenario.Options{AllowSkips: true})
}

// TestFeaturesOnLangGraphJS runs the same features on the built-in engine
// and on LangGraph JS side by side: every commit must agree (docs/reference.md, Runtimes).
// What LangGraph JS cannot run (awaken, llmfy, declared merge modes) is
// skipped with its reason.
func TestFeaturesOnLangGraphJS(t *testing.T) {
	toolchain.Node(t)
	if testing.Short() {
		t.Skip("-short: the features on the built-in engine only")
	}
	scenario.Run(t, scenario.Options{Runtime: "builtin,langgraph-js", AllowSkips: true})
}
