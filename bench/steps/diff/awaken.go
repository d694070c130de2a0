package main

import (
	"github.com/stateharness/scenario/internal/diffcase"
	"github.com/stateharness/scenario/runtimes/awaken"
)

// awakenCases are the awaken profile's, for -runtime awaken: an input and
// up to three commits after it, steps and further inputs (a new run each),
// judged by Awaken's StateStore itself.
var awakenCases = diffcase.Options{Profiles: map[string]int{awaken.Profile: 1}, Commits: 3}

// startAwaken starts the awaken runtime, building its program into the
// user's cache on first use.
func startAwaken(root string) (*awaken.Bridge, error) {
	return awaken.Start(root, awaken.Options{})
}
