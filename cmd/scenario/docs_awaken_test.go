package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// awakenCrate is the crate the README's Awaken section describes: a plugin
// StatePlugin registering a key "capped" whose apply caps at 10.
const awakenCrate = "runtimes/awaken/testdata/userkeys"

// checkReadmeAwakenCrate runs the README's Awaken scenario on a copy of a
// crate shaped as the section says (the plugin at the root, a capped key),
// with the commands of the section's shell block, as a Rust team pastes
// them at its crate's root.
func checkReadmeAwakenCrate(t *testing.T, fx *docFixtures, b docBlock) {
	toolchain.Cargo(t)
	files := map[string]string{"features/doc.feature": featureOf(b)}
	for _, name := range []string{"Cargo.toml", "Cargo.lock", "src/lib.rs"} {
		data, err := os.ReadFile(filepath.Join(fx.root, filepath.FromSlash(awakenCrate), filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	dir := newSuite(t, files)
	runShellBlock(t, fx, docBlockOf(t, "README.md", "sh", readmeAwakenCommands), dir)
}

// readmeAwakenCommands finds the shell block of the README's Awaken section.
const readmeAwakenCommands = "scenario check --runtime awaken              # on your keys alone"
