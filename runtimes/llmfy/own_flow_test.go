package llmfy

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// supportFlow is the suite's own llmfy flow the tests load: a sorted-union
// reducer of its own (tags) and two nodes, classify then answer.
const supportFlow = "scenarios/graphs/llmfy/support.py:flow"

// flowStep is one step of a flow case: the flow's real node, or a
// scripted output standing for it.
type flowStep struct {
	Node   string `json:"node"`
	Run    bool   `json:"run"`
	Output any    `json:"output"`
}

// flowCase is a first input and the steps after it.
type flowCase struct {
	Input map[string]any `json:"input"`
	Steps []flowStep     `json:"steps"`
}

// flowOutcome is a case's end: the state, or the name of what was raised.
type flowOutcome struct {
	Values map[string]any `json:"values"`
	Error  string         `json:"error"`
}

var tagPool = []string{"vip", "late", "refund", "broken", "press"}

func someTags(r *rand.Rand) []any {
	tags := []any{}
	for _, t := range tagPool {
		if r.IntN(3) == 0 {
			tags = append(tags, t)
		}
	}
	return tags
}

// generateFlowCase is case i of seed: a question that names some of the
// words classify looks for, maybe tags, then one to four steps.
func generateFlowCase(seed uint64, i int) flowCase {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	words := []string{"my", "parcel", "Refund", "is", "LATE", "and", "broken", "hello"}
	q := ""
	for range 1 + r.IntN(5) {
		q += words[r.IntN(len(words))] + " "
	}
	c := flowCase{Input: map[string]any{"question": q}}
	if r.IntN(2) == 0 {
		c.Input["tags"] = someTags(r)
	}
	for range 1 + r.IntN(4) {
		node := []string{"classify", "answer"}[r.IntN(2)]
		switch r.IntN(4) {
		case 0, 1:
			c.Steps = append(c.Steps, flowStep{Node: node, Run: true})
		case 2:
			c.Steps = append(c.Steps, flowStep{Node: node, Output: map[string]any{"tags": someTags(r)}})
		default:
			c.Steps = append(c.Steps, flowStep{Node: node, Output: map[string]any{"answer": fmt.Sprintf("a%d", r.IntN(9)), "tags": someTags(r)}})
		}
	}
	return c
}

// referencePy runs each case (a JSON list on stdin) on the flow's own
// FlowEngine: a case of the flow's real nodes in the flow's own order
// (classify, answer) is the user's flow.invoke itself; any other is one
// invoke of a FlowEngine over the flow's state class whose nodes, one
// after the other, are the case's steps (the flow's own functions, or
// returning the scripted output).
const referencePy = `
import asyncio, json, sys
sys.path.insert(0, "scenarios/graphs/llmfy")
import support
from llmfy.flow_engine import END, START, FlowEngine

def scripted(out):
    return lambda _state: out

def outcome(run):
    try:
        return {"values": asyncio.run(run)}
    except Exception as e:
        cause = e.__cause__ or e
        return {"error": type(cause).__name__}

out = []
for case in json.load(sys.stdin):
    steps = case["steps"]
    if [(s["node"], s["run"]) for s in steps] == [("classify", True), ("answer", True)]:
        out.append(outcome(support.flow.invoke(case["input"])))
        continue
    flow = FlowEngine(support.State)
    prev = START
    for i, s in enumerate(steps):
        name = f"s{i}"
        flow.add_node(name, getattr(support, s["node"]) if s["run"] else scripted(s["output"]))
        flow.add_edge(prev, name)
        prev = name
    flow.add_edge(prev, END)
    flow.build()
    out.append(outcome(flow.invoke(case["input"])))
json.dump(out, sys.stdout)
`

// referenceOutcomes are the cases' ends on llmfy itself.
func referenceOutcomes(t *testing.T, cases []flowCase) []flowOutcome {
	t.Helper()
	return runReference[flowCase, flowOutcome](t, referencePy, cases)
}

// harnessOutcome is the case's end through the harness: the flow loaded
// by the bridge, the input and each step a commit of their own.
func harnessOutcome(t *testing.T, b *Bridge, c flowCase) flowOutcome {
	t.Helper()
	g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: supportFlow, Runtimes: []engine.Runtime{b}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.Invoke("main", jsonValue(t, c.Input)); err != nil {
		t.Fatalf("input %v: %v", c.Input, err)
	}
	for _, s := range c.Steps {
		o := engine.NodeOutput{Node: s.Node, Run: s.Run}
		if !s.Run {
			o.Output = jsonValue(t, s.Output)
		}
		if err := g.Step("main", []engine.NodeOutput{o}); err != nil {
			if engine.CodeOf(err) == engine.NodeError {
				// the error names what the node raised: node "answer" raised ValueError: ...
				_, after, _ := strings.Cut(err.Error(), " raised ")
				name, _, _ := strings.Cut(after, ":")
				return flowOutcome{Error: name}
			}
			t.Fatalf("step %+v: %v", s, err)
		}
	}
	return flowOutcome{Values: g.State("main")}
}

func jsonValue(t *testing.T, v any) engine.Checked {
	t.Helper()
	text, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return ordered(t, string(text))
}

// TestOwnFlowAgreesWithInvoke: seeded random cases on the suite's own
// flow (its own reducer, its real nodes, scripted outputs) end alike
// through the harness (one commit per step, the flow loaded by the bridge)
// and in one invoke of the flow on llmfy itself.
func TestOwnFlowAgreesWithInvoke(t *testing.T) {
	b := bridgeFor(t)
	n := 120
	if *casesFlag > 0 {
		n = *casesFlag
	}
	cases := make([]flowCase, n)
	for i := range cases {
		cases[i] = generateFlowCase(7, i)
	}
	// the flow's own run, as its users invoke it, is among the cases
	cases = append(cases, flowCase{Input: map[string]any{"question": "My refund is late", "tags": []any{"vip"}},
		Steps: []flowStep{{Node: "classify", Run: true}, {Node: "answer", Run: true}}})
	want := referenceOutcomes(t, cases)
	if len(want) != len(cases) {
		t.Fatalf("%d reference outcomes for %d cases", len(want), len(cases))
	}
	errs, runs := 0, 0
	for i, c := range cases {
		got := harnessOutcome(t, b, c)
		w := want[i]
		if w.Values != nil {
			// JSON numbers and lists as the harness reads them
			text, _ := json.Marshal(w.Values)
			w.Values = nil
			_ = json.Unmarshal(text, &w.Values)
		}
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("case %d %+v:\n harness: %+v\n llmfy:   %+v", i, c, got, w)
		}
		if w.Error != "" {
			errs++
		}
		for _, s := range c.Steps {
			if s.Run {
				runs++
			}
		}
	}
	if errs == 0 || errs == len(cases) || runs == 0 {
		t.Errorf("%d of %d cases raised, %d real node runs: the cases test too little", errs, len(cases), runs)
	}
	if got := want[len(want)-1].Values["answer"]; got != "about late, refund, vip" {
		t.Errorf("the flow's own invoke answered %v; want about late, refund, vip", got)
	}
}

// TestOwnFlowOrderIndependence: on the user's own flow the bridge runs a
// step of several scripted nodes in every order its branches may finish
// in: the flow's order-independent reducer (tags, a sorted union) runs,
// and a plain field written two values is PARALLEL_UNSUPPORTED. The
// session is the bridge's own, given the step as the engine hands it (the
// engine leaves the order check of the flow's own fields to the bridge).
func TestOwnFlowOrderIndependence(t *testing.T) {
	b := bridgeFor(t)
	s, err := b.Open(engine.GraphSpec{Profile: Profile, Graph: supportFlow})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	before := map[string]any{"question": "q", "tags": []any{"vip"}}
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: before, Outputs: []engine.NodeOutput{
		{Node: "classify", Output: jsonValue(t, map[string]any{"tags": []any{"late"}})},
		{Node: "answer", Output: jsonValue(t, map[string]any{"tags": []any{"refund"}})},
	}})
	if err != nil {
		t.Fatalf("an order-independent reducer: %v", err)
	}
	if got := fmt.Sprint(res.Values["tags"]); got != "[late refund vip]" {
		t.Errorf("tags %s; want [late refund vip]", got)
	}
	_, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: before, Outputs: []engine.NodeOutput{
		{Node: "classify", Output: jsonValue(t, map[string]any{"answer": "a"})},
		{Node: "answer", Output: jsonValue(t, map[string]any{"answer": "b"})},
	}})
	if engine.CodeOf(err) != engine.ParallelUnsupported || !strings.Contains(err.Error(), `finishing "classify", "answer" gives`) {
		t.Errorf("two values of a plain field: %v; want PARALLEL_UNSUPPORTED naming the orders", err)
	}
}

// TestOwnFlowReturned: what the flow's real node returned comes back by
// node, beside the state its return made through the flow's reducer.
func TestOwnFlowReturned(t *testing.T) {
	b := bridgeFor(t)
	s, err := b.Open(engine.GraphSpec{Profile: Profile, Graph: supportFlow})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{"question": "Broken and late", "tags": []any{"vip"}},
		Outputs: []engine.NodeOutput{{Node: "classify", Run: true}}})
	if err != nil {
		t.Fatal(err)
	}
	returned, _ := res.Returned["classify"].(engine.Checked)
	if got := fmt.Sprint(returned.Value); got != "map[tags:[late broken]]" {
		t.Errorf("classify returned %s; want map[tags:[late broken]] (its own order)", got)
	}
	if got := fmt.Sprint(res.Values["tags"]); got != "[broken late vip]" {
		t.Errorf("tags %s; want [broken late vip] (the flow's sorted union)", got)
	}
}
