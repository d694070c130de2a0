package bridge

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/stateharness/scenario/engine"
)

// proc is one process running a Program. A Bridge runs one at a time and
// starts another when one dies (see Bridge.live).
type proc struct {
	name    string // the runtime's, for messages
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan line
	quit    chan struct{} // closed by stop: nobody reads lines any more
	exited  chan struct{}
	exitErr error
	stderr  *tail
	watch   *groupWatch // kills the process group when this process dies

	versions Versions
	broken   error // set once the process can no longer be trusted; guarded by Bridge.mu

	stopOnce sync.Once
}

// line is one line the bridge wrote, or the error that ended its output.
type line struct {
	data []byte
	err  error
}

// spawn starts prog and returns once it has said it is ready: its first
// line is {"ready": {name: version, ...}} or {"fatal": "what to install"}.
func spawn(prog *Program, timeout time.Duration) (*proc, error) {
	dir := ""
	if len(prog.Files) > 0 {
		d, err := os.MkdirTemp("", "scenario-"+prog.Name+"-")
		if err != nil {
			return nil, fmt.Errorf("%s: %v", prog.Name, err)
		}
		// the program has read its files once it says it is ready
		defer os.RemoveAll(d)
		// the program and its watcher run in prog.Dir; a relative TMPDIR
		// names this process's directory
		if d, err = filepath.Abs(d); err != nil {
			return nil, fmt.Errorf("%s: %v", prog.Name, err)
		}
		for name, text := range prog.Files {
			if err := os.WriteFile(filepath.Join(d, name), []byte(text), 0o600); err != nil {
				return nil, fmt.Errorf("%s: %v", prog.Name, err)
			}
		}
		dir = d
	}
	args := make([]string, len(prog.Args))
	for i, a := range prog.Args {
		args[i] = strings.ReplaceAll(a, "{dir}", dir)
	}

	p := &proc{name: prog.Name, lines: make(chan line, 1), quit: make(chan struct{}), exited: make(chan struct{}), stderr: &tail{max: 8 << 10}}
	cmd := exec.Command(prog.Command, args...)
	cmd.Dir = prog.Dir
	if len(prog.Env) > 0 {
		cmd.Env = append(os.Environ(), prog.Env...)
	}
	cmd.Stderr = p.stderr
	setProcessGroup(cmd)
	watch, err := watchGroup(cmd, dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", prog.Name, err)
	}
	// pipes of our own, so that Wait never closes the end we read
	inR, inW, err := os.Pipe()
	if err != nil {
		watch.release()
		return nil, fmt.Errorf("%s: %v", prog.Name, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		watch.release()
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("%s: %v", prog.Name, err)
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	if err := startCommand(cmd); err != nil {
		watch.release()
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("%s: cannot start %s: %v", prog.Name, prog.Command, err)
	}
	watch.started()
	inR.Close()
	outW.Close()
	p.cmd, p.stdin, p.watch = cmd, inW, watch
	go p.read(outR)
	go func() {
		p.exitErr = cmd.Wait()
		close(p.exited)
	}()

	var hello struct {
		Ready json.RawMessage `json:"ready"`
		Fatal string          `json:"fatal"`
	}
	data, err := p.receive(timeout, "start", startLimit)
	if err == nil {
		if jerr := json.Unmarshal(data, &hello); jerr != nil || (hello.Ready == nil && hello.Fatal == "") {
			err = p.garbage(data)
		} else if hello.Fatal == "" {
			if p.versions, jerr = readVersions(hello.Ready); jerr != nil {
				err = p.garbage(data)
			}
		}
	}
	if err != nil {
		e := p.fail(err)
		p.stop(0)
		return nil, errors.New(e.Message)
	}
	if hello.Fatal != "" {
		p.stop(0)
		return nil, errors.New(hello.Fatal)
	}
	return p, nil
}

// read passes the bridge's output on, line by line, then how it ended.
func (p *proc) read(r io.ReadCloser) {
	defer r.Close()
	defer close(p.lines)
	send := func(l line) bool {
		select {
		case p.lines <- l:
			return true
		case <-p.quit:
			return false
		}
	}
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		data, err := br.ReadBytes('\n')
		if err != nil {
			if len(data) > 0 && !send(line{data: data}) {
				return
			}
			send(line{err: err})
			return
		}
		if !send(line{data: data}) {
			return
		}
	}
}

// stop ends the process: it closes its stdin, gives it grace to exit on
// its own, then kills its process group, children included. Stopping
// twice is harmless.
func (p *proc) stop(grace time.Duration) {
	p.stopOnce.Do(func() {
		p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(grace):
		}
		killGroup(p.cmd)
		<-p.exited
		p.watch.release()
		close(p.quit)
	})
}

// dead reports whether the process has exited.
func (p *proc) dead() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// receive waits for the bridge's next line; limit names the setting that
// bounds the wait, for the error at the timeout.
func (p *proc) receive(timeout time.Duration, what, limit string) ([]byte, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case l, ok := <-p.lines:
		if !ok || l.err != nil {
			return nil, errStopped
		}
		return l.data, nil
	case <-timer.C:
		return nil, fmt.Errorf("%s did not answer %s within %s (%s)", p.name, what, timeout, limit)
	}
}

// The settings that bound a wait, as a timeout names them.
const (
	runtimeLimit = "the runtime timeout: --runtime-timeout, runtime_timeout: in scenario.yaml"
	startLimit   = "the start-up limit: the larger of the runtime timeout and 30s"
)

// errStopped is a program whose output ended; fail says how it exited.
var errStopped = errors.New("stopped")

// garbage describes a line that is no answer.
func (p *proc) garbage(data []byte) error {
	s := strings.TrimRight(string(data), "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return fmt.Errorf("%s wrote what is not an answer of the bridge: %q", p.name, s)
}

// fail kills a process that can no longer be trusted (a late answer would
// answer the wrong request), marks it broken, and returns the RUNTIME_ERROR
// that says why, with how it exited and the tail of its stderr.
func (p *proc) fail(err error) *engine.Error {
	p.stdin.Close()
	if err == errStopped {
		// give it a moment to exit on its own, to tell how
		select {
		case <-p.exited:
		case <-time.After(time.Second):
		}
	}
	killGroup(p.cmd)
	select {
	case <-p.exited:
	case <-time.After(time.Second):
	}
	msg := err.Error()
	if err == errStopped {
		msg = p.name + " stopped"
	}
	if err == errStopped && p.dead() {
		if p.exitErr != nil {
			msg += " (" + p.exitErr.Error() + ")"
		} else {
			msg += " (it exited)"
		}
	}
	if s := strings.TrimSpace(p.stderr.String()); s != "" {
		msg += "; its stderr ends with:\n" + s
	}
	p.broken = errors.New(msg)
	return runtimeError(msg)
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
