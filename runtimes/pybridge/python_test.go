package pybridge

import (
	"strings"
	"testing"
	"time"
)

func TestAtLeast(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"3.11.7", true}, {"3.11", true}, {"3.12.0rc1", true}, {"4.0.0", true},
		{"3.10.14", false}, {"2.7.18", false}, {"3", false}, {"x.y", false}, {"", false},
	} {
		if got := AtLeast(c.v, [2]int{3, 11}); got != c.want {
			t.Errorf("AtLeast(%q, 3.11) = %v; want %v", c.v, got, c.want)
		}
	}
}

// TestFindPythonMissing: an interpreter that is not there is named, with
// the runtime, its minimum and the install command.
func TestFindPythonMissing(t *testing.T) {
	need := Need{Runtime: "llmfy", Python: [2]int{3, 11}, Install: "pip install llmfy"}
	_, err := FindPython(need, t.TempDir(), "no-such-python-here", time.Second)
	if err == nil || !strings.Contains(err.Error(), "llmfy needs Python ≥ 3.11; no-such-python-here was not found: pip install llmfy") {
		t.Fatalf("err = %v", err)
	}
}

// TestFiles: the bridge script is written beside the shared modules.
func TestFiles(t *testing.T) {
	f := Files("print(1)")
	if f["bridge.py"] != "print(1)" || !strings.Contains(f["scenario_protocol.py"], "def serve(") || !strings.Contains(f["scenario_reducers.py"], "def reducer_for(") {
		t.Errorf("Files = %v", f)
	}
}
