package langgraphpy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// freshSuite is a suite whose graph keeps state at module level, in a
// sibling module (agent/calls.py) and in the environment, and has a node
// that changes directory and environment.
var freshSuite = map[string]string{
	"agent/__init__.py": "",
	"agent/calls.py":    "made = []\n",
	"agent/graph.py": `import os
from typing import Any

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict

from agent.calls import made

os.environ.setdefault("AGENT_TOKEN", "from the module")


class State(TypedDict):
    n: Any
    token: Any
    where: Any


def call(state: State) -> dict:
    made.append(1)
    return {"n": len(made)}


def token(state: State) -> dict:
    return {"token": os.environ.get("AGENT_TOKEN")}


def leave(state: State) -> dict:
    os.chdir("agent")
    os.environ["AGENT_TOKEN"] = "changed"
    return {"where": os.getcwd()}


graph = StateGraph(State).add_node("call", call).add_node("token", token).add_node("leave", leave).add_edge(START, "call").compile()
`,
	"other.py": `from typing import Any

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict


class State(TypedDict):
    done: Any


graph = StateGraph(State).add_node("finish", lambda s: {"done": True}).add_edge(START, "finish").compile()
`,
}

// TestOwnGraphFresh: each graph a scenario opens is its module executed
// afresh, with the suite's modules it imports (a list in agent/calls.py
// starts empty for each); its commits run in the environment the module made, and what a node
// does to the directory and the environment is undone after its commit, so
// that the next graph still loads from the suite root.
func TestOwnGraphFresh(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := t.TempDir()
	for name, src := range freshSuite {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := Start(root, Options{Python: python})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	step := func(g *engine.Graph, node string) map[string]any {
		t.Helper()
		if err := g.Step("main", []engine.NodeOutput{{Node: node, Run: true}}); err != nil {
			t.Fatalf("node %s: %v", node, err)
		}
		return g.State("main")
	}
	for i, ref := range []string{"agent/graph.py:graph", "agent/graph.py:graph", "agent/graph.py:graph"} {
		g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: ref, Runtimes: []engine.Runtime{b}})
		if err != nil {
			t.Fatalf("scenario %d (%s): %v", i+1, ref, err)
		}
		if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
			t.Fatal(err)
		}
		step(g, "call")
		if st := step(g, "call"); st["n"] != 2.0 {
			t.Errorf("scenario %d (%s): n = %v after two calls; want 2 (agent/calls.py's list starts empty in each scenario)", i+1, ref, st["n"])
		}
		if st := step(g, "token"); st["token"] != "from the module" {
			t.Errorf("scenario %d: token = %v; want the module's %q", i+1, st["token"], "from the module")
		}
		step(g, "leave")
		if st := step(g, "token"); st["token"] != "from the module" {
			t.Errorf("scenario %d: token = %v after a node changed it; want the module's %q again", i+1, st["token"], "from the module")
		}
		g.Close()
		// a node moved to agent/: the next graph still loads from the root
		o, err := engine.New(nil, engine.Options{Profile: Profile, Graph: "other.py:graph", Runtimes: []engine.Runtime{b}})
		if err != nil {
			t.Fatalf("after scenario %d: %v", i+1, err)
		}
		if err := o.Invoke("main", ordered(t, `{}`)); err != nil {
			t.Fatal(err)
		}
		if st := step(o, "finish"); st["done"] != true {
			t.Errorf("other.py: done = %v", st["done"])
		}
		o.Close()
	}
}

// editedGraph is a graph whose node returns what its module and a sibling
// module say: edited between scenarios, the next scenario runs the new
// text of both.
func editedGraph(word string) string {
	return `from typing import Any

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict

from agent.answer import ANSWER


class State(TypedDict):
    v: Any
    w: Any


def say(state: State) -> dict:
    return {"v": ANSWER, "w": "` + word + `"}


graph = StateGraph(State).add_node("say", say).add_edge(START, "say").compile()
`
}

// TestOwnGraphEdited: a module the suite edits between two scenarios of
// one process (the graph's and a module it imports) runs as edited in
// the second: the bridge compiles a module's text once, never a file's
// first text for good.
func TestOwnGraphEdited(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("agent/__init__.py", "")
	b, err := Start(root, Options{Python: python})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	// the sizes differ: Python's own .pyc check is by size and mtime
	for i, c := range []struct {
		answer, word string
		v            float64
	}{{"1", "one", 1}, {"22", "three", 22}, {"1", "one", 1}} {
		write("agent/answer.py", "ANSWER = "+c.answer+"\n")
		write("agent/graph.py", editedGraph(c.word))
		g, err := engine.New(nil, engine.Options{Profile: Profile, Graph: "agent/graph.py:graph", Runtimes: []engine.Runtime{b}})
		if err != nil {
			t.Fatalf("scenario %d: %v", i+1, err)
		}
		if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
			t.Fatal(err)
		}
		if err := g.Step("main", []engine.NodeOutput{{Node: "say", Run: true}}); err != nil {
			t.Fatal(err)
		}
		if st := g.State("main"); st["v"] != c.v || st["w"] != c.word {
			t.Errorf("scenario %d: state %v; want v %v and w %q, as the modules now say", i+1, st, c.v, c.word)
		}
		g.Close()
	}
}
