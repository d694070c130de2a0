package llmfy

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// shapeFlows are the suite's flows of the shapes llmfy's examples show:
// a fan-out joined again over a set reducer, a conditional route by a
// label map, an agent looping through a tool over llmfy Messages, a map by
// Send (jokes, which calls no model).
var shapeFlows = []string{"research", "router", "agent", "jokes"}

// shapeCase is one case on one of shapeFlows: a whole run (its input and
// the model's replies), or a step (the state, then the flow's real node
// Node run on it).
type shapeCase struct {
	Flow    string         `json:"flow"`
	Input   map[string]any `json:"input"`
	Replies []any          `json:"replies"`
	Node    string         `json:"node"`
}

// shapeOutcome is a case's end: the state and the nodes run, in the order
// they ended; or that it failed.
type shapeOutcome struct {
	Values map[string]any `json:"values"`
	Nodes  []string       `json:"nodes"`
	Failed bool           `json:"failed"`
}

// shapesReferencePy runs each case on llmfy itself: a whole run is the
// flow's own invoke, its OpenAIChatModel answering with the case's
// replies (a fake generate and agenerate); a step is the node's own
// function on the state, its return merged by llmfy's apply_reducers with
// the flow's reducers. Its JSON: a set as a sorted list, a Message as its
// fields without timestamp (the ids are compared apart).
const shapesReferencePy = `
import asyncio, inspect, json, sys
sys.path.insert(0, "scenarios/graphs/llmfy")
import agent, jokes, research, router
from llmfy import Message, OpenAIChatModel
from llmfy.flow_engine.execution.engine_loop import apply_reducers
from llmfy.flow_engine.execution.hooks import FlowEngineHooks
from llmfy.llmfy_core.messages.tool_call import ToolCall
from llmfy.llmfy_core.responses.ai_response import AIResponse

flows = {"agent": agent, "jokes": jokes, "research": research, "router": router}

def to_flow(name, values):
    out = dict(values)
    if name == "research" and "findings" in out:
        out["findings"] = set(out["findings"])
    if name == "agent" and "messages" in out:
        out["messages"] = [Message(**m) for m in out["messages"]]
    return out

def to_json(v):
    if isinstance(v, dict):
        return {k: to_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [to_json(x) for x in v]
    if isinstance(v, set):
        return sorted(v)
    if isinstance(v, Message):
        return to_json(v.model_dump(mode="json", exclude={"timestamp"}, exclude_none=True))
    return v

replies = []
def answer():
    if not replies:
        raise RuntimeError("no reply left")
    r = replies.pop(0)
    if isinstance(r, str):
        return AIResponse(content=r)
    calls = [ToolCall(tool_call_id=c["id"], request_call_id=c["id"], name=c["name"], arguments=c["args"]) for c in r["tool_calls"]]
    return AIResponse(content=r["content"], tool_calls=calls)

def generate(self, messages, tools=None, **kwargs):
    return answer()

async def agenerate(self, messages, tools=None, **kwargs):
    return answer()

OpenAIChatModel.generate = generate
OpenAIChatModel.agenerate = agenerate

out = []
for case in json.load(sys.stdin):
    mod = flows[case["flow"]]
    flow = mod.flow
    state = to_flow(case["flow"], case["input"])
    try:
        if case["node"]:
            ret = flow.nodes[case["node"]].func(state)
            if inspect.isawaitable(ret):
                ret = asyncio.run(ret)
            apply_reducers(state, ret or {}, flow._reducers)
            out.append({"values": to_json(state), "nodes": [case["node"]], "failed": False})
            continue
        replies[:] = case["replies"]
        nodes = []
        flow._engine_loop.hooks = FlowEngineHooks(on_node_end=lambda n, s, u: nodes.append(n))
        values = asyncio.run(flow.invoke(state))
        out.append({"values": to_json(values), "nodes": nodes, "failed": False})
    except Exception:
        out.append({"values": None, "nodes": None, "failed": True})
json.dump(out, sys.stdout)
`

// generateShapeCase is case i of seed on one of shapeFlows: a whole run
// whose script may run short, or a step of one real node.
func generateShapeCase(seed uint64, i int) shapeCase {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	c := shapeCase{Flow: shapeFlows[i%len(shapeFlows)], Replies: []any{}}
	switch c.Flow {
	case "research":
		c.Input = map[string]any{"topic": pick("llmfy", "graphs", "tea")}
		if r.IntN(2) == 0 {
			c.Input["findings"] = []any{pick("seed", "facts", "old")}
		}
		if r.IntN(4) > 0 {
			c.Replies = append(c.Replies, fmt.Sprintf("sum %d", r.IntN(50)))
		}
		if r.IntN(3) == 0 {
			c.Node = pick("fetch", "research_facts", "research_opinions")
		}
	case "router":
		c.Input = map[string]any{"question": pick("Why two charges?", "Where is it?", "Hello")}
		if r.IntN(5) > 0 {
			c.Replies = append(c.Replies, pick("billing", " Billing ", "other", "refund", ""))
		}
		if r.IntN(3) == 0 {
			c.Input["label"] = pick("billing", "other")
			c.Node = pick("billing_desk", "general_desk")
		}
	case "jokes":
		topics := []any{}
		for range r.IntN(4) {
			topics = append(topics, pick("tea", "owls", "rain", "cats"))
		}
		c.Input = map[string]any{"topics": topics}
		if r.IntN(3) == 0 {
			c.Input = map[string]any{"topic": pick("tea", "owls"), "jokes": []any{"old"}}
			c.Node = "tell_joke"
		}
	default:
		c.Input = map[string]any{"messages": []any{map[string]any{"role": "user", "content": pick("Weather?", "Paris and Oslo?")}}}
		for k := range r.IntN(4) {
			if r.IntN(3) == 0 {
				c.Replies = append(c.Replies, fmt.Sprintf("answer %d", k))
				break
			}
			args := map[string]any{"location": pick("Paris", "Oslo", "Lima")}
			if r.IntN(2) == 0 {
				args["unit"] = pick("kelvin", "fahrenheit")
			}
			c.Replies = append(c.Replies, map[string]any{"content": "", "tool_calls": []any{map[string]any{"name": "get_current_weather", "args": args, "id": fmt.Sprintf("call-%d", k)}}})
		}
	}
	return c
}

// shapeOutcomeOf is the case's end through the harness: the flow loaded
// by the bridge, the run a whole-graph run, the step a commit.
func shapeOutcomeOf(t *testing.T, b *Bridge, c shapeCase) shapeOutcome {
	t.Helper()
	g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: "scenarios/graphs/llmfy/" + c.Flow + ".py:flow", Runtimes: []engine.Runtime{b}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	out := shapeOutcome{Nodes: []string{}}
	if c.Node != "" {
		if err := g.Invoke("main", jsonValue(t, c.Input)); err != nil {
			t.Fatalf("input %v: %v", c.Input, err)
		}
		if err := g.Step("main", []engine.NodeOutput{{Node: c.Node, Run: true}}); err != nil {
			t.Fatalf("case %+v: %v", c, err)
		}
		out.Values, out.Nodes = g.State("main"), []string{c.Node}
	} else {
		g.AddModelReplies(c.Replies, nil)
		input := jsonValue(t, c.Input)
		res, err := g.RunGraph("main", engine.GraphRun{Input: &input})
		if err != nil {
			if engine.CodeOf(err) != engine.ModelScriptExhausted {
				t.Fatalf("case %+v: %v", c, err)
			}
			return shapeOutcome{Failed: true}
		}
		out.Values = res.Values
		for _, s := range res.Steps {
			out.Nodes = append(out.Nodes, s.Nodes...)
		}
	}
	text, _ := json.Marshal(out)
	var norm shapeOutcome
	_ = json.Unmarshal(text, &norm)
	return norm
}

// withoutIDs drops message ids and request_call_ids (the harness numbers
// them auto-N, llmfy makes uuids) and the router's label case: what is
// left must agree exactly.
func withoutIDs(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if k != "id" && k != "request_call_id" {
				out[k] = withoutIDs(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = withoutIDs(x)
		}
		return out
	}
	return v
}

// TestShapesAgreeWithInvoke: 200 seeded cases on the flows of llmfy's
// documented shapes (fan-out over a set reducer, a conditional route, a
// tool loop over Messages, a map by Send) end alike through the harness (the flow
// loader, a whole run with the model scripted, or a real node's step) and
// on llmfy itself (the flow's own invoke with a fake model, or the node's
// function and apply_reducers): the state, the nodes in the order they
// ended, or a failure.
func TestShapesAgreeWithInvoke(t *testing.T) {
	b := bridgeFor(t)
	n := 200
	if *casesFlag > 0 {
		n = *casesFlag
	}
	cases := make([]shapeCase, n)
	for i := range cases {
		cases[i] = generateShapeCase(3, i)
	}
	want := runReference[shapeCase, shapeOutcome](t, shapesReferencePy, cases)
	kinds := map[string]int{}
	for i, c := range cases {
		got := shapeOutcomeOf(t, b, c)
		w := want[i]
		got.Values, _ = withoutIDs(got.Values).(map[string]any)
		w.Values, _ = withoutIDs(w.Values).(map[string]any)
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("case %d %+v:\n harness: %+v\n llmfy:   %+v", i, c, got, w)
		}
		kind := c.Flow + " run"
		if c.Node != "" {
			kind = c.Flow + " step"
		} else if got.Failed {
			kind = c.Flow + " failed"
		}
		kinds[kind]++
	}
	for _, f := range shapeFlows {
		for _, k := range []string{" run", " failed"} {
			if kinds[f+k] == 0 && (f+k != "jokes failed") {
				t.Errorf("no case of kind %q: the cases test too little (%v)", f+k, kinds)
			}
		}
	}
	if kinds["research step"] == 0 || kinds["router step"] == 0 || kinds["jokes step"] == 0 {
		t.Errorf("no step cases (%v)", kinds)
	}
	t.Logf("%d cases: %v", len(cases), kinds)
}
