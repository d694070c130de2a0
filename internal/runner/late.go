package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/cucumber/godog"
	"github.com/cucumber/godog/formatters"
	"github.com/stateharness/scenario/internal/suite"
)

// A run that needs no scenario positions before it starts (no --shard, no
// go test -run of single scenarios) parses its features once: godog parses
// them, and the suite index is built from godog's documents when godog has
// parsed them all and before it runs the first scenario. The index reaches
// the run through a formatter, the one part of godog that is handed its
// parsed features.

// indexFormat is the formatter's name; it writes nothing.
const indexFormat = "scenario-index"

func init() {
	godog.Format(indexFormat, "builds the suite index from godog's parsed features", newIndexFormatter)
}

// lateIndex is a run's half of the hand-over: what to do with godog's
// documents, and what came of it.
type lateIndex struct {
	// fill indexes the documents (in the run's path order) and matches the
	// steps to the vocabulary; an error ends the run as a load error.
	fill  func([]*godog.GherkinDocument, [][]*godog.Scenario) error
	order []string // the paths as godog got them: godog's feature URIs
	gate  *gate
	done  bool  // fill ran
	err   error // what fill returned
}

// handOff is what a run hands the formatters godog makes for it: its late
// index (nil when it has none) and, for the closing summary, which
// scenarios a runtime skipped.
type handOff struct {
	late    *lateIndex
	skipped func(*godog.Scenario) bool
	// anySkipped reports whether skipped may be true of any scenario
	anySkipped func() bool
	taken      bool // the index formatter, made last, took the hand-over
}

// handOver holds the one run whose formatters godog is about to make: it
// is locked from just before godog.TestSuite.Run until the index
// formatter, the last of the run's formats, takes the run (godog makes
// formatters at once, in format order, on the caller's goroutine), so runs
// in parallel each find their own.
var (
	handOverMu sync.Mutex
	handOver   *handOff
)

// runWithHandOff runs ts, whose format ends with the index formatter,
// handing its formatters h.
func runWithHandOff(ts godog.TestSuite, h *handOff) int {
	handOverMu.Lock()
	handOver = h
	defer func() {
		if !h.taken {
			handOver = nil
			handOverMu.Unlock()
		}
	}()
	return ts.Run()
}

func newIndexFormatter(suite string, out io.Writer) formatters.Formatter {
	f := &indexFormatter{BaseFmt: godog.NewBaseFmt(suite, out)}
	if h := handOver; h != nil && !h.taken {
		h.taken = true
		handOver = nil
		f.late = h.late
		handOverMu.Unlock()
	}
	return f
}

// indexFormatter reads godog's parsed features when the run starts (when
// the run has a late index).
type indexFormatter struct {
	*godog.BaseFmt
	late *lateIndex
}

func (f *indexFormatter) TestRunStarted() {
	li := f.late
	if li == nil || li.done {
		return
	}
	li.done = true
	features := f.Storage.MustGetFeatures() // sorted by URI: put back in path order
	byURI := make(map[string]int, len(features))
	for i, ft := range features {
		byURI[ft.Uri] = i
	}
	var docs []*godog.GherkinDocument
	var pickles [][]*godog.Scenario
	for _, uri := range li.order {
		if i, ok := byURI[uri]; ok {
			docs = append(docs, features[i].GherkinDocument)
			pickles = append(pickles, features[i].Pickles)
		}
	}
	if li.err = li.fill(docs, pickles); li.err != nil {
		li.gate.close()
	}
}

// unlessFailed is init, unless the run's late index failed: then every
// scenario fails at once in its Before hook, without the vocabulary or the
// user's steps and hooks (TestRunStarted, where the index is built, comes
// before godog sets up the first scenario). A run without a late index
// (li nil) is init.
func (li *lateIndex) unlessFailed(init func(*godog.ScenarioContext)) func(*godog.ScenarioContext) {
	if li == nil {
		return init
	}
	return func(sc *godog.ScenarioContext) {
		if li.err == nil {
			init(sc)
			return
		}
		sc.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) {
			return ctx, li.err
		})
	}
}

// Summary is godog's last call; the index formatter has nothing to say.
func (f *indexFormatter) Summary() {}

// gate is godog's output until a load error closes it: what godog writes
// after that (its run of scenarios that cannot run) is dropped.
type gate struct {
	w      io.Writer
	closed atomic.Bool
}

func (g *gate) close() { g.closed.Store(true) }

func (g *gate) Write(p []byte) (int, error) {
	if g.closed.Load() {
		return len(p), nil
	}
	return g.w.Write(p)
}

// failed is the load error of a run whose index came late: the index's
// own, or, when godog stopped before it ran anything (it could not parse a
// feature file, and said so on standard error), the parse error as the
// suite's loader words it. On the command line, where godog's message is
// on the same standard error just above, the parse error only names the
// file (shown false); a test's failure carries it whole.
func (li *lateIndex) failed(root string, layout suite.Layout, paths []string, shown bool) error {
	if li.err != nil {
		return li.err
	}
	if li.done {
		return nil
	}
	if _, err := suite.Load(root, layout, paths); err != nil {
		var pe *suite.ParseError
		if shown && errors.As(err, &pe) {
			return fmt.Errorf("%s could not be parsed (the parser's message above says where)", pe.File)
		}
		return err
	}
	return errors.New("godog stopped before running any scenario (its message is above)")
}
