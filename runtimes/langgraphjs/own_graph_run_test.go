package langgraphjs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/toolchain"
)

// A suite of a team's own: its graph under scenarios/graphs, its
// node_modules, a feature that runs the graph's real node.
var ownSuite = map[string]string{
	"scenarios/graphs/agent.mjs": `import { Annotation, StateGraph, START, END } from "@langchain/langgraph";
const State = Annotation.Root({
  context: Annotation({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
});
export const graph = new StateGraph(State)
  .addNode("triage", (state) => ({ context: { topic: state.context.order ? "refund" : "question" } }))
  .addEdge(START, "triage")
  .addEdge("triage", END)
  .compile();
`,
	"features/triage.feature": `Feature: triage
  Background:
    Given the graph from "scenarios/graphs/agent.mjs:graph"

  Scenario: triage reads the order
    Given the input state:
      """json
      {"context": {"order": "A-17"}}
      """
    When node "triage" runs
    Then field "context" should equal {"order": "A-17", "topic": "refund"}

  Scenario: a wrong expectation
    Given the input state:
      """json
      {"context": {"order": "A-17"}}
      """
    When node "triage" runs
    Then the state should equal:
      """json
      {"context": {"order": "A-17", "topic": "billing"}}
      """
`,
}

// TestOwnGraphSuiteFailsWithThePath runs a suite on its own graph with
// --runtime langgraph-js: the right expectation passes, the wrong one
// fails naming the JSON path at which the state differs.
func TestOwnGraphSuiteFailsWithThePath(t *testing.T) {
	dir := writeSuite(t, ownSuite)
	var out bytes.Buffer
	res, err := runner.Run(runner.Config{Root: dir, Runtime: "langgraph-js", Format: "pretty", NoColor: true, Output: &out})
	if err != nil {
		t.Fatal(err)
	}
	report := out.String()
	if res.Status != 1 {
		t.Fatalf("status %d; want 1 (one scenario fails):\n%s", res.Status, report)
	}
	for _, want := range []string{"2 scenarios (1 passed, 1 failed)", "features/triage.feature:19: the state differs", "$.context.topic", `"billing"`, `"refund"`} {
		if !strings.Contains(report, want) {
			t.Errorf("the report does not mention %s:\n%s", want, report)
		}
	}
	if res.Skipped() != 0 {
		t.Errorf("skipped %v; want none", res.Skips)
	}
}

// writeSuite writes a suite's files to a new directory, with the
// repository's node_modules, and returns it.
func writeSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	env := toolchain.Node(t)
	dir := t.TempDir()
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(env.NodePath(), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runSuite runs the suite at dir on langgraph-js as the CLI's run does,
// and returns its status and its pretty report.
func runSuite(t *testing.T, dir string) (int, string) {
	t.Helper()
	var out bytes.Buffer
	res, err := runner.Run(runner.Config{Root: dir, Runtime: "langgraph-js", Format: "pretty", NoColor: true, Output: &out})
	if err != nil {
		t.Fatal(err)
	}
	return res.Status, out.String()
}

// TestOwnGraphThatDoesNotLoadFailsOnItsStep: a graph that does not load
// fails the step that names it, whatever comes after, and the report
// names the file and line of the module's error.
func TestOwnGraphThatDoesNotLoadFailsOnItsStep(t *testing.T) {
	dir := writeSuite(t, map[string]string{
		"graphs/typo.ts":   "import { StateGraph } from \"@langchain/langgraph\";\nexport const graph = (1 +;\n",
		"graphs/agent.mjs": ownSuite["scenarios/graphs/agent.mjs"],
		"features/load.feature": `Feature: graphs that do not load
  Scenario: a syntax error
    Given the graph from "graphs/typo.ts:graph"
    And an empty input state

  Scenario: no such export
    Given the graph from "graphs/agent.mjs:agent"
    And the state schema:
      | field   | type   |
      | context | object |
    When node "triage" runs
`,
	})
	status, report := runSuite(t, dir)
	if status != 1 {
		t.Fatalf("status %d; want 1:\n%s", status, report)
	}
	for _, want := range []string{
		"2 scenarios (2 failed)",
		"features/load.feature:3: langgraph-js cannot open the graph graphs/typo.ts:graph: cannot load graphs/typo.ts",
		`graphs/typo.ts:2:25: ERROR: Unexpected ";"`,
		`features/load.feature:7: langgraph-js cannot open the graph graphs/agent.mjs:agent: the module graphs/agent.mjs has no export "agent" (its exports: graph)`,
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the report does not mention %s:\n%s", want, report)
		}
	}
}
