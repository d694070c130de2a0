package main

import (
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
)

// langGraphJS is the langgraph-js runtime on the repository's packages,
// one for the tests of a run.
var langGraphJS struct {
	once sync.Once
	b    *langgraphjs.Bridge
	err  error
}

func runtimeFor(t *testing.T) Side {
	t.Helper()
	env := toolchain.Node(t)
	langGraphJS.once.Do(func() {
		langGraphJS.b, langGraphJS.err = langgraphjs.Start(env.Root, langgraphjs.Options{Node: env.Node})
	})
	if langGraphJS.err != nil {
		t.Fatal(langGraphJS.err)
	}
	return OnRuntime(langGraphJS.b)
}

// TestSuperstepsAgreeWithLangGraph runs a few hundred seeded random cases
// through the engine and through a real LangGraph JS StateGraph, and fails
// listing the classes of disagreement with a minimal case for each.
func TestSuperstepsAgreeWithLangGraph(t *testing.T) {
	agreeOnRandomCases(t, runtimeFor(t), "LangGraph JS", Options{Runtime: langgraphjs.Name, Seed: 1, Budget: 400})
}

// TestKnownClassesAgree runs the minimal case of every class found so far.
func TestKnownClassesAgree(t *testing.T) {
	agreeOnKnownClasses(t, runtimeFor(t), "classes.jsonl")
}

// agreeOnRandomCases runs a few hundred of opts' random cases (100 with
// -short) on the engine and on other, and fails listing the classes of
// disagreement with a minimal case for each.
func agreeOnRandomCases(t *testing.T, other Side, library string, opts Options) {
	t.Helper()
	opts.N = 300
	if testing.Short() {
		opts.N = 100
	}
	rep, err := Run(other, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Disagreements == 0 {
		return
	}
	var b strings.Builder
	rep.Print(&b)
	t.Errorf("%d of %d cases disagree with %s in %d classes:\n%s", rep.Disagreements, opts.N, library, len(rep.Classes), classesOnly(b.String()))
}

// agreeOnKnownClasses runs each case of file, the minimal case of a class
// of disagreement found before, on the engine and on other.
func agreeOnKnownClasses(t *testing.T, other Side, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
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
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
		eng, l := RunEngine(c), other(c)
		if key := ClassKey(c, eng, l); key != "" {
			t.Errorf("%s:%d: %s\n  case:       %s\n  engine:     %s\n  other side: %s", file, i+1, key, line, eng, l)
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
