package langgraphpy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

const ownGraph = `import operator
from typing import Annotated

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict


def longest(a: str, b: str) -> str:
    return b if len(b) > len(a) else a


class State(TypedDict):
    note: Annotated[str, longest]
    turns: Annotated[int, operator.add]


def count(state: State) -> dict:
    return {"turns": 1, "note": "n" * (state["turns"] + 5)}


def fail(state: State) -> dict:
    raise ValueError("no such order")


graph = StateGraph(State).add_node("count", count).add_node("fail", fail).add_edge(START, "count").compile()
`

// TestOwnGraph: a scenario on the suite's own Python graph goes through
// its own reducers (longest), runs its real node, and reports a node that
// raises as NODE_ERROR at the suite's line.
func TestOwnGraph(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "agent"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "agent", "graph.py"), []byte(ownGraph), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Start(root, Options{Python: python})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: "agent/graph.py:graph", Runtimes: []engine.Runtime{b}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.Invoke("main", ordered(t, `{"note": "abc", "turns": 1}`)); err != nil {
		t.Fatal(err)
	}
	if err := g.Step("main", []engine.NodeOutput{{Node: "fail", Output: ordered(t, `{"note": "ab"}`)}, {Node: "count", Run: true}}); err != nil {
		t.Fatal(err)
	}
	if st := g.State("main"); st["note"] != "nnnnnn" || st["turns"] != 2.0 {
		t.Fatalf("state %v; want note nnnnnn (the longest), turns 2", st)
	}
	err = g.Step("main", []engine.NodeOutput{{Node: "fail", Run: true}})
	if engine.CodeOf(err) != engine.NodeError || !strings.Contains(err.Error(), `node "fail" raised ValueError: no such order (at agent/graph.py:22)`) {
		t.Fatalf("err = %v; want NODE_ERROR naming agent/graph.py:22", err)
	}
}

// TestOwnGraphInterrupt: a real node that calls interrupt() fails the
// step: a scenario cannot resume it yet.
func TestOwnGraphInterrupt(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := t.TempDir()
	src := "from typing import Any\nfrom langgraph.graph import START, StateGraph\nfrom langgraph.types import interrupt\nfrom typing_extensions import TypedDict\n\n\nclass State(TypedDict):\n    answer: Any\n\n\ndef ask(state: State) -> dict:\n    return {\"answer\": interrupt(\"which order?\")}\n\n\ngraph = StateGraph(State).add_node(\"ask\", ask).add_edge(START, \"ask\").compile()\n"
	if err := os.WriteFile(filepath.Join(root, "graph.py"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Start(root, Options{Python: python})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: "graph.py:graph", Runtimes: []engine.Runtime{b}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
		t.Fatal(err)
	}
	err = g.Step("main", []engine.NodeOutput{{Node: "ask", Run: true}})
	if engine.CodeOf(err) != engine.RuntimeError || !strings.Contains(err.Error(), "called interrupt()") {
		t.Fatalf("err = %v; want RUNTIME_ERROR: called interrupt()", err)
	}
}
