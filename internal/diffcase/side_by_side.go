package diffcase

import (
	"fmt"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// CaseCount is how many random cases a runtime's differential test runs:
// given (its -cases flag) when set, else 400, or 100 with -short.
func CaseCount(given int) int {
	switch {
	case given > 0:
		return given
	case testing.Short():
		return 100
	}
	return 400
}

// SideBySide runs the n cases gen makes side by side on the built-in engine
// and rt: no commit may end in RUNTIME_DISAGREEMENT, or in a RUNTIME_ERROR
// of rt's process. Each class of those fails t once, with its count and
// its first case; a case's later commits are not run after one; and a run
// in which rt took no commit (it refused every case's graph) fails, since
// it compared nothing. It returns how many commits of each kind ended how
// ("step ok", "input error"), which it also logs.
func SideBySide(t testing.TB, rt engine.Runtime, n int, gen func(i int) Case) map[string]int {
	t.Helper()
	counted := &countingRuntime{Runtime: rt}
	rt = counted
	kinds := map[string]int{}
	classes := map[string][]string{}
	commits := 0
	for i := 0; i < n; i++ {
		c := gen(i)
		got, err := RunEngine(c, engine.Builtin(), rt)
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
	t.Logf("%d cases, %d commits (%d on %s): %v", n, commits, counted.commits.Load(), rt.Name(), kinds)
	if counted.commits.Load() == 0 {
		t.Errorf("%s took no commit of the %d cases: nothing was compared", rt.Name(), n)
	}
	if len(classes) == 0 {
		return kinds
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
	return kinds
}

// countingRuntime counts the commits its runtime's sessions take.
type countingRuntime struct {
	engine.Runtime
	commits atomic.Int64
}

func (c *countingRuntime) Open(spec engine.GraphSpec) (engine.Session, error) {
	s, err := c.Runtime.Open(spec)
	if err != nil {
		return nil, err
	}
	return &countingSession{Session: s, commits: &c.commits}, nil
}

type countingSession struct {
	engine.Session
	commits *atomic.Int64
}

func (s *countingSession) Commit(r *engine.CommitRequest) (*engine.CommitResult, error) {
	s.commits.Add(1)
	return s.Session.Commit(r)
}
