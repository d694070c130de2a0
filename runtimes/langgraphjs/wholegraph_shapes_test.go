package langgraphjs_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// shapeCase is one graph of scenarios/graphs run twice: by the library
// itself with the team's fake model answering Replies in call order (and
// the order service's fake Answers), and on the bridge with the model
// (and the tool) scripted as Run says.
type shapeCase struct {
	Name    string         `json:"-"`
	Graph   string         `json:"graph"`
	Replies []any          `json:"replies"`
	Answers []any          `json:"answers,omitempty"`
	Input   any            `json:"input"`
	Resumes []any          `json:"resumes,omitempty"`
	Run     map[string]any `json:"-"` // the bridge's scripts: replies, nodeReplies, returns, tools
	// Resume is each resume as the bridge gets it ({"value"} or {"byId"})
	Resume []map[string]any `json:"-"`
}

func human(text string) map[string]any {
	return map[string]any{"messages": []any{map[string]any{"type": "human", "content": text, "id": "m-1"}}}
}

func toolCall(name, id string, args map[string]any) map[string]any {
	return map[string]any{"content": "", "tool_calls": []any{map[string]any{"name": name, "args": args, "id": id}}}
}

var shapeCases = []shapeCase{
	{
		Name: "router, a node's own script", Graph: "scenarios/graphs/router.mjs:graph",
		Replies: []any{toolCall("topic", "c-1", map[string]any{"topic": "shipping"}), "It ships on Monday; tracking follows.", "It ships on Monday."},
		Input:   human("Where is my parcel?"),
		Run: map[string]any{
			"replies":     []any{toolCall("topic", "c-1", map[string]any{"topic": "shipping"})},
			"nodeReplies": map[string]any{"shipping": map[string]any{"replies": []any{"It ships on Monday; tracking follows.", "It ships on Monday."}, "offset": 0}},
		},
	},
	{
		Name: "router, billing", Graph: "scenarios/graphs/router.mjs:graph",
		Replies: []any{toolCall("topic", "c-1", map[string]any{"topic": "billing"}), "Your invoice is attached."},
		Input:   human("Send my invoice"),
	},
	{
		Name: "Send fan-out", Graph: "scenarios/graphs/fanout.mjs:graph",
		Replies: []any{"policy, fees, labels", "Free within thirty days.", "No fee.", "Printed at home."},
		Input:   map[string]any{"question": "What does a return cost?"},
	},
	{
		Name: "two interrupts, resumed", Graph: "scenarios/graphs/approval.mjs:graph",
		Replies: []any{"Refund note for A-17."},
		Input:   human("Refund A-17"),
		Resumes: []any{"yes"},
		Resume:  []map[string]any{{"value": "yes"}},
	},
	{
		Name: "a subgraph", Graph: "scenarios/graphs/nested.mjs:graph",
		Replies: []any{"A greeting.", "Hello! How can I help?"},
		Input:   human("hi"),
	},
	{
		Name: "Command(goto)", Graph: "scenarios/graphs/handoff.mjs:graph",
		Replies: []any{"I would like a refund.", "Your refund is on its way."},
		Input:   human("hi"),
	},
	{
		Name: "a tool round with a scripted tool", Graph: "scenarios/graphs/shop.mjs:graph",
		Replies: []any{
			map[string]any{"content": "", "tool_calls": []any{
				map[string]any{"name": "lookup_order", "args": map[string]any{"order": "A-17"}, "id": "call-1"},
				map[string]any{"name": "refund", "args": map[string]any{"order": "A-17"}, "id": "call-2"},
				map[string]any{"name": "lookup_order", "args": map[string]any{"order": "B-2"}, "id": "call-3"},
			}},
			"A-17 is refunded; B-2 is lost.",
		},
		Answers: []any{"delivered", "lost in transit"},
		Input:   human("Refund A-17, and where is B-2?"),
		Run: map[string]any{
			"tools": map[string]any{"lookup_order": map[string]any{"answers": []any{"delivered", "lost in transit"}, "offset": 0, "inTurn": true}},
		},
	},
}

// directStep is a superstep of the library's own run.
type directStep struct {
	Nodes     []string `json:"nodes"`
	Subgraphs []struct {
		Node  string       `json:"node"`
		Steps []directStep `json:"steps"`
	} `json:"subgraphs"`
}

// TestWholeGraphShapesAgreeWithTheLibrarysOwnRun runs each graph of
// whole-graph runs (a router with a node's own script, a Send fan-out, two
// interrupts and their resume, a subgraph, a Command(goto), a tool round
// with a scripted tool) as LangGraph runs it with the team's fake model
// (testdata/wholegraph_shapes.mjs), and on the bridge with the model and
// the tool scripted, and holds the bridge's answer to the library's run:
// each run's supersteps (a subgraph's nested), its interrupts, the next
// nodes and the final state (the library's random message ids are the
// harness's auto-N, in order); the library's run uses every reply.
func TestWholeGraphShapesAgreeWithTheLibrarysOwnRun(t *testing.T) {
	env := toolchain.Node(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(shapeCases)
	cmd := exec.Command(env.Node, filepath.Join("testdata", "wholegraph_shapes.mjs"), root)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the library's own runs: %v\n%s", err, stderr.String())
	}
	var direct []struct {
		Runs []struct {
			Steps      []directStep `json:"steps"`
			Interrupts []struct {
				Node  string `json:"node"`
				Value any    `json:"value"`
			} `json:"interrupts"`
			Next []string `json:"next"`
		} `json:"runs"`
		Values any `json:"values"`
		Left   int `json:"left"`
	}
	if err := json.Unmarshal(out, &direct); err != nil {
		t.Fatalf("the library's own runs printed %s: %v", out, err)
	}
	b := startBridge(t, env.Node, root)
	for i, c := range shapeCases {
		d := direct[i]
		t.Run(c.Name, func(t *testing.T) {
			if d.Left != 0 {
				t.Fatalf("the library's run left %d replies or answers unused", d.Left)
			}
			g := b.ask(t, map[string]any{"op": "open", "spec": map[string]any{"profile": "langgraph", "idPrefix": "auto-", "graph": c.Graph}})["graph"]
			defer b.ask(t, map[string]any{"op": "close", "graph": g})
			// the default replies: the run's own when it splits the script by node
			remaining := c.Replies
			if r, ok := c.Run["replies"].([]any); ok {
				remaining = r
			}
			total := len(remaining)
			nextID, offset := 0.0, 0
			var last map[string]any
			for r := range d.Runs {
				req := map[string]any{"op": "run", "graph": g, "nextId": nextID, "thread": "main", "before": nil, "input": nil}
				for k, v := range c.Run {
					req[k] = v
				}
				req["replies"], req["offset"] = remaining, offset
				if r == 0 {
					req["input"] = c.Input
				} else {
					req["continue"] = true
					req["resume"] = c.Resume[r-1]
				}
				ans := b.ask(t, req)
				if ans["error"] != nil {
					t.Fatalf("run %d: the bridge failed: %v", r+1, ans["error"])
				}
				calls, _ := ans["calls"].([]any)
				for _, cl := range calls {
					if _, own := cl.(map[string]any)["script"]; !own {
						offset++
						remaining = remaining[1:]
					}
				}
				nextID, _ = ans["nextId"].(float64)
				want := d.Runs[r]
				if got, w := stepNodes(ans["steps"]), directNodes(want.Steps); got != w {
					t.Errorf("run %d: the bridge's supersteps\n    %s\nthe library's\n    %s", r+1, got, w)
				}
				var gotInt []string
				ints, _ := ans["interrupts"].([]any)
				for _, x := range ints {
					m := x.(map[string]any)
					v, _ := json.Marshal(m["value"])
					gotInt = append(gotInt, fmt.Sprintf("%s %s", m["node"], v))
				}
				var wantInt []string
				for _, x := range want.Interrupts {
					v, _ := json.Marshal(x.Value)
					wantInt = append(wantInt, fmt.Sprintf("%s %s", x.Node, v))
				}
				if strings.Join(gotInt, "; ") != strings.Join(wantInt, "; ") {
					t.Errorf("run %d: the bridge's interrupts %v, the library's %v", r+1, gotInt, wantInt)
				}
				next, _ := json.Marshal(ans["next"])
				wantNext, _ := json.Marshal(append([]string{}, want.Next...))
				if string(next) != string(wantNext) {
					t.Errorf("run %d: the bridge's next nodes %s, the library's %s", r+1, next, wantNext)
				}
				last = ans
			}
			if offset != total {
				t.Errorf("the bridge's runs used %d of the %d default replies", offset, total)
			}
			got := last["values"]
			wantValues := renameAllUUIDs(d.Values)
			if !engine.Equal(got, wantValues) {
				g, _ := json.MarshalIndent(got, "", "  ")
				w, _ := json.MarshalIndent(wantValues, "", "  ")
				t.Errorf("the bridge's final state\n%s\nthe library's\n%s", g, w)
			}
		})
	}
}

// stepNodes writes a run's supersteps as the bridge answered them, one
// line, a subgraph's nested in brackets.
func stepNodes(steps any) string {
	list, _ := steps.([]any)
	var out []string
	for _, s := range list {
		m := s.(map[string]any)
		var nodes []string
		for _, n := range m["nodes"].([]any) {
			nodes = append(nodes, n.(string))
		}
		line := strings.Join(nodes, ",")
		tasks, _ := m["tasks"].([]any)
		for _, tk := range tasks {
			tm := tk.(map[string]any)
			if inner, ok := tm["steps"]; ok {
				line += fmt.Sprintf(" [%s: %s]", tm["node"], stepNodes(inner))
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, " | ")
}

// directNodes writes the library's supersteps as stepNodes does.
func directNodes(steps []directStep) string {
	var out []string
	for _, s := range steps {
		line := strings.Join(s.Nodes, ",")
		for _, sub := range s.Subgraphs {
			line += fmt.Sprintf(" [%s: %s]", sub.Node, directNodes(sub.Steps))
		}
		out = append(out, line)
	}
	return strings.Join(out, " | ")
}

var uuidAnywhere = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// renameAllUUIDs gives every generated message id of a state the
// harness's name, auto-1, auto-2, ... in the order the messages hold them.
func renameAllUUIDs(v any) any {
	state, _ := v.(map[string]any)
	msgs, _ := state["messages"].([]any)
	n := 0
	for _, m := range msgs {
		obj, _ := m.(map[string]any)
		if id, ok := obj["id"].(string); ok && uuidAnywhere.MatchString(id) {
			n++
			obj["id"] = "auto-" + strconv.Itoa(n)
		}
	}
	return state
}

// lineBridge is the langgraph-js program, spoken to in its own JSON lines.
type lineBridge struct {
	in  *json.Encoder
	out *bufio.Scanner
	id  int
}

func startBridge(t *testing.T, node, root string) *lineBridge {
	t.Helper()
	cmd := exec.Command(node, "bridge.mjs", root)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("the bridge: %v\n%s", err, stderr.String())
		}
	})
	b := &lineBridge{in: json.NewEncoder(stdin), out: bufio.NewScanner(stdout)}
	b.out.Buffer(make([]byte, 1<<20), 1<<24)
	if !b.out.Scan() || !strings.Contains(b.out.Text(), `"ready"`) {
		t.Fatalf("the bridge did not start: %s\n%s", b.out.Text(), stderr.String())
	}
	return b
}

// ask sends a request and reads its answer.
func (b *lineBridge) ask(t *testing.T, req map[string]any) map[string]any {
	t.Helper()
	b.id++
	req["id"] = b.id
	if err := b.in.Encode(req); err != nil {
		t.Fatal(err)
	}
	if !b.out.Scan() {
		t.Fatalf("the bridge answered nothing to %v", req)
	}
	var ans map[string]any
	if err := json.Unmarshal(b.out.Bytes(), &ans); err != nil {
		t.Fatalf("the bridge answered %s: %v", b.out.Text(), err)
	}
	if ans["fatal"] != nil {
		t.Fatalf("the bridge: %v", ans["fatal"])
	}
	return ans
}
