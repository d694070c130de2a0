package htmlreport

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/htmlreport/browser"
)

// A value is shown as compact canonical JSON whatever its spacing and
// member order; a text that is not JSON stays as it is; both are cut at
// MaxValue.
func TestValue(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{`{ "b": 1,
  "a": [true, null] }`, `{"a":[true,null],"b":1}`},
		{`"<b>"`, `"<b>"`},
		{`lookup_order(order=A-17)`, `lookup_order(order=A-17)`},
	} {
		if got := Value(tc.in); got != tc.want {
			t.Errorf("Value(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	long := strings.Repeat("x", 3*MaxValue)
	if got := Value(long); !strings.HasPrefix(got, long[:MaxValue]) || !strings.HasSuffix(got, "… (6000 bytes in all)") {
		t.Errorf("a long text shows as %d bytes", len(got))
	}
}

// A superstep's changes name the tasks that wrote each path's field.
func TestSuperstepChanges(t *testing.T) {
	s := Superstep{Index: 2, Tasks: []Task{
		{Node: "tools", Writes: []TaskWrite{{Field: "messages"}}},
		{Node: "notes", Writes: []TaskWrite{{Field: "messages"}, {Field: "notes"}, {Field: "notes"}}},
	}}
	s.SetChanges(map[string]any{"messages": []any{"a"}}, map[string]any{"messages": []any{"a", "b"}, "notes": "n", "untouched": 1.0})
	want := []Change{
		{Op: Added, Path: "$.messages[1]", After: `"b"`, By: []string{"tools", "notes"}},
		{Op: Added, Path: "$.notes", After: `"n"`, By: []string{"notes"}},
		{Op: Added, Path: "$.untouched", After: "1"},
	}
	if !reflect.DeepEqual(s.Changes, want) || s.More != 0 {
		t.Errorf("changes %+v (%d more), want %+v", s.Changes, s.More, want)
	}
}

// runPage is a report of one scenario whose step ran a graph whole: an
// agent, a tool node beside a subgraph node, a node that interrupts with
// markup in its value.
func runPage() *Report {
	steps := []Superstep{{
		Index: 1, Since: "the state before the run",
		Tasks: []Task{{Node: "agent", Writes: []TaskWrite{{Field: "messages", Value: `[{"id":"auto-1","type":"ai"}]`}},
			ModelCalls: []ModelCall{{Model: "scripted", Input: `{"content":"Where is A-17?","type":"human"}`, Output: `{"content":"","tool_calls":[{"id":"call-1","name":"lookup"}]}`,
				ToolCalls: []string{`{"id":"call-1","name":"lookup"}`}}}}},
		Changes: []Change{{Op: Added, Path: "$.messages[1]", After: `{"id":"auto-1","type":"ai"}`, By: []string{"agent"}}},
		Next:    []string{"review", "tools"},
	}, {
		Index: 2, NoState: true,
		Tasks: []Task{{Node: "review", Steps: []Superstep{
			{Index: 1, Tasks: []Task{{Node: "draft"}}, Changes: []Change{{Op: Added, Path: "$.draft", After: `"ok?"`, By: []string{"draft"}}}, Next: []string{"check"}},
			{Index: 2, Since: "superstep 1", Tasks: []Task{{Node: "check"}}, Changes: []Change{{Op: Added, Path: "$.verdict", After: `"ask"`, By: []string{"check"}}}},
		}}, {Node: "tools"}},
		Next: []string{"ask"},
	}, {
		Index: 3, Since: "superstep 1", Thread: "main", Revision: 4,
		Tasks:      []Task{{Node: "ask"}},
		Next:       []string{"ask"},
		Interrupts: []Interrupt{{Node: "ask", ID: "interrupt-1", Value: `{"question":"Ship it? </script><img src=x onerror=alert(1)>"}`}},
	}}
	return &Report{Title: "Scenario report", Started: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC), Runtimes: []string{"langgraph-js"},
		Features: []Feature{{Path: "features/run.feature", Name: "Runs", Scenarios: []Scenario{{
			Name: "the run pauses for a review", Line: 3, Key: "features/run.feature:3", Status: Passed,
			Steps: []Step{
				{Text: "the model replies:", Line: 5, Status: Passed},
				{Text: "the graph runs with:", Line: 12, Status: Passed, Supersteps: steps},
			},
		}}}}}
}

// TestSuperstepsInBrowser opens a run's scenario in headless Chromium: the
// run shows one line per superstep, and each superstep its tasks, writes,
// model calls, state change, next nodes and interrupts, the subgraph's
// run under its task, the markup of a value as text.
func TestSuperstepsInBrowser(t *testing.T) {
	bin := browser.Require(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "report.html")
	if err := WriteFile(file, runPage()); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// what a reader's clicks would do: open the scenario, then, once its
	// steps are rendered, every superstep
	i := strings.LastIndex(string(page), "</body>")
	opened := filepath.Join(dir, "opened.html")
	script := `<script>const d = document.getElementById("features/run.feature:3"); d.open = true;
		setTimeout(() => d.querySelectorAll("details.ss").forEach((s) => { s.open = true; }), 50);</script>`
	if err := os.WriteFile(opened, []byte(string(page[:i])+script+string(page[i:])), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &browser.Chromium{Bin: bin, Dir: t.TempDir()}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dom, err := c.DumpDOM(ctx, "file://"+opened)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`whole-graph run: <b>3 supersteps</b> · agent → review, tools → ask · interrupted`,
		`<summary><b>superstep 1</b> <span class="mono">agent</span> <span class="route">→ review, tools</span></summary>`,
		`<summary><b>superstep 3</b> <span class="mono">ask</span> <span class="route">interrupted, resumes at ask</span> <span class="st st-interrupted">INTERRUPT</span></summary>`,
		// a task's write, its model call: the last message given, the reply, the tool calls
		`<td class="mono">messages</td><td class="after mono">[{"id":"auto-1","type":"ai"}]</td>`,
		`<p class="note">the last message it was given</p><pre>{
  "content": "Where is A-17?",
  "type": "human"
}</pre>`,
		`<p class="note">its reply</p><pre>{`,
		`tool calls: <code>{"id":"call-1","name":"lookup"}</code>`,
		// the state change, with who wrote it
		`state change since the state before the run · 1 path changed`,
		`<td class="mono">$.messages[1]</td><td class="before none">absent</td>`,
		`The runtime gave no state after this superstep.`,
		`state change since superstep 1 · thread <b>main</b> · revision 4`,
		// the subgraph's run under its task
		`<summary>subgraph <b>review</b>: 2 inner supersteps</summary>`,
		`<span class="route">→ the subgraph ends</span>`,
		`state change (the state after it) · 1 path changed`,
		// routing and the interrupt, its markup as text
		`next: <b>review</b>, <b>tools</b>`,
		`interrupt <b>interrupt-1</b> at node <b>ask</b>`,
		`"question": "Ship it? &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"`,
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page does not show %q", want)
		}
	}
	if strings.Contains(dom, "<img") {
		t.Error("a value's markup became an element")
	}
	if n := strings.Count(dom, `<details class="ss" open=""`); n != 5 {
		t.Errorf("%d supersteps opened, want 5 (3 of the run, 2 of the subgraph)", n)
	}
	if dir := os.Getenv("SCENARIO_REPORT_ARTIFACTS"); dir != "" {
		if err := c.Screenshot(ctx, "file://"+opened, filepath.Join(dir, "report-supersteps.png"), 1280, 2400); err != nil {
			t.Error(err)
		}
	}
}

// A failed scenario opens at once on the superstep its failure names
// ("superstep 2 differs"), in the run the failing step asserts; a failure
// that names none opens the run's last.
func TestFailedSuperstepOpens(t *testing.T) {
	bin := browser.Require(t)
	r := runPage()
	s := &r.Features[0].Scenarios[0]
	s.Status = Failed
	named, last := *s, *s
	named.Steps = append(slices.Clone(s.Steps), Step{Text: "the steps should be:", Line: 20, Status: Failed,
		Failure: &Failure{Message: "features/run.feature:20: superstep 2 differs: expected 2: tools, the run had 2: review, tools"}})
	last.Name, last.Line, last.Key = "the state differs", 30, "features/run.feature:30"
	last.Steps = append(slices.Clone(s.Steps), Step{Text: `field "x" should equal 1`, Line: 40, Status: Failed,
		Failure: &Failure{Message: `features/run.feature:40: field "x" is absent`}})
	r.Features[0].Scenarios = []Scenario{named, last}
	dir := t.TempDir()
	file := filepath.Join(dir, "report.html")
	if err := WriteFile(file, r); err != nil {
		t.Fatal(err)
	}
	c := &browser.Chromium{Bin: bin, Dir: t.TempDir()}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dom, err := c.DumpDOM(ctx, "file://"+file)
	if err != nil {
		t.Fatal(err)
	}
	opened := regexp.MustCompile(`<details class="ss" open=""><summary><b>superstep (\d+)</b>`).FindAllStringSubmatch(dom, -1)
	var got []string
	for _, m := range opened {
		got = append(got, m[1])
	}
	if want := []string{"2", "3"}; !slices.Equal(got, want) {
		t.Errorf("the supersteps opened at once: %q, want %q (the one named, the last)", got, want)
	}
}
