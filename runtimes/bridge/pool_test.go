//go:build unix

package bridge

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
)

// startPool starts a pool of n fake programs that each run behaviour, and
// waits until all are ready.
func startPool(t *testing.T, n int, behaviour string) *Pool {
	t.Helper()
	p, err := NewPool(n, func() (*Bridge, error) { return Start(fakeProgram(behaviour)) })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	p.Wait()
	if got := p.Size(); got != n {
		t.Fatalf("%d processes ready, want %d", got, n)
	}
	return p
}

// pidOf commits an input on s and returns the id of the process that
// answered (the crash fake puts it in the state).
func pidOf(t *testing.T, s engine.Session) int {
	t.Helper()
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: engine.Checked{Value: map[string]any{"x": 1.0}}})
	if err != nil {
		t.Fatal(err)
	}
	pid, ok := res.Values["pid"].(float64)
	if !ok {
		t.Fatalf("the state has no pid: %v", res.Values)
	}
	return int(pid)
}

func open(t *testing.T, rt engine.Runtime) engine.Session {
	t.Helper()
	s, err := rt.Open(engine.GraphSpec{Profile: "langgraph"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPoolGivesEachSessionItsOwnProcess: sessions open at once go to
// different processes, each session's commits stay on its process, and a
// new session goes to the process with the fewest.
func TestPoolGivesEachSessionItsOwnProcess(t *testing.T) {
	p := startPool(t, 3, "crash")
	var sessions []engine.Session
	var pids []int
	for range 3 {
		s := open(t, p)
		sessions = append(sessions, s)
		pids = append(pids, pidOf(t, s))
	}
	if distinct := slices.Compact(slices.Sorted(slices.Values(pids))); len(distinct) != 3 {
		t.Fatalf("three sessions open at once ran on processes %v; want three processes", pids)
	}
	for i, s := range sessions {
		for range 3 {
			if got := pidOf(t, s); got != pids[i] {
				t.Fatalf("session %d moved from process %d to %d", i, pids[i], got)
			}
		}
	}
	if err := sessions[1].Close(); err != nil {
		t.Fatal(err)
	}
	if got := pidOf(t, open(t, p)); got != pids[1] {
		t.Errorf("a new session went to process %d; want %d, the one with no open session", got, pids[1])
	}
}

// TestPoolCrashFailsOnlyItsScenario: a process that dies fails the
// request under way on it with what it said, and nothing on the other
// processes; the session that hit it runs on a new process next.
func TestPoolCrashFailsOnlyItsScenario(t *testing.T) {
	p := startPool(t, 2, "crash")
	a, b := open(t, p), open(t, p)
	pa, pb := pidOf(t, a), pidOf(t, b)
	if pa == pb {
		t.Fatalf("two open sessions share process %d", pa)
	}
	_, err := a.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: engine.Checked{Value: map[string]any{"crash": true}}})
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != engine.RuntimeError {
		t.Fatalf("the crash: %v; want a RUNTIME_ERROR", err)
	}
	for _, want := range []string{"fake-rt stopped", "exit status 9", "crashed on purpose"} {
		if !strings.Contains(e.Message, want) {
			t.Errorf("the crash's error %q does not say %q", e.Message, want)
		}
	}
	if got := pidOf(t, b); got != pb {
		t.Errorf("the other session moved from process %d to %d", pb, got)
	}
	if got := pidOf(t, a); got == pa || got == pb {
		t.Errorf("the crashed session runs on process %d; want a new one (not %d or %d)", got, pa, pb)
	}
}

// TestPoolLeavesNoProcess: Close ends every process of the pool.
func TestPoolLeavesNoProcess(t *testing.T) {
	p := startPool(t, 3, "echo")
	pids := p.Pids()
	p.Close()
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("process %d of the pool is still there after Close (kill -0: %v)", pid, err)
		}
	}
}

// TestPoolRunsWithTheProcessesThatStart: the first process's failure is
// the pool's; a later one that never becomes ready leaves the pool smaller
// and is stopped.
func TestPoolRunsWithTheProcessesThatStart(t *testing.T) {
	if _, err := NewPool(2, func() (*Bridge, error) { return Start(fakeProgram("fatal")) }); err == nil || !strings.Contains(err.Error(), "install it") {
		t.Errorf("a pool whose program cannot start: %v; want the program's words", err)
	}
	var mu sync.Mutex
	n := 0
	p, err := NewPool(3, func() (*Bridge, error) {
		mu.Lock()
		n++
		first := n == 1
		mu.Unlock()
		if first {
			return Start(fakeProgram("echo"))
		}
		prog := fakeProgram("never-ready")
		prog.StartTimeout = 300 * time.Millisecond
		return Start(prog)
	})
	if err != nil {
		t.Fatal(err)
	}
	p.Wait()
	if got := p.Size(); got != 1 {
		t.Errorf("%d processes ready; want 1", got)
	}
	s := open(t, p)
	if _, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: engine.Checked{Value: map[string]any{"x": 1.0}}}); err != nil {
		t.Error(err)
	}
	p.Close()
}

// TestCloseIsAnsweredLater: a session's close waits for no answer; a
// program that exits instead of answering it harms nobody: the next
// request runs on a new process.
func TestCloseIsAnsweredLater(t *testing.T) {
	b := start(t, fakeProgram("quit-on-close"))
	s, err := b.Open(engine.GraphSpec{Profile: "langgraph"})
	if err != nil {
		t.Fatal(err)
	}
	first := b.proc()
	if err := s.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	if _, err := b.Open(engine.GraphSpec{Profile: "langgraph"}); err != nil {
		t.Fatalf("the request after a close the program exited on: %v", err)
	}
	if b.proc() == first {
		t.Error("the request after the program exited went to the same process")
	}
}

// TestPoolUnderConcurrentScenarios runs sessions from many goroutines at
// once (for -race): each sees its own commits alone.
func TestPoolUnderConcurrentScenarios(t *testing.T) {
	p := startPool(t, 2, "echo")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := p.Open(engine.GraphSpec{Profile: "langgraph"})
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			before := map[string]any{}
			for j := range 5 {
				res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Before: before, Input: engine.Checked{Value: map[string]any{"k": float64(i*10 + j)}}})
				if err != nil {
					errs <- err
					return
				}
				if got := res.Values["k"]; got != float64(i*10+j) {
					errs <- errors.New("a session saw another's commit")
					return
				}
				before = res.Values
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestPoolOpensAnOwnGraphWhereItClosed: among the processes with the
// fewest sessions, an own graph opens on the one it was last closed on,
// which keeps a graph that ran nothing for the next open (the scenario's
// own, after its first step loaded the graph to check it).
func TestPoolOpensAnOwnGraphWhereItClosed(t *testing.T) {
	p := startPool(t, 2, "crash")
	own := engine.GraphSpec{Profile: "langgraph", Graph: "graph.mjs:graph"}
	plain := open(t, p)
	first := pidOf(t, plain)
	probe, err := p.Open(own)
	if err != nil {
		t.Fatal(err)
	}
	second := pidOf(t, probe)
	if second == first {
		t.Fatalf("two open sessions share process %d", first)
	}
	probe.Close()
	plain.Close()
	s, err := p.Open(own)
	if err != nil {
		t.Fatal(err)
	}
	if got := pidOf(t, s); got != second {
		t.Errorf("the own graph opened on process %d; want %d, where it was closed", got, second)
	}
	if got := pidOf(t, open(t, p)); got != first {
		t.Errorf("a schema's graph opened on process %d; want %d, the first with the fewest", got, first)
	}
}

// TestPoolStreams: a pool streams an own graph as its process does (scenario
// record runs on a pool of one).
func TestPoolStreams(t *testing.T) {
	p := startPool(t, 1, "echo")
	lines, kinds, err := p.Stream("g", map[string]any{"x": 1.0})
	if err != nil {
		t.Fatal(err)
	}
	if want := "[\"values\",{\"x\":1}]\n[\"updates\",{\"n\":{\"x\":1}}]\n"; string(lines) != want || kinds["z"] != "last-value" {
		t.Errorf("got %q %v; want %q and z a last-value channel", lines, kinds, want)
	}
}

// A pool stands wherever a Bridge does: as a runtime, a route reader, and
// what scenario record streams and captures with.
var (
	_ engine.Runtime     = (*Pool)(nil)
	_ engine.RouteReader = (*Pool)(nil)
	_ interface {
		Stream(graph string, input any) ([]byte, map[string]string, error)
		Capture(graph, profile string, tools bool, next func(prev *CapturedRun) *CaptureRun) ([]CapturedRun, error)
	} = (*Pool)(nil)
)
