package langgraphjs

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/toolchain"
)

// casesFlag sets how many random cases the differential tests run (0: their
// defaults): go test ./runtimes/langgraphjs -run Agrees -cases 20000.
var casesFlag = flag.Int("cases", 0, "random cases per differential test (0: the default)")

// numCases is the number of cases a differential test runs.
func numCases(def int) int {
	switch {
	case *casesFlag > 0:
		return *casesFlag
	case testing.Short():
		return def / 4
	}
	return def
}

// jsCases are the cases of the differential tests: schemas under the
// profiles the bridge runs, and sequences of up to four commits after the
// first input, tool calls among them.
var jsCases = diffcase.Options{Profiles: map[string]int{"langgraph": 3, "dawn": 1}, Commits: 4, Tools: true}

// sharedBridge is one bridge for the tests of a run, as a suite has one.
var sharedBridge = struct {
	once sync.Once
	b    *Bridge
	err  error
}{}

func bridgeFor(t testing.TB) *Bridge {
	t.Helper()
	env := toolchain.Node(t)
	sharedBridge.once.Do(func() {
		sharedBridge.b, sharedBridge.err = Start(env.Root, Options{Node: env.Node})
	})
	if sharedBridge.err != nil {
		t.Fatal(sharedBridge.err)
	}
	return sharedBridge.b
}

type tally struct {
	cases, commits, multi int
	kinds                 map[string]int
	disagreements         []string
}

func (t *tally) add(kind string) {
	if t.kinds == nil {
		t.kinds = map[string]int{}
	}
	t.kinds[kind]++
}

func (t *tally) String() string {
	var ks []string
	for k, n := range t.kinds {
		ks = append(ks, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(ks)
	return fmt.Sprintf("%d cases, %d commits (%d cases of more than one commit on one thread), outcomes: %s; %d disagreements",
		t.cases, t.commits, t.multi, strings.Join(ks, ", "), len(t.disagreements))
}

// report logs the counts and fails with the first disagreements.
func (t *tally) report(tb testing.TB) {
	tb.Helper()
	tb.Log(t.String())
	for i, d := range t.disagreements {
		if i == 10 {
			tb.Errorf("... and %d more", len(t.disagreements)-10)
			break
		}
		tb.Error(d)
	}
}

// TestSessionAgreesWithEngine runs random sequences of inputs and steps on
// one thread through a session of the bridge and through the built-in
// engine, and compares every commit's outcome.
func TestSessionAgreesWithEngine(t *testing.T) {
	b := bridgeFor(t)
	n := numCases(400)
	var tl tally
	for i := 0; i < n; i++ {
		c := diffcase.Generate(1, i, jsCases).WithoutTools()
		want, err := diffcase.RunEngine(c)
		if err != nil {
			t.Fatalf("case %d: engine: %v\n%s", i, err, c.JSON())
		}
		got, err := diffcase.RunSession(b, c)
		if err != nil {
			t.Fatalf("case %d: session: %v\n%s", i, err, c.JSON())
		}
		tl.cases++
		if len(c.Commits) > 1 {
			tl.multi++
		}
		for j := range want {
			tl.commits++
			tl.add(string(c.Commits[j].Kind) + " " + want[j].Kind())
			if diffcase.HarnessRule(want[j].Code()) {
				// a rule of the harness's own, which a session leaves to it
				// (docs/reference.md, Runtimes): the threads part here
				break
			}
			if j >= len(got) || !diffcase.Agree(want[j], got[j]) {
				g := "(none)"
				if j < len(got) {
					g = got[j].String()
				}
				tl.disagreements = append(tl.disagreements, fmt.Sprintf("case %d, commit %d (%s):\n  case:    %s\n  engine:  %s\n  session: %s", i, j, c.Commits[j].Kind, c.JSON(), want[j], g))
				break
			}
		}
	}
	tl.report(t)
}

// TestDifferentialThroughEngine runs random cases, tool calls included,
// on the engine with the built-in runtime and the bridge side by side: no
// commit may end in RUNTIME_DISAGREEMENT.
func TestDifferentialThroughEngine(t *testing.T) {
	b := bridgeFor(t)
	n := numCases(300)
	var tl tally
	for i := 0; i < n; i++ {
		c := diffcase.Generate(2, i, jsCases)
		got, err := diffcase.RunEngine(c, engine.Builtin(), b)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, c.JSON())
		}
		tl.cases++
		if len(c.Commits) > 1 {
			tl.multi++
		}
		for j, o := range got {
			tl.commits++
			tl.add(string(c.Commits[j].Kind) + " " + o.Kind())
			if o.Code() == engine.RuntimeDisagreement || o.Code() == engine.RuntimeError {
				tl.disagreements = append(tl.disagreements, fmt.Sprintf("case %d, commit %d (%s):\n  case: %s\n  %s", i, j, c.Commits[j].Kind, c.JSON(), o))
				break
			}
		}
	}
	tl.report(t)
}

// TestConcurrentScenarios runs scenarios on one bridge from several
// goroutines at once, as godog may: every commit still agrees with the
// built-in engine.
func TestConcurrentScenarios(t *testing.T) {
	b := bridgeFor(t)
	const workers, each = 4, 25
	var wg sync.WaitGroup
	errs := make(chan string, workers*each)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(seed int64) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				c := diffcase.Generate(seed, i, jsCases).WithoutTools()
				want, err := diffcase.RunEngine(c)
				if err != nil {
					errs <- err.Error()
					return
				}
				got, err := diffcase.RunSession(b, c)
				if err != nil {
					errs <- err.Error()
					return
				}
				for j := range want {
					if diffcase.HarnessRule(want[j].Code()) {
						break
					}
					if j >= len(got) || !diffcase.Agree(want[j], got[j]) {
						errs <- fmt.Sprintf("seed %d case %d commit %d: %s", seed, i, j, c.JSON())
						break
					}
				}
			}
		}(int64(100 + w))
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
