package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v42"
	messages "github.com/cucumber/messages/go/v34"
	"github.com/stateharness/scenario/internal/suite"
)

var layout = suite.Layout{Features: "features", Golden: "golden"}

// record records run into a fresh suite (with files) and returns the
// suite's directory.
func record(t *testing.T, run string, files map[string]string, edit func(*Options)) (string, *Result, error) {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o := Options{Root: dir, Layout: layout, RunName: "run.jsonl", Run: strings.NewReader(run),
		Feature: "features/recorded/run.feature", Name: "a run"}
	if edit != nil {
		edit(&o)
	}
	res, err := Record(o)
	return dir, res, err
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func wantNothingWritten(t *testing.T, dir string) {
	t.Helper()
	for _, d := range []string{"features/recorded", "golden"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			t.Errorf("%s was written", d)
		}
	}
}

const chatRun = `["values", {"log": ["start"], "n": 1}]
["updates", {"a": {"log": ["a"], "n": 2}}]
["values", {"log": ["start", "a"], "n": 2}]
["updates", {"b": {"log": ["b"]}}]
["updates", {"c": {"n": 3}}]
["values", {"log": ["start", "a", "b"], "n": 3}]
`

func TestRecordSteps(t *testing.T) {
	dir, res, err := record(t, chatRun, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := read(t, dir, "features/recorded/run.feature")
	for _, want := range []string{
		"Feature: run (recorded)", "Scenario: a run",
		`When node "a" returns:`, "When these nodes run in one step:",
		`"reducer": "append"`, "Reducers proved by a step of the run: log (append, line 2).",
		"No reducer, so the profile's default (last-value under langgraph and langgraph-py; nothing in the run proves one): n.",
		"Then the state should match the golden file",
	} {
		if !strings.Contains(f, want) {
			t.Errorf("feature lacks %q:\n%s", want, f)
		}
	}
	if strings.Contains(f, "the state should equal") {
		t.Error("without --every-step, no intermediate state")
	}
	if g := read(t, dir, res.Golden); g != "{\n  \"log\": [\n    \"start\",\n    \"a\",\n    \"b\"\n  ],\n  \"n\": 3\n}\n" {
		t.Errorf("golden %s", g)
	}
}

func TestRecordEveryStep(t *testing.T) {
	dir, _, err := record(t, chatRun, nil, func(o *Options) { o.EveryStep = true })
	if err != nil {
		t.Fatal(err)
	}
	if f := read(t, dir, "features/recorded/run.feature"); strings.Count(f, "Then the state should equal:") != 1 {
		t.Errorf("want the state after the first step of two:\n%s", f)
	}
}

func TestRecordCommand(t *testing.T) {
	run := `["values", {"s": "a"}]
["updates", {"router": {"lg_name": "Command", "update": {"s": "b"}, "goto": ["x"]}}]
["values", {"s": "b"}]
`
	dir, _, err := record(t, run, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := read(t, dir, "features/recorded/run.feature")
	if !strings.Contains(f, `When node "router" returns a command:`) || strings.Contains(f, "lg_name") {
		t.Errorf("want the command step:\n%s", f)
	}
}

func TestRecordUpdatesAlone(t *testing.T) {
	// updates chunks without a mode; the input from --input
	run := `{"a": {"n": 2}}`
	dir, res, err := record(t, run, map[string]string{"in.json": `{"n": 1}`}, func(o *Options) { o.Input = "in.json" })
	if err != nil {
		t.Fatal(err)
	}
	if g := read(t, dir, res.Golden); g != "{\n  \"n\": 2\n}\n" {
		t.Errorf("golden %s", g)
	}
}

func TestRecordSchemaFile(t *testing.T) {
	schema := `{"properties": {"log": {"type": "array", "x-reducer": "append"}, "n": {"type": "integer"}}}`
	dir, _, err := record(t, chatRun, map[string]string{"schema.json": schema}, func(o *Options) { o.Schema = "schema.json" })
	if err != nil {
		t.Fatal(err)
	}
	if f := read(t, dir, "features/recorded/run.feature"); !strings.Contains(f, `the state schema from "schema.json"`) || strings.Contains(f, "inferred") {
		t.Errorf("want the schema file named:\n%s", f)
	}
}

func TestRecordMismatchWritesNothing(t *testing.T) {
	schema := "fields:\n  log: {type: array}\n  n: {type: integer}\n"
	dir, _, err := record(t, chatRun, map[string]string{"schema.yaml": schema}, func(o *Options) { o.Schema = "schema.yaml" })
	var m *Mismatch
	if !errors.As(err, &m) {
		t.Fatalf("want a mismatch, got %v", err)
	}
	if m.Line != 3 || !strings.Contains(m.Step, `node "a" (line 2)`) || len(m.Diffs) == 0 {
		t.Errorf("mismatch %+v", m)
	}
	if !strings.Contains(err.Error(), "$.log") || !strings.Contains(err.Error(), "recorded") {
		t.Errorf("error %v", err)
	}
	wantNothingWritten(t, dir)
}

func TestRecordAppendsNeverOverwrites(t *testing.T) {
	existing := "Feature: mine\n\n  Scenario: kept\n    Given an empty input state\n    Then the state should equal:\n      \"\"\"json\n      {}\n      \"\"\""
	files := map[string]string{"features/recorded/run.feature": existing}
	dir, _, err := record(t, chatRun, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := read(t, dir, "features/recorded/run.feature")
	if !strings.HasPrefix(f, existing+"\n\n  Scenario: a run\n") {
		t.Errorf("the feature was not appended to:\n%s", f)
	}
	// the same name again: refused, unchanged
	_, _, err = record(t, chatRun, map[string]string{"features/recorded/run.feature": f}, nil)
	if err == nil || !strings.Contains(err.Error(), `already has a scenario "a run"`) {
		t.Errorf("want the name refused, got %v", err)
	}
	// an existing golden is never overwritten
	_, _, err = record(t, chatRun, map[string]string{"golden/recorded/run/a-run.json": "{}\n"}, nil)
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("want the golden kept, got %v", err)
	}
}

func TestRecordBadInput(t *testing.T) {
	for _, tc := range []struct{ name, run, want string }{
		{"not JSON", "[\"values\", {}]\n{oops\n", "run.jsonl:2: not a JSON line"},
		{"no updates", `["values", {"n": 1}]`, "the stream has no updates"},
		{"NaN", "[\"values\", {}]\n[\"updates\", {\"a\": {\"n\": NaN}}]\n", "run.jsonl:2:"},
		{"unsafe integer", "[\"values\", {}]\n[\"updates\", {\"a\": {\"n\": 9007199254740993}}]\n", "UNSAFE_INTEGER"},
		{"duplicate key", "[\"values\", {}]\n[\"updates\", {\"a\": {}, \"a\": {}}]\n", "DUPLICATE_KEY"},
		{"interrupt", "[\"values\", {}]\n[\"updates\", {\"__interrupt__\": [{\"value\": \"?\"}]}]\n", `run.jsonl:2: "__interrupt__" is an interrupt`},
		{"empty node name", "[\"values\", {}]\n[\"updates\", {\"\": {}}]\n", "run.jsonl:2: a node named \"\""},
		{"updates not an object", "[\"values\", {}]\n[\"updates\", [1]]\n", "run.jsonl:2: an updates chunk is array"},
		{"mode not a string", "[\"values\", {}]\n[1, {}]\n", "run.jsonl:2: the mode of [mode, chunk] is number"},
		{"no input", `["updates", {"a": {"n": 1}}]`, "no values chunk to start from"},
		{"subgraph stream", "[[], \"values\", {}]\n[[\"sub:1\"], \"updates\", {\"a\": {}}]\n", "run.jsonl:1: a chunk of a subgraph stream ([namespace, mode, chunk], streamed with subgraphs: true)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, _, err := record(t, tc.run, nil, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("want an error with %q, got %v", tc.want, err)
			}
			wantNothingWritten(t, dir)
		})
	}
}

func TestRecordUnknownModeSkipped(t *testing.T) {
	run := "[\"values\", {\"n\": 1}]\n[\"debug\", {\"x\": 1}]\n[\"updates\", {\"a\": {\"n\": 2}}]\n[\"values\", {\"n\": 2}]\n"
	_, res, err := record(t, run, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], `run.jsonl:2: a chunk of mode "debug": skipped`) {
		t.Errorf("warnings %q", res.Warnings)
	}
}

func TestRecordTooLarge(t *testing.T) {
	big := strings.NewReader(strings.Repeat(" ", MaxRunBytes+1))
	_, err := ParseRun("run.jsonl", big)
	if err == nil || !strings.Contains(err.Error(), "over the 64 MiB limit") {
		t.Errorf("want the size refused, got %v", err)
	}
}

func TestRecordPythonMessages(t *testing.T) {
	// langchain-core's dumpd (lc: 1) in the values, model_dump() dicts in
	// the updates: the same messages
	run := `["values", {"messages": [{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "HumanMessage"], "kwargs": {"content": "hi", "type": "human", "id": "h1"}}]}]
["updates", {"model": {"messages": [{"content": "hello", "type": "ai", "id": "a1", "additional_kwargs": {}, "response_metadata": {}, "tool_calls": [], "invalid_tool_calls": [], "name": null, "example": false, "usage_metadata": null}]}}]
["values", {"messages": [{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "HumanMessage"], "kwargs": {"content": "hi", "type": "human", "id": "h1"}}, {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessage"], "kwargs": {"content": "hello", "type": "ai", "id": "a1", "tool_calls": [], "invalid_tool_calls": []}}]}]
`
	dir, res, err := record(t, run, nil, func(o *Options) { o.Profile = "langgraph-py" })
	if err != nil {
		t.Fatal(err)
	}
	f := read(t, dir, "features/recorded/run.feature")
	if !strings.Contains(f, `Given the "langgraph-py" profile`) || !strings.Contains(f, `"reducer": "messages"`) {
		t.Errorf("feature:\n%s", f)
	}
	if g := read(t, dir, res.Golden); !strings.Contains(g, `"id": "a1"`) {
		t.Errorf("golden %s", g)
	}
}

// What the run gave is written in its own key order, as LangGraph printed
// it: the input, each node's return (a serialised message's type first),
// a command, the nodes of a parallel step as their updates came. The
// golden is canonical, as every golden file.
func TestRecordKeepsTheRunsKeyOrder(t *testing.T) {
	run := `["values", {"z": 1, "b": {"y": 1, "x": 2}, "m": []}]
["updates", {"model": {"z": 2, "m": [{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessage"], "kwargs": {"id": "a1", "content": "hi", "tool_calls": []}}]}}]
["values", {"z": 2, "b": {"y": 1, "x": 2}, "m": [{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessage"], "kwargs": {"id": "a1", "content": "hi", "tool_calls": []}}]}]
["updates", {"s": {"z": 3}}]
["updates", {"r": {"b": {"y": 5, "x": 6}}}]
["values", {"z": 3, "b": {"y": 5, "x": 6}, "m": [{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessage"], "kwargs": {"id": "a1", "content": "hi", "tool_calls": []}}]}]
["updates", {"router": {"lg_name": "Command", "update": {"z": 4, "b": {"y": 7, "x": 8}}, "goto": ["x"]}}]
["values", {"z": 4, "b": {"y": 7, "x": 8}, "m": [{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessage"], "kwargs": {"id": "a1", "content": "hi", "tool_calls": []}}]}]
`
	dir, res, err := record(t, run, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := read(t, dir, "features/recorded/run.feature")
	compact := strings.Join(strings.Fields(f[strings.Index(f, "And the input state:"):]), " ")
	want := `And the input state: """json { "z": 1, "b": { "y": 1, "x": 2 }, "m": [] } """ ` +
		`When node "model" returns: """json { "z": 2, "m": [ { "type": "ai", "id": "a1", "content": "hi" } ] } """ ` +
		`When these nodes run in one step: """json { "s": { "z": 3 }, "r": { "b": { "y": 5, "x": 6 } } } """ ` +
		`When node "router" returns a command: """json { "update": { "z": 4, "b": { "y": 7, "x": 8 } }, "goto": [ "x" ] } """ ` +
		`Then the state should match the golden file`
	if compact != want {
		t.Errorf("steps\n%s\nwant\n%s", compact, want)
	}
	if g := read(t, dir, res.Golden); !strings.HasPrefix(g, "{\n  \"b\": {\n    \"x\": 8,\n    \"y\": 7\n  },\n  \"m\"") {
		t.Errorf("golden not canonical:\n%s", g)
	}

	// an --input file's order too
	dir, _, err = record(t, `{"a": {"n": 2}}`, map[string]string{"in.json": `{"n": 1, "a": 0}`}, func(o *Options) { o.Input = "in.json" })
	if err != nil {
		t.Fatal(err)
	}
	if f := read(t, dir, "features/recorded/run.feature"); !strings.Contains(f, "{\n        \"n\": 1,\n        \"a\": 0\n      }") {
		t.Errorf("want the input in its file's order:\n%s", f)
	}
}

// A run whose first chunk is an updates chunk (an empty input writes no
// channel, so LangGraph streams no state for it) starts from {}: its first
// superstep is its own step, not merged into the next, and a field the
// first values chunk holds that nothing wrote is its channel's default.
func TestRecordRunStartingWithUpdates(t *testing.T) {
	run := `["updates", {"triage": {"status": "routed"}}]
["values", {"status": "routed", "seen": []}]
["updates", {"refund": {"seen": ["refund"]}}]
["values", {"status": "routed", "seen": ["refund"]}]
`
	dir, res, err := record(t, run, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != 2 {
		t.Errorf("%d steps, want 2", res.Steps)
	}
	f := read(t, dir, "features/recorded/run.feature")
	compact := strings.Join(strings.Fields(f[strings.Index(f, "And the input state:"):]), " ")
	want := `And the input state: """json {} """ ` +
		`When node "triage" returns: """json { "status": "routed" } """ ` +
		`When node "refund" returns: """json { "seen": [ "refund" ] } """ `
	if !strings.HasPrefix(compact, want) {
		t.Errorf("steps\n%s\nwant them to start\n%s", compact, want)
	}
	for _, w := range []string{`"default": [],`, "a channel's default, kept by replace (no step proves its reducer): seen."} {
		if !strings.Contains(f, w) {
			t.Errorf("feature lacks %q:\n%s", w, f)
		}
	}
}

// Record never writes a feature file the suite cannot load: a value too
// long for one line of it, a node name a step cannot quote, a name whose
// golden file another scenario of the file has, a feature file that does
// not load now. The feature file is left as it was and no golden written.
func TestRecordRefusesWhatTheSuiteCannotLoad(t *testing.T) {
	existing := "Feature: mine\n\n  Scenario: A run!\n    Given an empty input state\n"
	long := strings.Repeat("x", 70000)
	for _, tc := range []struct {
		name, run, feature, want string
	}{
		{"a value too long for a line", `["values", {"n": 1}]` + "\n" + `["updates", {"a": {"n": "` + long + `"}}]` + "\n",
			"", "the docstring of `When node \"a\" returns:` would have a line of 700"},
		{"a node name with a quote", `["values", {"n": 1}]` + "\n" + `["updates", {"say \"hi\"": {"n": 2}}]` + "\n",
			"", `run.jsonl:2: node "say \"hi\"": a step names a node between double quotes`},
		{"a name with another's golden file", chatRun, existing,
			`features/recorded/run.feature already has a scenario "A run!", whose golden file golden/recorded/run/a-run.json the name "a run" would share: choose another --name`},
		{"a feature file that does not load", chatRun, "Feature: mine\n  Scenario: x\n    Given a\n  Nonsense here\n",
			"features/recorded/run.feature does not load as it is"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			if tc.feature != "" {
				files["features/recorded/run.feature"] = tc.feature
			}
			dir, _, err := record(t, tc.run, files, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("want an error with %q, got %v", tc.want, err)
			}
			if tc.feature != "" {
				if got := read(t, dir, "features/recorded/run.feature"); got != tc.feature {
					t.Errorf("the feature file changed:\n%s", got)
				}
			} else {
				wantNothingWritten(t, dir)
			}
			if _, err := os.Stat(filepath.Join(dir, "golden")); err == nil {
				t.Error("golden/ was written")
			}
		})
	}
}

// A value the parser would take minutes to read indented (2 MB, 200,000
// lines) is written compact, wrapped: the feature loads, and the value it
// holds is the run's.
func TestRecordWrapsALargeValue(t *testing.T) {
	var items []string
	for i := range 40000 {
		items = append(items, fmt.Sprintf(`{"id": %d, "text": "item, \"%d\""}`, i, i))
	}
	list := "[" + strings.Join(items, ", ") + "]"
	run := `["values", {"n": 1}]` + "\n" + `["updates", {"a": {"items": ` + list + `}}]` + "\n" + `["values", {"n": 1, "items": ` + list + `}]` + "\n"
	dir, _, err := record(t, run, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	feature := read(t, dir, "features/recorded/run.feature")
	if n := strings.Count(feature, "\n"); n > 200 {
		t.Errorf("the feature has %d lines, want the value wrapped into a few", n)
	}
	if _, err := suite.Load(dir, layout, nil); err != nil {
		t.Fatalf("the recorded feature does not load: %v", err)
	}
	doc, err := gherkin.ParseGherkinDocument(strings.NewReader(feature), (&messages.Incrementing{}).NewId)
	if err != nil {
		t.Fatal(err)
	}
	var got []any
	for _, st := range doc.Feature.Children[0].Scenario.Steps {
		if st.Text == `node "a" returns:` {
			var out map[string][]any
			if err := json.Unmarshal([]byte(st.DocString.Content), &out); err != nil {
				t.Fatalf("the docstring of %q: %v", st.Text, err)
			}
			got = out["items"]
		}
	}
	var want []any
	if err := json.Unmarshal([]byte(list), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("node a's items: %d values, want the run's %d", len(got), len(want))
	}
}

// The feature file is written whole or not at all: when the golden file
// cannot be written, the feature file is as it was, and no temporary file
// is left beside it.
func TestRecordFeatureWholeOrNothing(t *testing.T) {
	existing := "Feature: mine\n\n  Scenario: kept\n    Given an empty input state\n"
	dir, _, err := record(t, chatRun, map[string]string{
		"features/recorded/run.feature": existing,
		"golden/recorded/run":           "a file where the golden directory goes",
	}, nil)
	if err == nil {
		t.Fatal("want the golden file's error")
	}
	if got := read(t, dir, "features/recorded/run.feature"); got != existing {
		t.Errorf("the feature file changed:\n%s", got)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "features/recorded"))
	if len(entries) != 1 {
		t.Errorf("want only run.feature beside it, got %v", entries)
	}
}

// A feature file outside the features directory is refused, saying where
// it must go: check would not run it and would call its golden file an
// orphan, which prune deletes.
func TestRecordFeatureOutsideFeatures(t *testing.T) {
	dir, _, err := record(t, chatRun, nil, func(o *Options) { o.Feature = "tests/smoke.feature" })
	want := "feature tests/smoke.feature is outside the features directory features/ (scenario.yaml's features:), where check and prune look for scenarios: its golden file would be an orphan that prune deletes; record into a feature file under features/, such as features/smoke.feature"
	if err == nil || err.Error() != want {
		t.Fatalf("want %q, got %v", want, err)
	}
	for _, d := range []string{"tests", "golden"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			t.Errorf("%s was written", d)
		}
	}
	// a suite whose features: is elsewhere takes its own directory
	_, res, err := record(t, chatRun, nil, func(o *Options) {
		o.Layout = suite.Layout{Features: "tests/features", Golden: "tests/golden"}
		o.Feature = "./tests/features/smoke.feature"
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Feature != "tests/features/smoke.feature" || res.Golden != "tests/golden/smoke/a-run.json" {
		t.Errorf("got %s and %s", res.Feature, res.Golden)
	}
}
