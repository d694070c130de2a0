package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/stateharness/scenario/runtimes/awaken"
)

// awakenCrateFeature is the feature init writes in a Cargo crate, beside
// the example: a scenario on the crate's own keys (docs/reference.md,
// Awaken: your own keys), wired to the crate's Cargo.toml and its plugin
// when init finds them in its sources, else the wiring in comments. A
// crate outside the suite root (init in a sub-directory) gets the comments
// too: a step names files under the suite root only.
func awakenCrateFeature(suite string) scaffoldFile {
	var b strings.Builder
	b.WriteString(`# Scenarios on your crate's own state keys: "Given the graph from
# "<crate>/Cargo.toml:<plugin>"" builds the awaken runtime's program with
# this crate, installs the plugin (a path from the crate's root, "." for
# "::": StatePlugin, state.StatePlugin, plugin()), and runs each field
# through the StateKey of that KEY: its Update read from the JSON with
# serde, its own apply, MERGE and SCOPE. Run them with
#   scenario check --runtime awaken
# (the built-in engine alone skips them: it cannot load a crate; with
# --runtime builtin,awaken it checks the fields a schema declares).
@awaken-crate
Feature: The crate's own state keys
`)
	crate := ""
	if dir := findCrate(suite); dir != "" {
		if rel, err := filepath.Rel(suite, dir); err == nil && !strings.HasPrefix(rel, "..") {
			crate = filepath.ToSlash(filepath.Join(rel, awaken.Manifest))
		}
	}
	plugin, key, update := "", "", ""
	if crate != "" {
		plugin, key, update = crateParts(filepath.Join(suite, filepath.FromSlash(crate)))
	}
	if crate == "" {
		crate = awaken.Manifest
	}
	if plugin == "" {
		plugin = "StatePlugin"
	}
	value, want := "1", "1"
	if key == "" {
		key, update = "my_key", "its Update type"
	} else if !regexp.MustCompile(`^[iuf](8|16|32|64|128|size)$`).MatchString(update) {
		value, want = "<a "+update+" as JSON>", "<what the key's apply makes of it>"
	}
	// commented out: uncommented, it runs on the crate; until then the
	// suite passes as init wrote it (the built-in engine skips a crate's
	// scenarios, and check fails on skips)
	fmt.Fprintf(&b, `
# Uncomment, and write a value of the key's Update (%s) as JSON
# and what the key's apply makes of it:
#
#  Scenario: a key of the crate takes a write through its own apply
#    Given the graph from "%s:%s"
#    And an empty input state
#    When node "agent" returns:
#      """json
#      {%q: %s}
#      """
#    Then field %q should equal %s
`, update, crate, plugin, key, value, key, want)
	return scaffoldFile{name: "features/crate.feature", content: []byte(b.String())}
}

// awakenCrateNote is what init says of features/crate.feature.
const awakenCrateNote = "features/crate.feature runs scenarios on your crate's own state keys (commented out): uncomment its scenario, write a value of the key's Update, and run scenario check --runtime awaken"

// findCrate is the directory of the Cargo.toml at or above dir, or "".
func findCrate(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, awaken.Manifest)); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

var (
	implPlugin = regexp.MustCompile(`(?m)^\s*impl\s+(?:[A-Za-z_]\w*::)*Plugin\s+for\s+([A-Za-z_]\w*)\s*\{`)
	constKey   = regexp.MustCompile(`const\s+KEY\s*:\s*&(?:'static\s+)?str\s*=\s*"([^"]+)"`)
	updateType = regexp.MustCompile(`type\s+Update\s*=\s*([^;]+);`)
)

// crateParts finds, in the crate's src/lib.rs, its plugin (a struct that
// implements Plugin at the crate's root) and its first key type's KEY and
// Update, for the example; "" what it does not find.
func crateParts(manifest string) (plugin, key, update string) {
	c, err := awaken.ReadCrate(filepath.Dir(manifest), awaken.Manifest+":StatePlugin")
	if err != nil {
		return "", "", ""
	}
	lib, err := os.ReadFile(filepath.Join(c.Dir, "src", "lib.rs"))
	if err != nil {
		return "", "", ""
	}
	if m := implPlugin.FindSubmatch(lib); m != nil {
		plugin = string(m[1])
	}
	for _, k := range c.Keys {
		src, err := os.ReadFile(filepath.Join(c.Dir, k.File))
		if err != nil {
			continue
		}
		name := k.Path[strings.LastIndex(k.Path, ":")+1:]
		i := regexp.MustCompile(`impl\s+(?:[A-Za-z_]\w*::)*StateKey\s+for\s+` + regexp.QuoteMeta(name) + `\b`).FindIndex(src)
		if i == nil {
			continue
		}
		rest := src[i[1]:]
		if m := constKey.FindSubmatch(rest); m != nil {
			key = string(m[1])
			if u := updateType.FindSubmatch(rest); u != nil {
				update = strings.TrimSpace(string(u[1]))
			}
			return plugin, key, update
		}
	}
	return plugin, "", ""
}
