package langgraphjs

import (
	"errors"
	"flag"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/canonjson"
	"github.com/stateharness/scenario/internal/nodetest"
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

// sharedBridge is one bridge for the tests of a run, as a suite has one.
var sharedBridge = struct {
	once sync.Once
	b    *Bridge
	err  error
}{}

func bridgeFor(t testing.TB) *Bridge {
	t.Helper()
	env := nodetest.Require(t)
	sharedBridge.once.Do(func() {
		sharedBridge.b, sharedBridge.err = Start(env.Root, Options{Node: env.Node})
	})
	if sharedBridge.err != nil {
		t.Fatal(sharedBridge.err)
	}
	return sharedBridge.b
}

// outcome is how one commit ended: the state after it, or an error.
type outcome struct {
	state map[string]any
	code  engine.Code
	path  string
	msg   string
	err   error
}

func outcomeOf(state map[string]any, err error) outcome {
	if err == nil {
		return outcome{state: state}
	}
	o := outcome{err: err, msg: err.Error(), code: engine.CodeOf(err)}
	var e *engine.Error
	if errors.As(err, &e) {
		o.path = e.Path
	}
	return o
}

func (o outcome) String() string {
	if o.err == nil {
		b, err := canonjson.Compact(o.state)
		if err != nil {
			return err.Error()
		}
		return string(b)
	}
	return o.msg
}

// kind is "ok" or the error code.
func (o outcome) kind() string {
	if o.err == nil {
		return "ok"
	}
	if o.code == "" {
		return "no code"
	}
	return string(o.code)
}

// harnessRule are the codes of the rules the harness applies on every
// runtime after it (SPEC §6 rules 4–6), which the built-in engine's outcome
// carries and a session's does not.
var harnessRule = map[engine.Code]bool{engine.TypeMismatch: true, engine.ReadonlyWrite: true, engine.OrderDependentMerge: true}

// agree: both apply the commit with equal states, or both refuse it with
// one code, about the same field when both name one.
func agree(a, b outcome) bool {
	if (a.err == nil) != (b.err == nil) {
		return false
	}
	if a.err == nil {
		return engine.Equal(a.state, b.state)
	}
	if a.code != b.code || a.code == "" {
		return false
	}
	fa, fb := fieldOfPath(a.path), fieldOfPath(b.path)
	return fa == "" || fb == "" || fa == fb
}

// fieldOfPath is the field a JSON path starts with: $.x[0] → x.
func fieldOfPath(p string) string {
	for _, f := range []string{"$.", `$["`} {
		if rest, ok := strings.CutPrefix(p, f); ok {
			if f == `$["` {
				end := strings.Index(rest, `"]`)
				if end < 0 {
					return ""
				}
				return rest[:end]
			}
			if i := strings.IndexAny(rest, ".["); i >= 0 {
				rest = rest[:i]
			}
			return rest
		}
	}
	return ""
}

// runEngine runs a case's commits on the built-in engine (or, with
// runtimes, on those) and returns each commit's outcome. A sequence stops
// where its first input fails: there is no thread to go on with.
func runEngine(c *genCase, runtimes ...engine.Runtime) ([]outcome, error) {
	g, err := engine.New(c.schema(), engine.Options{Profile: c.profile, Runtimes: runtimes})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	var out []outcome
	for i, cm := range c.commits {
		switch cm.kind {
		case engine.CommitInput:
			err = g.Invoke("main", checked(cm.input))
		case engine.CommitStep:
			outputs := make([]engine.NodeOutput, len(cm.step))
			for j, n := range cm.step {
				outputs[j] = engine.NodeOutput{Node: n.node, Output: checked(n.output), Command: n.command}
			}
			err = g.Step("main", outputs)
		case engine.CommitTool:
			err = g.ToolCall("main", cm.tool, "", checked(cm.result))
		}
		var state map[string]any
		if err == nil {
			state = g.State("main")
		}
		out = append(out, outcomeOf(state, err))
		if i == 0 && err != nil {
			break
		}
	}
	return out, nil
}

// runSession runs a case's commits (inputs and steps) on a session of the
// bridge, keeping the thread as the harness does: the state before each
// commit, the id counter, nothing changed by a commit that fails.
func runSession(b *Bridge, c *genCase) ([]outcome, error) {
	s, err := b.Open(c.spec())
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var before map[string]any
	nextID := 0
	var out []outcome
	for i, cm := range c.commits {
		req := &engine.CommitRequest{Kind: cm.kind, Before: before, NextID: nextID}
		switch cm.kind {
		case engine.CommitInput:
			req.Input = checked(cm.input)
		case engine.CommitStep:
			for _, n := range cm.step {
				req.Outputs = append(req.Outputs, engine.NodeOutput{Node: n.node, Output: checked(n.output), Command: n.command})
			}
		default:
			return nil, fmt.Errorf("runSession: commit %d is a %s", i, cm.kind)
		}
		res, err := s.Commit(req)
		if err != nil {
			out = append(out, outcomeOf(nil, err))
			if i == 0 {
				break
			}
			continue
		}
		before, nextID = res.Values, res.NextID
		out = append(out, outcomeOf(res.Values, nil))
	}
	return out, nil
}

// withoutTools is the case without its tool calls, which a session takes
// only as the writes the harness makes of them.
func withoutTools(c *genCase) *genCase {
	out := *c
	out.commits = nil
	for _, cm := range c.commits {
		if cm.kind != engine.CommitTool {
			out.commits = append(out.commits, cm)
		}
	}
	return &out
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

// TestSessionAgreesWithEngine runs random sequences of inputs and steps on
// one thread through a session of the bridge and through the built-in
// engine, and compares every commit's outcome.
func TestSessionAgreesWithEngine(t *testing.T) {
	b := bridgeFor(t)
	n := numCases(400)
	gen := newGenerator(1)
	var tl tally
	for i := 0; i < n; i++ {
		c := withoutTools(gen.next())
		want, err := runEngine(c)
		if err != nil {
			t.Fatalf("case %d: engine: %v\n%s", i, err, c)
		}
		got, err := runSession(b, c)
		if err != nil {
			t.Fatalf("case %d: session: %v\n%s", i, err, c)
		}
		tl.cases++
		if len(c.commits) > 1 {
			tl.multi++
		}
		for j := range want {
			tl.commits++
			tl.add(string(c.commits[j].kind) + " " + want[j].kind())
			if harnessRule[want[j].code] {
				// a rule of the harness's own, which a session leaves to it
				// (SPEC §15): the threads part here
				break
			}
			if j >= len(got) || !agree(want[j], got[j]) {
				g := "(none)"
				if j < len(got) {
					g = got[j].String()
				}
				tl.disagreements = append(tl.disagreements, fmt.Sprintf("case %d, commit %d (%s):\n  case:    %s\n  engine:  %s\n  session: %s", i, j, c.commits[j].kind, c, want[j], g))
				break
			}
		}
	}
	t.Log(tl.String())
	for i, d := range tl.disagreements {
		if i == 10 {
			t.Errorf("... and %d more", len(tl.disagreements)-10)
			break
		}
		t.Error(d)
	}
}

// TestDifferentialThroughEngine runs random cases, tool calls included,
// on the engine with the built-in runtime and the bridge side by side: no
// commit may end in RUNTIME_DISAGREEMENT.
func TestDifferentialThroughEngine(t *testing.T) {
	b := bridgeFor(t)
	n := numCases(300)
	gen := newGenerator(2)
	var tl tally
	for i := 0; i < n; i++ {
		c := gen.next()
		got, err := runEngine(c, engine.Builtin(), b)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, c)
		}
		tl.cases++
		if len(c.commits) > 1 {
			tl.multi++
		}
		for j, o := range got {
			tl.commits++
			tl.add(string(c.commits[j].kind) + " " + o.kind())
			if o.code == engine.RuntimeDisagreement || o.code == engine.RuntimeError {
				tl.disagreements = append(tl.disagreements, fmt.Sprintf("case %d, commit %d (%s):\n  case: %s\n  %s", i, j, c.commits[j].kind, c, o.msg))
				break
			}
		}
	}
	t.Log(tl.String())
	for i, d := range tl.disagreements {
		if i == 10 {
			t.Errorf("... and %d more", len(tl.disagreements)-10)
			break
		}
		t.Error(d)
	}
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
			gen := newGenerator(seed)
			for i := 0; i < each; i++ {
				c := withoutTools(gen.next())
				want, err := runEngine(c)
				if err != nil {
					errs <- err.Error()
					return
				}
				got, err := runSession(b, c)
				if err != nil {
					errs <- err.Error()
					return
				}
				for j := range want {
					if harnessRule[want[j].code] {
						break
					}
					if j >= len(got) || !agree(want[j], got[j]) {
						errs <- fmt.Sprintf("seed %d case %d commit %d: %s", seed, i, j, c)
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
