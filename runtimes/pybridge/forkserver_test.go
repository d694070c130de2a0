package pybridge

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/toolchain"
)

// forked is a bridge on the fork server: it counts the requests it
// served at module level and says which process answers.
const forked = `import scenario_forkserver as forkserver
forkserver.join()
import scenario_protocol as protocol
import os
import signal

served = 0


def handle(req):
    global served
    served += 1
    op = req.get("op")
    if op == "exit":
        os._exit(req["code"])
    if op == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    return {"pid": os.getpid(), "ppid": os.getppid(), "pgid": os.getpgid(0), "served": served}


forkserver.start(protocol.pipes())
protocol.serve({"forked": "1"}, handle)
`

// forkedProc is a bridge process the test started, as the harness does
// (a process group of its own, the files in a directory of its own).
type forkedProc struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

type forkedAnswer struct {
	Pid, Ppid, Pgid, Served int
}

func startForked(t *testing.T, python, root, script string) *forkedProc {
	t.Helper()
	dir := t.TempDir()
	for name, src := range Files(script) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(python, "-u", filepath.Join(dir, "bridge.py"))
	cmd.Dir = root
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &forkedProc{cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	})
	if line, err := p.out.ReadString('\n'); err != nil || line != `{"ready": {"forked": "1"}}`+"\n" {
		t.Fatalf("ready line %q, %v", line, err)
	}
	return p
}

// tell sends a request that gets no answer (the process ends).
func (p *forkedProc) tell(t *testing.T, req string) {
	t.Helper()
	if _, err := io.WriteString(p.in, req+"\n"); err != nil {
		t.Fatal(err)
	}
}

func (p *forkedProc) ask(t *testing.T, req string) forkedAnswer {
	t.Helper()
	p.tell(t, req)
	line, err := p.out.ReadString('\n')
	if err != nil {
		t.Fatalf("no answer to %s: %v", req, err)
	}
	var a forkedAnswer
	if err := json.Unmarshal([]byte(line), &a); err != nil {
		t.Fatalf("answer %q: %v", line, err)
	}
	return a
}

// ended waits for the process's exit, as the harness reports it.
func (p *forkedProc) ended() string {
	err := p.cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.Error()
	}
	return fmt.Sprint(err)
}

// gone polls until pid no longer runs (a zombie counts as gone).
func gone(pid int, within time.Duration) bool {
	for end := time.Now().Add(within); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return true
		}
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 && strings.HasPrefix(string(stat[i:]), ") Z") {
			return true
		}
	}
	return false
}

// TestForkServer: a second process of the same program on the same suite
// answers from a copy of the first made before it served anything (its
// module-level state as fresh as a new process's), in the second's own
// process group, and the second exits as that copy does: its exit code,
// the signal that killed it. A program that differs does not join.
func TestForkServer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fork server is Linux's (abstract sockets, pidfds)")
	}
	python := toolchain.Python(t, toolchain.RepoRoot())
	root := t.TempDir()

	owner := startForked(t, python, root, forked)
	for i := 1; i <= 2; i++ {
		if a := owner.ask(t, `{"id": 1, "op": "x"}`); a.Pid != owner.cmd.Process.Pid || a.Served != i {
			t.Fatalf("the owner answers %+v; want its own pid %d, request %d", a, owner.cmd.Process.Pid, i)
		}
	}

	member := startForked(t, python, root, forked)
	a := member.ask(t, `{"id": 1, "op": "x"}`)
	if a.Pid == member.cmd.Process.Pid {
		t.Fatalf("the second process answers itself (pid %d): it did not join the first's server", a.Pid)
	}
	if a.Pgid != member.cmd.Process.Pid || a.Served != 1 {
		t.Errorf("the worker answers %+v; want the member's group %d and request 1 (the owner served 2 before)", a, member.cmd.Process.Pid)
	}
	server := a.Ppid
	member.tell(t, `{"id": 2, "op": "exit", "code": 7}`)
	if got := member.ended(); got != "exit status 7" {
		t.Errorf("the member ended with %q; want its worker's exit status 7", got)
	}

	killed := startForked(t, python, root, forked)
	killed.tell(t, `{"id": 1, "op": "kill"}`)
	if got := killed.ended(); got != "signal: killed" {
		t.Errorf("the member ended with %q; want its worker's signal: killed", got)
	}

	// the harness stops a process by killing its group: the worker with it
	grouped := startForked(t, python, root, forked)
	worker := grouped.ask(t, `{"id": 1, "op": "x"}`).Pid
	syscall.Kill(-grouped.cmd.Process.Pid, syscall.SIGKILL)
	grouped.cmd.Wait()
	if !gone(worker, 30*time.Second) {
		t.Errorf("the worker %d still runs after its member's group was killed", worker)
	}

	other := startForked(t, python, root, forked+"\n# another program\n")
	if a := other.ask(t, `{"id": 1, "op": "x"}`); a.Pid != other.cmd.Process.Pid {
		t.Errorf("a different program answers from pid %d, not its own %d: it joined another's server", a.Pid, other.cmd.Process.Pid)
	}

	// closing stdin ends the owner; the server ends once it has no workers
	last := startForked(t, python, root, forked)
	last.ask(t, `{"id": 1, "op": "x"}`)
	owner.in.Close()
	if got := owner.ended(); got != "<nil>" {
		t.Errorf("the owner ended with %q", got)
	}
	last.in.Close()
	if got := last.ended(); got != "<nil>" {
		t.Errorf("the member ended with %q; want its worker's exit status 0", got)
	}
	if !gone(server, 30*time.Second) {
		t.Fatalf("the fork server %d still runs after the owner and its workers ended", server)
	}

	// with no server left, a new process imports and answers on its own
	alone := startForked(t, python, root, forked)
	if a := alone.ask(t, `{"id": 1, "op": "x"}`); a.Pid != alone.cmd.Process.Pid || a.Served != 1 {
		t.Errorf("with no server, a process answers %+v; want its own pid %d, request 1", a, alone.cmd.Process.Pid)
	}
}

// TestForkServerNotWithThreads: an owner running another thread when it
// would fork (a library's, a sitecustomize's) forks no server, since the
// copies would hold whatever lock that thread held: a later process
// answers on its own.
func TestForkServerNotWithThreads(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fork server is Linux's (abstract sockets, pidfds)")
	}
	python := toolchain.Python(t, toolchain.RepoRoot())
	root := t.TempDir()
	threaded := strings.Replace(forked, "served = 0\n", "served = 0\nimport threading\nthreading.Thread(target=__import__(\"time\").sleep, args=(600,), daemon=True).start()\n", 1)
	owner := startForked(t, python, root, threaded)
	owner.ask(t, `{"id": 1, "op": "x"}`)
	second := startForked(t, python, root, threaded)
	if a := second.ask(t, `{"id": 1, "op": "x"}`); a.Pid != second.cmd.Process.Pid || a.Served != 1 {
		t.Errorf("the second process answers %+v; want its own pid %d, request 1", a, second.cmd.Process.Pid)
	}
}
