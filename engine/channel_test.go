package engine

import (
	"strings"
	"testing"
)

// ordered decodes a JSON text keeping its key order, as the steps hand
// node outputs to the engine.
func ordered(t testing.TB, text string) Checked {
	t.Helper()
	c, err := DecodeJSONOrdered(text, Source{Name: "test"})
	if err != nil {
		t.Fatalf("DecodeJSONOrdered(%s): %v", text, err)
	}
	return c
}

// TestChannels checks a superstep as LangGraph JS 1.7's channels apply it
// (docs/reference.md, Profiles–§6): LastValue against reducer functions, the first write of a
// field without a default, overwrites, node returns and the order in which
// failing fields report.
func TestChannels(t *testing.T) {
	schema := `{"fields": {
		"status": {},
		"mode":   {"reducer": "replace"},
		"log":    {"reducer": "append"},
		"seen":   {"reducer": "append", "default": []},
		"total":  {"reducer": "sum", "default": 0},
		"notes":  {"reducer": "merge", "default": {}},
		"7":      {"reducer": "sum", "default": 0}
	}}`
	type out struct{ node, json string }
	tests := []struct {
		name    string
		profile string
		input   string // default {}
		step    []out
		command bool
		code    Code
		message string // contained in the error
		want    string // the state after, as JSON
	}{
		{name: "last-value takes one write per step", step: []out{{"b", `{"status": "y"}`}, {"a", `{"status": "x"}`}},
			code: InvalidConcurrentGraphUpdate, message: `Invalid update for channel "status" with values ["x","y"]: LastValue can only receive one value per step.`},
		{name: "last-value stores an overwrite as written", step: []out{{"a", `{"status": {"__overwrite__": 1}}`}},
			want: `{"status": {"__overwrite__": 1}, "seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "replace folds: the last node by name wins", step: []out{{"b", `{"mode": "y"}`}, {"a", `{"mode": "x"}`}},
			want: `{"mode": "y", "seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "first write as written, the next through the reducer", step: []out{{"b", `{"log": "second"}`}, {"a", `{"log": "first"}`}},
			code: ReducerTypeError, message: "expects the current value to be an array, received string"},
		{name: "first write a list, the next appended", step: []out{{"b", `{"log": "second"}`}, {"a", `{"log": ["first"]}`}},
			want: `{"log": ["first", "second"], "seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "a first overwrite is unwrapped and does not count", step: []out{{"a", `{"log": {"__overwrite__": ["x"]}}`}, {"b", `{"log": {"type": "__overwrite__", "value": ["y"]}}`}},
			want: `{"log": ["y"], "seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "two overwrites of a field with a value", step: []out{{"a", `{"seen": {"__overwrite__": ["x"]}}`}, {"b", `{"seen": {"__overwrite__": ["y"], "z": 1}}`}},
			code: InvalidConcurrentGraphUpdate, message: `Invalid update for channel "seen" with values [{"__overwrite__":["x"]},{"__overwrite__":["y"],"z":1}]: Can receive only one Overwrite value per step.`},
		{name: "writes after an overwrite are dropped, bad or not", step: []out{{"a", `{"total": {"__overwrite__": 5}}`}, {"b", `{"total": "bad"}`}},
			want: `{"total": 5, "seen": [], "notes": {}, "7": 0}`},
		{name: "writes before an overwrite fail the step", step: []out{{"a", `{"total": "bad"}`}, {"b", `{"total": {"__overwrite__": 5}}`}},
			code: ReducerTypeError, message: "sum expects a number"},
		{name: "the field written first reports: node-name order", step: []out{{"b", `{"total": "bad"}`}, {"a", `{"notes": 1, "total": 1}`}},
			code: ReducerTypeError, message: `field "notes"`},
		{name: "the field written first reports: key order", step: []out{{"a", `{"total": "bad", "notes": 1}`}},
			code: ReducerTypeError, message: `field "total"`},
		{name: "array-index keys come first", step: []out{{"a", `{"notes": 1, "7": "bad"}`}},
			code: ReducerTypeError, message: `field "7"`},
		{name: "a conflict before a reducer error", step: []out{{"a", `{"status": 1, "total": "bad"}`}, {"b", `{"status": 2}`}},
			code: InvalidConcurrentGraphUpdate, message: `channel "status"`},
		{name: "a reducer error before a conflict", step: []out{{"a", `{"total": "bad", "status": 1}`}, {"b", `{"status": 2}`}},
			code: ReducerTypeError, message: `field "total"`},
		{name: "null writes nothing", step: []out{{"a", `null`}}, want: `{"seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "false writes nothing", step: []out{{"a", `false`}}, want: `{"seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "0 writes nothing", step: []out{{"a", `0`}}, want: `{"seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "empty string writes nothing", step: []out{{"a", `""`}}, want: `{"seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "a string is refused", step: []out{{"a", `"x"`}}, code: InvalidNodeReturn,
			message: `Expected node "a" to return an object or an array containing at least one Command object, received string`},
		{name: "true is refused", step: []out{{"a", `true`}}, code: InvalidNodeReturn, message: `received boolean`},
		{name: "an array without a command is refused", step: []out{{"a", `[{"total": 1}]`}}, code: InvalidNodeReturn, message: `received array`},
		{name: "an array with a command writes each element", step: []out{{"a", `[{"total": 1}, {"lg_name": "Command", "update": [["total", 2]]}, 0]`}},
			want: `{"total": 3, "seen": [], "notes": {}, "7": 0}`},
		{name: "an array with a command and a bad element", step: []out{{"a", `[{"lg_name": "Command"}, "x"]`}}, code: InvalidNodeReturn, message: `received string`},
		{name: "a command as JSON", step: []out{{"a", `{"lg_name": "Command", "update": {"total": 2}, "goto": []}`}},
			want: `{"total": 2, "seen": [], "notes": {}, "7": 0}`},
		{name: "a command writing a last-value twice", command: true, step: []out{{"a", `{"update": [["status", 1], ["status", 2]]}`}},
			code: InvalidConcurrentGraphUpdate, message: "with values [1,2]"},
		{name: "awaken: one node's writes apply in order", profile: "awaken", command: true, step: []out{{"a", `{"update": [["status", 1], ["status", 2]]}`}},
			want: `{"status": 2, "seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "awaken: two nodes conflict", profile: "awaken", step: []out{{"a", `{"status": 1}`}, {"b", `{"status": 2}`}},
			code: ExclusiveMergeConflict},
		{name: "awaken: false is not an output", profile: "awaken", step: []out{{"a", `false`}}, code: InvalidNodeReturn},
		{name: "awaken: a reducer field without a default starts empty", profile: "awaken", step: []out{{"a", `{"log": "x"}`}},
			want: `{"log": ["x"], "seen": [], "total": 0, "notes": {}, "7": 0}`},
		{name: "dawn: replace never conflicts", profile: "dawn", step: []out{{"b", `{"status": 2}`}, {"a", `{"status": 1}`}},
			want: `{"status": 2, "messages": [], "seen": [], "total": 0, "notes": {}, "7": 0}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := SchemaFromValue(ordered(t, schema).Value)
			if err != nil {
				t.Fatal(err)
			}
			g := mustGraph(t, s, Options{Profile: tc.profile})
			input := tc.input
			if input == "" {
				input = "{}"
			}
			if err := g.Invoke("main", ordered(t, input)); err != nil {
				t.Fatalf("Invoke: %v", err)
			}
			outs := make([]NodeOutput, len(tc.step))
			for i, o := range tc.step {
				outs[i] = NodeOutput{Node: o.node, Output: ordered(t, o.json), Command: tc.command}
			}
			err = g.Step("main", outs)
			if tc.code != "" {
				if CodeOf(err) != tc.code || !strings.Contains(err.Error(), tc.message) {
					t.Fatalf("err = %v, want %s mentioning %q", err, tc.code, tc.message)
				}
				return
			}
			if err != nil {
				t.Fatalf("Step: %v", err)
			}
			if want := ordered(t, tc.want).Value; !Equal(mapAny(g.State("main")), want) {
				t.Fatalf("state = %s, want %s", compactJSON(g.State("main")), compactJSON(want))
			}
		})
	}
}

// TestRawFirstWriteWarning: the run says when a field without a default kept
// a first write the reducer would have changed, and only then.
func TestRawFirstWriteWarning(t *testing.T) {
	s, err := SchemaFromValue(ordered(t, `{"fields": {"messages": {"reducer": "messages"}, "log": {"reducer": "append"}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		input string
		warns []string // fields named, in order
	}{
		{`{"messages": "hi"}`, []string{"messages"}},
		{`{"log": ["a"]}`, nil},
		{`{"log": "a"}`, []string{"log"}},
		{`{"log": {"__overwrite__": "a"}}`, nil},
	} {
		g := mustGraph(t, s, Options{})
		if err := g.Invoke("main", ordered(t, tc.input)); err != nil {
			t.Fatalf("%s: %v", tc.input, err)
		}
		got := g.TakeWarnings()
		if len(got) != len(tc.warns) {
			t.Fatalf("%s: warnings %q, want %d", tc.input, got, len(tc.warns))
		}
		for i, f := range tc.warns {
			if !strings.Contains(got[i], `field "`+f+`" has no default`) {
				t.Errorf("%s: warning %q does not name %s", tc.input, got[i], f)
			}
		}
		if g.TakeWarnings() != nil {
			t.Errorf("%s: TakeWarnings did not forget", tc.input)
		}
		// the id the check used is not spent
		if tc.input == `{"messages": "hi"}` && g.nextID != 0 {
			t.Errorf("the warning's check used an id: nextID = %d", g.nextID)
		}
	}
}

// TestUpdatesEvent: a node that wrote a key twice streams the list of its
// writes, as LangGraph's updates stream mode does; dropped keys are not
// streamed.
func TestUpdatesEvent(t *testing.T) {
	s, err := SchemaFromValue(ordered(t, `{"fields": {"log": {"reducer": "append", "default": []}, "n": {}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	g := mustGraph(t, s, Options{})
	if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
		t.Fatal(err)
	}
	if err := g.Step("main", []NodeOutput{
		{Node: "a", Output: ordered(t, `{"update": [["log", 1], ["n", 2], ["log", 3], ["zzz", 4]]}`), Command: true},
		{Node: "b", Output: ordered(t, `{"n2": 1, "log": 5}`)},
	}); err != nil {
		t.Fatal(err)
	}
	ev := g.Events()
	gotA, gotB := ev[len(ev)-3].Data, ev[len(ev)-2].Data
	wantA := ordered(t, `{"a": [{"log": 1}, {"n": 2}, {"log": 3}]}`).Value
	wantB := ordered(t, `{"b": {"log": 5}}`).Value
	if !Equal(gotA, wantA) || !Equal(gotB, wantB) {
		t.Fatalf("updates = %s, %s; want %s, %s", compactJSON(gotA), compactJSON(gotB), compactJSON(wantA), compactJSON(wantB))
	}
}

// TestToolContent: the tool message's content is what the framework
// writes, JSON.stringify keeping the keys in the order written.
func TestToolContent(t *testing.T) {
	for _, tc := range []struct {
		profile, result, want string
	}{
		{"langgraph", `"plain"`, `plain`},
		{"langgraph", `{"b": 1, "a": [1.50, {"z": null, "y": "<&>"}], "1": 0}`, `{"1":0,"b":1,"a":[1.5,{"z":null,"y":"<&>"}]}`},
		{"dawn", `"plain"`, `"plain"`},
		{"dawn", `{"result": "ok"}`, `ok`},
		{"dawn", `{"result": {"y": 1, "x": 2}, "state": {}}`, `{"y":1,"x":2}`},
		{"awaken", `{"y": 1, "x": 2}`, `{"y":1,"x":2}`},
	} {
		s, err := SchemaFromValue(ordered(t, `{"fields": {"messages": {"reducer": "messages", "default": []}}}`).Value)
		if err != nil {
			t.Fatal(err)
		}
		g := mustGraph(t, s, Options{Profile: tc.profile})
		if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
			t.Fatal(err)
		}
		if err := g.ToolCall("main", "t", "", ordered(t, tc.result)); err != nil {
			t.Fatalf("%s %s: %v", tc.profile, tc.result, err)
		}
		msgs := g.State("main")["messages"].([]any)
		got := msgs[len(msgs)-1].(map[string]any)["content"]
		if got != tc.want {
			t.Errorf("%s %s: content %q, want %q", tc.profile, tc.result, got, tc.want)
		}
	}
}

// TestFailedCommitKeepsNoCache: the messages reducer's kept lists of a
// commit that fails are dropped with it.
func TestFailedCommitKeepsNoCache(t *testing.T) {
	s, err := SchemaFromValue(ordered(t, `{"fields": {"messages": {"reducer": "messages", "default": []}, "n": {"reducer": "sum", "default": 0}}}`).Value)
	if err != nil {
		t.Fatal(err)
	}
	g := mustGraph(t, s, Options{})
	if err := g.Invoke("main", ordered(t, `{"messages": ["a"]}`)); err != nil {
		t.Fatal(err)
	}
	kept := len(g.coerced.kept)
	if kept == 0 {
		t.Fatal("the input's merge kept no list")
	}
	err = g.Step("main", []NodeOutput{{Node: "a", Output: ordered(t, `{"messages": ["b"], "n": "bad"}`)}})
	if CodeOf(err) != ReducerTypeError {
		t.Fatalf("err = %v", err)
	}
	if len(g.coerced.fresh) != 0 || len(g.coerced.kept) != kept {
		t.Fatalf("a failed commit left lists behind: fresh %d, kept %d (was %d)", len(g.coerced.fresh), len(g.coerced.kept), kept)
	}
	if err := g.Step("main", []NodeOutput{{Node: "a", Output: ordered(t, `{"messages": ["b"]}`)}}); err != nil {
		t.Fatal(err)
	}
	if len(g.coerced.kept) != kept+1 {
		t.Fatalf("a commit that succeeded kept %d lists, want %d", len(g.coerced.kept), kept+1)
	}
}

// TestKeyOrderWritten: the keys as the text wrote them, JSON and YAML alike
// (a parallel step's nodes are listed so), while Keys puts array-index keys
// first as JavaScript does.
func TestKeyOrderWritten(t *testing.T) {
	y, err := DecodeYAMLOrdered([]byte("b: 1\n\"2\": 2\na: 3\n"), Source{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Checked{ordered(t, `{"b": 1, "2": 2, "a": 3}`), y} {
		m := c.Value.(map[string]any)
		if got := strings.Join(c.Order.Written(m), " "); got != "b 2 a" {
			t.Errorf("Written = %q, want b 2 a", got)
		}
		if got := strings.Join(c.Order.Keys(m), " "); got != "2 b a" {
			t.Errorf("Keys = %q, want 2 b a", got)
		}
	}
	var none *KeyOrder
	if got := strings.Join(none.Written(map[string]any{"b": 1, "a": 2}), " "); got != "a b" {
		t.Errorf("no order: Written = %q, want sorted", got)
	}
}
