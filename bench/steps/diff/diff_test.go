package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/nodetest"
)

// TestSuperstepsAgreeWithLangGraph runs a few hundred seeded random cases
// through the engine and through a real LangGraph JS StateGraph, and fails
// listing the classes of disagreement with a minimal case for each.
func TestSuperstepsAgreeWithLangGraph(t *testing.T) {
	env := nodetest.Require(t)
	lg, err := StartLangGraph(env.Node, filepath.Join(env.Root, "bench", "steps", "diff", "langgraph.mjs"), env.NodePath())
	if err != nil {
		t.Fatal(err)
	}
	defer lg.Close()
	n := 300
	if testing.Short() {
		n = 100
	}
	rep, err := Run(lg, Options{Seed: 1, N: n, Budget: 400})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Disagreements == 0 {
		return
	}
	var b strings.Builder
	rep.Print(&b)
	t.Errorf("%d of %d cases disagree with LangGraph JS in %d classes:\n%s", rep.Disagreements, n, len(rep.Classes), classesOnly(b.String()))
}

// TestKnownClassesAgree runs the minimal case of every class found so far.
func TestKnownClassesAgree(t *testing.T) {
	env := nodetest.Require(t)
	lg, err := StartLangGraph(env.Node, filepath.Join(env.Root, "bench", "steps", "diff", "langgraph.mjs"), env.NodePath())
	if err != nil {
		t.Fatal(err)
	}
	defer lg.Close()
	data, err := os.ReadFile("classes.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := diffcase.ParseCase(line)
		if err != nil {
			t.Fatalf("classes.jsonl:%d: %v", i+1, err)
		}
		eng := RunEngine(c)
		l, err := lg.Run(c)
		if err != nil {
			t.Fatal(err)
		}
		if key := ClassKey(c, eng, l); key != "" {
			t.Errorf("classes.jsonl:%d: %s\n  case:       %s\n  engine:     %s\n  langgraph:  %s", i+1, key, line, eng, l)
		}
	}
}

// classesOnly keeps the classes of a report, not its counts.
func classesOnly(report string) string {
	if i := strings.Index(report, "\n== class"); i >= 0 {
		return report[i+1:]
	}
	return report
}

// TestCaseJSONRoundTrips checks that a case reads back from its text with
// every key in its order, so a printed case reproduces.
func TestCaseJSONRoundTrips(t *testing.T) {
	for i := range 200 {
		c := CaseAt(7, i)
		text := c.JSON()
		back, err := diffcase.ParseCase(text)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, text)
		}
		if got := back.JSON(); got != text {
			t.Fatalf("case %d does not round-trip:\n got %s\nwant %s", i, got, text)
		}
	}
}

// TestCaseAtIsStable: case i of a seed does not depend on the cases run
// before it (-from reproduces it).
func TestCaseAtIsStable(t *testing.T) {
	a, b := CaseAt(3, 42).JSON(), CaseAt(3, 42).JSON()
	if a != b {
		t.Fatalf("CaseAt(3, 42) differs between calls:\n%s\n%s", a, b)
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
		if got := fieldOfPath(path); got != want {
			t.Errorf("fieldOfPath(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestTemplate(t *testing.T) {
	for msg, want := range map[string]string{
		`node "B": Attempting to delete a message with an ID that doesn't exist ('s')`:                     "Attempting to delete a message with an ID that doesn't exist <q>",
		`nodes "B", "c": Attempting to delete a message with an ID that doesn't exist ('s')`:               "Attempting to delete a message with an ID that doesn't exist <q>",
		`Invalid update for channel "x" with values [1,2]: LastValue can only receive one value per step.`: "Invalid update for channel <q> with values <json>: LastValue can only receive one value per step.",
		`field "n" with reducer sum expects a number, received string`:                                     "field <q> with reducer sum expects a number, received <type>",
	} {
		if got := template(msg); got != want {
			t.Errorf("template(%q)\n got %q\nwant %q", msg, got, want)
		}
	}
}
