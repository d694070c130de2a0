package bridge

import (
	"fmt"
	"os"
	"sync"

	"github.com/stateharness/scenario/engine"
)

// Pool is a runtime of a run that runs --concurrency N scenarios at once:
// N processes of one Program, each a [Bridge]. It implements
// engine.Runtime and engine.RouteReader, and is safe for concurrent use.
//
// A scenario's graph (a session) is opened on one process and stays on it
// for its whole life: its commits, its whole-graph runs and the threads
// the program keeps for them. Each process serves one request at a time,
// as a Bridge does; the pool hands a new session to the process with the
// fewest open sessions, so that N scenarios running at once run on N
// processes. What a scenario sees does not depend on the process that
// serves it: every process runs the same program on the same suite, the
// harness owns the threads and numbers the generated ids, and an own
// graph is loaded afresh for each scenario on whichever process it runs
// (docs/reference.md, Runtimes).
//
// The first process starts with the pool, so that a runtime that cannot
// start fails the run at once with its own words; the others start beside
// it, in the background, and take sessions once they are ready. One that
// cannot start leaves the pool smaller, never the run failed. A process
// that dies fails the request under way on it, and only it (see Bridge).
type Pool struct {
	first *Bridge
	// Versions are what the first process reported running on.
	Versions Versions

	mu      sync.Mutex
	members []*member
	closed  bool
	// starting counts the processes still starting, which Close waits for
	// so that none is left running
	starting sync.WaitGroup
	// routes holds the routes read so far, by directory: a route's
	// state.ts is a schema, read once a run whichever process reads it
	routes map[string]*engine.RouteState
	// closedOn is the process each own graph was last closed on: a graph
	// that ran nothing there (the one the scenario's first step loads to
	// check it) serves the scenario's next open of it
	closedOn map[string]*member
}

// member is one process of the pool.
type member struct {
	b        *Bridge
	sessions int // open sessions; guarded by Pool.mu
}

// NewPool starts a pool of n processes, each made by start (a runtime's
// Start). It returns once the first is ready; n below 2 is one process.
func NewPool(n int, start func() (*Bridge, error)) (*Pool, error) {
	b, err := start()
	if err != nil {
		return nil, err
	}
	// one memo for the pool: a commit answered on one process is not run
	// again on another
	b.memo = newMemo()
	p := &Pool{first: b, Versions: b.Versions, members: []*member{{b: b}}, routes: map[string]*engine.RouteState{}, closedOn: map[string]*member{}}
	for i := 1; i < n; i++ {
		p.starting.Add(1)
		go func() {
			defer p.starting.Done()
			b, err := start()
			if err != nil {
				// the run goes on with the processes it has; say so, or a
				// --concurrency 4 that runs on one looks like a slow machine
				fmt.Fprintf(os.Stderr, "scenario: %s: a process of the pool could not start; the run goes on with fewer: %v\n", p.first.Name(), err)
				return
			}
			p.mu.Lock()
			defer p.mu.Unlock()
			if p.closed {
				b.Kill()
				return
			}
			b.memo = p.first.memo
			p.members = append(p.members, &member{b: b})
		}()
	}
	return p, nil
}

// Name is the runtime's name.
func (p *Pool) Name() string { return p.first.Name() }

// Size is how many processes are ready now.
func (p *Pool) Size() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.members)
}

// Wait returns once every process has started or failed to.
func (p *Pool) Wait() { p.starting.Wait() }

// Open opens a scenario's graph on the process with the fewest open
// sessions (the first of them, in the order they became ready; for an own
// graph, the one it was last closed on, if it has as few), where it stays
// until it closes.
func (p *Pool) Open(spec engine.GraphSpec) (engine.Session, error) {
	key := ""
	if spec.Graph != "" {
		key = spec.Profile + "\x00" + spec.Graph
	}
	m := p.take(key)
	s, err := m.b.Open(spec)
	if err != nil {
		p.give(m, "")
		return nil, err
	}
	switch s := s.(type) {
	case *session:
		s.done = func() { p.give(m, "") }
	case *ownSession:
		s.done = func() { p.give(m, key) }
	}
	return s, nil
}

// take chooses the process of a new session and counts the session on
// it: the own graph key's last, else the first, of those with the fewest.
func (p *Pool) take(key string) *member {
	p.mu.Lock()
	defer p.mu.Unlock()
	best := p.members[0]
	for _, m := range p.members[1:] {
		if m.sessions < best.sessions {
			best = m
		}
	}
	if m := p.closedOn[key]; m != nil && m.sessions == best.sessions {
		best = m
	}
	best.sessions++
	return best
}

// give counts a session off its process; key is its own graph's.
func (p *Pool) give(m *member, key string) {
	p.mu.Lock()
	m.sessions--
	if key != "" {
		p.closedOn[key] = m
	}
	p.mu.Unlock()
}

// ReadRoute reads a Dawn route (Bridge.ReadRoute) once a run: the state a
// route declares is a schema, the same whichever process reads it.
func (p *Pool) ReadRoute(dir string) (*engine.RouteState, error) {
	p.mu.Lock()
	st, ok := p.routes[dir]
	p.mu.Unlock()
	if ok {
		return copyRoute(st), nil
	}
	m := p.take("")
	st, err := m.b.ReadRoute(dir)
	p.give(m, "")
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.routes[dir] = st
	p.mu.Unlock()
	return copyRoute(st), nil
}

// Stream runs an own graph live (Bridge.Stream) on the process with the
// fewest sessions.
func (p *Pool) Stream(graph string, input any) ([]byte, map[string]string, error) {
	m := p.take("")
	defer p.give(m, "")
	return m.b.Stream(graph, input)
}

// Capture runs an own graph for real (Bridge.Capture) on the process with
// the fewest sessions, every run of it there.
func (p *Pool) Capture(graph, profile string, tools bool, next func(prev *CapturedRun) *CaptureRun) ([]CapturedRun, error) {
	m := p.take("")
	defer p.give(m, "")
	return m.b.Capture(graph, profile, tools, next)
}

// copyRoute is a route's state for one scenario, which may change its
// defaults' values without reaching another's.
func copyRoute(st *engine.RouteState) *engine.RouteState {
	out := &engine.RouteState{Fields: make([]engine.RouteField, len(st.Fields))}
	for i, f := range st.Fields {
		f.Default = copyValue(f.Default)
		out.Fields[i] = f
	}
	return out
}

// copyValue copies a decoded JSON value deeply.
func copyValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = copyValue(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = copyValue(e)
		}
		return out
	}
	return v
}

// Close stops every process, those still starting included.
func (p *Pool) Close() error {
	p.end(func(b *Bridge) { b.Close() }, true)
	return nil
}

// Kill stops every process at once; one still starting kills itself
// once it is ready (or dies with this process: Pdeathsig and the group's
// watcher).
func (p *Pool) Kill() {
	p.end(func(b *Bridge) { b.Kill() }, false)
}

func (p *Pool) end(stop func(*Bridge), wait bool) {
	p.mu.Lock()
	p.closed = true
	members := append([]*member(nil), p.members...)
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, m := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stop(m.b)
		}()
	}
	wg.Wait()
	if wait {
		// a process that becomes ready after closed was set kills itself
		p.starting.Wait()
	}
}

// Pids are the process ids of the processes running now, in the order
// they became ready (0 for one that is between two processes).
func (p *Pool) Pids() []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]int, len(p.members))
	for i, m := range p.members {
		out[i] = m.b.Pid()
	}
	return out
}
