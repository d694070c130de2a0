package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An unknown key in scenario.yaml is refused with every key the file may
// hold, read off FileConfig (the list once missed python:).
func TestUnknownConfigKeyListsEveryKnownKey(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte("pyhton: .venv/bin/python\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadConfigFile(root)
	if err == nil || !strings.Contains(err.Error(), "unknown key pyhton") {
		t.Fatalf("want the unknown key named, got %v", err)
	}
	for _, k := range []string{"profile", "features", "golden", "scenarios", "format", "id_prefix", "runtime", "python", "graph", "runtime_timeout"} {
		if !strings.Contains(err.Error(), k) {
			t.Errorf("the error does not list %s: %v", k, err)
		}
		// and each key listed is one the file may hold
		value := map[string]string{"runtime_timeout": "90s"}[k]
		if value == "" {
			value = "x"
		}
		if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(k+": "+value+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadConfigFile(root); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
	if got := len(KnownKeys()); got != 10 {
		t.Errorf("KnownKeys lists %d keys, want the 10 above (a new key: add it to this test)", got)
	}
}
