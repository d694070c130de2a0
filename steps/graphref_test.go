package steps

import (
	"strings"
	"testing"
)

// TestGraphRefNamesAnAwakenPluginWrittenAsARustPath: a crate's plugin
// written with "::" (Cargo.toml:my::Plugin) is told how to write it, not
// taken for a module named "Cargo.toml:my:".
func TestGraphRefNamesAnAwakenPluginWrittenAsARustPath(t *testing.T) {
	w := &world{cfg: &Config{Root: t.TempDir()}}
	_, err := w.graphRef("agent/Cargo.toml:state::StatePlugin")
	if err == nil || !strings.Contains(err.Error(), `"state::StatePlugin"`) || !strings.Contains(err.Error(), `state.StatePlugin`) {
		t.Fatalf("got %v, want the plugin named and written with \".\" for \"::\"", err)
	}
}
