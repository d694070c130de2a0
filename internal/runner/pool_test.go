package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// poolFeature runs the team's graph, whose node counts its calls in a
// module-level counter of a sibling module: every scenario must see it at
// zero (docs/reference.md, "Each scenario gets a fresh graph"), whichever
// process of the pool runs it and whatever ran there before. One scenario
// loads the graph and runs nothing (the process keeps such a graph for the
// next scenario); one counts twice; others commit through the schema alone
// (generated message ids).
const poolFeature = `Feature: a pool of runtime processes

  Scenario Outline: scenario <i> counts from zero
    Given the graph from "graphs/counter.<ext>:graph"
    And an empty input state
    When node "count" runs
    Then field "n" should equal 1
    And the state should match the golden file

    Examples:
      | i |
      | 1 |
      | 2 |
      | 3 |
      | 4 |
      | 5 |
      | 6 |

  Scenario: a scenario loads the graph and runs nothing
    Given the graph from "graphs/counter.<ext>:graph"

  Scenario: within one scenario the counter goes on
    Given the graph from "graphs/counter.<ext>:graph"
    And an empty input state
    When node "count" runs
    And node "count" runs
    Then field "n" should equal 2
    And field "log" should equal ["call 1", "call 2"]

  Scenario Outline: messages <i> get the scenario's own ids
    Given the "<profile>" profile
    And the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And the input state:
      """json
      {"messages": ["hello <i>"]}
      """
    When node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "hi <i>"}]}
      """
    Then the state should match the golden file

    Examples:
      | i |
      | 1 |
      | 2 |
      | 3 |
      | 4 |
`

const counterJS = `import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { tally } from "./tally.mjs";

const State = Annotation.Root({
  n: Annotation(),
  log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

export const graph = new StateGraph(State)
  .addNode("count", () => {
    tally.calls++;
    return { n: tally.calls, log: ["call " + tally.calls] };
  })
  .addEdge(START, "count")
  .addEdge("count", END)
  .compile();
`

const counterPy = `import operator
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from .tally import tally


class State(TypedDict, total=False):
    n: Any
    log: Annotated[list, operator.add]


def count(state: State) -> dict:
    tally["calls"] += 1
    return {"n": tally["calls"], "log": [f"call {tally['calls']}"]}


graph = StateGraph(State).add_node("count", count).add_edge(START, "count").add_edge("count", END).compile()
`

// poolSuite writes the suite for one runtime: the graph in ext, its
// profile.
func poolSuite(t *testing.T, ext, profile string) string {
	t.Helper()
	root := t.TempDir()
	feature := strings.NewReplacer("<ext>", ext, "<profile>", profile).Replace(poolFeature)
	files := map[string]string{"features/pool.feature": feature}
	if ext == "mjs" {
		files["graphs/counter.mjs"] = counterJS
		files["graphs/tally.mjs"] = "export const tally = { calls: 0 };\n"
	} else {
		files["graphs/__init__.py"] = ""
		files["graphs/counter.py"] = counterPy
		files["graphs/tally.py"] = "tally = {\"calls\": 0}\n"
	}
	writeSuite(t, root, files)
	return root
}

// times are the JUnit report's timings, the one part of it that differs
// from run to run.
var times = regexp.MustCompile(` time="[0-9.]+"`)

// runPool runs the suite with n processes and returns its JUnit report
// without timings; update writes the golden files.
func runPool(t *testing.T, root, runtime, python string, n int, update bool) []byte {
	t.Helper()
	junit := filepath.Join(t.TempDir(), "r.xml")
	var out bytes.Buffer
	res, err := Run(Config{Root: root, Runtime: runtime, Python: python, Concurrency: n, Update: update, Check: !update,
		Format: "progress,junit:" + junit, Output: &out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 0 {
		t.Fatalf("%s with %d processes: status %d:\n%s", runtime, n, res.Status, out.String())
	}
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	return times.ReplaceAll(data, nil)
}

// testPool runs the suite with 1, 2 and 4 processes: every scenario
// passes (no counter leaks from one scenario to the next on a process),
// each run checks the golden files the first wrote, and the reports are
// the same bytes.
func testPool(t *testing.T, root, runtime, python string) {
	want := runPool(t, root, runtime, python, 1, true)
	goldens, err := os.ReadDir(filepath.Join(root, "golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("the first run wrote no golden files: %v", err)
	}
	for _, n := range []int{1, 2, 4} {
		if got := runPool(t, root, runtime, python, n, false); !bytes.Equal(got, want) {
			t.Errorf("%s with %d processes: the JUnit report differs from one process's:\n%s\nwant:\n%s", runtime, n, got, want)
		}
	}
}

// TestPoolOnLangGraphJS: the pool on langgraph-js gives the same results
// and reports with 1, 2 and 4 processes, and each scenario a fresh graph.
func TestPoolOnLangGraphJS(t *testing.T) {
	env := toolchain.Node(t)
	root := poolSuite(t, "mjs", "langgraph")
	if err := os.Symlink(env.NodePath(), filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	testPool(t, root, "langgraph-js", "")
}

// TestPoolOnLangGraphPy is TestPoolOnLangGraphJS on langgraph-py.
func TestPoolOnLangGraphPy(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := poolSuite(t, "py", "langgraph-py")
	testPool(t, root, "langgraph-py", python)
}
