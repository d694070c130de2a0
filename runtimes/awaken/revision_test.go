package awaken

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os/exec"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// TestRevisionMatchesTheStore: the awaken profile's revisions are those
// of Awaken's store, which the program reports for each commit on a fresh
// store (0: not counted): a run's seed is no commit, any step that writes
// is one even when no value changes, a step without writes is none.
func TestRevisionMatchesTheStore(t *testing.T) {
	cargo := toolchain.Cargo(t)
	bridgeFor(t) // the program is built
	bin, err := Build("", cargo, nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	out := bufio.NewScanner(outPipe)
	out.Buffer(nil, 1<<20)
	out.Scan() // ready
	id := 0
	ask := func(req string) map[string]any {
		t.Helper()
		id++
		fmt.Fprintf(in, `{"id":%d,%s}`+"\n", id, req)
		if !out.Scan() {
			t.Fatalf("no answer to %s", req)
		}
		var resp map[string]any
		if err := json.Unmarshal(out.Bytes(), &resp); err != nil || resp["error"] != nil {
			t.Fatalf("%s: %s", req, out.Text())
		}
		return resp
	}
	ask(`"op":"open","spec":{"profile":"awaken","fields":[{"name":"status","reducer":"replace","scope":"run"}]}`)

	schema, err := engine.SchemaFromValue(map[string]any{"profile": "awaken", "fields": map[string]any{"status": map[string]any{}}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(schema, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Invoke("main", map[string]any{"status": "open"}); err != nil {
		t.Fatal(err)
	}
	seed := ask(`"op":"commit","graph":1,"kind":"input","before":null,"input":{"status":"open"},"nextId":0`)
	if rev := seed["revision"]; rev != 0.0 || g.Revision("main") != 0 {
		t.Errorf("the run's seed: store revision %v, profile %d; want 0", rev, g.Revision("main"))
	}
	for _, c := range []struct {
		name    string
		outputs string
		step    []engine.NodeOutput
	}{
		{"the same value written again", `[{"node":"a","output":{"status":"open"}}]`, []engine.NodeOutput{{Node: "a", Output: map[string]any{"status": "open"}}}},
		{"nothing written", `[{"node":"a","output":{}},{"node":"b","output":null}]`, []engine.NodeOutput{{Node: "a", Output: map[string]any{}}, {Node: "b"}}},
		{"a new value", `[{"node":"a","output":{"status":"done"}}]`, []engine.NodeOutput{{Node: "a", Output: map[string]any{"status": "done"}}}},
	} {
		before := g.Revision("main")
		if err := g.Step("main", c.step); err != nil {
			t.Fatal(err)
		}
		state, _ := json.Marshal(g.State("main"))
		resp := ask(`"op":"commit","graph":1,"kind":"step","before":` + string(state) + `,"outputs":` + c.outputs + `,"nextId":0`)
		if store, profile := resp["revision"].(float64), g.Revision("main")-before; int(store) != profile {
			t.Errorf("%s: the store counts %v commits, the profile %d", c.name, store, profile)
		}
	}
}
