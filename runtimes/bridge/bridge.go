package bridge

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/stateharness/scenario/engine"
)

// Bridge is a runtime of a run: a Program, running in one process at a
// time. It implements engine.Runtime and is safe for concurrent use:
// requests are serialised.
//
// A process that dies or hangs (a node calls exit, loops, is killed)
// fails the request under way, and only it: the next request starts a new
// process, and the sessions opened on the old one open their graphs again
// on the new one, since the harness keeps the threads.
type Bridge struct {
	prog    Program
	timeout time.Duration
	// startTimeout bounds a start: loading the libraries may take longer
	// than a short timeout allows
	startTimeout time.Duration

	// Versions are what the program reported running on.
	Versions Versions

	// memo keeps the answers to commits that need not run twice; a Pool's
	// processes share one
	memo *memo

	mu     sync.Mutex // one request at a time
	nextID uint64     // over every process of the bridge
	// owed are the ids of the requests sent to p whose answers are still
	// to be read (a close, which nobody waits for): read before the next
	// request's
	owed []uint64

	pmu    sync.Mutex // guards p and closed, which Close changes during a request
	p      *proc
	closed bool
}

// Start starts prog and returns once it has said it is ready. Its errors
// are the program's own (what to install) or say why it did not start.
func Start(prog Program) (*Bridge, error) {
	if prog.Dir != "" {
		abs, err := filepath.Abs(prog.Dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", prog.Name, prog.Dir, err)
		}
		prog.Dir = abs
	}
	timeout := prog.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	startTimeout := prog.StartTimeout
	if startTimeout <= 0 {
		startTimeout = max(timeout, DefaultTimeout)
	}
	b := &Bridge{prog: prog, timeout: timeout, startTimeout: startTimeout, memo: newMemo()}
	p, err := spawn(&b.prog, startTimeout)
	if err != nil {
		return nil, err
	}
	b.p, b.Versions = p, p.versions
	return b, nil
}

// Name is the program's runtime name.
func (b *Bridge) Name() string { return b.prog.Name }

// Dir is the directory the program runs in (the suite root).
func (b *Bridge) Dir() string { return b.prog.Dir }

// Pid is the process id of the program running now (0 when none runs).
func (b *Bridge) Pid() int {
	b.pmu.Lock()
	defer b.pmu.Unlock()
	if b.p == nil || b.p.cmd.Process == nil {
		return 0
	}
	return b.p.cmd.Process.Pid
}

// Close stops the bridge: it closes its stdin, gives it a moment to exit,
// then kills its process group. Closing twice is harmless; a request under
// way fails at once, and none starts the bridge again.
func (b *Bridge) Close() error {
	b.end(2 * time.Second)
	return nil
}

// Kill stops the bridge at once, killing its process group without
// waiting for it to exit on its own: for a run that is interrupted.
func (b *Bridge) Kill() {
	b.end(0)
}

func (b *Bridge) end(grace time.Duration) {
	b.pmu.Lock()
	b.closed = true
	p := b.p
	b.pmu.Unlock()
	if p == nil {
		return
	}
	if grace == 0 && !p.dead() {
		// at once, even while Close gives the process grace
		killGroup(p.cmd)
	}
	p.stop(grace)
}

// live returns the process to send the next request to: the running one,
// or a new one when the last died or was killed. Called with mu held.
func (b *Bridge) live() (*proc, error) {
	b.pmu.Lock()
	p, closed := b.p, b.closed
	b.pmu.Unlock()
	if closed {
		return nil, runtimeError(b.prog.Name + " is closed")
	}
	if p.broken == nil && !p.dead() && b.settle(p) {
		return p, nil
	}
	// killed from outside between two requests: nobody is to blame
	p.stop(0)
	np, err := spawn(&b.prog, b.startTimeout)
	if err != nil {
		return nil, runtimeError(b.prog.Name + " stopped and could not be started again: " + err.Error())
	}
	b.pmu.Lock()
	defer b.pmu.Unlock()
	if b.closed {
		np.stop(0)
		return nil, runtimeError(b.prog.Name + " is closed")
	}
	b.p = np
	b.owed = nil
	return np, nil
}

// settle reads the answers p still owes, and says whether p can take the
// next request. A program that died or went wrong answering a close
// harms no scenario: the next request goes to a new process, as after a
// death between two requests. Called with mu held.
func (b *Bridge) settle(p *proc) bool {
	for len(b.owed) > 0 {
		id := b.owed[0]
		data, err := p.receive(b.timeout, "close", runtimeLimit)
		if err != nil {
			p.fail(err)
			return false
		}
		var resp response
		if err := json.Unmarshal(data, &resp); err != nil || resp.ID == nil || *resp.ID != id {
			p.fail(p.garbage(data))
			return false
		}
		b.owed = b.owed[1:]
	}
	return true
}

// request sends one request to the running process (a new one when the
// last died) and returns the program's answer to it. With a session, the
// session's graph is opened first when it is not open on that process:
// the first time, or after the process it was opened on died. With an
// empty op, the answer is the open request's.
func (b *Bridge) request(s *session, op string, body func(w *requestWriter) error) (*response, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p, err := b.live()
	if err != nil {
		return nil, err
	}
	if s != nil && s.p != p {
		// a graph opened on a process that died since, or one not opened
		// yet (its spec built before: Open waits for a commit to open it)
		again := s.p != nil
		resp, err := b.send(p, "open", s.open)
		if err != nil || op == "" {
			if err == nil && resp.Error == nil {
				s.p, s.graph = p, resp.Graph
			}
			return resp, err
		}
		if resp.Error != nil {
			if !again {
				return nil, runtimeError(b.prog.Name + " cannot build the scenario's graph: " + resp.Error.Message)
			}
			return nil, runtimeError(b.prog.Name + ", started again, cannot build the scenario's graph: " + resp.Error.Message)
		}
		s.p, s.graph = p, resp.Graph
	}
	return b.send(p, op, body)
}

// send sends one request to p and waits for its answer. Called with mu
// held.
func (b *Bridge) send(p *proc, op string, body func(w *requestWriter) error) (*response, error) {
	b.nextID++
	id := b.nextID
	w := &requestWriter{keys: b.prog.Keys, name: b.prog.Name}
	w.begin(id, op)
	if err := body(w); err != nil {
		return nil, err
	}
	w.end()
	if _, err := p.stdin.Write(w.buf); err != nil {
		return nil, b.restarted(p.fail(fmt.Errorf("%s stopped: cannot send it %s: %v", b.prog.Name, op, err)))
	}
	timeout, limit := b.timeout, runtimeLimit
	if op == "open" && b.startTimeout > timeout {
		// building a scenario's graph loads its modules (the user's graph
		// and what it imports): start-up cost, bounded as a start is
		timeout, limit = b.startTimeout, startLimit
	}
	data, err := p.receive(timeout, op, limit)
	if err != nil {
		return nil, b.restarted(p.fail(err))
	}
	var resp response
	if err := json.Unmarshal(data, &resp); err != nil || resp.ID == nil || *resp.ID != id {
		return nil, b.restarted(p.fail(p.garbage(data)))
	}
	if resp.Fatal != "" {
		return nil, runtimeError(b.prog.Name + " bridge: " + resp.Fatal)
	}
	return &resp, nil
}

// restarted says, in the error of the request that broke the bridge,
// that the requests after it run on a new one.
func (b *Bridge) restarted(e *engine.Error) *engine.Error {
	b.pmu.Lock()
	closed := b.closed
	b.pmu.Unlock()
	if !closed {
		e.Message += "\n(" + b.prog.Name + " was stopped; it starts again for the next request)"
	}
	return e
}

func runtimeError(msg string) *engine.Error {
	return &engine.Error{Code: engine.RuntimeError, Message: msg}
}

// release closes a session's graph on the process it is open on; a graph
// on a process that has died since went with it.
func (b *Bridge) release(s *session) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pmu.Lock()
	p, closed := b.p, b.closed
	b.pmu.Unlock()
	if closed || s.p == nil || s.p != p || p.broken != nil || p.dead() {
		return nil
	}
	// its answer is read before the next request's (settle): a close
	// costs no round trip
	b.nextID++
	w := &requestWriter{keys: b.prog.Keys, name: b.prog.Name}
	w.begin(b.nextID, "close")
	w.int("graph", s.graph)
	w.end()
	if _, err := p.stdin.Write(w.buf); err != nil {
		// the next request finds the process dead and starts another
		p.fail(fmt.Errorf("%s stopped: cannot send it close: %v", b.prog.Name, err))
		return nil
	}
	b.owed = append(b.owed, b.nextID)
	return nil
}
