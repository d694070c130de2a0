package diffcase

import (
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

var testOptions = []Options{
	{},
	{Profiles: map[string]int{"langgraph": 3, "dawn": 1}},
	{Profiles: map[string]int{"langgraph": 3, "dawn": 1}, Commits: 4, Tools: true},
}

// TestCaseJSONRoundTrips checks that a case reads back from its text with
// every key in its order, so a printed case reproduces.
func TestCaseJSONRoundTrips(t *testing.T) {
	for _, opts := range testOptions {
		for i := range 200 {
			text := Generate(7, i, opts).JSON()
			back, err := ParseCase(text)
			if err != nil {
				t.Fatalf("case %d: %v\n%s", i, err, text)
			}
			if got := back.JSON(); got != text {
				t.Fatalf("case %d does not round-trip:\n got %s\nwant %s", i, got, text)
			}
		}
	}
}

// TestGenerateIsStable: case i of a seed does not depend on the cases made
// before it.
func TestGenerateIsStable(t *testing.T) {
	opts := testOptions[2]
	a := Generate(3, 42, opts).JSON()
	for i := range 42 {
		Generate(3, i, opts)
	}
	if b := Generate(3, 42, opts).JSON(); a != b {
		t.Fatalf("Generate(3, 42) differs between calls:\n%s\n%s", a, b)
	}
}

// TestGenerateFollowsOptions: the profiles by their weights, the first
// commit an input, tool calls only with Tools.
func TestGenerateFollowsOptions(t *testing.T) {
	profiles := map[string]int{}
	for i := range 400 {
		c := Generate(1, i, Options{Profiles: map[string]int{"langgraph-py": 1, "never": 0}, Commits: 3})
		profiles[c.Profile]++
		if c.Commits[0].Kind != engine.CommitInput || len(c.Commits) > 4 {
			t.Fatalf("case %d: %s", i, c.JSON())
		}
		for _, cm := range c.Commits {
			if cm.Kind == engine.CommitTool {
				t.Fatalf("case %d has a tool call without Tools: %s", i, c.JSON())
			}
		}
	}
	if profiles["langgraph-py"] != 400 {
		t.Fatalf("profiles drawn: %v", profiles)
	}
}

// TestRunEngine runs every kind of commit on the built-in engine.
func TestRunEngine(t *testing.T) {
	c, err := ParseCase(`{"profile":"langgraph","fields":{"n":{"reducer":"sum","default":0},"log":{"reducer":"append","default":[]}},` +
		`"commits":[{"input":{"n":1}},{"step":[{"node":"b","output":{"log":["b"]}},{"node":"a","output":{"n":2}}]},` +
		`{"tool":"search","result":{"update":{"n":3}}},{"step":[{"node":"a","output":{"n":"s"}}]}]}`)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := RunEngine(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) != 4 {
		t.Fatalf("%d outcomes, want 4", len(outs))
	}
	for j, want := range []string{"ok", "ok", "ok", string(engine.ReducerTypeError)} {
		if outs[j].Kind() != want {
			t.Errorf("commit %d: %s, want %s", j, outs[j], want)
		}
	}
	if n := outs[2].State["n"]; n != 6.0 {
		t.Errorf("n after the tool call = %v, want 6", n)
	}
	if f := outs[3].Field(); f != "n" {
		t.Errorf("the refused write is about %q, want n", f)
	}
}

func TestFieldOfPath(t *testing.T) {
	for path, want := range map[string]string{
		"$.x":       "x",
		"$.x[0].id": "x",
		"$.log.a":   "log",
		`$["7"]`:    "7",
		`$["7"][1]`: "7",
		"":          "",
		"$":         "",
	} {
		if got := FieldOfPath(path); got != want {
			t.Errorf("FieldOfPath(%q) = %q, want %q", path, got, want)
		}
	}
}

// A case given by hand with a value the harness refuses is an error, not
// a panic of the run.
func TestParseCaseRefusesWhatTheHarnessRefuses(t *testing.T) {
	_, err := ParseCase(`{"profile":"langgraph","fields":{"x":{}},"commits":[{"input":{"x":1e20}}]}`)
	if err == nil || !strings.Contains(err.Error(), "UNSAFE_INTEGER") {
		t.Fatalf("ParseCase = %v, want UNSAFE_INTEGER", err)
	}
}
