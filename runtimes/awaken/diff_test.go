package awaken

import (
	"flag"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
)

// casesFlag sets how many random cases TestAgreesWithBuiltin runs:
// go test ./runtimes/awaken -run Agrees -args -cases 10000.
var casesFlag = flag.Int("cases", 0, "random cases of the differential test (0: the default)")

// awakenCases are awaken cases of up to four commits after the first
// input: steps, new runs and tool calls.
var awakenCases = diffcase.Options{Profiles: map[string]int{Profile: 1}, Commits: 4, Tools: true}

// TestAgreesWithBuiltin runs seeded random awaken cases (internal/diffcase)
// side by side on the built-in engine and on Awaken's store through the
// program: no commit may end in RUNTIME_DISAGREEMENT (or in a RUNTIME_ERROR
// of the program).
func TestAgreesWithBuiltin(t *testing.T) {
	diffcase.SideBySide(t, bridgeFor(t), diffcase.CaseCount(*casesFlag), func(i int) diffcase.Case {
		return diffcase.Generate(7, i, awakenCases)
	})
}
