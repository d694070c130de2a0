package record

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// fakeCapturer answers a capture with runs, as a runtime would.
type fakeCapturer struct {
	runs  []bridge.CapturedRun
	asked []*bridge.CaptureRun
}

func (f *fakeCapturer) Capture(graph, profile string, tools bool, next func(prev *bridge.CapturedRun) *bridge.CaptureRun) ([]bridge.CapturedRun, error) {
	var out []bridge.CapturedRun
	var prev *bridge.CapturedRun
	for i := 0; ; i++ {
		r := next(prev)
		if r == nil {
			break
		}
		if i == len(f.runs) {
			return nil, fmt.Errorf("asked for run %d of %d", i+1, len(f.runs))
		}
		f.asked = append(f.asked, r)
		out = append(out, f.runs[i])
		prev = &out[i]
	}
	return out, nil
}

// agentRun is a run of a ReAct graph: agent, tools, agent.
func agentRun() bridge.CapturedRun {
	human := map[string]any{"type": "human", "content": "Where is A-17?", "id": "m-1"}
	call := map[string]any{"type": "ai", "content": "", "id": "auto-1", "tool_calls": []any{map[string]any{"name": "lookup", "args": map[string]any{"order": "A-17"}, "id": "c1"}}}
	tool := map[string]any{"type": "tool", "content": "shipped", "id": "auto-2", "tool_call_id": "c1"}
	answer := map[string]any{"type": "ai", "content": "It shipped.", "id": "auto-3"}
	state := func(msgs ...any) map[string]any { return map[string]any{"messages": msgs} }
	return bridge.CapturedRun{
		Result: &engine.GraphRunResult{
			Values: state(human, call, tool, answer),
			Steps: []engine.GraphStep{
				{Step: 1, Nodes: []string{"agent"}, State: state(human, call)},
				{Step: 2, Nodes: []string{"tools"}, State: state(human, call, tool)},
				{Step: 3, Nodes: []string{"agent"}, State: state(human, call, tool, answer)},
			},
		},
		Replies: []bridge.CapturedReply{
			{Step: 1, Node: "agent", Reply: map[string]any{"content": "", "tool_calls": []any{map[string]any{"name": "lookup", "args": map[string]any{"order": "A-17"}, "id": "c1"}}}},
			{Step: 3, Node: "agent", Reply: map[string]any{"content": "It shipped."}},
		},
		Tools: []bridge.CapturedTool{{Step: 2, Node: "tools", Tool: "lookup", Answer: "shipped"}},
	}
}

// replayWriting is a replay that writes the goldens of run (its steps
// edited by edit first) as the suite's trace and state assertions would.
func replayWriting(t *testing.T, run bridge.CapturedRun, edit func(entries *[]map[string]any, final map[string]any)) func(root, where string, out io.Writer) (bool, error) {
	return replayWritingRuns(t, []bridge.CapturedRun{run}, edit)
}

func replayWritingRuns(t *testing.T, runs []bridge.CapturedRun, edit func(entries *[]map[string]any, final map[string]any)) func(root, where string, out io.Writer) (bool, error) {
	return func(root, where string, out io.Writer) (bool, error) {
		var entries []map[string]any
		for i, run := range runs {
			for _, s := range run.Result.Steps {
				var tasks []any
				for _, n := range s.Nodes {
					tasks = append(tasks, map[string]any{"node": n})
				}
				entries = append(entries, map[string]any{"revision": i + 1, "step": s.Step, "state": clone(t, s.State), "tasks": tasks})
			}
		}
		final := clone(t, runs[len(runs)-1].Result.Values)
		if edit != nil {
			edit(&entries, final)
		}
		dir := filepath.Join(root, "golden", "recorded", "graph")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return false, err
		}
		for name, v := range map[string]any{"a-run.json": final, "a-run.trace.json": entries} {
			data, _ := json.Marshal(v)
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				return false, err
			}
		}
		return false, nil
	}
}

func clone(t *testing.T, m map[string]any) map[string]any {
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// recordWholeRun records run with replay, as record --graph --input does.
func recordWholeRun(t *testing.T, run bridge.CapturedRun, replay func(root, where string, out io.Writer) (bool, error), edit func(*Options)) (string, *Result, error) {
	return record(t, "", map[string]string{"graph.mjs": "", "input.json": `{"messages": [{"type": "human", "content": "Where is A-17?", "id": "m-1"}]}`}, func(o *Options) {
		o.Run, o.RunName = nil, ""
		o.Feature, o.Graph, o.Input = "features/recorded/graph.feature", "graph.mjs:graph", "input.json"
		o.Whole, o.Capturer, o.Replay = true, &fakeCapturer{runs: []bridge.CapturedRun{run}}, replay
		if edit != nil {
			edit(o)
		}
	})
}

// What the replay wrote is what record writes, with the scenario that
// scripts the run.
func TestRecordWholeWritesWhatTheReplayAgreesWith(t *testing.T) {
	run := agentRun()
	dir, res, err := recordWholeRun(t, run, replayWriting(t, run, nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != 3 || res.Golden != "golden/recorded/graph/a-run.json" || res.Trace != "golden/recorded/graph/a-run.trace.json" {
		t.Errorf("result %+v", res)
	}
	feature := read(t, dir, "features/recorded/graph.feature")
	for _, want := range []string{
		"  Scenario: a run\n",
		`    Given the graph from "graph.mjs:graph"` + "\n    And the model replies:\n",
		"    And tool \"lookup\" answers, in turn:\n      \"\"\"json\n      [\n        \"shipped\"\n      ]\n      \"\"\"\n    When the graph runs with:\n",
		"    Then the trace should match the golden file\n    And the steps should be:\n      | step | nodes |\n      | 1    | agent |\n      | 2    | tools |\n      | 3    | agent |\n    And the state should match the golden file\n",
	} {
		if !strings.Contains(feature, want) {
			t.Errorf("the feature lacks %q:\n%s", want, feature)
		}
	}
	if !strings.Contains(read(t, dir, "golden/recorded/graph/a-run.trace.json"), `"node":"tools"`) {
		t.Error("the trace golden is not the replay's")
	}
	// --real-tools: no tool script
	dir, _, err = recordWholeRun(t, run, replayWriting(t, run, nil), func(o *Options) { o.RealTools = true })
	if err != nil {
		t.Fatal(err)
	}
	if f := read(t, dir, "features/recorded/graph.feature"); strings.Contains(f, "answers, in turn") {
		t.Errorf("--real-tools scripted the tool:\n%s", f)
	}
}

// A replay that differs from the run, or fails, is refused and nothing is
// written.
func TestRecordWholeRefusesAReplayThatDiffers(t *testing.T) {
	run := agentRun()
	cases := []struct {
		name   string
		replay func(root, where string, out io.Writer) (bool, error)
		want   string
	}{
		{"another node", replayWriting(t, run, func(e *[]map[string]any, _ map[string]any) {
			(*e)[1]["tasks"] = []any{map[string]any{"node": "lookup"}}
		}),
			"differs from the run of graph.mjs:graph on input.json at superstep 2: the run ran tools, the replay lookup"},
		{"another state", replayWriting(t, run, func(e *[]map[string]any, _ map[string]any) {
			(*e)[0]["state"].(map[string]any)["messages"].([]any)[1].(map[string]any)["content"] = "?"
		}), "gives another state than the run, the run of graph.mjs:graph on input.json, after superstep 1 (agent) (the scripted replies or answers do not give what the run got), so nothing is written:\n  $.messages[1].content: run \"\", replay \"?\""},
		{"a superstep more", replayWriting(t, run, func(e *[]map[string]any, _ map[string]any) {
			*e = append(*e, map[string]any{"revision": 1, "step": 4, "tasks": []any{map[string]any{"node": "tools"}}})
		}), "the replay of the recorded scenario ran 4 supersteps, the run 3; nothing is written"},
		{"another end", replayWriting(t, run, func(_ *[]map[string]any, f map[string]any) { f["extra"] = 1.0 }), "gives another state than the run, the state at the end"},
		{"a failing replay", func(root, where string, out io.Writer) (bool, error) {
			io.WriteString(out, "MODEL_SCRIPT_EXHAUSTED: superstep 3")
			return true, nil
		}, "the replay of the recorded scenario fails, so nothing is written (the run needs what a script cannot give):\nMODEL_SCRIPT_EXHAUSTED: superstep 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, _, err := recordWholeRun(t, run, c.replay, nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			wantNothingWritten(t, dir)
		})
	}
}

// What a scenario cannot script is refused before any replay.
func TestRecordWholeRefusesWhatAScriptCannotGive(t *testing.T) {
	never := func(root, where string, out io.Writer) (bool, error) {
		t.Error("replayed a run that is refused")
		return true, nil
	}
	cases := []struct {
		name string
		edit func(*bridge.CapturedRun)
		want string
	}{
		{"a reply that is no AI message", func(r *bridge.CapturedRun) {
			r.Replies[1] = bridge.CapturedReply{Step: 3, Node: "agent", Refused: "a chat model answered with a human message"}
		},
			`the run of graph.mjs:graph on input.json, superstep 3, node "agent": a chat model answered with a human message; a scenario cannot script this run`},
		{"a tool that threw", func(r *bridge.CapturedRun) {
			r.Tools[0] = bridge.CapturedTool{Step: 2, Node: "tools", Tool: "lookup", Error: "down", Threw: true}
		},
			`superstep 2, node "tools": tool "lookup" threw (down), which a scripted answer cannot do; record with --real-tools`},
		{"a node a table cannot list", func(r *bridge.CapturedRun) { r.Result.Steps[1].Nodes = []string{"a|b"} },
			`superstep 2: node "a|b": ` + "`Then the steps should be:`"},
		{"a breakpoint", func(r *bridge.CapturedRun) { r.Result.Next = []string{"tools"} },
			"stopped before nodes tools with no interrupt (a breakpoint)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := agentRun()
			c.edit(&run)
			dir, _, err := recordWholeRun(t, run, never, nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			wantNothingWritten(t, dir)
		})
	}
}

// A resume by interrupt ids is one when every key names a pending
// interrupt; anything else is the value.
func TestResumeOf(t *testing.T) {
	pending := []engine.GraphInterrupt{{ID: "interrupt-1"}, {ID: "interrupt-2"}}
	if r := resumeOf(map[string]any{"interrupt-1": "yes", "interrupt-2": "no"}, pending); r.ByID == nil {
		t.Errorf("by id: %+v", r)
	}
	if r := resumeOf(map[string]any{"interrupt-1": "yes", "note": "no"}, pending); r.ByID != nil || r.Value == nil {
		t.Errorf("a value: %+v", r)
	}
	if r := resumeOf("yes", pending); r.Value != "yes" {
		t.Errorf("a string: %+v", r)
	}
}

// A run stopped at an interrupt goes on with --resume in the same
// capture: a resume naming the pending interrupts answers each by id, and
// the scenario has the resume and its own steps.
func TestRecordWholeResumesAnInterruptedRun(t *testing.T) {
	first, second := agentRun(), agentRun()
	first.Result.Steps = first.Result.Steps[:1]
	first.Result.Values = first.Result.Steps[0].State
	first.Result.Interrupts = []engine.GraphInterrupt{{ID: "interrupt-1", Node: "tools", Value: "approve?"}}
	first.Replies, first.Tools = first.Replies[:1], nil
	second.Result.Steps = second.Result.Steps[1:]
	for i := range second.Result.Steps {
		second.Result.Steps[i].Step = i + 1
	}
	second.Replies = second.Replies[1:]
	capt := &fakeCapturer{runs: []bridge.CapturedRun{first, second}}
	files := map[string]string{"graph.mjs": "", "input.json": `{"messages": []}`, "yes.json": `{"interrupt-1": "yes"}`}
	dir, res, err := record(t, "", files, func(o *Options) {
		o.Run, o.RunName = nil, ""
		o.Feature, o.Graph, o.Input, o.Resume = "features/recorded/graph.feature", "graph.mjs:graph", "input.json", "yes.json"
		o.Whole, o.Capturer, o.Replay = true, capt, replayWritingRuns(t, capt.runs, nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != 3 || len(capt.asked) != 2 || capt.asked[1].Resume == nil || capt.asked[1].Resume.ByID["interrupt-1"] != "yes" {
		t.Fatalf("result %+v, asked %+v", res, capt.asked)
	}
	feature := read(t, dir, "features/recorded/graph.feature")
	want := "    Then the steps should be:\n      | step | nodes |\n      | 1    | agent |\n    When the graph resumes with:\n      \"\"\"json\n      {\n        \"interrupt-1\": \"yes\"\n      }\n      \"\"\"\n    Then the trace should match the golden file\n    And the steps should be:\n      | step | nodes |\n      | 1    | tools |\n      | 2    | agent |\n"
	if !strings.Contains(feature, want) {
		t.Errorf("the feature lacks\n%s\nin\n%s", want, feature)
	}

	// a run that ended has nothing to resume
	ended := &fakeCapturer{runs: []bridge.CapturedRun{agentRun(), agentRun()}}
	dir, _, err = record(t, "", files, func(o *Options) {
		o.Run, o.RunName = nil, ""
		o.Feature, o.Graph, o.Input, o.Resume = "features/recorded/graph.feature", "graph.mjs:graph", "input.json", "yes.json"
		o.Whole, o.Capturer = true, ended
	})
	if err == nil || !strings.Contains(err.Error(), "--resume yes.json: the run of graph.mjs:graph on input.json ended with no interrupt to resume") {
		t.Fatalf("error %v", err)
	}
	if len(ended.asked) != 1 {
		t.Errorf("the graph ran %d times for a run that ended", len(ended.asked))
	}
	wantNothingWritten(t, dir)
}
