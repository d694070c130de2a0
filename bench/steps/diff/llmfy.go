package main

import (
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/runtimes/llmfy"
)

// The llmfy side (-runtime llmfy): llmfy's FlowEngine through the llmfy
// runtime, on the llmfy profile's cases (internal/diffcase's
// generate_llmfy.go).

// llmfyCases are an input and up to three commits after it: steps and
// inputs on the thread, which llmfy takes through its checkpointer.
var llmfyCases = diffcase.Options{Profiles: map[string]int{llmfy.Profile: 1}, Commits: 3}

// startLlmfy starts the llmfy runtime for the repository at root, on
// python ("" is root's .venv, else python3).
func startLlmfy(root, python string) (Side, func(), error) {
	b, err := llmfy.Start(root, llmfy.Options{Python: python})
	if err != nil {
		return nil, nil, err
	}
	return OnRuntime(b), func() { b.Close() }, nil
}
