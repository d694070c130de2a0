package llmfy

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// runReference runs the Python program on llmfy itself, from the
// repository root, with cases as JSON on its stdin: the outcomes it
// prints, one per case.
func runReference[C, O any](t *testing.T, program string, cases []C) []O {
	t.Helper()
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(toolchain.LlmfyPython(t), "-c", program)
	cmd.Dir = toolchain.RepoRoot()
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	text, err := cmd.Output()
	if err != nil {
		t.Fatalf("the reference run: %v\n%s", err, stderr.String())
	}
	var out []O
	if err := json.Unmarshal(text, &out); err != nil || len(out) != len(cases) {
		t.Fatalf("%d reference outcomes for %d cases (%v)", len(out), len(cases), err)
	}
	return out
}
