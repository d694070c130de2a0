package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/toolchain"
)

// langGraphPython is the LangGraph Python side on the repository's Python
// (toolchain.Python) with the pinned langgraph; without it the test skips
// (fails under SCENARIO_REQUIRE_PYTHON=1) saying how to install it.
func langGraphPython(t *testing.T) Side {
	t.Helper()
	root := toolchain.RepoRoot()
	python := toolchain.Python(t, root)
	want := pinnedLangGraph(t, root)
	got, err := exec.Command(python, "-c", "from importlib.metadata import version; import langgraph.graph; print(version('langgraph'))").Output()
	if v := strings.TrimSpace(string(got)); err != nil || v != want {
		why := "needs langgraph " + want + " in " + python + " (found " + v + "): python3 -m venv .venv && .venv/bin/pip install -r runtimes/langgraphpy/requirements.txt"
		if os.Getenv(toolchain.RequirePython) == "1" {
			t.Fatalf("%s (%s=1 makes this a failure)", why, toolchain.RequirePython)
		}
		t.Skip(why)
	}
	side, stop, err := StartPython(python, filepath.Join(root, "bench", "steps", "diff", "langgraph_python.py"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return side
}

// pinnedLangGraph is langgraph's version in requirements.txt.
func pinnedLangGraph(t *testing.T, root string) string {
	b, err := os.ReadFile(filepath.Join(root, "runtimes", "langgraphpy", "requirements.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "langgraph=="); ok {
			return v
		}
	}
	t.Fatal("requirements.txt pins no langgraph")
	return ""
}

// TestSuperstepsAgreeWithLangGraphPython runs a few hundred seeded random
// langgraph-py cases and messages cases through the engine and through a
// real LangGraph Python StateGraph, and fails listing the classes of
// disagreement.
func TestSuperstepsAgreeWithLangGraphPython(t *testing.T) {
	other := langGraphPython(t)
	n := 300
	if testing.Short() {
		n = 100
	}
	for _, cases := range []*diffcase.Options{&pythonCases, &pythonMessagesCases} {
		rep, err := Run(other, Options{Runtime: "langgraph-python", Seed: 1, N: n, Budget: 400, Cases: cases})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Disagreements == 0 {
			continue
		}
		var b strings.Builder
		rep.Print(&b)
		t.Errorf("%d of %d cases disagree with LangGraph Python in %d classes:\n%s", rep.Disagreements, n, len(rep.Classes), classesOnly(b.String()))
	}
}

// TestKnownPythonClassesAgree runs the minimal case of every langgraph-py
// class found so far (classes_python.jsonl).
func TestKnownPythonClassesAgree(t *testing.T) {
	other := langGraphPython(t)
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
		eng, l := RunEngine(c), other(c)
		if key := ClassKey(c, eng, l); key != "" {
			t.Errorf("classes_python.jsonl:%d: %s\n  case:       %s\n  engine:     %s\n  langgraph:  %s", i+1, key, line, eng, l)
		}
	}
}
