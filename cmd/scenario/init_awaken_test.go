package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInitWiresTheCrate: init in a Cargo crate writes a feature wired to
// the crate's own keys (its Cargo.toml, its plugin, a key's KEY), commented
// out so that the suite passes as written; without keys to find, the
// wiring with placeholders. The workflow's cache follows the crate.
func TestInitWiresTheCrate(t *testing.T) {
	lib := `use awaken_runtime::state::{StateKey, StateKeyOptions};
pub struct Hits;
impl StateKey for Hits {
    const KEY: &'static str = "hits";
    type Value = u32;
    type Update = u32;
    fn apply(v: &mut u32, u: u32) { *v += u; }
}
pub struct AgentPlugin;
impl Plugin for AgentPlugin {
    fn descriptor(&self) -> PluginDescriptor { PluginDescriptor { name: "agent" } }
}
`
	manifest := "[package]\nname = \"agent\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"
	for _, c := range []struct {
		lib  string
		want []string
	}{
		{lib, []string{`#    Given the graph from "Cargo.toml:AgentPlugin"`, `#      {"hits": 1}`, `#    Then field "hits" should equal 1`, "Update (u32)"}},
		{"", []string{`#    Given the graph from "Cargo.toml:StatePlugin"`, `{"my_key": 1}`}},
	} {
		crate := writeFiles(t, t.TempDir(), map[string]string{"Cargo.toml": manifest, "src/lib.rs": c.lib})
		wantCode(t, runCLI(t, "init", crate), exitPassed)
		feature := readFile(t, crate, "features/crate.feature")
		for _, w := range c.want {
			if !strings.Contains(feature, w) {
				t.Errorf("features/crate.feature lacks %q:\n%s", w, feature)
			}
		}
		wf := readFile(t, filepath.Join(crate, ".github", "workflows"), "scenarios.yml")
		if !strings.Contains(wf, "hashFiles('**/Cargo.lock', '**/*.rs')") || !strings.Contains(wf, "restore-keys: scenario-awaken-") {
			t.Errorf("the workflow's cache does not follow the crate:\n%s", wf)
		}
		wantCode(t, runCLI(t, append(suiteArgs("check", crate), "--runtime", "builtin")...), exitPassed)
	}
}
