// Package wholegraph measures a whole-graph run (docs/reference.md,
// Whole-graph runs) against the graph's own invoke: for each graph, b.N
// scenarios on one bridge process (open, run with the model scripted,
// close) beside b.N runs of graph.invoke in one process of the graph's
// own, with a fake chat model at module level given the same replies and
// the time taken inside that process, so neither counts a process start.
// README.md has the command and the numbers.
package wholegraph

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
)

// graphCase is one graph the benchmark runs: its module (from the
// repository's root) and export, its profile, the input, the model's replies, and the
// supersteps a run takes.
type graphCase struct {
	name, module, export string
	profile              string
	input                string
	replies              string
	steps                int
}

var toolCall = `{"content": "", "tool_calls": [{"name": "lookup_order", "args": {"order": "A-17"}, "id": "call-1"}]}`

var jsCases = []graphCase{
	{"react", "scenarios/graphs/react.mjs", "graph", "langgraph", `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`, `[` + toolCall + `, "Order A-17 shipped on 2 March."]`, 3},
	{"routing", "bench/wholegraph/testdata/routing.mjs", "graph", "langgraph", `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`, `["shipping", "Order A-17 shipped on 2 March."]`, 2},
	{"fanout", "bench/wholegraph/testdata/fanout.mjs", "graph", "langgraph", `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`, `["look everywhere", "Order A-17 shipped on 2 March."]`, 3},
}

var pyCases = []graphCase{
	{"react", "scenarios/graphs/react.py", "graph", "langgraph-py", `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`, `[` + toolCall + `, "Order A-17 shipped on 2 March."]`, 3},
	{"routing", "bench/wholegraph/testdata/routing.py", "graph", "langgraph-py", `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`, `["shipping", "Order A-17 shipped on 2 March."]`, 2},
	{"fanout", "bench/wholegraph/testdata/fanout.py", "graph", "langgraph-py", `{"messages": [{"type": "human", "content": "Where is order A-17?", "id": "m-1"}]}`, `["look everywhere", "Order A-17 shipped on 2 March."]`, 3},
}

// BenchmarkWholeGraphJS measures whole-graph runs on langgraph-js against
// the graph's own invoke on LangGraph JS. ns/op is the harness's scenario;
// own-ns/op the graph's own invoke; x-own their ratio; open-, run- and
// close-ns/op the scenario's three requests as the harness sees them.
func BenchmarkWholeGraphJS(b *testing.B) {
	env := toolchain.Node(b)
	br, err := langgraphjs.Start(env.Root, langgraphjs.Options{Node: env.Node})
	if err != nil {
		b.Fatal(err)
	}
	defer br.Close()
	own := func(c graphCase) (*ownRun, error) {
		return startOwn(env.Root, env.Node, filepath.Join("bench", "wholegraph", "testdata", "own.mjs"), filepath.Join(env.Root, c.module), c.export)
	}
	for _, c := range jsCases {
		b.Run(c.name, func(b *testing.B) { measure(b, br, own, c) })
	}
}

// BenchmarkWholeGraphPy is BenchmarkWholeGraphJS on langgraph-py and
// LangGraph Python; it skips, saying why, while langgraph-py does not
// run a graph whole.
func BenchmarkWholeGraphPy(b *testing.B) {
	python := toolchain.LangGraphPython(b)
	root := toolchain.RepoRoot()
	br, err := langgraphpy.Start(root, langgraphpy.Options{Python: python})
	if err != nil {
		b.Fatal(err)
	}
	defer br.Close()
	own := func(c graphCase) (*ownRun, error) {
		return startOwn(root, python, filepath.Join("bench", "wholegraph", "testdata", "own.py"), filepath.Join(root, c.module), c.export)
	}
	for _, c := range pyCases {
		b.Run(c.name, func(b *testing.B) {
			if why := runsWhole(b, br, c); why != "" {
				b.Skip(why)
			}
			measure(b, br, own, c)
		})
	}
}

// opener is a runtime's bridge as the benchmark uses it.
type opener interface {
	Open(spec engine.GraphSpec) (engine.Session, error)
	Pid() int
}

// runsWhole says why the runtime cannot run c's graph whole, or "".
func runsWhole(b *testing.B, br opener, c graphCase) string {
	if _, err := os.Stat(filepath.Join(toolchain.RepoRoot(), c.module)); err != nil {
		return "needs " + c.module + ", the graph whole-graph runs on langgraph-py are checked with"
	}
	s, err := br.Open(engine.GraphSpec{Profile: c.profile, IDPrefix: "auto-", Graph: c.module + ":" + c.export})
	if err != nil {
		return ""
	}
	defer s.Close()
	r, ok := s.(engine.GraphRunner)
	if !ok {
		return "the runtime's sessions do not run a graph whole"
	}
	_, err = r.RunGraph(runRequest(decode(b, c.input).(map[string]any), decode(b, c.replies).([]any)))
	if err != nil && strings.Contains(err.Error(), `unknown op "run"`) {
		return "langgraph-py does not run a graph whole yet: " + err.Error()
	}
	return ""
}

// warmup is the runs of each, harness and own, before the timed ones;
// chunk how many of one run before the other's turn.
const (
	warmup = 30
	chunk  = 10
)

// measure runs b.N scenarios of c on br, then b.N of the graph's own
// invokes, and reports both and their ratio.
func measure(b *testing.B, br opener, startOwn func(graphCase) (*ownRun, error), c graphCase) {
	input := decode(b, c.input).(map[string]any)
	replies := decode(b, c.replies).([]any)
	var open, run, closing time.Duration
	var last *engine.GraphRunResult
	scenario := func() {
		t0 := time.Now()
		s, err := br.Open(engine.GraphSpec{Profile: c.profile, IDPrefix: "auto-", Graph: c.module + ":" + c.export})
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		r, ok := s.(engine.GraphRunner)
		if !ok {
			b.Fatalf("%T does not run a graph whole", s)
		}
		out, err := r.RunGraph(runRequest(input, replies))
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		open, run, closing = open+t1.Sub(t0), run+t2.Sub(t1), closing+time.Since(t2)
		last = out
	}
	p, err := startOwn(c)
	if err != nil {
		b.Fatal(err)
	}
	defer p.close()
	// warm up both: the first open loads the module, the first run
	// patches the chat model classes, and V8 and CPython's caches fill
	for i := 0; i < warmup; i++ {
		scenario()
	}
	if len(last.Steps) != c.steps || len(last.Calls) != len(replies) {
		b.Fatalf("the harness's run took %d supersteps and made %d model calls; want %d and %d", len(last.Steps), len(last.Calls), c.steps, len(replies))
	}
	got, err := p.run(warmup, input, replies)
	if err != nil {
		b.Fatal(err)
	}
	if err := sameMessages(last.Values, got); err != nil {
		b.Fatal(err)
	}
	// the two in turn, a chunk each, so that a machine whose speed drifts
	// (others' work on it) slows both alike
	open, run, closing = 0, 0, 0
	var ownTotal float64
	goCPU, bridgeCPU, ownCPU := cpuTime("self"), cpuTime(strconv.Itoa(br.Pid())), cpuTime(strconv.Itoa(p.cmd.Process.Pid))
	var goRun time.Duration
	b.ResetTimer()
	for done := 0; done < b.N; {
		k := min(chunk, b.N-done)
		b.StartTimer()
		for i := 0; i < k; i++ {
			scenario()
		}
		b.StopTimer()
		// the Go process's CPU while the graph's own run goes on is not the harness's
		pause := cpuTime("self")
		got, err := p.run(k, input, replies)
		goRun += cpuTime("self") - pause
		if err != nil {
			b.Fatal(err)
		}
		ownTotal += got.NsPerOp * float64(k)
		done += k
	}
	harness := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	own := ownTotal / float64(b.N)
	n := float64(b.N)
	b.ReportMetric(float64(open.Nanoseconds())/n, "open-ns/op")
	b.ReportMetric(float64(run.Nanoseconds())/n, "run-ns/op")
	b.ReportMetric(float64(closing.Nanoseconds())/n, "close-ns/op")
	b.ReportMetric(own, "own-ns/op")
	b.ReportMetric(harness/own, "x-own")
	// CPU time, which others' work on the machine does not inflate as it
	// does the wall clock: the harness's (Go and the bridge) against the
	// graph's own process's
	if goCPU >= 0 && bridgeCPU >= 0 && ownCPU >= 0 {
		g := cpuTime("self") - goCPU - goRun
		br := cpuTime(strconv.Itoa(br.Pid())) - bridgeCPU
		o := cpuTime(strconv.Itoa(p.cmd.Process.Pid)) - ownCPU
		b.ReportMetric(float64(g.Nanoseconds())/n, "go-cpu-ns/op")
		b.ReportMetric(float64(br.Nanoseconds())/n, "bridge-cpu-ns/op")
		b.ReportMetric(float64(o.Nanoseconds())/n, "own-cpu-ns/op")
		if o > 0 {
			b.ReportMetric(float64(g+br)/float64(o), "x-own-cpu")
		}
	}
}

// sameMessages holds the harness's final state to the graph's own run:
// the same messages, type and content, in order.
func sameMessages(values map[string]any, own *ownAnswer) error {
	msgs, _ := values["messages"].([]any)
	if len(msgs) != len(own.Messages) {
		return fmt.Errorf("the harness's run ended with %d messages, the graph's own with %d", len(msgs), len(own.Messages))
	}
	for i, m := range msgs {
		obj, _ := m.(map[string]any)
		if obj["type"] != own.Messages[i].Type || !engine.Equal(obj["content"], own.Messages[i].Content) {
			return fmt.Errorf("message %d: the harness's run has %v %v, the graph's own %s %v", i, obj["type"], obj["content"], own.Messages[i].Type, own.Messages[i].Content)
		}
	}
	if own.Left != 0 {
		return fmt.Errorf("the graph's own run left %d of its fake model's replies", own.Left)
	}
	return nil
}

// ownRun is a process of the graph's own, started once: own.mjs or
// own.py, which loads the graph and runs it on request.
type ownRun struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// ownAnswer is its answer to a request: the time per run, and the last
// run's messages and the fake model's replies left.
type ownAnswer struct {
	NsPerOp  float64 `json:"nsPerOp"`
	Messages []struct {
		Type    string `json:"type"`
		Content any    `json:"content"`
	} `json:"messages"`
	Left  int    `json:"left"`
	Error string `json:"error"`
}

func startOwn(root, bin, script, module, export string) (*ownRun, error) {
	cmd := exec.Command(bin, filepath.Join(root, script), module, export)
	cmd.Dir = root
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &ownRun{cmd: cmd, in: in, out: bufio.NewReaderSize(outPipe, 1<<20)}
	if _, err := p.out.ReadString('\n'); err != nil {
		p.close()
		return nil, fmt.Errorf("%s did not start: %v\n%s", script, err, stderr.String())
	}
	return p, nil
}

// run has the process run the graph n times.
func (p *ownRun) run(n int, input map[string]any, replies []any) (*ownAnswer, error) {
	req, err := json.Marshal(map[string]any{"n": n, "input": input, "replies": replies})
	if err != nil {
		return nil, err
	}
	if _, err := p.in.Write(append(req, '\n')); err != nil {
		return nil, err
	}
	line, err := p.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("the graph's own run answered nothing: %v", err)
	}
	var a ownAnswer
	if err := json.Unmarshal([]byte(line), &a); err != nil {
		return nil, fmt.Errorf("the graph's own run answered %q: %v", line, err)
	}
	if a.Error != "" {
		return nil, fmt.Errorf("the graph's own run failed: %s", a.Error)
	}
	return &a, nil
}

func (p *ownRun) close() {
	_ = p.in.Close()
	_ = p.cmd.Wait()
}

// runRequest is the run request of a scenario's one run: input, on a new
// thread, the model given replies.
func runRequest(input map[string]any, replies []any) *engine.GraphRunRequest {
	return &engine.GraphRunRequest{Model: engine.ScriptPart{Items: replies}, Input: &engine.Checked{Value: input}}
}

// decode is the benchmark's JSON text s as a value.
func decode(b *testing.B, s string) any {
	b.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		b.Fatalf("the benchmark's JSON %s: %v", s, err)
	}
	return v
}

// cpuTime is the CPU time (user and system) process pid ("self": this
// one) has used, or -1 where /proc has none; /proc counts it in ticks of
// 10ms.
func cpuTime(pid string) time.Duration {
	data, err := os.ReadFile("/proc/" + pid + "/stat")
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
