// Package runtimes_test measures a suite on a real runtime beside the
// built-in engine (docs/reference.md, Runtimes: --concurrency runs a pool
// of runtime processes): the repository's own features, checked as
// `scenario check --allow-skips` checks them, on the built-in engine and
// on langgraph-js and langgraph-py with one and two processes; and what
// one committed step costs on each runtime. See README.md.
package runtimes_test

import (
	"io"
	"slices"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/benchcommit"
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes"
)

// check checks the repository's features on runtime with n processes,
// as the CLI's check --allow-skips does (skips are not failures here:
// the status is).
func check(b *testing.B, runtime, python string, n int) {
	b.Helper()
	res, err := runner.Run(runner.Config{Root: toolchain.RepoRoot(), Runtime: runtime, Python: python, Concurrency: n, Check: true,
		Format: "progress", Output: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	if res.Status != 0 {
		b.Fatalf("%s with %d processes: status %d", runtime, n, res.Status)
	}
}

// BenchmarkSuite checks the features on each runtime; x-builtin is the
// run's median over the built-in engine's median, the two measured in
// the same benchmark run in turn, so that a busy machine slows both.
func BenchmarkSuite(b *testing.B) {
	type side struct {
		name, runtime string
		n             int
	}
	sides := []side{
		{name: "langgraph-js-c1", runtime: "langgraph-js", n: 1},
		{name: "langgraph-js-c2", runtime: "langgraph-js", n: 2},
		{name: "langgraph-py-c1", runtime: "langgraph-py", n: 1},
		{name: "langgraph-py-c2", runtime: "langgraph-py", n: 2},
	}
	for _, s := range sides {
		b.Run(s.name, func(b *testing.B) {
			python := settings(b, s.runtime).Python
			var runs, base []time.Duration
			for b.Loop() {
				start := time.Now()
				check(b, "builtin", "", 1)
				base = append(base, time.Since(start))
				start = time.Now()
				check(b, s.runtime, python, s.n)
				runs = append(runs, time.Since(start))
			}
			b.ReportMetric(median(runs).Seconds(), "s/check")
			b.ReportMetric(median(base).Seconds(), "builtin-s/check")
			b.ReportMetric(float64(median(runs))/float64(median(base)), "x-builtin")
		})
	}
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkCommit is one committed step of a small state (two messages, a
// counter, a status; a node's output that changes each) on each real
// runtime, its process started once: what each committed step of a suite
// costs there (the built-in engine's is a few microseconds:
// bench/suite).
func BenchmarkCommit(b *testing.B) {
	for _, name := range []string{"langgraph-js", "langgraph-py"} {
		b.Run(name, func(b *testing.B) {
			s := settings(b, name)
			rts, procs, err := runtimes.Start(name, "the benchmark", s)
			if err != nil {
				b.Fatal(err)
			}
			defer procs.Stop()
			profile := "langgraph"
			if name == "langgraph-py" {
				profile = "langgraph-py"
			}
			spec := engine.GraphSpec{Profile: profile, IDPrefix: "auto-", Fields: []engine.FieldSpec{
				{Name: "messages", Reducer: "messages", Default: []any{}, HasDefault: true},
				{Name: "count", Reducer: "sum", Default: 0.0, HasDefault: true},
				{Name: "status", Reducer: "last-value"},
			}}
			sess, err := rts[0].Open(spec)
			if err != nil {
				b.Fatal(err)
			}
			defer sess.Close()
			before := map[string]any{
				"messages": []any{
					map[string]any{"type": "human", "content": "hello", "id": "auto-1"},
					map[string]any{"type": "ai", "content": "hi there", "id": "auto-2"},
				},
				"count":  1.0,
				"status": "started",
			}
			out := diffcase.Checked(diffcase.Object("messages", diffcase.Object("role", "assistant", "content", "done"), "count", 1.0, "status", "done"))
			benchcommit.Run(b, sess, &engine.CommitRequest{Kind: engine.CommitStep, Before: before, NextID: 2, Outputs: []engine.NodeOutput{{Node: "agent", Output: out}}}, 50)
		})
	}
}

// settings start name in the repository, skipping (with the reason)
// where its language or packages are missing.
func settings(b *testing.B, name string) runtimes.Settings {
	s := runtimes.Settings{Root: toolchain.RepoRoot()}
	switch name {
	case "langgraph-js":
		toolchain.Node(b)
	case "langgraph-py":
		s.Python = toolchain.LangGraphPython(b)
	}
	return s
}
