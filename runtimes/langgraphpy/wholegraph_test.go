package langgraphpy_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes/bridge"
	"github.com/stateharness/scenario/runtimes/langgraphpy"
)

// A wholeCase is a graph of scenarios/graphs run whole: the replies its
// fake chat model gives, and its runs on one thread, each an input, a
// resume (by value, or per interrupt by the interrupt's value) or a
// command.
type wholeCase struct {
	Graph          string   `json:"graph"`     // module:attribute, dotted
	RepliesIn      string   `json:"repliesIn"` // the module of the fake model's replies; "": the graph's
	Replies        []any    `json:"replies"`
	Runs           []wholeR `json:"runs"`
	RecursionLimit int      `json:"recursionLimit,omitempty"`
}

type wholeR struct {
	Input         any     `json:"input,omitempty"`
	Resume        any     `json:"resume,omitempty"`
	ResumeByValue [][]any `json:"resumeByValue,omitempty"`
	Command       any     `json:"command,omitempty"`
}

// wholeCases are the graphs the bridge's runs are held to: react.py
// (a tool node and a conditional edge), the flows: a router and a
// Command(goto), a Send fan-out, a subgraph, interrupts resumed by value,
// by id and by a command with an update; react.py compiled with a static
// breakpoint (reviewed.py), run on with no input; react.py looping to
// its recursion limit.
var wholeCases = map[string]wholeCase{
	"react": {Graph: "scenarios.graphs.react:graph", Replies: []any{
		map[string]any{"tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}},
		"Order A-17 shipped on 2 March.", "You are welcome.",
	}, Runs: []wholeR{{Input: human("m-1", "Where is order A-17?")}, {Input: human("m-2", "Thanks.")}}},
	"router-refund": {Graph: "scenarios.graphs.flows.triage:graph", RepliesIn: flowsModel, Replies: []any{"refund", "Your refund is on its way."},
		Runs: []wholeR{{Input: human("m-1", "I want my money back")}}},
	"router-question": {Graph: "scenarios.graphs.flows.triage:graph", RepliesIn: flowsModel, Replies: []any{"question", "Yes."},
		Runs: []wholeR{{Input: human("m-1", "Open on Sunday?")}}},
	"send": {Graph: "scenarios.graphs.flows.fanout:graph", RepliesIn: flowsModel, Replies: []any{"All fine."},
		Runs: []wholeR{{Input: map[string]any{"orders": []any{"A-1", "A-2", "A-3"}}}}},
	"subgraph": {Graph: "scenarios.graphs.flows.nested:graph", RepliesIn: flowsModel, Replies: []any{"30 days.", "You have 30 days."},
		Runs: []wholeR{{Input: human("m-1", "How long to return it?")}}},
	"interrupt": {Graph: "scenarios.graphs.flows.approval:graph", RepliesIn: flowsModel, Replies: []any{"Hello!"},
		Runs: []wholeR{{Input: human("m-1", "hi")}, {Resume: "yes"}}},
	"interrupt-command": {Graph: "scenarios.graphs.flows.approval:graph", RepliesIn: flowsModel, Replies: []any{"Hello!"},
		Runs: []wholeR{{Input: human("m-1", "hi")}, {Command: map[string]any{"resume": "no", "update": map[string]any{"messages": []any{map[string]any{"type": "human", "content": "Shorter.", "id": "m-2"}}}}}}},
	"two-interrupts": {Graph: "scenarios.graphs.flows.approval:both", RepliesIn: flowsModel, Replies: []any{"Hello!"},
		Runs: []wholeR{{Input: human("m-1", "hi")}, {ResumeByValue: [][]any{{"legal review", "approved"}}}, {ResumeByValue: [][]any{{"finance review", "approved"}}}}},
	"breakpoint": {Graph: "scenarios.graphs.reviewed:reviewed", RepliesIn: "scenarios.graphs.react", Replies: []any{
		map[string]any{"tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}},
		"Shipped.",
	}, Runs: []wholeR{{Input: human("m-1", "Where is order A-17?")}, {Input: nil}}},
	"recursion-limit": {Graph: "scenarios.graphs.react:graph", RecursionLimit: 4, Replies: []any{
		map[string]any{"tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"}}},
		map[string]any{"tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-2"}}},
		map[string]any{"tool_calls": []any{map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-3"}}},
	}, Runs: []wholeR{{Input: human("m-1", "Where is order A-17?")}}},
	"goto": {Graph: "scenarios.graphs.react:graph", Replies: []any{"It shipped."},
		Runs: []wholeR{{Command: map[string]any{"update": map[string]any{"messages": []any{map[string]any{"type": "human", "content": "Where is A-17?", "id": "m-1"}}}, "goto": "agent"}}}},
}

const flowsModel = "scenarios.graphs.flows.model"

func human(id, text string) map[string]any {
	return map[string]any{"messages": []any{map[string]any{"type": "human", "content": text, "id": id}}}
}

// direct is one run as the library's own stream made it
// (testdata/wholegraph_direct.py).
type direct struct {
	Error      string     `json:"error"`
	Steps      [][]string `json:"steps"`
	Inner      []string   `json:"inner"`
	Values     any        `json:"values"`
	Next       []string   `json:"next"`
	Interrupts []any      `json:"interrupts"`
	Left       int        `json:"left"`
}

// TestWholeGraphAgreesWithTheLibrarysOwnRun runs each graph of wholeCases
// twice: as LangGraph runs it (its own compile, stream and checkpoint
// history, its own fake chat model fed the replies), and through the
// bridge's run request with the same replies as the model's script; the
// supersteps' nodes, a subgraph's inner nodes, the final state (generated
// message ids renamed alike on both sides), the next nodes, the pending
// interrupts and the replies used must agree, run by run.
func TestWholeGraphAgreesWithTheLibrarysOwnRun(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := toolchain.RepoRoot()
	in, _ := json.Marshal(wholeCases)
	cmd := exec.Command(python, filepath.Join("testdata", "wholegraph_direct.py"), root)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the library's own runs: %v\n%s", err, stderr.String())
	}
	var directs map[string][]direct
	if err := json.Unmarshal(out, &directs); err != nil {
		t.Fatalf("the library's own runs printed %s: %v", out, err)
	}
	p := startProgram(t, python, root)
	names := make([]string, 0, len(wholeCases))
	for name := range wholeCases {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		c := wholeCases[name]
		t.Run(name, func(t *testing.T) {
			module, attr, _ := strings.Cut(c.Graph, ":")
			open := p.ask(t, map[string]any{"op": "open", "spec": map[string]any{"profile": "langgraph-py", "idPrefix": "auto-", "graph": strings.ReplaceAll(module, ".", "/") + ".py:" + attr}})
			graph := open["graph"]
			defer p.ask(t, map[string]any{"op": "close", "graph": graph})
			used, nextID := 0, 0
			var interrupts []any
			for i, r := range c.Runs {
				want := directs[name][i]
				req := map[string]any{"op": "run", "graph": graph, "nextId": nextID, "thread": "main", "before": nil, "input": r.Input,
					"replies": c.Replies[used:], "offset": used}
				if i > 0 {
					req["continue"] = true
				}
				switch {
				case r.Resume != nil:
					req["resume"] = map[string]any{"value": r.Resume}
				case r.ResumeByValue != nil:
					byID := map[string]any{}
					for _, kv := range r.ResumeByValue {
						byID[interruptNamed(t, interrupts, kv[0])] = kv[1]
					}
					req["resume"] = map[string]any{"byId": byID}
				case r.Command != nil:
					req["command"] = r.Command
				}
				if c.RecursionLimit > 0 {
					req["recursionLimit"] = c.RecursionLimit
				}
				got := p.ask(t, req)
				if want.Error != "" {
					// the library stopped the run: the error names its last
					// supersteps and the nodes next, as the library left them
					var last []string
					for j, nodes := range want.Steps {
						last = append(last, fmt.Sprintf("%d: %s", j+1, strings.Join(nodes, ", ")))
					}
					if len(last) > 3 {
						last = last[len(last)-3:]
					}
					e, _ := got["error"].(map[string]any)
					wantMsg := fmt.Sprintf("(its last supersteps: %s; next it would run %s)", strings.Join(last, "; "), strings.Join(want.Next, ", "))
					if e == nil || e["code"] != want.Error || !strings.Contains(fmt.Sprint(e["message"]), wantMsg) {
						t.Errorf("run %d: the bridge answered %v; the library stopped with %s, want a message with %s", i+1, got, want.Error, wantMsg)
					}
					continue
				}
				if got["error"] != nil {
					t.Fatalf("run %d: %v", i+1, got["error"])
				}
				var steps [][]string
				var inner []string
				for _, s := range got["steps"].([]any) {
					st := s.(map[string]any)
					steps = append(steps, strs(st["nodes"]))
					for _, task := range st["tasks"].([]any) {
						for _, is := range asList(task.(map[string]any)["steps"]) {
							inner = append(inner, strs(is.(map[string]any)["nodes"])...)
						}
					}
				}
				if fmt.Sprint(steps) != fmt.Sprint(want.Steps) {
					t.Errorf("run %d: the bridge's supersteps %v, the library's %v", i+1, steps, want.Steps)
				}
				if fmt.Sprint(inner) != fmt.Sprint(want.Inner) {
					t.Errorf("run %d: the bridge's subgraph nodes %v, the library's %v", i+1, inner, want.Inner)
				}
				if g, w := renameIDs(stripped(got["values"])), renameIDs(want.Values); !engine.Equal(g, w) {
					gj, _ := json.Marshal(g)
					wj, _ := json.Marshal(w)
					t.Errorf("run %d: the bridge's state\n%s\nthe library's\n%s", i+1, gj, wj)
				}
				if g := strs(got["next"]); fmt.Sprint(g) != fmt.Sprint(want.Next) {
					t.Errorf("run %d: the bridge's next nodes %v, the library's %v", i+1, g, want.Next)
				}
				interrupts = asList(got["interrupts"])
				var values []any
				for _, it := range interrupts {
					values = append(values, it.(map[string]any)["value"])
				}
				if !engine.Equal(values, want.Interrupts) && len(values)+len(want.Interrupts) > 0 {
					t.Errorf("run %d: the bridge's interrupts %v, the library's %v", i+1, values, want.Interrupts)
				}
				used += len(asList(got["calls"]))
				nextID = int(got["nextId"].(float64))
				if left := len(c.Replies) - used; left != want.Left {
					t.Errorf("run %d: the bridge left %d replies, the library's model %d", i+1, left, want.Left)
				}
			}
		})
	}
}

// interruptNamed is the bridge's name of the pending interrupt of value v.
func interruptNamed(t *testing.T, interrupts []any, v any) string {
	t.Helper()
	for _, it := range interrupts {
		m := it.(map[string]any)
		if engine.Equal(m["value"], v) {
			return m["id"].(string)
		}
	}
	t.Fatalf("no pending interrupt has the value %v: %v", v, interrupts)
	return ""
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func strs(v any) []string {
	var out []string
	for _, x := range asList(v) {
		out = append(out, x.(string))
	}
	return out
}

// stripped is the bridge's state with the members the direct script's
// plain form leaves out (a tool message's status, a tool call's type).
func stripped(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, y := range x {
			if k == "status" || (k == "type" && y == "tool_call") {
				continue
			}
			out[k] = stripped(y)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, y := range x {
			out[i] = stripped(y)
		}
		return out
	}
	return v
}

var generatedID = regexp.MustCompile(`^(auto-\d+|lc_run--[0-9a-f-]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`)

// renameIDs names the messages' generated ids (the harness's auto-N, the
// library's uuids and run ids) gen-1, gen-2, ... in the order they appear.
func renameIDs(v any) any {
	names := map[string]string{}
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			out := map[string]any{}
			for k, y := range x {
				if s, ok := y.(string); ok && k == "id" && generatedID.MatchString(s) {
					if names[s] == "" {
						names[s] = "gen-" + strconv.Itoa(len(names)+1)
					}
					out[k] = names[s]
					continue
				}
				out[k] = walk(y)
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, y := range x {
				out[i] = walk(y)
			}
			return out
		}
		return v
	}
	return walk(v)
}

// program is the bridge's python program, spoken to in its protocol's
// lines.
type program struct {
	in    io.WriteCloser
	lines chan string
	id    int
	err   *bytes.Buffer
}

// startProgram starts the langgraph-py program for the suite at root, as
// runtimes/bridge starts it; the test's end closes its stdin.
func startProgram(t *testing.T, python, root string) *program {
	t.Helper()
	prog := langgraphpy.Program(python, "", root, bridge.DefaultTimeout)
	dir := t.TempDir()
	for f, text := range prog.Files {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	args := make([]string, len(prog.Args))
	for i, a := range prog.Args {
		args[i] = strings.ReplaceAll(a, "{dir}", dir)
	}
	cmd := exec.Command(prog.Command, args...)
	cmd.Dir = prog.Dir
	cmd.Env = append(os.Environ(), prog.Env...)
	p := &program{lines: make(chan string), err: &bytes.Buffer{}}
	cmd.Stderr = p.err
	p.in, _ = cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() {
		p.in.Close()
		cmd.Wait()
	})
	if ready := p.read(t); ready["ready"] == nil {
		t.Fatalf("the program did not start: %v", ready)
	}
	return p
}

func (p *program) read(t *testing.T) map[string]any {
	t.Helper()
	select {
	case s, ok := <-p.lines:
		if !ok {
			t.Fatalf("the program ended; stderr: %s", p.err.String())
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatalf("not JSON: %s", s)
		}
		return v
	case <-time.After(bridge.DefaultTimeout):
		t.Fatalf("no answer in %v; stderr: %s", bridge.DefaultTimeout, p.err.String())
	}
	return nil
}

// ask sends a request and returns its answer; a fatal answer fails the
// test.
func (p *program) ask(t *testing.T, req map[string]any) map[string]any {
	t.Helper()
	p.id++
	req["id"] = p.id
	line, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.in.Write(append(line, '\n')); err != nil {
		t.Fatal(err)
	}
	ans := p.read(t)
	if ans["fatal"] != nil {
		t.Fatalf("%s: fatal %v", line, ans["fatal"])
	}
	return ans
}

// TestWholeGraphFeaturesAreDeterministic runs the bundled whole-graph
// features of Python graphs (features/wholegraph*_py.feature) on
// langgraph-py twice from scratch, in different random orders and four
// scenarios at a time: both runs must pass and write the golden files
// committed, byte for byte.
func TestWholeGraphFeaturesAreDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Python whole-graph features twice")
	}
	python := toolchain.LangGraphPython(t)
	repo := toolchain.RepoRoot()
	features, err := filepath.Glob(filepath.Join(repo, "features", "wholegraph*_py.feature"))
	if err != nil || len(features) == 0 {
		t.Fatalf("no whole-graph features of Python graphs: %v", err)
	}
	committed := map[string]string{}
	for _, f := range features {
		name := strings.TrimSuffix(filepath.Base(f), ".feature")
		files, _ := filepath.Glob(filepath.Join(repo, "golden", name, "*.json"))
		for _, g := range files {
			data, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			committed[name+"/"+filepath.Base(g)] = string(data)
		}
	}
	for _, seed := range []int64{7, 1234567} {
		dir := t.TempDir()
		copyDir(t, filepath.Join(repo, "scenarios", "graphs"), filepath.Join(dir, "scenarios", "graphs"))
		for _, f := range features {
			copyDir(t, f, filepath.Join(dir, "features", filepath.Base(f)))
		}
		var out bytes.Buffer
		res, err := runner.Run(runner.Config{Root: dir, Runtime: langgraphpy.Name, Python: python, Update: true, Random: seed, Concurrency: 4,
			Format: "progress", NoColor: true, Output: &out})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != 0 {
			t.Fatalf("seed %d: status %d:\n%s", seed, res.Status, out.String())
		}
		written := 0
		filepath.WalkDir(filepath.Join(dir, "golden"), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			written++
			rel, _ := filepath.Rel(filepath.Join(dir, "golden"), p)
			data, _ := os.ReadFile(p)
			want, ok := committed[filepath.ToSlash(rel)]
			if !ok {
				t.Errorf("seed %d wrote golden/%s, which is not committed", seed, rel)
			} else if string(data) != want {
				t.Errorf("seed %d: golden/%s differs from the committed one:\n%s", seed, rel, data)
			}
			return nil
		})
		if written != len(committed) {
			t.Errorf("seed %d wrote %d golden files, %d are committed", seed, written, len(committed))
		}
	}
}

// copyDir copies the file or directory src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if d.Name() == "__pycache__" {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWholeGraphSideBySide: side by side with a schema (builtin,
// langgraph-py), the built-in engine re-applies each superstep's writes
// as the bridge reports them, a Send fan-out's three included, and agrees
// with LangGraph's state after it; a schema whose field has not the
// graph's reducer or start disagrees, naming the superstep and the field.
func TestWholeGraphSideBySide(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	repo := toolchain.RepoRoot()
	run := func(notes string) (int, string) {
		dir := t.TempDir()
		copyDir(t, filepath.Join(repo, "scenarios", "graphs"), filepath.Join(dir, "scenarios", "graphs"))
		feature := `Feature: side by side
  Scenario: the fan-out's notes add up
    Given the graph from "scenarios/graphs/flows/fanout.py:graph"
    And the state schema:
      """yaml
      fields:
        orders: {type: array}
        notes: ` + notes + `
        summary: {type: string}
      """
    And the model replies:
      """
      - All fine.
      """
    When the graph runs with:
      """
      orders: [A-1, A-2, A-3]
      """
    Then the run should have ended

  Scenario: the agent's messages
    Given the graph from "scenarios/graphs/react.py:graph"
    And the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      - Shipped.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the run should have ended
`
		if err := os.MkdirAll(filepath.Join(dir, "features"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "features", "side.feature"), []byte(feature), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		res, err := runner.Run(runner.Config{Root: dir, Runtime: "builtin," + langgraphpy.Name, Python: python, Format: "pretty", NoColor: true, Output: &out})
		if err != nil {
			t.Fatal(err)
		}
		return res.Status, out.String()
	}
	if status, report := run("{type: array, default: [], reducer: append}"); status != 0 || !strings.Contains(report, "2 scenarios (2 passed)") {
		t.Errorf("status %d; want both scenarios passed side by side:\n%s", status, report)
	}
	// LangGraph's operator.add channel of a list starts at []
	status, report := run("{type: array}")
	for _, want := range []string{"RUNTIME_DISAGREEMENT: superstep 1 (plan) of the whole-graph run", "$.notes"} {
		if status != 1 || !strings.Contains(report, want) {
			t.Errorf("status %d; want 1 and a report mentioning %s:\n%s", status, want, report)
		}
	}
}

// TestWholeGraphCaptureReplays: a capture run (the graph's own fake model
// and tool answering) keeps each reply and tool result; a scripted run of
// the same graph with those replies and tool answers gives the same
// supersteps and the same state, and the capture holds what the fake was
// given to say.
func TestWholeGraphCaptureReplays(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "graphs"), 0o755); err != nil {
		t.Fatal(err)
	}
	graph := `from typing import Any
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode

replies = [
    AIMessage("", tool_calls=[{"name": "stock", "args": {"sku": "S-1"}, "id": "call-1"}], usage_metadata={"input_tokens": 5, "output_tokens": 3, "total_tokens": 8}),
    AIMessage("Three left.", response_metadata={"finish_reason": "stop"}),
]


class Fake(BaseChatModel):
    @property
    def _llm_type(self) -> str:
        return "fake"

    def bind_tools(self, tools, **kwargs: Any):
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(self, messages, stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=replies.pop(0))])


@tool
def stock(sku: str) -> dict:
    """How many are left."""
    return {"sku": sku, "left": 3}


model = Fake().bind_tools([stock])
graph = (
    StateGraph(MessagesState)
    .add_node("agent", lambda s: {"messages": [model.invoke(s["messages"])]})
    .add_node("tools", ToolNode([stock]))
    .add_edge(START, "agent")
    .add_conditional_edges("agent", lambda s: "tools" if s["messages"][-1].tool_calls else END, ["tools", END])
    .add_edge("tools", "agent")
    .compile()
)
`
	if err := os.WriteFile(filepath.Join(root, "graphs", "shop.py"), []byte(graph), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startProgram(t, python, root)
	run := func(extra map[string]any) map[string]any {
		open := p.ask(t, map[string]any{"op": "open", "spec": map[string]any{"profile": "langgraph-py", "idPrefix": "auto-", "graph": "graphs/shop.py:graph"}})
		req := map[string]any{"op": "run", "graph": open["graph"], "nextId": 0, "thread": "main", "before": nil,
			"input": human("m-1", "How many S-1 are left?"), "replies": []any{}, "offset": 0}
		for k, v := range extra {
			req[k] = v
		}
		got := p.ask(t, req)
		if got["error"] != nil {
			t.Fatalf("%v: %v", extra, got["error"])
		}
		p.ask(t, map[string]any{"op": "close", "graph": open["graph"]})
		return got
	}
	captured := run(map[string]any{"capture": map[string]any{"tools": true}})
	c, _ := captured["captured"].(map[string]any)
	var replies, answers []any
	for _, r := range asList(c["replies"]) {
		replies = append(replies, r.(map[string]any)["reply"])
	}
	for _, a := range asList(c["tools"]) {
		answers = append(answers, a.(map[string]any)["answer"])
	}
	wantReplies := `[{"content":"","tool_calls":[{"args":{"sku":"S-1"},"id":"call-1","name":"stock"}],"usage_metadata":{"input_tokens":5,"output_tokens":3,"total_tokens":8}},{"content":"Three left.","response_metadata":{"finish_reason":"stop"}}]`
	if got, _ := json.Marshal(replies); string(got) != wantReplies {
		t.Errorf("captured replies %s; want %s", got, wantReplies)
	}
	if got, _ := json.Marshal(answers); string(got) != `["{\"sku\": \"S-1\", \"left\": 3}"]` {
		t.Errorf("captured tool results %s", got)
	}
	replayed := run(map[string]any{"replies": replies, "tools": map[string]any{"stock": map[string]any{"answers": answers, "offset": 0, "inTurn": true}}})
	for _, k := range []string{"values", "steps", "next"} {
		if !engine.Equal(captured[k], replayed[k]) {
			a, _ := json.Marshal(captured[k])
			b, _ := json.Marshal(replayed[k])
			t.Errorf("%s: the capture run's\n%s\nthe replay's\n%s", k, a, b)
		}
	}
	if n := len(asList(replayed["calls"])); n != 2 {
		t.Errorf("the replay made %d model calls; want 2", n)
	}
}

// TestWholeGraphModelPaths: the script answers a chat model however a node
// calls it: stream() and astream() of a class that streams (its own
// _stream never runs), batch(), ainvoke() of structured output (a tool
// call named after the schema), and a model bound with response_format
// (ChatOpenAI's structured output: its parser reads the JSON content's
// parse); an async tool scripted by its answers does not run.
func TestWholeGraphModelPaths(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "graphs"), 0o755); err != nil {
		t.Fatal(err)
	}
	graph := `from typing import Annotated, Any
from pydantic import BaseModel
from typing_extensions import TypedDict
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.graph import StateGraph, START, END
from langgraph.graph.message import add_messages
from langgraph.prebuilt import ToolNode


def never():
    raise RuntimeError("the real model was called")
    yield


streams = GenericFakeChatModel(messages=never())


class Never(BaseChatModel):
    @property
    def _llm_type(self):
        return "never"

    def bind_tools(self, tools, **kw):
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kw)

    def _generate(self, *a, **k):
        raise RuntimeError("the real model was called")


class Verdict(BaseModel):
    ok: bool


@tool
async def refund(order: str) -> str:
    """Refund an order."""
    raise RuntimeError("the real tool ran")


never_model = Never()


class S(TypedDict, total=False):
    messages: Annotated[list, add_messages]
    text: str
    many: list
    verdict: Any
    parsed: Any


def stream(s):
    return {"text": "".join(c.content for c in streams.stream(s["messages"]))}


async def astream(s):
    out = ""
    async for c in streams.astream(s["messages"]):
        out += c.content
    return {"text": s["text"] + "|" + out, "many": [m.content for m in streams.batch(["a", "b"])]}


async def judge(s):
    v = await never_model.with_structured_output(Verdict).ainvoke(s["messages"])
    parsed = never_model.bind(response_format={"type": "json_object"}).invoke(s["messages"]).additional_kwargs["parsed"]
    return {"verdict": v.model_dump(), "parsed": parsed}


async def agent(s):
    return {"messages": [await never_model.bind_tools([refund]).ainvoke(s["messages"])]}


graph = (StateGraph(S).add_node("stream", stream).add_node("astream", astream).add_node("judge", judge)
         .add_node("agent", agent).add_node("tools", ToolNode([refund]))
         .add_edge(START, "stream").add_edge("stream", "astream").add_edge("astream", "judge")
         .add_edge("judge", "agent").add_edge("agent", "tools").add_edge("tools", END).compile())
`
	if err := os.WriteFile(filepath.Join(root, "graphs", "paths.py"), []byte(graph), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startProgram(t, python, root)
	open := p.ask(t, map[string]any{"op": "open", "spec": map[string]any{"profile": "langgraph-py", "idPrefix": "auto-", "graph": "graphs/paths.py:graph"}})
	got := p.ask(t, map[string]any{"op": "run", "graph": open["graph"], "nextId": 0, "thread": "main", "before": nil,
		"input": human("m-1", "Refund A-1?"), "offset": 0,
		"replies": []any{"one", "two", "three", "four",
			map[string]any{"tool_calls": []any{map[string]any{"name": "Verdict", "args": map[string]any{"ok": true}, "id": "c-0"}}},
			`{"refund": "A-1"}`,
			map[string]any{"tool_calls": []any{map[string]any{"name": "refund", "args": map[string]any{"order": "A-1"}, "id": "c-1"}}}},
		"tools": map[string]any{"refund": map[string]any{"answers": []any{"refunded"}, "offset": 0, "inTurn": false}}})
	if got["error"] != nil {
		t.Fatal(got["error"])
	}
	values, _ := json.Marshal(stripped(got["values"]))
	want := `{"many":["three","four"],"messages":[{"content":"Refund A-1?","id":"m-1","type":"human"},{"content":"","id":"auto-1","tool_calls":[{"args":{"order":"A-1"},"id":"c-1","name":"refund"}],"type":"ai"},{"content":"refunded","id":"auto-2","name":"refund","tool_call_id":"c-1","type":"tool"}],"parsed":{"refund":"A-1"},"text":"one|two","verdict":{"ok":true}}`
	if string(values) != want {
		t.Errorf("the state after the run:\n%s\nwant:\n%s", values, want)
	}
	if n := len(asList(got["calls"])); n != 7 {
		t.Errorf("%d model calls; want 7: %v", n, got["calls"])
	}
	if tools := asList(got["tools"]); len(tools) != 1 {
		t.Errorf("scripted tool calls %v; want the one of refund", tools)
	}
}
