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
// that the graph's reducers generate are the harness's (auto-N).
package langgraphjs

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
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
	// Timeout bounds each request, the start included; 0 means
	// DefaultTimeout.
	Timeout time.Duration
	// Script replaces the embedded bridge.mjs (tests run misbehaving
	// bridges with it).
	Script string
}

// Bridge is a running bridge process. It implements engine.Runtime and is
// safe for concurrent use: requests are serialised.
type Bridge struct {
	root    string
	timeout time.Duration
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan line
	quit    chan struct{} // closed by Close: nobody reads lines any more
	exited  chan struct{}
	exitErr error
	stderr  *tail

	// Versions are what the bridge loaded: node, @langchain/langgraph,
	// @langchain/core.
	Versions Versions

	mu     sync.Mutex // one request at a time
	nextID uint64
	broken error // set once the process can no longer be trusted

	closeOnce sync.Once
	closeErr  error
}

// Versions are the versions a bridge runs on.
type Versions struct {
	Node      string `json:"node"`
	LangGraph string `json:"langgraph"`
	Core      string `json:"core"`
}

// line is one line the bridge wrote, or the error that ended its output.
type line struct {
	data []byte
	err  error
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
	dir, err := os.MkdirTemp("", "scenario-langgraphjs-")
	if err != nil {
		return nil, fmt.Errorf("langgraph-js: %v", err)
	}
	// node has read the script once the bridge says it is ready
	defer os.RemoveAll(dir)
	script := opts.Script
	if script == "" {
		script = bridgeJS
	}
	file := filepath.Join(dir, "bridge.mjs")
	if err := os.WriteFile(file, []byte(script), 0o600); err != nil {
		return nil, fmt.Errorf("langgraph-js: %v", err)
	}

	b := &Bridge{root: abs, timeout: timeout, lines: make(chan line, 1), quit: make(chan struct{}), exited: make(chan struct{}), stderr: &tail{max: 8 << 10}}
	cmd := exec.Command(node, file, abs)
	cmd.Dir = abs
	cmd.Stderr = b.stderr
	setProcessGroup(cmd)
	// pipes of our own, so that Wait never closes the end we read
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("langgraph-js: %v", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("langgraph-js: %v", err)
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	if err := cmd.Start(); err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("langgraph-js: cannot start %s: %v", node, err)
	}
	inR.Close()
	outW.Close()
	b.cmd, b.stdin = cmd, inW
	go b.read(outR)
	go func() {
		b.exitErr = cmd.Wait()
		close(b.exited)
	}()

	var hello struct {
		Ready *Versions `json:"ready"`
		Fatal string    `json:"fatal"`
	}
	data, err := b.receive(timeout, "start")
	if err == nil {
		if jerr := json.Unmarshal(data, &hello); jerr != nil || (hello.Ready == nil && hello.Fatal == "") {
			err = garbage(data)
		}
	}
	if err != nil {
		e := b.fail(err)
		b.Close()
		return nil, errors.New(e.Message)
	}
	if hello.Fatal != "" {
		b.Close()
		return nil, errors.New(hello.Fatal)
	}
	b.Versions = *hello.Ready
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

// read passes the bridge's output on, line by line, then how it ended.
func (b *Bridge) read(r io.ReadCloser) {
	defer r.Close()
	defer close(b.lines)
	send := func(l line) bool {
		select {
		case b.lines <- l:
			return true
		case <-b.quit:
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

// Name is "langgraph-js".
func (b *Bridge) Name() string { return Name }

// Root is the suite root the packages are resolved from.
func (b *Bridge) Root() string { return b.root }

// Close stops the bridge: it closes its stdin, gives it a moment to exit,
// then kills its process group. Closing twice is harmless.
func (b *Bridge) Close() error {
	b.closeOnce.Do(func() {
		// a request under way fails at once: the bridge's output ends
		if b.stdin != nil {
			b.stdin.Close()
		}
		if b.cmd != nil {
			select {
			case <-b.exited:
			case <-time.After(2 * time.Second):
			}
			// children the bridge may have started go with it
			killGroup(b.cmd)
			<-b.exited
		}
		close(b.quit)
		b.mu.Lock()
		if b.broken == nil {
			b.broken = errors.New("langgraph-js is closed")
		}
		b.mu.Unlock()
	})
	return b.closeErr
}

// request sends one request and returns the bridge's answer to it.
func (b *Bridge) request(op string, body func(w *requestWriter) error) (*response, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.broken != nil {
		return nil, runtimeError(b.broken.Error())
	}
	b.nextID++
	id := b.nextID
	w := &requestWriter{}
	w.begin(id, op)
	if err := body(w); err != nil {
		return nil, err
	}
	w.end()
	if _, err := b.stdin.Write(w.buf); err != nil {
		return nil, b.fail(fmt.Errorf("langgraph-js stopped: cannot send it %s: %v", op, err))
	}
	data, err := b.receive(b.timeout, op)
	if err != nil {
		return nil, b.fail(err)
	}
	var resp response
	if err := json.Unmarshal(data, &resp); err != nil || resp.ID == nil || *resp.ID != id {
		return nil, b.fail(garbage(data))
	}
	if resp.Fatal != "" {
		return nil, runtimeError("langgraph-js bridge: " + resp.Fatal)
	}
	return &resp, nil
}

// receive waits for the bridge's next line.
func (b *Bridge) receive(timeout time.Duration, what string) ([]byte, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case l, ok := <-b.lines:
		if !ok || l.err != nil {
			return nil, errStopped
		}
		return l.data, nil
	case <-timer.C:
		return nil, fmt.Errorf("langgraph-js did not answer %s within %s", what, timeout)
	}
}

// errStopped is a bridge whose output ended; fail says how it exited.
var errStopped = errors.New("langgraph-js stopped")

// garbage describes a line that is no answer.
func garbage(data []byte) error {
	s := strings.TrimRight(string(data), "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return fmt.Errorf("langgraph-js wrote what is not an answer of the bridge: %q", s)
}

// fail stops a bridge that can no longer be trusted (a late answer would
// answer the wrong request), marks it broken, and returns the RUNTIME_ERROR
// that says why, with how it exited and the tail of its stderr.
func (b *Bridge) fail(err error) *engine.Error {
	if b.stdin != nil {
		b.stdin.Close()
	}
	if b.cmd != nil {
		if err == errStopped {
			// give it a moment to exit on its own, to tell how
			select {
			case <-b.exited:
			case <-time.After(time.Second):
			}
		}
		killGroup(b.cmd)
		select {
		case <-b.exited:
		case <-time.After(time.Second):
		}
	}
	msg := err.Error()
	select {
	case <-b.exited:
		if err == errStopped {
			if b.exitErr != nil {
				msg += " (" + b.exitErr.Error() + ")"
			} else {
				msg += " (it exited)"
			}
		}
	default:
	}
	if s := strings.TrimSpace(b.stderr.String()); s != "" {
		msg += "; its stderr ends with:\n" + s
	}
	b.broken = errors.New(msg)
	return runtimeError(msg)
}

func runtimeError(msg string) *engine.Error {
	return &engine.Error{Code: engine.RuntimeError, Message: msg}
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

// isBroken reports whether the bridge can take no more requests.
func (b *Bridge) isBroken() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.broken != nil
}
