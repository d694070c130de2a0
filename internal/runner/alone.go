package runner

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/stateharness/scenario/internal/suite"
)

// aloneCount counts the scenarios on their own graph that, side by side,
// ran on the other runtime alone (no schema for the built-in engine to
// check): passed or failed there, never skipped (docs/reference.md, Runtimes), and named in
// the run's summary.
type aloneCount struct {
	mu        sync.Mutex
	byRuntime map[string]int
}

func (a *aloneCount) add(_ *suite.Scenario, runtime string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byRuntime == nil {
		a.byRuntime = map[string]int{}
	}
	a.byRuntime[runtime]++
}

// show says how many scenarios ran on one runtime alone, and why.
func (a *aloneCount) show(cfg Config) {
	a.mu.Lock()
	defer a.mu.Unlock()
	names := make([]string, 0, len(a.byRuntime))
	for n := range a.byRuntime {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		if c := a.byRuntime[n]; c == 1 {
			fmt.Fprintf(&b, "1 scenario ran on %s alone: on its own graph, with no schema, it leaves the built-in engine nothing to compare (a schema makes it check the schema's fields)\n", n)
		} else {
			fmt.Fprintf(&b, "%d scenarios ran on %s alone: on their own graph, with no schema, they leave the built-in engine nothing to compare (a schema makes it check the schema's fields)\n", c, n)
		}
	}
	if b.Len() == 0 {
		return
	}
	if cfg.T != nil {
		cfg.T.Log(strings.TrimSuffix(b.String(), "\n"))
		return
	}
	fmt.Fprint(cfg.Output, b.String())
}
