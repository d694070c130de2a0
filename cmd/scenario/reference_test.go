package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/steps"
)

// TestReferenceIsCurrent fails when docs/reference.md misses a step or an
// error code, or their generated parts are stale; SCENARIO_UPDATE=1
// rewrites those parts.
func TestReferenceIsCurrent(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := env.FindUp(wd, "go.mod")
	path := filepath.Join(root, "docs", "reference.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := referenceParts(root)
	if err != nil {
		t.Fatal(err)
	}
	want, err := fillReference(string(data), parts)
	if err != nil {
		t.Fatal(err)
	}
	if want != string(data) {
		if env.On("SCENARIO_UPDATE") {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("updated %s", path)
		} else {
			t.Errorf("docs/reference.md is stale: SCENARIO_UPDATE=1 go test ./cmd/scenario -run TestReferenceIsCurrent rewrites its generated parts")
		}
	}
	for _, c := range engine.Codes() {
		if !strings.Contains(want, "`"+string(c.Code)+"`") {
			t.Errorf("the reference does not name %s", c.Code)
		}
	}
	for _, d := range steps.Vocabulary() {
		if !strings.Contains(want, "`"+mdCell(stepText(d))+"`") {
			t.Errorf("the reference does not name the step %q", stepText(d))
		}
	}
	// every code the engine declares is documented
	src, err := os.ReadFile(filepath.Join(root, "engine", "codes.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		_, lit, ok := strings.Cut(line, `Code = "`)
		if !ok {
			continue
		}
		code := strings.TrimSuffix(strings.TrimSpace(lit), `"`)
		if !strings.Contains(want, "`"+code+"`") {
			t.Errorf("engine/codes.go declares %s, which the reference does not explain", code)
		}
	}
}
