package langgraphjs

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/benchcommit"
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/toolchain"
)

// BenchmarkCommitSmallState measures one step commit's round trip on a
// small state (docs/reference.md, Runtimes: about a millisecond at most); it reports the
// median as well as the mean.
func BenchmarkCommitSmallState(b *testing.B) {
	br := bridgeFor(b)
	s, err := br.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Fields: []engine.FieldSpec{
		{Name: "messages", Reducer: "messages", Default: []any{}, HasDefault: true},
		{Name: "count", Reducer: "sum", Default: 0.0, HasDefault: true},
		{Name: "status", Reducer: "last-value"},
	}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	before := map[string]any{
		"messages": []any{
			map[string]any{"type": "human", "content": "hello", "id": "auto-1"},
			map[string]any{"type": "ai", "content": "hi there", "id": "auto-2"},
		},
		"count":  1.0,
		"status": "started",
	}
	out := diffcase.Checked(diffcase.Object("messages", diffcase.Object("role", "assistant", "content", "done"), "count", 1.0, "status", "done"))
	req := &engine.CommitRequest{Kind: engine.CommitStep, Before: before, NextID: 2, Outputs: []engine.NodeOutput{{Node: "agent", Output: out}}}
	// warm up: the graph compiles on its first commit
	benchcommit.Run(b, s, req, 50)
}

// BenchmarkRoundTripEcho measures what the Go side and the pipes add to a
// commit: the same request to a bridge that answers at once with a fixed
// state.
func BenchmarkRoundTripEcho(b *testing.B) {
	env := toolchain.Node(b)
	br, err := Start(env.Root, Options{Node: env.Node, Script: readyLine + `
import readline from "node:readline";
const rl = readline.createInterface({input: process.stdin});
const state = {messages: [{type: "human", content: "hello", id: "auto-1"}, {type: "ai", content: "hi there", id: "auto-2"}, {type: "ai", content: "done", id: "auto-3"}], count: 2, status: "done"};
rl.on("line", (line) => { const r = JSON.parse(line); process.stdout.write(JSON.stringify(r.op === "open" ? {id: r.id, graph: 1} : {id: r.id, nextId: 3, values: state}) + "\n"); });
rl.on("close", () => process.exit(0));
`})
	if err != nil {
		b.Fatal(err)
	}
	defer br.Close()
	s, err := br.Open(engine.GraphSpec{Profile: "langgraph"})
	if err != nil {
		b.Fatal(err)
	}
	before := map[string]any{"messages": []any{map[string]any{"type": "human", "content": "hello", "id": "auto-1"}}, "count": 1.0, "status": "started"}
	out := diffcase.Checked(diffcase.Object("messages", diffcase.Object("role", "assistant", "content", "done"), "count", 1.0, "status", "done"))
	req := &engine.CommitRequest{Kind: engine.CommitStep, Before: before, NextID: 2, Outputs: []engine.NodeOutput{{Node: "agent", Output: out}}}
	benchcommit.Run(b, s, req, 0)
}

// readyLine starts a fake bridge: it says it is ready.
const readyLine = `process.stdout.write(JSON.stringify({ready: {node: process.version}}) + "\n");`

// BenchmarkOwnGraphScenario measures what a scenario on its own graph
// costs: open the graph, an input, one step running a real node, close.
// Each scenario loads the graph's module afresh (docs/reference.md, Runtimes), so this is
// the price of a fresh graph; it reports the median, and the bridge's
// resident memory per scenario (rss-KB/op, from /proc on Linux).
func BenchmarkOwnGraphScenario(b *testing.B) {
	cases := []struct{ name, graph, input, node string }{
		{"mjs", "runtimes/langgraphjs/testdata/own/graph.mjs:graph", `{"trail": "in", "messages": ["hi"]}`, "reader"},
		{"ts", "runtimes/langgraphjs/testdata/own/graph.ts:graph", `{"count": 1}`, "inc"},
		{"prebuilt", "scenarios/graphs/orders.mjs:graph", `{"messages": [{"role": "user", "content": "where is A-17?"}, {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "lookup_order", "args": {"order": "A-17"}}]}]}`, "tools"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			br := bridgeFor(b)
			if c.name == "ts" {
				requireTsx(b, br.Dir())
			}
			input := decode(b, c.input)
			scenario := func() {
				s, err := br.Open(engine.GraphSpec{Profile: "langgraph", IDPrefix: "auto-", Graph: c.graph})
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitInput, Input: input})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: res.Values, NextID: res.NextID, Outputs: []engine.NodeOutput{{Node: c.node, Run: true}}}); err != nil {
					b.Fatal(err)
				}
			}
			for i := 0; i < 5; i++ {
				scenario()
			}
			rss, cpu := residentKB(br.Pid()), cpuTime(br.Pid())
			times := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				scenario()
				times = append(times, time.Since(start))
			}
			b.StopTimer()
			sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
			b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
			if after := residentKB(br.Pid()); rss > 0 && after > 0 {
				b.ReportMetric(float64(after-rss)/float64(b.N), "rss-KB/op")
			}
			// the bridge's own CPU time, which other processes on the
			// machine do not inflate as they do the wall clock
			if after := cpuTime(br.Pid()); cpu >= 0 && after >= 0 {
				b.ReportMetric(float64((after-cpu).Microseconds())/float64(b.N), "node-cpu-µs/op")
			}
		})
	}
}

// residentKB is a process's resident memory in KB, or 0 where /proc has
// none.
func residentKB(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return n
		}
	}
	return 0
}

// cpuTime is the CPU time a process has used (user and system), or -1
// where /proc has none; /proc counts it in ticks of 10ms.
func cpuTime(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// the fields after the command's name, which is in parentheses
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return -1
	}
	utime, err1 := strconv.Atoi(f[11])
	stime, err2 := strconv.Atoi(f[12])
	if err1 != nil || err2 != nil {
		return -1
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
