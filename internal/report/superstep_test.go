package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/htmlreport"
	"github.com/stateharness/scenario/internal/suite"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// Three states of a run's thread: before it, after superstep 1, after
// superstep 3 (the runtime gave none after superstep 2).
const (
	stateBefore = `{"messages": [{"type": "human", "content": "Where is A-17?", "id": "m-1"}]}`
	stateAfter1 = `{"messages": [{"type": "human", "content": "Where is A-17?", "id": "m-1"},
  {"type": "ai", "content": "", "id": "auto-1", "tool_calls": [{"name": "lookup", "args": {"q": "A-17"}, "id": "call-1"}]}]}`
	stateAfter3 = `{"messages": [{"type": "human", "content": "Where is A-17?", "id": "m-1"},
  {"type": "ai", "content": "", "id": "auto-1", "tool_calls": [{"name": "lookup", "args": {"q": "A-17"}, "id": "call-1"}]},
  {"type": "tool", "content": "<b>shipped</b>", "id": "auto-2", "tool_call_id": "call-1"}], "review": {"verdict": "ask"}}`
)

// handRun is a run of an agent, a tool node beside a subgraph node
// ("review", two inner supersteps), and a node that interrupts: the
// model the step library fills, written by hand.
func handRun() []Superstep {
	return []Superstep{{
		Index: 1,
		Tasks: []Task{{Node: "agent", ID: "task-1",
			Writes: []Write{{Field: "messages", Value: `[{"type": "ai", "content": "", "id": "auto-1", "tool_calls": [{"name": "lookup", "args": {"q": "A-17"}, "id": "call-1"}]}]`}},
			ModelCalls: []ModelCall{{Model: "scripted",
				Input:     `{"type": "human", "content": "Where is A-17?", "id": "m-1"}`,
				Output:    `{"content": "", "tool_calls": [{"name": "lookup", "args": {"q": "A-17"}, "id": "call-1"}]}`,
				ToolCalls: []string{`{"name": "lookup", "args": {"q": "A-17"}, "id": "call-1"}`}}},
		}},
		Next:       []string{"tools", "review"},
		StateAfter: stateAfter1,
	}, {
		Index: 2,
		Tasks: []Task{
			{Node: "tools", Writes: []Write{{Field: "messages", Value: `[{"type": "tool", "content": "<b>shipped</b>", "id": "auto-2", "tool_call_id": "call-1"}]`}}},
			{Node: "review", Writes: []Write{{Field: "review", Value: `{"verdict": "ask"}`}}, Steps: []Superstep{
				{Index: 1, Tasks: []Task{{Node: "draft", Writes: []Write{{Field: "draft", Value: `"ok?"`}}}}, Next: []string{"check"}, StateAfter: `{"draft": "ok?"}`},
				{Index: 2, Tasks: []Task{{Node: "check", Writes: []Write{{Field: "verdict", Value: `"ask"`}}}}, StateAfter: `{"draft": "ok?", "verdict": "ask"}`},
			}},
		},
		Next: []string{"ask"},
	}, {
		Index:      3,
		Tasks:      []Task{{Node: "ask", Err: "GraphInterrupt"}},
		Next:       []string{"ask"},
		Interrupts: []Interrupt{{Node: "ask", ID: "interrupt-1", Value: `{"question": "Ship it? </script><script>alert(1)</script>"}`}},
		Thread:     "main", Revision: 4,
		StateAfter: stateAfter3,
	}}
}

func decodeState(t *testing.T, text string) map[string]any {
	t.Helper()
	m, ok := stateOf(text)
	if !ok {
		t.Fatalf("not a state: %s", text)
	}
	return m
}

// The page's run: each superstep's change is from the state after the
// superstep before, a superstep without a state is said to have none and
// the next change is from the last state known; the first is from the
// state before the run; a subgraph's inner run nests under its task, its
// first change from nothing; values are compact canonical JSON.
func TestHTMLSupersteps(t *testing.T) {
	got, more := htmlSupersteps(handRun(), decodeState(t, stateBefore), "the state before the run")
	if more != 0 || len(got) != 3 {
		t.Fatalf("%d supersteps, %d more; want 3, 0", len(got), more)
	}
	s1, s2, s3 := got[0], got[1], got[2]
	if s1.Since != "the state before the run" || s1.NoState || len(s1.Changes) != 1 {
		t.Fatalf("superstep 1: %+v", s1)
	}
	if c := s1.Changes[0]; c.Op != htmlreport.Added || c.Path != "$.messages[1]" || !reflect.DeepEqual(c.By, []string{"agent"}) ||
		c.After != `{"content":"","id":"auto-1","tool_calls":[{"args":{"q":"A-17"},"id":"call-1","name":"lookup"}],"type":"ai"}` {
		t.Errorf("superstep 1's change %+v", c)
	}
	call := s1.Tasks[0].ModelCalls[0]
	if call.Input != `{"content":"Where is A-17?","id":"m-1","type":"human"}` || call.Output != `{"content":"","tool_calls":[{"args":{"q":"A-17"},"id":"call-1","name":"lookup"}]}` ||
		!reflect.DeepEqual(call.ToolCalls, []string{`{"args":{"q":"A-17"},"id":"call-1","name":"lookup"}`}) {
		t.Errorf("superstep 1's model call %+v", call)
	}
	if !reflect.DeepEqual(s1.Next, []string{"tools", "review"}) || s1.Tasks[0].ID != "task-1" {
		t.Errorf("superstep 1: next %v, task %+v", s1.Next, s1.Tasks[0])
	}
	if !s2.NoState || s2.Changes != nil || s2.Since != "" {
		t.Errorf("superstep 2 has no state, yet: %+v", s2)
	}
	sub := s2.Tasks[1]
	if sub.Node != "review" || len(sub.Steps) != 2 {
		t.Fatalf("the subgraph's task %+v", sub)
	}
	if in := sub.Steps[0]; in.Since != "" || len(in.Changes) != 1 || in.Changes[0].Path != "$.draft" || in.Changes[0].Op != htmlreport.Added {
		t.Errorf("the subgraph's first superstep %+v", in)
	}
	if in := sub.Steps[1]; in.Since != "superstep 1" || len(in.Changes) != 1 || in.Changes[0].Path != "$.verdict" || !reflect.DeepEqual(in.Changes[0].By, []string{"check"}) || in.Next != nil {
		t.Errorf("the subgraph's second superstep %+v", in)
	}
	if s3.Since != "superstep 1" || s3.Thread != "main" || s3.Revision != 4 {
		t.Errorf("superstep 3: since %q, thread %q rev %d", s3.Since, s3.Thread, s3.Revision)
	}
	var paths []string
	for _, c := range s3.Changes {
		paths = append(paths, c.Path+" by "+strings.Join(c.By, ","))
	}
	// tools and review wrote in superstep 2, whose state is unknown: the
	// change since superstep 1 shows their writes, ask wrote nothing
	if want := []string{"$.messages[2] by ", "$.review by "}; !reflect.DeepEqual(paths, want) {
		t.Errorf("superstep 3's changes %q, want %q", paths, want)
	}
	if want := []htmlreport.Interrupt{{Node: "ask", ID: "interrupt-1", Value: `{"question":"Ship it? </script><script>alert(1)</script>"}`}}; !reflect.DeepEqual(s3.Interrupts, want) {
		t.Errorf("superstep 3's interrupts %+v", s3.Interrupts)
	}
	if s3.Tasks[0].Error != "GraphInterrupt" {
		t.Errorf("superstep 3's task %+v", s3.Tasks[0])
	}
}

// A run past MaxSupersteps keeps that many and counts the rest; a long
// value keeps MaxValue bytes, not a failure message's 200.
func TestHTMLSuperstepsLimits(t *testing.T) {
	ss := make([]Superstep, htmlreport.MaxSupersteps+3)
	for i := range ss {
		ss[i] = Superstep{Index: i + 1, Tasks: []Task{{Node: "loop"}}, Next: []string{"loop"}}
	}
	long := `"` + strings.Repeat("x", 5000) + `"`
	ss[0].Tasks[0].Writes = []Write{{Field: "log", Value: long}}
	got, more := htmlSupersteps(ss, nil, "the state before the run")
	if len(got) != htmlreport.MaxSupersteps || more != 3 {
		t.Errorf("%d supersteps, %d more; want %d, 3", len(got), more, htmlreport.MaxSupersteps)
	}
	v := got[0].Tasks[0].Writes[0].Value
	if !strings.HasPrefix(v, long[:htmlreport.MaxValue]) || !strings.HasSuffix(v, "… (5002 bytes in all)") {
		t.Errorf("a write of 5002 bytes shows as %d bytes: %q…", len(v), v[:min(len(v), 40)])
	}
}

// The collector diffs a run's first superstep from the state of the run's
// thread before the step: the step's Before on the same thread, else the
// state it last knew of the thread the step moved to; the next commit's
// diff is from the state the run left.
func TestCollectorKeepsRuns(t *testing.T) {
	sc := &suite.Scenario{Feature: "features/x.feature", Name: "s", Line: 3, Steps: []suite.Step{{Line: 4}, {Line: 5}}}
	newCase := func(keep Keep) (*Collector, *Case) {
		c := NewCollector(&suite.Index{}, "", keep)
		k := &Case{Scenario: sc, Steps: []Step{{Pos: Pos{File: sc.Feature, Line: 4}}, {Pos: Pos{File: sc.Feature, Line: 5}}}}
		if keep == KeepAll {
			k.states = map[string]map[string]any{}
		}
		c.byScenario[sc] = k
		return c, k
	}
	before, after := decodeState(t, stateBefore), decodeState(t, stateAfter3)
	record := StepRecord{Scenario: sc, Step: sc.Steps[1], Thread: "main", Before: before, After: after, Supersteps: handRun()}

	c, k := newCase(KeepRuns)
	if !c.Recording() {
		t.Fatal("a collector that keeps runs asks for the steps' records")
	}
	c.Step(record)
	if len(k.Steps[1].Supersteps) != 3 || len(k.Supersteps) != 3 || k.Steps[1].Shown != nil {
		t.Errorf("KeepRuns: %d supersteps on the step, %d on the case, %d shown; want 3, 3, none", len(k.Steps[1].Supersteps), len(k.Supersteps), len(k.Steps[1].Shown))
	}
	if c, _ := newCase(KeepNone); c.Recording() {
		t.Error("KeepNone asks for the steps' records")
	}

	c, k = newCase(KeepAll)
	k.thread = "main"
	c.Step(record)
	if s := k.Steps[1].Shown; len(s) != 3 || len(s[0].Changes) != 1 || s[0].Changes[0].Path != "$.messages[1]" {
		t.Fatalf("on the same thread the first change is from Before: %+v", s)
	}
	if !reflect.DeepEqual(k.states["main"], after) {
		t.Error("the next commit's diff would not start from the state the run left")
	}

	// the step moved to thread "other", new: its first superstep's change
	// is from nothing, whatever main held
	c, k = newCase(KeepAll)
	k.thread = "main"
	moved := record
	moved.Thread = "other"
	c.Step(moved)
	if s := k.Steps[1].Shown; len(s) != 3 || len(s[0].Changes) != 1 || s[0].Changes[0].Path != "$.messages" {
		t.Errorf("on a new thread the first change is from nothing: %+v", s[0].Changes)
	}
}

// A superstep's line: its nodes in name order, the next nodes, END, or
// the interrupts; a subgraph's inner supersteps indented under it.
func TestRunsSummary(t *testing.T) {
	k := &Case{Steps: []Step{
		{Text: "the model replies:", Pos: Pos{Line: 5}},
		{Text: "the graph runs with:", Pos: Pos{Line: 12}, Supersteps: handRun()},
		{Text: "the graph resumes with:", Pos: Pos{Line: 20}, Supersteps: []Superstep{{Index: 1, Tasks: []Task{{Node: "ask"}}}}},
	}}
	want := `whole-graph run at features/x.feature:12 (the graph runs with:):
1: agent -> tools, review
2: review, tools -> ask
  review 1: draft -> check
  review 2: check -> END
3: ask -> ask (interrupted: interrupt-1 at ask)
whole-graph run at features/x.feature:20 (the graph resumes with:):
1: ask -> END
`
	if got := runsSummary(k, "features/x.feature"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := runsSummary(&Case{Steps: []Step{{Text: "a"}}}, "f"); got != "" {
		t.Errorf("a case with no run: %q", got)
	}
	many := make([]Superstep, maxRunLines+2)
	for i := range many {
		many[i] = Superstep{Index: i + 1, Tasks: []Task{{Node: "loop"}}, Next: []string{"loop"}}
	}
	var b strings.Builder
	writeRun(&b, many, "", "")
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != maxRunLines+1 || lines[maxRunLines] != "... and 2 more supersteps" {
		t.Errorf("%d lines, the last %q", len(lines), lines[len(lines)-1])
	}
}

// A failure names the superstep its error names, with that superstep's
// line when its run was recorded; else the last superstep of the run it
// follows; a run step that failed unrecorded is not taken for the run
// before it; a case with no run has no place.
func TestPlaceOf(t *testing.T) {
	run := handRun()
	k := &Case{Steps: []Step{
		{Text: "the graph runs with:", Supersteps: run},
		{Text: "the steps should be:"},
		{Text: "the graph resumes with:"},
	}}
	for _, tc := range []struct {
		name string
		step int
		err  error
		want string
		ok   bool
	}{
		{"named, recorded", 1, errors.New("superstep 2 differs: expected agent"), "superstep 2: review, tools -> ask", true},
		{"not named: the run's last", 1, errors.New(`field "x" differs`), "superstep 3: ask -> ask (interrupted: interrupt-1 at ask)", true},
		{"the run's own step", 0, errors.New("no superstep named"), "superstep 3: ask -> ask (interrupted: interrupt-1 at ask)", true},
		{"a failed run, unrecorded", 2, errors.New(`MODEL_SCRIPT_EXHAUSTED: superstep 2, node "agent": past the end`), "superstep 2", true},
		{"a failed run naming none", 2, errors.New("RUNTIME_ERROR: no pending interrupt"), "", false},
		{"not superstep 20", 1, errors.New("superstep 20 differs"), "superstep 20", true},
	} {
		p, ok := placeOf(k, &k.Steps[tc.step], tc.err)
		if ok != tc.ok || (ok && p.String() != tc.want) {
			t.Errorf("%s: %q %v, want %q %v", tc.name, p, ok, tc.want, tc.ok)
		}
	}
	plain := &Case{Steps: []Step{{Text: "a"}}}
	if p, ok := placeOf(plain, &plain.Steps[0], errors.New("boom")); ok {
		t.Errorf("a case with no run has a place: %q", p)
	}
}

// handCase is a passing case and a failing one of a suite whose runs are
// handRun, at fixed times.
func handCases(t *testing.T) *Run {
	t.Helper()
	start := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	sc := &suite.Scenario{Feature: "features/run.feature", Name: "the run pauses for a review", Line: 3}
	bad := &suite.Scenario{Feature: "features/run.feature", Name: "the run takes another route", Line: 20}
	shown, _ := htmlSupersteps(handRun(), decodeState(t, stateBefore), "the state before the run")
	steps := func(f string, last Step) []Step {
		return []Step{
			{Text: "the model replies:", Pos: Pos{File: f, Line: 5}, Status: Passed},
			{Text: "the graph runs with:", Pos: Pos{File: f, Line: 12}, Status: Passed, Supersteps: handRun(), Shown: shown},
			last,
		}
	}
	fail := errors.New("features/run.feature:30: superstep 2 differs: expected 2: tools, the run had 2: review, tools")
	return &Run{Root: t.TempDir(), Start: start, Runtimes: []string{"langgraph-js"}, Cases: []*Case{
		{Scenario: sc, Name: sc.Name, Pos: Pos{File: sc.Feature, Line: 3}, Start: start, End: start.Add(time.Second),
			Steps: steps(sc.Feature, Step{Text: "the run should be interrupted at node \"ask\"", Pos: Pos{File: sc.Feature, Line: 16}, Status: Passed})},
		{Scenario: bad, Name: bad.Name, Pos: Pos{File: bad.Feature, Line: 20}, Start: start, End: start.Add(time.Second),
			Steps: steps(bad.Feature, Step{Text: "the steps should be:", Pos: Pos{File: bad.Feature, Line: 30}, Status: Failed, Err: fail})},
	}}
}

// golden compares got with testdata/name, or writes it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test ./internal/report -run %s -update writes it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the reports now write (go test ./internal/report -run %s -update accepts it):\n%s", file, t.Name(), got)
	}
}

// The reports of the same run are the same bytes, every time: the page's
// data of a run's supersteps, the JUnit report, the annotations.
func TestRunReportsAreGolden(t *testing.T) {
	render := func() (page, data, junit, github []byte) {
		run := handCases(t)
		r := HTML(run, nil)
		r.Title, r.Duration = "Scenario report", 0
		var b bytes.Buffer
		if err := htmlreport.Write(&b, r); err != nil {
			t.Fatal(err)
		}
		d, err := json.MarshalIndent(r.Features[0].Scenarios[0].Steps[1].Supersteps, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		var j bytes.Buffer
		rep := buildJUnit(run, nil, run.Root, run.Start.Add(2*time.Second))
		if err := encodeJUnit(&j, rep); err != nil {
			t.Fatal(err)
		}
		var g strings.Builder
		for _, a := range annotations(run, nil, run.Root) {
			g.WriteString(a.String() + "\n")
		}
		return b.Bytes(), append(d, '\n'), j.Bytes(), []byte(g.String())
	}
	page, data, junit, github := render()
	page2, data2, junit2, github2 := render()
	if !bytes.Equal(page, page2) || !bytes.Equal(data, data2) || !bytes.Equal(junit, junit2) || !bytes.Equal(github, github2) {
		t.Fatal("the same run gives other bytes on a second rendering")
	}
	// the page holds the run's data, its markup escaped in the JSON
	if bytes.Contains(page, []byte("</script><script>alert(1)")) || !bytes.Contains(page, []byte(`\u003c/script\u003e\u003cscript\u003ealert(1)`)) {
		t.Error("an interrupt's value is not escaped in the page's data")
	}
	golden(t, "run.html.json", data)
	golden(t, "run.junit.xml", junit)
	golden(t, "run.github.txt", github)
}
