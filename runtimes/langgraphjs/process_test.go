package langgraphjs

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
	"github.com/stateharness/scenario/internal/toolchain"
)

// A fake bridge says it is ready and then misbehaves as its test needs.
const readyLine = `process.stdout.write(JSON.stringify({ready: {node: process.version, langgraph: "fake", core: "fake"}}) + "\n");`

// fakeBridge starts a bridge running script after the ready line; for
// each request line it calls onLine(line).
func fakeBridge(t *testing.T, onLine string, opts Options) *Bridge {
	t.Helper()
	env := toolchain.Node(t)
	opts.Node = env.Node
	opts.Script = readyLine + `
import readline from "node:readline";
const rl = readline.createInterface({input: process.stdin});
rl.on("line", (line) => { ` + onLine + ` });
rl.on("close", () => process.exit(0));
`
	b, err := Start(env.Root, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// wantRuntimeError checks that a commit fails at once with RUNTIME_ERROR
// mentioning each text.
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

func TestBridgeThatPrintsGarbage(t *testing.T) {
	b := fakeBridge(t, `process.stderr.write("something went wrong\n"); process.stdout.write("this is not json\n");`, Options{})
	wantRuntimeError(t, b, 5*time.Second, "this is not json", "something went wrong")
}

func TestBridgeThatDies(t *testing.T) {
	b := fakeBridge(t, `process.stderr.write("fatal: out of luck\n"); process.exit(7);`, Options{})
	wantRuntimeError(t, b, 5*time.Second, "exit status 7", "out of luck")
}

func TestBridgeThatAnswersAnotherRequest(t *testing.T) {
	b := fakeBridge(t, `process.stdout.write(JSON.stringify({id: 999, graph: 1}) + "\n");`, Options{})
	wantRuntimeError(t, b, 5*time.Second, "not an answer")
}

func TestSilentBridgeTimesOut(t *testing.T) {
	b := fakeBridge(t, `process.stderr.write("thinking\n");`, Options{Timeout: 300 * time.Millisecond})
	wantRuntimeError(t, b, 5*time.Second, "did not answer", "300ms", "thinking")
}

// TestBridgeKilledBetweenRequests kills the bridge between two commits of
// a scenario: the next commit runs on a new process, which opens the
// scenario's graph again; the harness keeps the thread.
func TestBridgeKilledBetweenRequests(t *testing.T) {
	env := toolchain.Node(t)
	b, err := Start(env.Root, Options{Node: env.Node})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s, err := b.Open(engine.GraphSpec{Profile: "langgraph", Fields: []engine.FieldSpec{lastX}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: decode(t, `{"x": 1}`)}); err != nil {
		t.Fatal(err)
	}
	old := b.proc()
	old.cmd.Process.Signal(syscall.SIGKILL)
	<-old.exited
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Before: map[string]any{"x": 1.0}, Input: decode(t, `{"x": 2}`)})
	if err != nil {
		t.Fatalf("the commit after the kill: %v; want it to run on a new bridge", err)
	}
	if res.Values["x"] != 2.0 {
		t.Errorf("x = %v; want 2", res.Values["x"])
	}
	if b.proc() == old || !alive(b.proc().cmd.Process.Pid) {
		t.Errorf("no new bridge process runs")
	}
	if err := s.Close(); err != nil {
		t.Errorf("closing the session: %v", err)
	}
}

// TestBridgeKilledDuringRequest kills the bridge while it works on a
// request: that request fails saying how the bridge ended, and the next
// one runs on a new process.
func TestBridgeKilledDuringRequest(t *testing.T) {
	b := fakeBridge(t, `const r = JSON.parse(line); if (r.id === 1) { process.stderr.write("about to die\n"); process.kill(process.pid, "SIGKILL"); }`, Options{})
	first := b.proc()
	_, err := b.Open(engine.GraphSpec{Profile: "langgraph"})
	if engine.CodeOf(err) != engine.RuntimeError {
		t.Fatalf("got %v; want RUNTIME_ERROR", err)
	}
	for _, want := range []string{"langgraph-js stopped", "signal: killed", "about to die", "starts again for the next request"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not mention %q", err, want)
		}
	}
	// the fake bridge never answers: what matters is that a new one got the request
	b.timeout = 300 * time.Millisecond
	_, err = b.Open(engine.GraphSpec{Profile: "langgraph"})
	if err == nil || !strings.Contains(err.Error(), "did not answer open within 300ms") {
		t.Errorf("the next request: %v; want it sent to a new bridge", err)
	}
	if b.proc() == first {
		t.Errorf("the bridge was not started again")
	}
}

func TestStartWithoutPackages(t *testing.T) {
	env := toolchain.Node(t)
	root := t.TempDir()
	_, err := Start(root, Options{Node: env.Node})
	want := "cannot resolve @langchain/langgraph from " + root + ": run npm install @langchain/langgraph @langchain/core"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want %q", err, want)
	}
}

func TestStartWithoutNode(t *testing.T) {
	_, err := Start(t.TempDir(), Options{Node: filepath.Join(t.TempDir(), "no-node-here")})
	if err == nil || !strings.Contains(err.Error(), "langgraph-js needs node ≥ 20") || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("got %v; want node ≥ 20 ... not found", err)
	}
}

func TestStartWithOldNode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake node is a shell script")
	}
	fake := filepath.Join(t.TempDir(), "node")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho v18.19.0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Start(t.TempDir(), Options{Node: fake})
	if err == nil || err.Error() != "langgraph-js needs node ≥ 20; found v18.19.0" {
		t.Fatalf("got %v", err)
	}
}

func TestStartThatNeverSaysReady(t *testing.T) {
	env := toolchain.Node(t)
	start := time.Now()
	_, err := Start(env.Root, Options{Node: env.Node, startTimeout: 300 * time.Millisecond, Script: `setInterval(() => {}, 1000);`})
	if err == nil || !strings.Contains(err.Error(), "did not answer start") {
		t.Fatalf("got %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %s", took)
	}
}

func TestCloseIsIdempotentAndLeavesNoProcess(t *testing.T) {
	env := toolchain.Node(t)
	b, err := Start(env.Root, Options{Node: env.Node})
	if err != nil {
		t.Fatal(err)
	}
	pid := b.proc().cmd.Process.Pid
	if !alive(pid) {
		t.Fatalf("bridge %d is not running", pid)
	}
	b.Close()
	b.Close()
	if alive(pid) {
		t.Errorf("bridge %d still runs after Close", pid)
	}
	if _, err := b.Open(engine.GraphSpec{}); engine.CodeOf(err) != engine.RuntimeError {
		t.Errorf("Open after Close: %v; want RUNTIME_ERROR", err)
	}
}

// TestNoOrphanWhenGoIsKilled starts a process that starts a bridge, kills
// that process with SIGKILL, and checks that the bridge goes too.
func TestNoOrphanWhenGoIsKilled(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	env := toolchain.Node(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHoldsABridge$", "-test.v")
	cmd.Env = append(os.Environ(), "LANGGRAPHJS_HELPER_ROOT="+env.Root, "LANGGRAPHJS_HELPER_NODE="+env.Node)
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
		if n, ok := strings.CutPrefix(sc.Text(), "BRIDGE PID "); ok {
			pid, _ = strconv.Atoi(n)
			break
		}
	}
	deadline.Stop()
	if pid == 0 {
		t.Fatal("the helper did not start a bridge")
	}
	if !alive(pid) || !strings.Contains(cmdline(pid), "scenario-langgraphjs-") {
		t.Fatalf("bridge %d is not running (%q)", pid, cmdline(pid))
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if !alive(pid) {
			return
		}
	}
	t.Errorf("bridge %d (%s) still runs after the Go process that started it was killed", pid, cmdline(pid))
	syscall.Kill(pid, syscall.SIGKILL)
}

// TestHelperHoldsABridge is TestNoOrphanWhenGoIsKilled's helper process:
// it starts a bridge, prints its pid and waits to be killed.
func TestHelperHoldsABridge(t *testing.T) {
	root := os.Getenv("LANGGRAPHJS_HELPER_ROOT")
	if root == "" {
		t.Skip("a helper process of TestNoOrphanWhenGoIsKilled")
	}
	b, err := Start(root, Options{Node: os.Getenv("LANGGRAPHJS_HELPER_NODE")})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("BRIDGE PID %d\n", b.proc().cmd.Process.Pid)
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

// proc is the bridge's running process.
func (b *Bridge) proc() *proc {
	b.pmu.Lock()
	defer b.pmu.Unlock()
	return b.p
}
