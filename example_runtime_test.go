package scenario_test

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/stateharness/scenario"
	"github.com/stateharness/scenario/engine"
)

// toyGraph is a toy Go framework's graph: its nodes are functions of the
// state, and a step's writes merge by key, a key two nodes write refused.
type toyGraph map[string]func(state map[string]any) map[string]any

// toyRuntime is the whole adapter: Open gives a scenario a session, Commit
// runs a step through the toy framework's merge.
type toyRuntime struct{ g toyGraph }

func (r toyRuntime) Name() string                                    { return "toy" }
func (r toyRuntime) Open(engine.GraphSpec) (scenario.Session, error) { return toySession(r), nil }

type toySession struct{ g toyGraph }

func (s toySession) Commit(c *engine.CommitRequest) (*engine.CommitResult, error) {
	state, wrote, returned := maps.Clone(c.Before), map[string]string{}, map[string]any{}
	if state == nil {
		state = map[string]any{}
	}
	if in, ok := c.Input.Value.(map[string]any); ok {
		maps.Copy(state, in)
	}
	for _, o := range c.Outputs {
		if c, ok := o.Output.(engine.Checked); ok { // a value with its key order as written
			o.Output = c.Value
		}
		out, _ := o.Output.(map[string]any)
		if o.Run { // a real node runs on the state before the step
			out = s.g[o.Node](maps.Clone(c.Before))
			returned[o.Node] = out
		}
		for k, v := range out {
			if by, ok := wrote[k]; ok {
				return nil, &engine.Error{Code: engine.InvalidConcurrentGraphUpdate, Message: fmt.Sprintf("%s and %s both wrote %q", by, o.Node, k)}
			}
			wrote[k], state[k] = o.Node, v
		}
	}
	return &engine.CommitResult{Values: state, NextID: c.NextID, Returned: returned}, nil
}
func (s toySession) Close() error                    { return nil }
func (s toySession) Channels() []string              { return []string{"greeting", "name"} }
func (s toySession) Nodes() []string                 { return slices.Sorted(maps.Keys(s.g)) }
func (s toySession) ChannelKinds() map[string]string { return nil }

// greeter is the team's toy graph.
var greeter = toyGraph{
	"greet": func(s map[string]any) map[string]any {
		return map[string]any{"greeting": "hello " + s["name"].(string)}
	},
	"shout": func(s map[string]any) map[string]any { return map[string]any{"greeting": "HELLO"} },
}

// A Go graph runs under scenarios through a Runtime: Options.Graphs names
// it for `Given the graph from "toy:greeter"`. The adapter above is all a
// toy framework needs for step-level scenarios (testdata/goruntime); a
// GraphRunner adds whole-graph runs.
func Example_runtime() {
	opts := scenario.Options{Root: "testdata/goruntime", Graphs: map[string]scenario.Runtime{"toy:greeter": toyRuntime{greeter}}}
	s, _ := opts.Graphs["toy:greeter"].Open(engine.GraphSpec{})
	out, err := s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{"name": "ann"},
		Outputs: []engine.NodeOutput{{Node: "greet", Run: true}, {Node: "shout", Output: map[string]any{"name": "ANN"}}}})
	fmt.Println(out.Values["greeting"], out.Values["name"], err)
	_, err = s.Commit(&engine.CommitRequest{Kind: engine.CommitStep, Before: map[string]any{"name": "ann"},
		Outputs: []engine.NodeOutput{{Node: "greet", Run: true}, {Node: "shout", Run: true}}})
	fmt.Println(err)
	// Output:
	// hello ann ANN <nil>
	// INVALID_CONCURRENT_GRAPH_UPDATE: greet and shout both wrote "greeting"
}

// TestExampleRuntime runs Example_runtime's suite on the toy graph.
func TestExampleRuntime(t *testing.T) {
	scenario.Run(t, scenario.Options{Root: "testdata/goruntime", Graphs: map[string]scenario.Runtime{"toy:greeter": toyRuntime{greeter}}})
}
