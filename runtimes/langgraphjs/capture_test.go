package langgraphjs

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes/bridge"
)

// TestCaptureIsTheLibrarysOwnRun captures a real run of
// testdata/capture_graph.mjs (a model called with invoke and bound tools,
// one streaming chunks of its own, a batch, two nodes in one superstep)
// and holds it to the library's own invoke of the graph: the replies the
// fakes gave, each captured once and under the node that asked, in the
// form a script takes, and the state at the end.
func TestCaptureIsTheLibrarysOwnRun(t *testing.T) {
	env := toolchain.Node(t)
	b := bridgeFor(t)
	in := decode(t, `{"messages": [{"type": "human", "content": "Refund A-17", "id": "m-1"}]}`)
	runs, err := b.Capture("runtimes/langgraphjs/testdata/capture_graph.mjs:graph", "", true, func(prev *bridge.CapturedRun) *bridge.CaptureRun {
		if prev != nil {
			return nil
		}
		return &bridge.CaptureRun{Input: &in}
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(env.Node, filepath.Join("testdata", "capture_direct.mjs"), filepath.Join("testdata", "capture_graph.mjs"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the library's own run: %v\n%s", err, stderr.String())
	}
	var direct struct {
		Messages []map[string]any `json:"messages"`
		Topic    string           `json:"topic"`
		Drafts   []any            `json:"drafts"`
		Given    []map[string]any `json:"given"`
	}
	if err := json.Unmarshal(out, &direct); err != nil {
		t.Fatal(err)
	}
	run := runs[0]
	var steps [][]string
	for _, s := range run.Result.Steps {
		steps = append(steps, s.Nodes)
	}
	if want := [][]string{{"classify"}, {"billing", "shipping"}}; !reflect.DeepEqual(steps, want) {
		t.Errorf("supersteps %v, want %v", steps, want)
	}
	// each reply once, under its node, in the order of its node's calls
	byNode := map[string][]any{}
	for _, c := range run.Replies {
		if c.Refused != "" {
			t.Errorf("superstep %d, node %q: refused: %s", c.Step, c.Node, c.Refused)
		}
		byNode[c.Node] = append(byNode[c.Node], c.Reply)
	}
	reply := func(g map[string]any) any {
		out := map[string]any{"content": g["content"]}
		if calls, _ := g["tool_calls"].([]any); len(calls) > 0 {
			var tc []any
			for _, c := range calls {
				m := c.(map[string]any)
				tc = append(tc, map[string]any{"name": m["name"], "args": m["args"], "id": m["id"]})
			}
			out["tool_calls"] = tc
		}
		return out
	}
	var given []any
	for _, g := range direct.Given {
		given = append(given, reply(g))
	}
	if len(given) != 4 {
		t.Fatalf("the library's run gave %d replies, want 4: %v", len(given), given)
	}
	// billing's stream and shipping's batch run in one superstep, in
	// either order: each node's replies are known by their content
	want := map[string][]any{}
	for _, g := range given {
		node := "shipping"
		switch g.(map[string]any)["content"] {
		case "":
			node = "classify"
		case "Your refund is on its way.":
			node = "billing"
		}
		want[node] = append(want[node], g)
	}
	if len(run.Replies) != 4 || !engine.Equal(normalize(t, byNode), normalize(t, want)) {
		t.Errorf("captured %d replies by node %v\nthe library's run gave %v", len(run.Replies), byNode, want)
	}
	// the state at the end is the library's
	var msgs []map[string]any
	for _, m := range run.Result.Values["messages"].([]any) {
		mm := m.(map[string]any)
		msgs = append(msgs, map[string]any{"type": mm["type"], "content": mm["content"]})
	}
	if !engine.Equal(normalize(t, msgs), normalize(t, direct.Messages)) || run.Result.Values["topic"] != direct.Topic || !engine.Equal(run.Result.Values["drafts"], normalize(t, direct.Drafts)) {
		t.Errorf("the captured run ends with %v, the library's run with messages %v, topic %q, drafts %v", run.Result.Values, direct.Messages, direct.Topic, direct.Drafts)
	}
}

// normalize is v as the harness reads JSON.
func normalize(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, string(data)).Value
}
