package main

import (
	"path/filepath"
	"testing"

	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/internal/toolchain"
)

// langGraphPython is the LangGraph Python side on the repository's Python
// with the pinned langgraph (toolchain.LangGraphPython: without it the test
// skips, or fails under SCENARIO_REQUIRE_PYTHON=1, saying how to install it).
func langGraphPython(t *testing.T) Side {
	t.Helper()
	python := toolchain.LangGraphPython(t)
	side, stop, err := StartPython(python, filepath.Join(toolchain.RepoRoot(), "bench", "steps", "diff", "langgraph_python.py"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return side
}

// TestSuperstepsAgreeWithLangGraphPython runs a few hundred seeded random
// langgraph-py cases and messages cases through the engine and through a
// real LangGraph Python StateGraph, and fails listing the classes of
// disagreement.
func TestSuperstepsAgreeWithLangGraphPython(t *testing.T) {
	other := langGraphPython(t)
	for _, cases := range []*diffcase.Options{&pythonCases, &pythonMessagesCases} {
		agreeOnRandomCases(t, other, "LangGraph Python", Options{Runtime: "langgraph-python", Seed: 1, Budget: 400, Cases: cases})
	}
}

// TestKnownPythonClassesAgree runs the minimal case of every langgraph-py
// class found so far (classes_python.jsonl).
func TestKnownPythonClassesAgree(t *testing.T) {
	agreeOnKnownClasses(t, langGraphPython(t), "classes_python.jsonl")
}
