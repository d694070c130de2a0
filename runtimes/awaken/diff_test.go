package awaken

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
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
	b := bridgeFor(t)
	n := 400
	if testing.Short() {
		n = 100
	}
	if *casesFlag > 0 {
		n = *casesFlag
	}
	kinds := map[string]int{}
	classes := map[string][]string{}
	commits := 0
	for i := 0; i < n; i++ {
		c := diffcase.Generate(7, i, awakenCases)
		got, err := diffcase.RunEngine(c, engine.Builtin(), b)
		if err != nil {
			continue // a schema the engine refuses: nothing runs
		}
		for j, o := range got {
			commits++
			kinds[string(c.Commits[j].Kind)+" "+o.Kind()]++
			if o.Code() == engine.RuntimeDisagreement || o.Code() == engine.RuntimeError {
				msg, _, _ := strings.Cut(o.String(), "\n")
				classes[msg] = append(classes[msg], fmt.Sprintf("case %d, commit %d: %s\n  %s", i, j, c.JSON(), o))
				break
			}
		}
	}
	t.Logf("%d cases, %d commits: %v", n, commits, kinds)
	if len(classes) == 0 {
		return
	}
	keys := make([]string, 0, len(classes))
	for k := range classes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&out, "%d× %s\n  e.g. %s\n", len(classes[k]), k, classes[k][0])
	}
	t.Errorf("the runtimes disagree in %d classes:\n%s", len(classes), out.String())
}
