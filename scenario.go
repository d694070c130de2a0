// Package scenario runs Gherkin scenarios about agent state graphs under
// go test: each scenario declares a state schema, an input, what nodes and
// tools returned, and the state it expects; a deterministic engine applies
// the outputs as LangGraph JS (or Dawn, Awaken, llmfy) would, and the state
// is compared with what the scenario says or with a golden file.
//
//	func TestFeatures(t *testing.T) {
//		scenario.Run(t, scenario.Options{}) // features/, golden/, scenarios/ next to this test
//	}
//
// Each scenario is a subtest, so `go test -run 'TestFeatures/<scenario>'`
// runs one, and a failure is reported once, `file.feature:line` first.
// Options is the whole API; the fields a Go team reaches for:
//
//   - Reducers: custom reducers by name, usable in any schema
//     (`reducer: max`).
//   - Nodes: real Go nodes for `When node "<name>" runs`, called with a copy
//     of the state; their errors and panics are NODE_ERROR.
//   - Tools: real Go tools for `When tool "<name>" is called with:`.
//   - Steps: steps of your own beside the vocabulary (`scenario steps`
//     lists it); inside one, State(ctx) is a copy of the current state.
//   - Runtime: "langgraph-js" or "builtin,langgraph-js" runs the commits on
//     LangGraph JS itself, from the suite's node_modules.
//   - Graphs: the team's own Go graphs by name, for `Given the graph from
//     "<name>"`, each behind a Runtime (an eino graph:
//     github.com/stateharness/scenario/runtimes/eino).
//
// A Go graph reaches scenarios through a Runtime, which a framework's
// adapter implements in a few lines: Open gives, per scenario, a fresh
// Session on the graph; its Commit applies one step through the
// framework's own merge (CommitRequest.Before is the state, Outputs what
// the step's nodes returned, or Run for a real node the session runs
// itself) and returns the whole state after it, or an *engine.Error with
// the framework's refusal; a GraphSession names the graph's channels and
// nodes; a GraphRunner runs the graph whole with the scenario's model
// script (`Given the model replies:`). The harness keeps the rest: threads,
// ids, assertions, goldens, reports. See Example_runtime.
//
// Golden files are rewritten by SCENARIO_UPDATE=1 or GOLDIE_UPDATE=1, or by
// `go test -update` when the test package has an -update flag (define one,
// as `scenario init` does, or import goldie, which registers it): the
// package registers no flag, so it never clashes with a user's own.
// SCENARIO_CHECK=1 is `scenario check` under go test, for CI: it writes
// nothing and fails on missing, stale and orphan golden files. The same
// suite runs from the command line with `scenario` (cmd/scenario), and the
// engine package works on its own, without godog.
package scenario

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/internal/goldenfile"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/shell"
	"github.com/stateharness/scenario/steps"
)

// ReducerFunc is a custom reducer: the new value of a field from its current
// value (nil when absent) and one incoming write. It must not modify its
// arguments. Register it in Options.Reducers and name it in a schema.
type ReducerFunc = engine.ReducerFunc

// NodeFunc is a real Go node for `When node "<name>" runs`: it is called
// with a copy of the current state (it cannot change the harness's) and its
// map is committed as `When node "<name>" returns:` would commit it. Values
// in it may be the team's own Go types (structs, pointers, typed maps and
// slices, time.Time, json.Marshaler types): they become what encoding/json
// writes for them, tags and all. Its error, or a panic in it, is
// NODE_ERROR, which a scenario may assert.
type NodeFunc = steps.NodeFunc

// ToolFunc is a real Go tool for `When tool "<name>" is called with:`: it
// gets the docstring's arguments and its result is applied as `When tool
// "<name>" returns:` would apply it; a Go value becomes JSON as for
// NodeFunc, a struct's fields in their order in the tool message. Its error,
// or a panic, is TOOL_ERROR.
type ToolFunc = steps.ToolFunc

// Runtime runs a scenario's commits on a graph: Name is how reports name
// it, and Open gives one scenario a fresh Session (what the scenario's
// graph keeps never reaches the next). An Open that returns an
// *engine.Unsupported skips the scenario, naming why.
type Runtime = engine.Runtime

// Session is a Runtime's view of one scenario: Commit applies one
// engine.CommitRequest (an input, a step of nodes' outputs or real nodes
// to run, a tool's writes) through the graph's own merge and returns the
// whole state after it (a NodeOutput's Output may come as an
// engine.Checked, a value with its key order as written); an error is an *engine.Error with a code of the
// harness's (INVALID_CONCURRENT_GRAPH_UPDATE, NODE_ERROR, ...), and then
// nothing changed.
type Session = engine.Session

// GraphSession is a Session on a graph of the user's: it names the
// graph's channels (the state's fields), its nodes (the only ones a
// scenario may script) and, when it can tell, each channel's kind.
type GraphSession = engine.GraphSession

// GraphRunner is a Session that runs the graph whole (`When the graph runs
// with:`): the request carries the input and what is left of the model,
// node and tool scripts; the result the supersteps, their writes, the
// model calls and the final state.
type GraphRunner = engine.GraphRunner

// State returns a copy of the current thread's state, for the user's own
// steps (Options.Steps): call it with the step's context.
func State(ctx context.Context) (map[string]any, error) { return steps.State(ctx) }

// Options configure Run. The zero value runs features/ next to the test with
// the langgraph profile.
type Options struct {
	// Root is the suite root holding features/, golden/ and scenarios/;
	// default the test package's directory.
	Root string
	// Paths limits the run to feature files, directories or
	// file.feature:LINE, relative to Root.
	Paths []string
	// Tags filters scenarios with godog's tag expressions ("@a && ~@b").
	Tags string
	// Features and Golden name the suite's directories under Root
	// (default "features" and "golden"); scenario.yaml may set them too.
	// Each is a relative path inside Root, not Root itself, and neither
	// is, or holds, the other or the scenarios directory.
	Features, Golden string
	// Profile is the default profile for scenarios that choose none
	// (scenario.yaml's profile: otherwise): a scenario's own choice wins
	// over it, and a scenario on its own graph takes the graph's (a .py
	// graph langgraph-py).
	Profile string
	// IDPrefix starts the message ids the engine generates (default
	// "auto-", so auto-1, auto-2, ...).
	IDPrefix string
	// Reducers are custom reducers by name.
	Reducers map[string]ReducerFunc
	// Concurrency is how many scenarios run at once (default 1).
	Concurrency int
	// Shard "K/N" runs the K-th of N balanced parts of the suite, each
	// row of a Scenario Outline on its own (docs/reference.md, Sharding
	// in CI). Empty reads a CI's variables: Bazel's TEST_TOTAL_SHARDS and
	// TEST_SHARD_INDEX, CircleCI's CIRCLE_NODE_TOTAL and CIRCLE_NODE_INDEX,
	// Buildkite's BUILDKITE_PARALLEL_JOB_COUNT and BUILDKITE_PARALLEL_JOB,
	// GitLab's CI_NODE_TOTAL and CI_NODE_INDEX.
	Shard string
	// ShardTimings is the JUnit report of an earlier run: the shards are
	// balanced by its testcases' times instead of by count.
	ShardTimings string
	// Format lists formatters: godog's progress, pretty and cucumber:FILE;
	// junit:FILE (testcases with file and line); github or github:FILE
	// (GitHub Actions annotations); html:FILE, a self-contained report of
	// every step's state change. Under go test the subtests report failures;
	// godog's own output appears only when a format is given.
	Format string
	// Update rewrites missing and stale goldens, as -update does.
	Update bool
	// Runtime names what runs the commits (docs/reference.md, Runtimes): "builtin" (the
	// default), "langgraph-js" (LangGraph JS itself, from the suite root's
	// node_modules), or "builtin,langgraph-js" to run both and fail a step
	// on which they disagree. scenario.yaml's runtime: applies when empty.
	Runtime string
	// RuntimeTimeout bounds each request to a runtime process (a commit
	// whose real node calls a model may need more); 0 takes scenario.yaml's
	// runtime_timeout, then 30s. A request that takes longer fails its step
	// naming the limit, and the process is started again for the next.
	RuntimeTimeout time.Duration
	// Python is the interpreter of the langgraph-py and llmfy runtimes, relative to
	// Root unless absolute ("../.venv/bin/python"); empty takes
	// scenario.yaml's python:, then the suite's .venv, then python3 on
	// PATH.
	Python string
	// Steps registers the user's own steps next to the vocabulary; inside
	// one, State(ctx) gives the current state.
	Steps func(*godog.ScenarioContext)
	// Nodes are real Go nodes by name (`When node "<name>" runs`), Tools
	// real Go tools (`When tool "<name>" is called with:`).
	Nodes map[string]NodeFunc
	Tools map[string]ToolFunc
	// Graphs are Go graphs by the name a scenario gives them (`Given the
	// graph from "<name>"`), each behind the Runtime that runs it: a name
	// per graph, as Nodes and Tools are named, because a Go graph is a
	// value the test builds, not a file the harness could load. Such a
	// scenario runs on that runtime alone, whatever Runtime says.
	Graphs map[string]Runtime
	// AllowSkips passes a run in which a runtime skipped scenarios it
	// cannot run (the awaken and llmfy profiles, custom Go reducers); by
	// default such a run fails, as check does.
	AllowSkips bool
}

// Run runs the suite's scenarios, each as a subtest of t. While a runtime
// process runs (Options.Runtime), SIGINT and SIGTERM kill it with its
// process group and end the test binary with 130 or 143.
func Run(t *testing.T, opts Options) {
	t.Helper()
	root := opts.Root
	if root == "" {
		root = "."
	}
	cfg := runner.Config{
		Root: root, Paths: opts.Paths, Tags: opts.Tags, Profile: opts.Profile,
		Features: opts.Features, Golden: opts.Golden, IDPrefix: opts.IDPrefix,
		Reducers: opts.Reducers, Concurrency: opts.Concurrency, Format: opts.Format,
		Shard: opts.Shard, ShardFrom: "Options.Shard", ShardTimings: opts.ShardTimings,
		Update: opts.Update || goldenfile.UpdateRequestedInTest(), NoColor: true, T: t,
		Accept: acceptCommand(t.Name()), Runtime: opts.Runtime, RuntimeTimeout: opts.RuntimeTimeout, Python: opts.Python,
		Steps: opts.Steps, Nodes: opts.Nodes, Tools: opts.Tools, Graphs: opts.Graphs,
	}
	check := goldenfile.CheckRequested()
	if check {
		// scenario check's rules: write nothing, and fail on missing,
		// stale and orphan golden files
		cfg.Update, cfg.Check, cfg.Prune = false, true, removeCommand(root)
	}
	res, err := runner.Run(cfg)
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	if check {
		checkGoldens(t, cfg, res, root)
	}
	if res.Status != 0 && !t.Failed() {
		t.Errorf("scenario: the suite failed (godog status %d)", res.Status)
	}
	for _, w := range res.Goldens.Written() {
		t.Logf("updated %s", w)
	}
	if n := res.Skipped(); n > 0 && !opts.AllowSkips {
		t.Errorf("scenario: %d scenarios were skipped on the runtime (see why above); set Options.AllowSkips to accept that", n)
	}
}

// checkGoldens fails the test on what SCENARIO_CHECK finds wrong with the
// golden files, in the words of scenario check, and says when the run could
// not look for orphans.
func checkGoldens(t *testing.T, cfg runner.Config, res *runner.Result, root string) {
	t.Helper()
	update := updateAllCommand(t.Name())
	p := goldenfile.ProblemsOf(res.Goldens, res.Orphans, res.Leftovers)
	p.FixMissing, p.FixStale = update, update
	p.FixOrphans, p.FixLeftovers = removeAll(root, res.Orphans), removeAll(root, res.Leftovers)
	if !p.Clean() {
		var b strings.Builder
		b.WriteString("SCENARIO_CHECK: the golden files are not current")
		p.Write(&b)
		t.Error(b.String())
	}
	c := goldenfile.Coverage{Passed: res.Status == 0, OrphansChecked: res.OrphansChecked}
	if cfg.Filtered() {
		c.Filtered = "-run, tags, shard or scenario lines"
	}
	if why := c.Unchecked(); why != "" {
		t.Log("SCENARIO_CHECK: " + why)
	}
}

// removeCommand renders the command that deletes one orphan golden file
// (a path under the suite root), from the module root as go test commands
// are given.
func removeCommand(root string) func(orphan string) string {
	dir := root
	if !filepath.IsAbs(root) {
		dir = filepath.Join(packageDir(), root)
	}
	return func(orphan string) string {
		return "rm " + shell.Quote(filepath.ToSlash(filepath.Join(dir, filepath.FromSlash(orphan))))
	}
}

// removeAll renders the command that deletes files under the suite root.
func removeAll(root string, files []string) string {
	rm := removeCommand(root)
	words := make([]string, len(files))
	for i, f := range files {
		words[i] = strings.TrimPrefix(rm(f), "rm ")
	}
	return "rm " + strings.Join(words, " ")
}

// updateAllCommand renders the go test command that rewrites every golden
// file of the running test.
func updateAllCommand(testName string) string {
	return goldenfile.GoTestUpdate(packageDir(), shell.Quote("^"+regexp.QuoteMeta(testName)+"$"))
}

// acceptCommand renders the go test command that rewrites one scenario's
// goldens: the package path from the module root and a -run pattern for
// the scenario's subtest.
func acceptCommand(testName string) func(goldenfile.Scenario) string {
	pkg := packageDir()
	return func(s goldenfile.Scenario) string {
		sub := strings.ReplaceAll(s.Name, " ", "_")
		// go test adds #01, #02 to subtests of one name (outline rows)
		pattern := "^" + regexp.QuoteMeta(testName) + "$/^" + regexp.QuoteMeta(sub) + "(#[0-9]+)?$"
		return goldenfile.GoTestUpdate(pkg, "'"+strings.ReplaceAll(pattern, "'", `'\''`)+"'")
	}
}

// packageDir is the test package's directory relative to the module root,
// as go test takes it ("./", "./internal/x").
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	mod := env.FindUp(wd, "go.mod")
	if mod == "" {
		return "."
	}
	rel, err := filepath.Rel(mod, wd)
	if err != nil || rel == "." {
		return "."
	}
	return "./" + filepath.ToSlash(rel)
}
