package langgraphjs

import (
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/benchcommit"
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/toolchain"
)

// BenchmarkCommitSmallState measures one step commit's round trip on a
// small state (SPEC §15: about a millisecond at most); it reports the
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
