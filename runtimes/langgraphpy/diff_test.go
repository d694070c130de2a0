package langgraphpy

import (
	"flag"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
)

// casesFlag sets how many random cases TestAgreesWithBuiltin runs:
// go test ./runtimes/langgraphpy -run Agrees -args -cases 10000.
var casesFlag = flag.Int("cases", 0, "random cases of the differential test (0: the default)")

// pyCases are langgraph-py cases of up to four commits after the first
// input, tool calls among them; pyMessages those of the messages reducer
// on its own.
var (
	pyCases    = diffcase.Options{Profiles: map[string]int{Profile: 1}, Commits: 4, Tools: true}
	pyMessages = diffcase.Options{Profiles: map[string]int{Profile: 1}, Commits: 4, Tools: true, Messages: true}
)

// TestAgreesWithBuiltin runs seeded random langgraph-py cases
// (internal/diffcase) side by side on the built-in engine and on LangGraph
// Python through the bridge: no commit may end in RUNTIME_DISAGREEMENT (or
// in a RUNTIME_ERROR of the bridge).
func TestAgreesWithBuiltin(t *testing.T) {
	diffcase.SideBySide(t, bridgeFor(t), diffcase.CaseCount(*casesFlag), func(i int) diffcase.Case {
		if i%4 == 3 {
			return diffcase.Generate(7, i, pyMessages)
		}
		return diffcase.Generate(7, i, pyCases)
	})
}
