//go:build unix

package bridge

import (
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// Stream sends the input in the order it was written and answers the
// chunks as JSON lines, each compact and in the program's key order.
func TestStream(t *testing.T) {
	b := start(t, fakeProgram("echo"))
	in, err := engine.DecodeJSONOrdered(`{"z": 1, "a": {"y": [1, 2], "b": "x"}}`, engine.Source{})
	if err != nil {
		t.Fatal(err)
	}
	got, kinds, err := b.Stream("g", in)
	if err != nil {
		t.Fatal(err)
	}
	if len(kinds) != 1 || kinds["z"] != "last-value" {
		t.Errorf("kinds %v", kinds)
	}
	want := `["values",{"z":1,"a":{"y":[1,2],"b":"x"}}]` + "\n" + `["updates",{"n":{"z":1,"a":{"y":[1,2],"b":"x"}}}]` + "\n"
	if string(got) != want {
		t.Errorf("Stream gave\n%s\nwant\n%s", got, want)
	}

	_, _, err = b.Stream("fails", map[string]any{})
	if engine.CodeOf(err) != engine.NodeError || !strings.Contains(err.Error(), `node "n" threw Error: down`) {
		t.Errorf("a node's error: %v", err)
	}
	_, _, err = b.Stream("none", map[string]any{})
	if engine.CodeOf(err) != engine.RuntimeError || !strings.Contains(err.Error(), "fake-rt answered the run of none without its chunks and channels") {
		t.Errorf("no chunks: %v", err)
	}
	_, _, err = b.Stream("g", map[string]any{"v": func() {}})
	if engine.CodeOf(err) != engine.NonJSONValue {
		t.Errorf("an input that is not JSON: %v", err)
	}
}
