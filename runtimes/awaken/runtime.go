package awaken

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// Runtime is the awaken runtime of a run (an engine.Runtime): the
// program on the pool of JSON keys for the scenarios of the awaken
// profile, and one program per user's crate that scenarios name
// ("<crate>/Cargo.toml:<plugin>"), each built (or found in the cache) and
// started when its first scenario opens.
type Runtime struct {
	// Base is the program on the pool of keys.
	Base *Bridge

	root string
	opts Options

	mu     sync.Mutex
	crates map[string]*crateProgram
}

// crateProgram is the program of one crate, or why it did not build.
type crateProgram struct {
	b   *Bridge
	err error
}

// StartRuntime starts the awaken runtime for the suite at root: the pool's
// program now (see Start), a crate's when a scenario names it.
func StartRuntime(root string, opts Options) (*Runtime, error) {
	b, err := Start(root, opts)
	if err != nil {
		return nil, err
	}
	return &Runtime{Base: b, root: b.Dir(), opts: opts, crates: map[string]*crateProgram{}}, nil
}

// Name is "awaken".
func (r *Runtime) Name() string { return Name }

// Open opens a scenario's graph: on the pool's program, or, on the
// scenario's crate, on that crate's program. A crate that does not build
// fails every scenario that names it, with cargo's reason, built once.
func (r *Runtime) Open(spec engine.GraphSpec) (engine.Session, error) {
	if spec.Graph == "" || !IsCrateRef(spec.Graph) {
		return r.Base.Open(spec)
	}
	if err := accept(spec); err != nil {
		return nil, err
	}
	b, err := r.crate(spec.Graph)
	if err != nil {
		return nil, err
	}
	s, err := b.Open(spec)
	if err != nil {
		return nil, err
	}
	gs, ok := s.(engine.GraphSession)
	if !ok {
		s.Close()
		return nil, fmt.Errorf("awaken: the program of %s named no keys", spec.Graph)
	}
	return crateSession{gs}, nil
}

// crate is the running program of the crate ref names.
func (r *Runtime) crate(ref string) (*Bridge, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c := r.crates[ref]; c != nil {
		return c.b, c.err
	}
	c := &crateProgram{}
	r.crates[ref] = c
	bin, err := BuildCrate(r.root, ref, r.opts.CargoCache, r.opts.Cargo, progressOr(r.opts.Progress))
	if err != nil {
		c.err = err
		return nil, err
	}
	c.b, c.err = bridge.Launch(Name, r.root, r.opts.Timeout, func(root string, timeout time.Duration) (bridge.Program, error) {
		return Program(bin, root, timeout), nil
	})
	return c.b, c.err
}

// Versions are what the pool's program reports running on.
func (r *Runtime) Versions() string { return r.Base.Versions.String() }

// Close stops the programs.
func (r *Runtime) Close() error {
	err := r.Base.Close()
	r.each(func(b *Bridge) { b.Close() })
	return err
}

// Kill kills the programs at once.
func (r *Runtime) Kill() {
	r.Base.Kill()
	r.each(func(b *Bridge) { b.Kill() })
}

func (r *Runtime) each(f func(*Bridge)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.crates {
		if c.b != nil {
			f(c.b)
		}
	}
}

// crateSession is a scenario on a crate: a plugin has no nodes, so any
// node may return a command (Nodes is nil: the engine checks no names).
type crateSession struct{ engine.GraphSession }

func (crateSession) Nodes() []string { return nil }

// progressOr is w, else standard error, where a run would otherwise look
// hung while cargo builds.
func progressOr(w io.Writer) io.Writer {
	if w == nil {
		return os.Stderr
	}
	return w
}
