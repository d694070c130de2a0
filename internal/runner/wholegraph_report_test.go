package runner

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/report"
	"github.com/stateharness/scenario/internal/toolchain"
)

// wholeGraphFeature runs scenarios/graphs/react.mjs whole, as
// features/wholegraph_js.feature does: once to its end, once with a
// `Then the steps should be:` that the run contradicts at superstep 2, once
// with a script one reply short (MODEL_SCRIPT_EXHAUSTED at superstep 3).
const wholeGraphFeature = `Feature: Whole-graph runs in the reports

  Background:
    Given the graph from "scenarios/graphs/react.mjs:graph"

  Scenario: the agent calls a tool, then answers
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the run should have ended

  Scenario: the steps differ at superstep 2
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | agent |
      | 3    | agent |

  Scenario: a script one reply short
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the run should have ended
`

// The lines of the feature the reports name.
const (
	passingRunLine = 16 // When the graph runs with: (the passing scenario)
	failingRunLine = 33 // When the graph runs with: (steps differ)
	stepsLine      = 38 // Then the steps should be:
	shortRunLine   = 53 // When the graph runs with: (the short script)
)

// wholeGraphSuite writes the suite with the repository's react.mjs and
// its node_modules; it skips without node (fails under
// SCENARIO_REQUIRE_NODE=1).
func wholeGraphSuite(t *testing.T) string {
	t.Helper()
	env := toolchain.Node(t)
	graph, err := os.ReadFile(filepath.Join(env.Root, "scenarios", "graphs", "react.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	writeSuite(t, root, map[string]string{
		"features/run.feature":       wholeGraphFeature,
		"scenarios/graphs/react.mjs": string(graph),
	})
	if err := os.Symlink(env.NodePath(), filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	for line, text := range map[int]string{passingRunLine: "When the graph runs with:", failingRunLine: "When the graph runs with:", stepsLine: "Then the steps should be:", shortRunLine: "When the graph runs with:"} {
		if got := strings.TrimSpace(strings.Split(wholeGraphFeature, "\n")[line-1]); got != text {
			t.Fatalf("line %d of the feature is %q, not %q", line, got, text)
		}
	}
	return root
}

// TestWholeGraphRunInTheReports runs a whole-graph suite on langgraph-js
// with the HTML, JUnit and GitHub reports: the page shows the run's
// supersteps (the nodes LangGraph ran, the model's replies, the routing,
// the state change), the JUnit testcase lists them in system-out, and the
// failures name their superstep and the step's file and line. JUnit alone
// (no page) lists the same.
func TestWholeGraphRunInTheReports(t *testing.T) {
	root := wholeGraphSuite(t)
	t.Setenv("GITHUB_WORKSPACE", "")
	out := t.TempDir()
	page, junit, github := filepath.Join(out, "r.html"), filepath.Join(out, "r.xml"), filepath.Join(out, "r.txt")
	res, err := Run(Config{Root: root, Runtime: "langgraph-js", Format: "progress,html:" + page + ",junit:" + junit + ",github:" + github, Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 1 {
		t.Fatalf("status %d, want 1 (two scenarios fail)", res.Status)
	}

	// the page: superstep by superstep, as LangGraph ran it
	_, r := readReport(t, page)
	scenarios := r.Features[0].Scenarios
	if len(scenarios) != 3 || scenarios[0].Status != htmlreport.Passed {
		t.Fatalf("scenarios %+v", scenarios)
	}
	var run htmlreport.Step
	for _, st := range scenarios[0].Steps {
		if st.Line == passingRunLine {
			run = st
		} else if st.Supersteps != nil {
			t.Errorf("line %d (%s) shows supersteps", st.Line, st.Text)
		}
	}
	var got []string
	for _, s := range run.Supersteps {
		var nodes []string
		for _, task := range s.Tasks {
			nodes = append(nodes, task.Node)
		}
		got = append(got, strings.Join(nodes, ",")+" -> "+strings.Join(s.Next, ","))
	}
	if want := []string{"agent -> tools", "tools -> agent", "agent -> "}; !slices.Equal(got, want) {
		t.Fatalf("the page's supersteps %q, want %q", got, want)
	}
	if calls := run.Supersteps[0].Tasks[0].ModelCalls; len(calls) != 1 || !strings.Contains(calls[0].Output, `"id":"call-1","name":"lookup_order"`) {
		t.Errorf("superstep 1's model calls %+v, want the scripted tool call", calls)
	}
	if calls := run.Supersteps[2].Tasks[0].ModelCalls; len(calls) != 1 || calls[0].Output != `"Order A-17 shipped on 2 March."` {
		t.Errorf("superstep 3's model calls %+v, want the scripted answer", calls)
	}
	// each superstep's change is from the state after the one before:
	// the tool node added the tool's message
	if s := run.Supersteps[1]; s.NoState || s.Since != "superstep 1" || len(s.Changes) != 1 || s.Changes[0].Path != "$.messages[2]" ||
		s.Changes[0].Op != htmlreport.Added || !strings.Contains(s.Changes[0].After, `"tool_call_id":"call-1"`) {
		t.Errorf("superstep 2's state change %+v", s)
	}
	last := run.Supersteps[2]
	if last.NoState || last.Thread != "main" || !slices.ContainsFunc(last.Changes, func(c htmlreport.Change) bool {
		return strings.HasPrefix(c.Path, "$.messages") && strings.Contains(c.After, "Order A-17 shipped on 2 March.")
	}) {
		t.Errorf("the last superstep's state change %+v", last)
	}

	// JUnit: the runs in system-out, the failures at their superstep
	rep := readJUnitFile(t, junit)
	cases := rep.Suites[0].Cases
	if len(cases) != 3 {
		t.Fatalf("%d testcases", len(cases))
	}
	wantOut := "whole-graph run at features/run.feature:" + strconv.Itoa(passingRunLine) + " (the graph runs with:):\n1: agent -> tools\n2: tools -> agent\n3: agent -> END\n"
	if cases[0].SystemOut == nil || cases[0].SystemOut.Text != wantOut {
		t.Errorf("the passing testcase's system-out %+v, want\n%s", cases[0].SystemOut, wantOut)
	}
	if f := cases[1].Failure; f == nil || !strings.HasPrefix(f.Message, "Step the steps should be: (features/run.feature:"+strconv.Itoa(stepsLine)+", superstep 2: tools -> agent): ") {
		t.Errorf("the contradicted steps' failure %+v", f)
	}
	if f := cases[2].Failure; f == nil || !strings.HasPrefix(f.Message, "Step the graph runs with: (features/run.feature:"+strconv.Itoa(shortRunLine)+", superstep 3): ") || !strings.Contains(f.Message, "MODEL_SCRIPT_EXHAUSTED") {
		t.Errorf("the short script's failure %+v", f)
	}

	// GitHub: the annotations name the superstep
	b, err := os.ReadFile(github)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 ||
		!strings.HasPrefix(lines[0], "::error file=features/run.feature,line="+strconv.Itoa(stepsLine)+",title=Scenario%3A the steps differ at superstep 2 · superstep 2::") ||
		!strings.HasSuffix(lines[0], "%0Awhole-graph run: superstep 2: tools -> agent") ||
		!strings.HasPrefix(lines[1], "::error file=features/run.feature,line="+strconv.Itoa(shortRunLine)+",title=Scenario%3A a script one reply short · superstep 3::MODEL_SCRIPT_EXHAUSTED: superstep 3") {
		t.Errorf("the annotations:\n%s", b)
	}

	// the same run gives the same supersteps' bytes on the page
	if _, err := Run(Config{Root: root, Runtime: "langgraph-js", Format: "html:" + page, Output: io.Discard}); err != nil {
		t.Fatal(err)
	}
	_, again := readReport(t, page)
	first, _ := json.Marshal(scenarios)
	second, _ := json.Marshal(again.Features[0].Scenarios)
	strip := regexp.MustCompile(`"ms":[0-9.e+-]+`)
	if a, b := strip.ReplaceAll(first, nil), strip.ReplaceAll(second, nil); !bytes.Equal(a, b) {
		t.Errorf("a second run's page data differs:\n%s\n%s", a, b)
	}

	// JUnit without the page keeps the runs all the same
	_, err = Run(Config{Root: root, Runtime: "langgraph-js", Format: "junit:" + junit, Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	alone := readJUnitFile(t, junit).Suites[0].Cases
	if alone[0].SystemOut == nil || alone[0].SystemOut.Text != wantOut || alone[1].Failure == nil || alone[1].Failure.Message != cases[1].Failure.Message {
		t.Errorf("JUnit alone: %+v %+v", alone[0].SystemOut, alone[1].Failure)
	}
}

func readJUnitFile(t *testing.T, file string) *report.JUnitSuites {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rep report.JUnitSuites
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JUnit report is not valid XML: %v\n%s", err, data)
	}
	return &rep
}
