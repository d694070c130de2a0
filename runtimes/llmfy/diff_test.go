package llmfy

import (
	"flag"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
)

// casesFlag sets how many random cases TestAgreesWithBuiltin runs:
// go test ./runtimes/llmfy -run Agrees -args -cases 10000.
var casesFlag = flag.Int("cases", 0, "random cases of the differential test (0: the default)")

// llmfyCases are llmfy cases of up to three commits after the first
// input: steps and inputs on the thread.
var llmfyCases = diffcase.Options{Profiles: map[string]int{Profile: 1}, Commits: 3}

// TestAgreesWithBuiltin runs seeded random llmfy cases (internal/diffcase)
// side by side on the built-in engine and on llmfy through the bridge: no
// commit may end in RUNTIME_DISAGREEMENT (or in a RUNTIME_ERROR of the
// bridge).
func TestAgreesWithBuiltin(t *testing.T) {
	kinds := diffcase.SideBySide(t, bridgeFor(t), diffcase.CaseCount(*casesFlag), func(i int) diffcase.Case {
		return diffcase.Generate(11, i, llmfyCases)
	})
	if kinds["step ok"] == 0 || kinds["input ok"] == 0 {
		t.Errorf("no step or input succeeded: the cases test nothing (%v)", kinds)
	}
}
