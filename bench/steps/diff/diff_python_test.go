package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/pythontest"
)

func startPython(t *testing.T) *LangGraph {
	env := pythontest.Require(t)
	lg, err := StartLangGraph(env.Python, filepath.Join(env.Root, "bench", "steps", "diff", "langgraph_python.py"), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lg.Close)
	return lg
}

// TestSuperstepsAgreeWithLangGraphPython runs a few hundred seeded random
// langgraph-py cases through the engine and through a real LangGraph
// Python StateGraph, and fails listing the classes of disagreement.
func TestSuperstepsAgreeWithLangGraphPython(t *testing.T) {
	lg := startPython(t)
	n := 300
	if testing.Short() {
		n = 100
	}
	rep, err := Run(lg, Options{Lib: "python", Seed: 1, N: n, Budget: 400})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Disagreements == 0 {
		return
	}
	var b strings.Builder
	rep.Print(&b)
	t.Errorf("%d of %d cases disagree with LangGraph Python in %d classes:\n%s", rep.Disagreements, n, len(rep.Classes), classesOnly(b.String()))
}

// TestKnownPythonClassesAgree runs the minimal case of every langgraph-py
// class found so far (classes_python.jsonl).
func TestKnownPythonClassesAgree(t *testing.T) {
	lg := startPython(t)
	data, err := os.ReadFile("classes_python.jsonl")
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
			t.Fatalf("classes_python.jsonl:%d: %v", i+1, err)
		}
		eng := RunEngine(c)
		l, err := lg.Run(c)
		if err != nil {
			t.Fatal(err)
		}
		if key := ClassKey(c, eng, l); key != "" {
			t.Errorf("classes_python.jsonl:%d: %s\n  case:       %s\n  engine:     %s\n  langgraph:  %s", i+1, key, line, eng, l)
		}
	}
}
