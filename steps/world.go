// Package steps is the godog step library of docs/reference.md, Steps: each step parses its
// arguments, calls the engine, and compares. It holds no merge logic.
package steps

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/filekind"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/jsonv"
	"github.com/stateharness/scenario/internal/report"
	"github.com/stateharness/scenario/internal/suite"
)

// Config is what the step library needs from the suite it runs in.
type Config struct {
	Root   string // the suite root
	Layout suite.Layout
	Index  *suite.Index
	// Resolved is the suite's step texts matched to the vocabulary
	// (Resolve).
	Resolved *Resolved
	// DefaultProfile (--profile, Options.Profile), else SuiteProfile
	// (scenario.yaml's), is the profile of a scenario that chooses none
	// (no profile step, no profile: in its schema) and runs on no graph of
	// its own: defaults, which a scenario's own choice overrides.
	DefaultProfile string
	SuiteProfile   string
	IDPrefix       string // generated message ids: <prefix>1, <prefix>2, ...
	Reducers       map[string]engine.ReducerFunc
	// Golden is what golden-file assertions do, and where the run's
	// golden outcomes are logged.
	Golden *goldenfile.Policy
	// Started counts the scenarios that started.
	Started atomic.Int64
	// schemas keeps the last schema table's schema for the next scenario
	schemas schemaCache
	// Warn shows a warning (a plan.md over the limit) in the run's output.
	Warn func(string)
	// Runtimes run the scenarios' commits (docs/reference.md, Runtimes); none is the built-in
	// engine.
	Runtimes []engine.Runtime
	// GraphRuntime names the runtime that loads a scenario's own graph
	// ("<module>:<export>") under its profile, for the skip of a scenario
	// run without it; nil, or "", names none.
	GraphRuntime func(graph, profile string) string
	// Graph is the suite's own graph (scenario.yaml's graph:), for the
	// scenarios that name none.
	Graph string
	// Graphs are Go graphs by name (Given the graph from "<name>"), each
	// with the runtime that opens it: a scenario on one runs on that
	// runtime alone, whatever Runtimes holds.
	Graphs map[string]engine.Runtime
	// Nodes are real Go nodes for `When node "<name>" runs`, Tools real Go
	// tools for `When tool "<name>" is called with:` (docs/reference.md, Go API).
	Nodes map[string]NodeFunc
	Tools map[string]ToolFunc
	// UserSteps registers the user's own steps beside the vocabulary.
	UserSteps func(*godog.ScenarioContext)
	// Report, when set, receives what the scenarios do, for the run's
	// reports and counts: each scenario's outcome (nil, godog.ErrSkip, or
	// its failure), what each step did when it records, a scenario a
	// runtime cannot run, and one that, side by side, ran on one runtime
	// alone (it has no schema for the built-in engine to check; it passes
	// or fails there, it is not skipped: docs/reference.md, Runtimes).
	Report report.Sink
}

// NodeFunc is a real Go node: it gets a copy of the current state and
// returns its partial update.
type NodeFunc func(ctx context.Context, state map[string]any) (map[string]any, error)

// ToolFunc is a real Go tool: it gets the call's arguments and returns its
// result, read by the profile's result shapes (docs/reference.md, Tools).
type ToolFunc func(ctx context.Context, args any) (any, error)

// State returns a copy of the current thread's state of the scenario whose
// step is running, for the user's own steps.
func State(ctx context.Context) (map[string]any, error) {
	w := worldOf(ctx)
	if w == nil {
		return nil, errors.New("scenario.State: no scenario is running in this context; call it from a step")
	}
	st, err := w.state()
	if err != nil {
		return nil, err
	}
	return copyValue(st).(map[string]any), nil
}

// copyValue deep-copies a state value, so that a user's code cannot change
// the engine's.
func copyValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = copyValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = copyValue(e)
		}
		return out
	}
	return v
}

// world is one scenario's state, kept in the godog context.
type world struct {
	cfg      *Config
	scenario *suite.Scenario

	profile string
	schema  *engine.Schema
	plan    *string
	tools   []string
	// ownGraph is the scenario's own graph, "<module>:<export>"
	ownGraph string
	graph    *engine.Graph
	thread   string
	// scripted are the scripts given since the last whole-graph run
	// (Given the model replies:, ...), handed to the graph at the next
	// run or at the scenario's end
	scripted []func(*engine.Graph)
	// recursionLimit is the whole-graph runs' (Given the recursion limit
	// is), or 0 for the library's
	recursionLimit int
	// ranWhole is the running step's whole-graph run, for its report
	ranWhole []report.Superstep

	// ctx is the running step's context, handed to Go nodes and tools.
	ctx context.Context
	// step is the step running now, arg its docstring or table.
	step suite.Step
	// stepIndex is its place in the scenario, pickle godog's scenario.
	stepIndex int
	pickle    *godog.Scenario
	arg       *godog.Step
	pending   *pendingError
	// failed is the step that failed the scenario
	failed *suite.Step
	// skipReason is why a runtime skipped the scenario
	skipReason string
	// before is the current thread's state before the running step;
	// beforePrevious, before the step ahead of it.
	before, beforePrevious map[string]any

	goldens *goldenfile.Names
}

type pendingError struct {
	err  error
	line int
}

type worldKey struct{}

func worldOf(ctx context.Context) *world {
	w, _ := ctx.Value(worldKey{}).(*world)
	return w
}

// indexOf is st's index in the scenario's steps: the running step's or the
// one after it (steps run in order), else found by a scan.
func (w *world) indexOf(st *godog.Step) int {
	for _, i := range []int{w.stepIndex, w.stepIndex + 1} {
		if i >= 0 && i < len(w.pickle.Steps) && w.pickle.Steps[i].Id == st.Id {
			return i
		}
	}
	return suite.StepIndex(w.pickle, st)
}

// stepContext is the context a step runs with: godog adds a link or two
// to a scenario's context chain at every step and looks values up through
// all of it (as our steps do the world), so a scenario of n steps cost n²
// lookups. A stepContext remembers what each key gave below it: the chain
// below never changes, so a lookup walks only the links added since the
// step before, then stops at that step's stepContext.
type stepContext struct {
	context.Context
	mu sync.Mutex
	// seen holds the keys looked up so far: a step asks for a few (the
	// world, godog's own), so a short list beats a map; past maxSeen keys
	// a lookup walks the chain
	seen  []seenValue
	first [4]seenValue // seen's room, in the same allocation
}

const maxSeen = 16

type seenValue struct{ key, value any }

func newStepContext(ctx context.Context) *stepContext {
	c := &stepContext{Context: ctx}
	c.seen = c.first[:0]
	return c
}

func (c *stepContext) Value(key any) any {
	c.mu.Lock()
	for _, s := range c.seen {
		if s.key == key {
			c.mu.Unlock()
			return s.value
		}
	}
	c.mu.Unlock()
	v := c.Context.Value(key)
	c.mu.Lock()
	if len(c.seen) < maxSeen {
		c.seen = append(c.seen, seenValue{key, v})
	}
	c.mu.Unlock()
	return v
}

// problem is an error in the scenario itself (bad docstring, missing file):
// it fails the step at once and cannot be asserted.
type problem struct{ msg string }

func (p *problem) Error() string { return p.msg }

func problemf(format string, args ...any) error {
	return &problem{msg: fmt.Sprintf(format, args...)}
}

// at prefixes a message with the running step's file and line.
func (w *world) at(line int) string {
	return fmt.Sprintf("%s:%d", w.scenario.Feature, line)
}

// positioned puts the failing step's file:line in front of a scenario's
// error that names no place in its feature (a user step's, godog's
// undefined step), keeping its type; godog's own reports show the step
// beside the error, go test's subtests show only the error.
func (w *world) positioned(err error) error {
	if err == nil || w.failed == nil || errors.Is(err, godog.ErrSkip) || strings.HasPrefix(err.Error(), w.scenario.Feature+":") {
		return err
	}
	if errors.Is(err, godog.ErrUndefined) {
		return fmt.Errorf("%s: undefined step %q: define it in Options.Steps or fix its text (`scenario steps` lists the vocabulary): %w", w.at(w.failed.Line), w.failed.Text, godog.ErrUndefined)
	}
	return fmt.Errorf("%s: %w", w.at(w.failed.Line), err)
}

// fail turns a step's error into what godog shows: file:line first, long
// lines cut (see shorten). The error stays underneath, for the reports that
// read its fields (an *engine.Error's code, a *goldenfile.Mismatch).
func (w *world) fail(err error) error {
	msg := shorten(err.Error())
	at := report.Pos{File: w.scenario.Feature, Line: w.step.Line}
	if !strings.HasPrefix(msg, w.scenario.Feature+":") {
		return newFailure(at, msg, err)
	}
	// the message names its place already (a docstring's line and
	// column, which the engine writes as text): that place, read once,
	// here; else the step
	if p, rest, ok := report.Leading(w.scenario.Feature, msg); ok {
		return &failure{msg: msg, pos: p, text: rest, err: underneath(err)}
	}
	return &failure{msg: msg, pos: at, text: msg, err: underneath(err)}
}

func (w *world) pendingFailure() error {
	at := report.Pos{File: w.scenario.Feature, Line: w.pending.line}
	return newFailure(at, "step failed: "+shorten(w.pending.err.Error()), w.pending.err)
}

// failure is a step's error as godog shows it ("file:line: text"), over
// the error itself; a report takes its place from pos (report.Located).
type failure struct {
	msg  string
	pos  report.Pos
	text string
	err  error
}

func (f *failure) Error() string                  { return f.msg }
func (f *failure) Unwrap() error                  { return f.err }
func (f *failure) Location() (report.Pos, string) { return f.pos, f.text }

// newFailure is text at pos, over err.
func newFailure(pos report.Pos, text string, err error) error {
	return &failure{msg: pos.String() + ": " + text, pos: pos, text: text, err: underneath(err)}
}

// underneath is err, to keep under a failure, unless it is one of godog's
// skips or pending steps: a failure is never one (a step that returns
// godog.ErrSkip fails like any error).
func underneath(err error) error {
	if errors.Is(err, godog.ErrSkip) || errors.Is(err, godog.ErrPending) || errors.Is(err, godog.ErrUndefined) {
		return nil
	}
	return err
}

// maxLine is the longest line of a failure message that is shown whole.
const maxLine = 1000

// shorten cuts each line of a failure message longer than maxLine to its
// first and last jsonv.MaxShown bytes: a value an error quotes (a
// runtime's or the engine's) may be megabytes, which every report would
// take seconds to print. Values the assertions show are cut already.
func shorten(msg string) string {
	if len(msg) <= maxLine {
		return msg
	}
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		if len(l) <= maxLine {
			continue
		}
		head, tail := jsonv.Prefix(l, jsonv.MaxShown), jsonv.Suffix(l, jsonv.MaxShown)
		lines[i] = fmt.Sprintf("%s… (%d bytes cut) …%s", head, len(l)-len(head)-len(tail), tail)
	}
	return strings.Join(lines, "\n")
}

// ensureGraph builds the graph from the setup steps on first use.
func (w *world) ensureGraph() error {
	if w.graph != nil {
		return nil
	}
	g, err := w.newGraph()
	if err != nil {
		return err
	}
	w.graph = g
	return nil
}

// state is the current thread's state; a thread no run has started fails
// with *engine.NoState, as the engine's commits on it do.
func (w *world) state() (map[string]any, error) {
	if w.graph == nil || !w.graph.HasThread(w.thread) {
		return nil, &engine.NoState{Thread: w.thread}
	}
	return w.graph.State(w.thread), nil
}

// started is the graph of a scenario whose current thread has state: the
// graph every commit but a run's input needs.
func (w *world) started() (*engine.Graph, error) {
	if _, err := w.state(); err != nil {
		return nil, err
	}
	return w.graph, nil
}

// resolve turns a path written in a step into a file path under the suite
// root, refusing paths that leave it.
func (w *world) resolve(p string) (string, string, error) {
	if filepath.IsAbs(p) {
		return "", "", problemf("path %q is absolute; paths in steps are relative to the suite root %s", p, w.cfg.Root)
	}
	rel, err := suite.Inside(w.cfg.Root, p)
	if err != nil {
		return "", "", &problem{msg: err.Error()}
	}
	return filepath.Join(w.cfg.Root, filepath.FromSlash(rel)), rel, nil
}

// MaxFileBytes is the largest file a step reads (inputs, schemas, plan.md).
const MaxFileBytes = 64 << 20

// readFile reads a file named in a step. The text comes back as a string
// built in place, so a large state file is not copied once more to decode.
func (w *world) readFile(p string) (string, string, error) {
	full, rel, err := w.resolve(p)
	if err != nil {
		return "", "", err
	}
	fail := func(err error) (string, string, error) {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", "", problemf("cannot read %q (under the suite root %s): %v", p, w.cfg.Root, err)
	}
	// a FIFO or a device would block the run or never end: refused before
	// it is opened
	info, err := os.Stat(full)
	if err != nil {
		return fail(err)
	}
	if err := filekind.Regular(info, strconv.Quote(p), "a file to read (JSON, YAML or plan.md)"); err != nil {
		return "", "", &problem{msg: err.Error()}
	}
	f, err := os.Open(full)
	if err != nil {
		return fail(err)
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return fail(err)
	}
	if info.Size() > MaxFileBytes {
		return "", "", problemf("%q is %d bytes, over the %d MiB limit for files a step reads", p, info.Size(), MaxFileBytes>>20)
	}
	var text strings.Builder
	text.Grow(int(info.Size()) + 1) // +1: the read that finds the end
	if _, err := io.Copy(&text, io.LimitReader(f, MaxFileBytes+1)); err != nil {
		return fail(err)
	}
	if text.Len() > MaxFileBytes {
		return "", "", problemf("%q is over the %d MiB limit for files a step reads", p, MaxFileBytes>>20)
	}
	return text.String(), rel, nil
}
