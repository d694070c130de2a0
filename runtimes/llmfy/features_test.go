package llmfy_test

import (
	"path/filepath"
	"testing"

	"github.com/stateharness/scenario"
	"github.com/stateharness/scenario/internal/toolchain"
)

// TestOwnFlowFeatures runs the suite's scenarios on its own llmfy flow
// (features/llmfy_own_*.feature) on llmfy, and side by side with the
// built-in engine.
func TestOwnFlowFeatures(t *testing.T) {
	python := toolchain.LlmfyPython(t)
	root := toolchain.RepoRoot()
	paths, err := filepath.Glob(filepath.Join(root, "features", "llmfy_own_*.feature"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no features/llmfy_own_*.feature (%v)", err)
	}
	for i, p := range paths {
		if paths[i], err = filepath.Rel(root, p); err != nil {
			t.Fatal(err)
		}
	}
	for _, rt := range []string{"llmfy", "builtin,llmfy"} {
		t.Run(rt, func(t *testing.T) {
			scenario.Run(t, scenario.Options{Root: root, Paths: paths, Runtime: rt, Python: python})
		})
	}
}
