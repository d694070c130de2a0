//go:build unix

package bridge

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
)

// start starts a fake program for the test.
func start(t *testing.T, prog Program) *Bridge {
	t.Helper()
	b, err := Start(prog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// wantRuntimeError checks that a request fails at once with RUNTIME_ERROR
// mentioning each text, and that the next goes to a new process.
func wantRuntimeError(t *testing.T, b *Bridge, within time.Duration, texts ...string) {
	t.Helper()
	start := time.Now()
	_, err := b.Open(engine.GraphSpec{Profile: "langgraph"})
	if took := time.Since(start); took > within {
		t.Errorf("the failure took %s; want at most %s", took, within)
	}
	e, ok := err.(*engine.Error)
	if !ok || e.Code != engine.RuntimeError {
		t.Fatalf("got %T %v; want a RUNTIME_ERROR", err, err)
	}
	for _, s := range texts {
		if !strings.Contains(e.Message, s) {
			t.Errorf("message %q does not mention %q", e.Message, s)
		}
	}
	// the next request goes to a new process, which misbehaves again
	first := b.proc()
	if _, err := b.Open(engine.GraphSpec{Profile: "langgraph"}); engine.CodeOf(err) != engine.RuntimeError {
		t.Errorf("the next request: %v; want a RUNTIME_ERROR", err)
	}
	if b.proc() == first {
		t.Errorf("the next request was not sent to a new process")
	}
}

func TestProgramThatPrintsGarbage(t *testing.T) {
	b := start(t, fakeProgram("garbage"))
	wantRuntimeError(t, b, 5*time.Second, "fake-rt wrote what is not an answer", "this is not json", "something went wrong")
}

func TestProgramThatDies(t *testing.T) {
	b := start(t, fakeProgram("dies"))
	wantRuntimeError(t, b, 5*time.Second, "fake-rt stopped", "exit status 7", "out of luck", "starts again for the next request")
}

func TestProgramThatAnswersAnotherRequest(t *testing.T) {
	b := start(t, fakeProgram("wrong-id"))
	wantRuntimeError(t, b, 5*time.Second, "not an answer")
}

func TestSilentProgramTimesOut(t *testing.T) {
	prog := fakeProgram("silent")
	// bounds a loaded machine meets when it starts this test binary again,
	// and in which the program says "thinking" (an open's bound is the
	// start's)
	prog.Timeout, prog.StartTimeout = 3*time.Second, 3*time.Second
	b := start(t, prog)
	wantRuntimeError(t, b, 15*time.Second, "fake-rt did not answer open within 3s", "thinking")
}

func TestVersionsInTheOrderReported(t *testing.T) {
	b := start(t, fakeProgram("echo"))
	if got, want := b.Versions.String(), "fakelib 1.2.3, go fake"; got != want {
		t.Errorf("versions %q; want %q", got, want)
	}
	if b.Versions.Get("fakelib") != "1.2.3" {
		t.Errorf("Get(fakelib) = %q", b.Versions.Get("fakelib"))
	}
}

func TestStartThatSaysFatal(t *testing.T) {
	_, err := Start(fakeProgram("fatal"))
	if err == nil || err.Error() != "cannot resolve fakelib: install it" {
		t.Fatalf("got %v; want the program's own words", err)
	}
}

func TestStartThatNeverSaysReady(t *testing.T) {
	prog := fakeProgram("never-ready")
	prog.StartTimeout = 300 * time.Millisecond
	start := time.Now()
	_, err := Start(prog)
	if err == nil || !strings.Contains(err.Error(), "did not answer start") {
		t.Fatalf("got %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %s", took)
	}
}

func TestFilesAreWrittenForTheProgram(t *testing.T) {
	prog := fakeProgram("echo")
	prog.Files = map[string]string{"script.txt": "hello"}
	prog.Args = append(prog.Args, "{dir}/script.txt")
	b := start(t, prog)
	if !strings.Contains(cmdline(b.Pid()), "scenario-fake-rt-") {
		t.Errorf("the program's arguments do not name the directory of its files: %q", cmdline(b.Pid()))
	}
}

func TestRefusals(t *testing.T) {
	prog := fakeProgram("echo")
	prog.Accept = func(spec engine.GraphSpec) error {
		if spec.Profile != "langgraph" {
			return &engine.Unsupported{Runtime: "fake-rt", Reason: "not " + spec.Profile}
		}
		return nil
	}
	b := start(t, prog)
	if _, err := b.Open(engine.GraphSpec{Profile: "awaken"}); err == nil {
		t.Errorf("a profile Accept refuses opened")
	} else if _, ok := err.(*engine.Unsupported); !ok {
		t.Errorf("got %T %v; want an *engine.Unsupported", err, err)
	}
	_, err := b.Open(engine.GraphSpec{Profile: "langgraph", Fields: []engine.FieldSpec{{Name: "x", Reducer: "mine", Custom: true}}})
	if u, ok := err.(*engine.Unsupported); !ok || !strings.Contains(u.Reason, "which Fake cannot call") {
		t.Errorf("a custom Go reducer: got %T %v; want an *engine.Unsupported", err, err)
	}
}

func TestErrorMapping(t *testing.T) {
	field := "x"
	for _, tc := range []struct {
		in   bridgeError
		code engine.Code
		path string
		msg  string
	}{
		{bridgeError{Code: "INVALID_CONCURRENT_GRAPH_UPDATE", Message: "two wrote x", Field: &field}, engine.InvalidConcurrentGraphUpdate, "$.x", "two wrote x"},
		{bridgeError{Code: "NON_JSON_VALUE", Message: "NaN", Path: []any{"v", 1.0, "deep"}}, engine.NonJSONValue, "$.v[1].deep", "NaN"},
		{bridgeError{Code: "SOMETHING_ELSE", Message: "no"}, engine.RuntimeError, "", "Fake refused the commit (SOMETHING_ELSE): no"},
		{bridgeError{Code: "RUNTIME_ERROR", Message: "boom", Name: "TypeError"}, engine.RuntimeError, "", "Fake refused the commit: TypeError: boom"},
		{bridgeError{Code: "RUNTIME_ERROR", Message: "boom"}, engine.RuntimeError, "", "Fake refused the commit: Error: boom"},
	} {
		e := tc.in.engineError("Fake")
		if e.Code != tc.code || e.Path != tc.path || e.Message != tc.msg {
			t.Errorf("%+v → %s %s %q; want %s %s %q", tc.in, e.Code, e.Path, e.Message, tc.code, tc.path, tc.msg)
		}
	}
}

// TestProgramKilledBetweenRequests kills the program between two commits
// of a scenario: the next commit runs on a new process, which opens the
// scenario's graph again; the harness keeps the thread.
func TestProgramKilledBetweenRequests(t *testing.T) {
	b := start(t, fakeProgram("echo"))
	s, err := b.Open(engine.GraphSpec{Profile: "langgraph"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: engine.Checked{Value: map[string]any{"x": 1.0}}}); err != nil {
		t.Fatal(err)
	}
	old := b.proc()
	old.cmd.Process.Signal(syscall.SIGKILL)
	<-old.exited
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Before: map[string]any{"x": 1.0}, Input: engine.Checked{Value: map[string]any{"y": 2.0}}})
	if err != nil {
		t.Fatalf("the commit after the kill: %v; want it to run on a new process", err)
	}
	if res.Values["x"] != 1.0 || res.Values["y"] != 2.0 {
		t.Errorf("values %v; want x 1 and y 2", res.Values)
	}
	if b.proc() == old || !alive(b.Pid()) {
		t.Errorf("no new process runs")
	}
	if err := s.Close(); err != nil {
		t.Errorf("closing the session: %v", err)
	}
}

// TestProgramKilledDuringRequest kills the program while it works on a
// request: that request fails saying how it ended, and the next one runs
// on a new process.
func TestProgramKilledDuringRequest(t *testing.T) {
	b := start(t, fakeProgram("die-on-first"))
	first := b.proc()
	_, err := b.Open(engine.GraphSpec{Profile: "langgraph"})
	if engine.CodeOf(err) != engine.RuntimeError {
		t.Fatalf("got %v; want RUNTIME_ERROR", err)
	}
	for _, want := range []string{"fake-rt stopped", "signal: killed", "about to die", "starts again for the next request"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not mention %q", err, want)
		}
	}
	// the new process never answers (its first request is id 2): what
	// matters is that it got the request
	b.timeout, b.startTimeout = 300*time.Millisecond, 300*time.Millisecond
	_, err = b.Open(engine.GraphSpec{Profile: "langgraph"})
	if err == nil || !strings.Contains(err.Error(), "did not answer open within 300ms") {
		t.Errorf("the next request: %v; want it sent to a new process", err)
	}
	if b.proc() == first {
		t.Errorf("the program was not started again")
	}
}

func TestCloseIsIdempotentAndLeavesNoProcess(t *testing.T) {
	b, err := Start(fakeProgram("echo"))
	if err != nil {
		t.Fatal(err)
	}
	pid := b.Pid()
	if !alive(pid) {
		t.Fatalf("program %d is not running", pid)
	}
	b.Close()
	b.Close()
	if alive(pid) {
		t.Errorf("program %d still runs after Close", pid)
	}
	if _, err := b.Open(engine.GraphSpec{}); engine.CodeOf(err) != engine.RuntimeError {
		t.Errorf("Open after Close: %v; want RUNTIME_ERROR", err)
	}
}

// TestNoOrphanWhenGoIsKilled starts a process that starts a program whose
// node started a process of its own, kills the first with SIGKILL, and
// checks that the program and its child go too: Pdeathsig reaches the
// program (on Linux), the group's watcher its child (on any Unix).
func TestNoOrphanWhenGoIsKilled(t *testing.T) {
	childFile := filepath.Join(t.TempDir(), "child.pid")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHoldsAProgram$", "-test.v")
	cmd.Env = append(os.Environ(), "BRIDGE_HELPER=1", "BRIDGE_CHILD_FILE="+childFile)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	pid := 0
	sc := bufio.NewScanner(out)
	deadline := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "PROGRAM PID "); ok {
			pid, _ = strconv.Atoi(n)
			break
		}
	}
	deadline.Stop()
	if pid == 0 {
		t.Fatal("the helper did not start a program")
	}
	data, err := os.ReadFile(childFile)
	child, _ := strconv.Atoi(string(data))
	if err != nil || child == 0 {
		t.Fatalf("the program wrote no child's pid: %v", err)
	}
	defer syscall.Kill(child, syscall.SIGKILL)
	if !alive(pid) || !alive(child) {
		t.Fatalf("program %d or its child %d is not running", pid, child)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	// polled, not timed: the bound is far above any machine's need
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if !alive(pid) && !alive(child) {
			return
		}
	}
	for _, p := range []int{pid, child} {
		if alive(p) {
			t.Errorf("%d (%s) still runs after the Go process that started the program was killed", p, cmdline(p))
		}
	}
	syscall.Kill(pid, syscall.SIGKILL)
}

// TestHelperHoldsAProgram is TestNoOrphanWhenGoIsKilled's helper process:
// it starts a program that starts a child, prints its pid and waits to be
// killed.
func TestHelperHoldsAProgram(t *testing.T) {
	if os.Getenv("BRIDGE_HELPER") == "" {
		t.Skip("a helper process of TestNoOrphanWhenGoIsKilled")
	}
	b, err := Start(fakeProgram("spawn"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("PROGRAM PID %d\n", b.Pid())
	time.Sleep(time.Minute)
}

// alive reports whether a process runs (a zombie waiting for its parent
// to reap it does not).
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil {
		return false
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return runtime.GOOS != "linux"
	}
	// the state follows the command name in parentheses
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || (s[i+2] != 'Z' && s[i+2] != 'X')
}

func cmdline(pid int) string {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return strings.ReplaceAll(string(data), "\x00", " ")
}

func environ(pid int) string {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
	return strings.ReplaceAll(string(data), "\x00", " ")
}

// proc is the bridge's running process.
func (b *Bridge) proc() *proc {
	b.pmu.Lock()
	defer b.pmu.Unlock()
	return b.p
}

// TestNoTempDirLeftWhenGoDiesDuringStart ends the process that starts a
// program while the program starts (it never says it is ready), by a
// signal it does not catch or by SIGKILL: the directory the program's
// files were written to goes too.
func TestNoTempDirLeftWhenGoDiesDuringStart(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		for _, relative := range []bool{false, true} {
			name := sig.String()
			if relative {
				name += " relative TMPDIR"
			}
			t.Run(name, func(t *testing.T) { testNoTempDirLeft(t, sig, relative) })
		}
	}
}

// testNoTempDirLeft is one case of TestNoTempDirLeftWhenGoDiesDuringStart;
// with relative, TMPDIR is relative to the helper's directory, and the
// program runs in another.
func testNoTempDirLeft(t *testing.T, sig syscall.Signal, relative bool) {
	tmp := t.TempDir()
	started := filepath.Join(t.TempDir(), "started")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperStartsAProgram$")
	cmd.Env = append(os.Environ(), "BRIDGE_HELPER=1", "TMPDIR="+tmp, "BRIDGE_STARTED_FILE="+started)
	if relative {
		cmd.Dir = filepath.Dir(tmp)
		cmd.Env = append(cmd.Env, "TMPDIR="+filepath.Base(tmp), "BRIDGE_PROGRAM_DIR="+t.TempDir())
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(started); err == nil {
			break
		}
	}
	if dirs, _ := filepath.Glob(filepath.Join(tmp, "scenario-fake-rt-*", "program.txt")); len(dirs) == 0 {
		t.Fatal("the helper started no program with files")
	}
	cmd.Process.Signal(sig)
	cmd.Wait()
	// polled, not timed: the bound is far above any machine's need
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if left, _ := filepath.Glob(filepath.Join(tmp, "scenario-*")); len(left) == 0 {
			return
		}
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "scenario-*"))
	t.Errorf("%v left after %s during the start", left, sig)
}

// TestHelperStartsAProgram is TestNoTempDirLeftWhenGoDiesDuringStart's
// helper process: it starts a program with files that never gets ready.
func TestHelperStartsAProgram(t *testing.T) {
	if os.Getenv("BRIDGE_HELPER") == "" {
		t.Skip("a helper process of TestNoTempDirLeftWhenGoDiesDuringStart")
	}
	prog := fakeProgram("never-ready")
	prog.Files = map[string]string{"program.txt": "the program's source"}
	prog.Dir = os.Getenv("BRIDGE_PROGRAM_DIR")
	Start(prog)
}
