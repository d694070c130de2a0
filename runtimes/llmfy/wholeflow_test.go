package llmfy

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// assistantFlow is the suite's own llmfy flow with a model: classify, then
// respond asks an LLMfy.
const assistantFlow = "scenarios/graphs/llmfy/assistant.py:flow"

// runCase is a whole run: its input and the model's replies.
type runCase struct {
	Input   map[string]any `json:"input"`
	Replies []any          `json:"replies"`
}

// runOutcome is a run's end: its state, the nodes it ran in order and
// how many times it called the model; or that it failed.
type runOutcome struct {
	Values map[string]any `json:"values"`
	Nodes  []string       `json:"nodes"`
	Calls  int            `json:"calls"`
	Failed bool           `json:"failed"`
}

// wholeReferencePy runs each case with the flow's own invoke, the model
// of its LLMfy answering with the case's replies (a fake generate on
// llmfy's OpenAIChatModel).
const wholeReferencePy = `
import asyncio, json, os, sys
sys.path.insert(0, "scenarios/graphs/llmfy")
import assistant
from llmfy import OpenAIChatModel
from llmfy.flow_engine.execution.hooks import FlowEngineHooks
from llmfy.llmfy_core.responses.ai_response import AIResponse

out = []
for case in json.load(sys.stdin):
    replies = list(case["replies"])
    calls = []
    nodes = []
    def generate(self, messages, tools=None, **kwargs):
        calls.append(1)
        if not replies:
            raise RuntimeError("no reply left")
        return AIResponse(content=replies.pop(0))
    OpenAIChatModel.generate = generate
    assistant.flow._engine_loop.hooks = FlowEngineHooks(on_node_start=lambda n, s: nodes.append(n))
    try:
        values = asyncio.run(assistant.flow.invoke(case["input"]))
        out.append({"values": values, "nodes": nodes, "calls": len(calls), "failed": False})
    except Exception:
        out.append({"values": None, "nodes": None, "calls": 0, "failed": True})
json.dump(out, sys.stdout)
`

func generateRunCase(seed uint64, i int) runCase {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	words := []string{"my", "parcel", "Refund", "is", "LATE", "and", "broken", "hello"}
	q := ""
	for range 1 + r.IntN(5) {
		q += words[r.IntN(len(words))] + " "
	}
	c := runCase{Input: map[string]any{"question": q}, Replies: []any{}}
	if r.IntN(2) == 0 {
		c.Input["tags"] = someTags(r)
	}
	if r.IntN(5) > 0 {
		c.Replies = append(c.Replies, fmt.Sprintf("reply %d", r.IntN(100)))
	}
	return c
}

// TestWholeFlowAgreesWithInvoke: seeded whole runs of the suite's own
// flow with a model end alike through the harness (the run request, the
// model scripted) and in the flow's own invoke with a fake model: the
// state, the nodes in order, the number of model calls, or a failure.
func TestWholeFlowAgreesWithInvoke(t *testing.T) {
	b := bridgeFor(t)
	cases := make([]runCase, 40)
	for i := range cases {
		cases[i] = generateRunCase(5, i)
	}
	want := runReference[runCase, runOutcome](t, wholeReferencePy, cases)
	failed := 0
	for i, c := range cases {
		got := wholeRun(t, b, c)
		if !reflect.DeepEqual(got, want[i]) {
			t.Fatalf("case %d %+v:\n harness: %+v\n llmfy:   %+v", i, c, got, want[i])
		}
		if got.Failed {
			failed++
		}
	}
	if failed == 0 || failed == len(cases) {
		t.Errorf("%d of %d runs failed: the cases test too little", failed, len(cases))
	}
}

// wholeRun is the case's run through the harness.
func wholeRun(t *testing.T, b *Bridge, c runCase) runOutcome {
	t.Helper()
	g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: assistantFlow, Runtimes: []engine.Runtime{b}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.AddModelReplies(c.Replies, nil)
	input := jsonValue(t, c.Input)
	res, err := g.RunGraph("main", engine.GraphRun{Input: &input})
	if err != nil {
		if engine.CodeOf(err) != "MODEL_SCRIPT_EXHAUSTED" {
			t.Fatalf("run %+v: %v", c, err)
		}
		return runOutcome{Failed: true}
	}
	out := runOutcome{Values: res.Values, Nodes: []string{}, Calls: len(res.Calls)}
	for _, s := range res.Steps {
		out.Nodes = append(out.Nodes, s.Nodes...)
	}
	text, _ := json.Marshal(out)
	var norm runOutcome
	_ = json.Unmarshal(text, &norm)
	return norm
}
