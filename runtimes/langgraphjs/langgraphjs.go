// Package langgraphjs is the langgraph-js runtime of SPEC §15: the commits of
// a scenario run as real supersteps of LangGraph JS, in one node process per
// run that this package starts, talks to over stdin and stdout, and stops.
//
//	b, err := langgraphjs.Start(suiteRoot, langgraphjs.Options{})
//	if err != nil { ... } // node missing or too old, packages not installed
//	defer b.Close()
//	g, err := engine.New(schema, engine.Options{Runtimes: []engine.Runtime{b}})
//
// The packages @langchain/langgraph and @langchain/core are resolved from
// the suite root (its node_modules), the versions the user's agent uses,
// never from this package. The JavaScript side is bridge.mjs, embedded in
// the binary; its header documents the protocol.
//
// Each commit is stateless on the JavaScript side: the harness owns the
// threads, and the bridge seeds a fresh LangGraph thread with the state
// before the commit, runs the one superstep and reads the state back. A
// scenario's graph is compiled once per set of node names.
//
// A scenario on its own graph (engine.GraphSpec.Graph, "<module>:<export>")
// runs on that compiled StateGraph, imported from the suite root (.ts
// through the suite's tsx): each commit's graph is a copy of the user's
// builder, its channels, reducers and schemas, with the step's nodes. A
// scripted node returns its output; a real node (engine.NodeOutput.Run) is
// the user's own, and what it returned comes back in
// engine.CommitResult.Returned; one that throws is NODE_ERROR. Message ids
// that the graph's reducers generate are the harness's (auto-N). What a
// real node returns, and the state after a step, must be JSON (SPEC §2):
// anything else is NON_JSON_VALUE at its path.
//
// A bridge process that dies or outlasts Options.Timeout fails the one
// request under way; the next request starts a new process. The process
// runs in a process group of its own, which Close and Kill end; on Linux it
// also dies with the process that started it.
package langgraphjs

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stateharness/scenario/engine"
)

//go:embed bridge.mjs
var bridgeJS string

// Name is the runtime's name as --runtime spells it.
const Name = "langgraph-js"

// DefaultTimeout is how long a request may take before the bridge counts
// as hung.
const DefaultTimeout = 30 * time.Second

// minNodeMajor is the oldest node the bridge supports.
const minNodeMajor = 20

// Options configures Start. The zero value is ready to use.
type Options struct {
	// Node is the node binary; empty means "node" on PATH.
	Node string
	// Timeout bounds each request; 0 means DefaultTimeout. A request that
	// takes longer fails, and the bridge is killed and started again for
	// the requests after it. Starting the bridge (loading the packages)
	// may take DefaultTimeout even when Timeout is shorter.
	Timeout time.Duration
	// Script replaces the embedded bridge.mjs (tests run misbehaving
	// bridges with it).
	Script string
	// startTimeout bounds a start in tests; 0 means the larger of Timeout
	// and DefaultTimeout.
	startTimeout time.Duration
}

// Bridge is the langgraph-js runtime of a run. It implements
// engine.Runtime and is safe for concurrent use: requests are serialised.
//
// A bridge process that dies or hangs (a node calls process.exit, loops,
// is killed) fails the request under way, and only it: the next request
// starts a new process, and the sessions opened on the old one open their
// graphs again on the new one, since the harness keeps the threads.
type Bridge struct {
	root    string
	node    string
	script  string
	timeout time.Duration
	// startTimeout bounds a start: loading the packages may take longer
	// than a short Timeout allows
	startTimeout time.Duration

	// Versions are what the bridge loaded: node, @langchain/langgraph,
	// @langchain/core.
	Versions Versions

	mu     sync.Mutex // one request at a time
	nextID uint64     // over every process of the bridge

	pmu    sync.Mutex // guards p and closed, which Close changes during a request
	p      *proc
	closed bool
}

// Versions are the versions a bridge runs on.
type Versions struct {
	Node      string `json:"node"`
	LangGraph string `json:"langgraph"`
	Core      string `json:"core"`
}

// Start checks node and starts the bridge for the suite at root, returning
// once it has loaded the packages. Its errors say what to install.
func Start(root string, opts Options) (*Bridge, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("langgraph-js: suite root %s: %v", root, err)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	node, err := findNode(opts.Node, timeout)
	if err != nil {
		return nil, err
	}
	script := opts.Script
	if script == "" {
		script = bridgeJS
	}
	startTimeout := opts.startTimeout
	if startTimeout <= 0 {
		startTimeout = max(timeout, DefaultTimeout)
	}
	b := &Bridge{root: abs, node: node, script: script, timeout: timeout, startTimeout: startTimeout}
	p, err := spawn(node, script, abs, startTimeout)
	if err != nil {
		return nil, err
	}
	b.p, b.Versions = p, p.versions
	return b, nil
}

// findNode locates node and checks its version.
func findNode(bin string, timeout time.Duration) (string, error) {
	if bin == "" {
		bin = "node"
	}
	path, err := exec.LookPath(bin)
	if err != nil {
		return "", fmt.Errorf("langgraph-js needs node ≥ %d; %s was not found: install Node.js %d or later, or put it on PATH", minNodeMajor, bin, minNodeMajor)
	}
	cmd := exec.Command(path, "--version")
	done := make(chan struct{})
	timer := time.AfterFunc(timeout, func() {
		select {
		case <-done:
		default:
			if cmd.Process != nil {
				cmd.Process.Kill()
			}
		}
	})
	out, err := cmd.Output()
	close(done)
	timer.Stop()
	if err != nil {
		return "", fmt.Errorf("langgraph-js needs node ≥ %d; %s --version failed: %v", minNodeMajor, path, err)
	}
	v := strings.TrimSpace(string(out))
	major, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(v, "v"), ".", 2)[0])
	if err != nil || major < minNodeMajor {
		return "", fmt.Errorf("langgraph-js needs node ≥ %d; found %s", minNodeMajor, v)
	}
	return path, nil
}

// Name is "langgraph-js".
func (b *Bridge) Name() string { return Name }

// Root is the suite root the packages are resolved from.
func (b *Bridge) Root() string { return b.root }

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
		return nil, runtimeError("langgraph-js is closed")
	}
	if p.broken == nil && !p.dead() {
		return p, nil
	}
	// killed from outside between two requests: nobody is to blame
	p.stop(0)
	np, err := spawn(b.node, b.script, b.root, b.startTimeout)
	if err != nil {
		return nil, runtimeError("langgraph-js stopped and could not be started again: " + err.Error())
	}
	b.pmu.Lock()
	defer b.pmu.Unlock()
	if b.closed {
		np.stop(0)
		return nil, runtimeError("langgraph-js is closed")
	}
	b.p = np
	return np, nil
}

// request sends one request to the running process (a new one when the
// last died) and returns the bridge's answer to it. With a session, the
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
		resp, err := b.send(p, "open", s.open)
		if err != nil || op == "" {
			if err == nil && resp.Error == nil {
				s.p, s.graph = p, resp.Graph
			}
			return resp, err
		}
		if resp.Error != nil {
			return nil, runtimeError("langgraph-js, started again, cannot build the scenario's graph: " + resp.Error.Message)
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
	w := &requestWriter{}
	w.begin(id, op)
	if err := body(w); err != nil {
		return nil, err
	}
	w.end()
	if _, err := p.stdin.Write(w.buf); err != nil {
		return nil, b.restarted(p.fail(fmt.Errorf("langgraph-js stopped: cannot send it %s: %v", op, err)))
	}
	data, err := p.receive(b.timeout, op)
	if err != nil {
		return nil, b.restarted(p.fail(err))
	}
	var resp response
	if err := json.Unmarshal(data, &resp); err != nil || resp.ID == nil || *resp.ID != id {
		return nil, b.restarted(p.fail(garbage(data)))
	}
	if resp.Fatal != "" {
		return nil, runtimeError("langgraph-js bridge: " + resp.Fatal)
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
		e.Message += "\n(langgraph-js was stopped; it starts again for the next request)"
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
	_, err := b.send(p, "close", func(w *requestWriter) error {
		w.int("graph", s.graph)
		return nil
	})
	if err != nil && p.broken != nil {
		return nil
	}
	return err
}
