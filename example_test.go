package scenario_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario"
)

// supportOptions is what a Go team's test passes to scenario.Run: a real Go
// node, a custom reducer and a step of the suite's own. Its scenario is
// testdata/example/features/example.feature.
func supportOptions() scenario.Options {
	return scenario.Options{
		Root: "testdata/example",
		// the node the team already has: it reads the state, returns its update
		Nodes: map[string]scenario.NodeFunc{
			"scorer": func(_ context.Context, state map[string]any) (map[string]any, error) {
				n := len(state["messages"].([]any))
				return map[string]any{
					"best":     float64(6 + n),
					"messages": []any{map[string]any{"role": "assistant", "content": fmt.Sprintf("the best is %d", 6+n)}},
				}, nil
			},
		},
		// max keeps the larger score, whatever order nodes write in
		Reducers: map[string]scenario.ReducerFunc{
			"max": func(current, incoming any) (any, error) {
				cur, _ := current.(float64)
				in, ok := incoming.(float64)
				if !ok {
					return nil, fmt.Errorf("max takes numbers, received %T", incoming)
				}
				return max(cur, in), nil
			},
		},
		// a step of the suite's own, next to the vocabulary
		Steps: func(sc *godog.ScenarioContext) {
			sc.Step(`^the answer mentions "([^"]*)"$`, func(ctx context.Context, text string) error {
				state, err := scenario.State(ctx)
				if err != nil {
					return err
				}
				msgs := state["messages"].([]any)
				last := msgs[len(msgs)-1].(map[string]any)
				if !strings.Contains(fmt.Sprint(last["content"]), text) {
					return fmt.Errorf("the answer %q does not mention %q", last["content"], text)
				}
				return nil
			})
		},
	}
}

// A Go node, a custom reducer and a step of your own, as Options carries
// them (see supportOptions): in a test, scenario.Run(t, opts) runs the
// suite's features with them. Here the node and the reducer run alone.
func ExampleOptions() {
	opts := supportOptions()
	update, _ := opts.Nodes["scorer"](context.Background(), map[string]any{"messages": []any{"hi"}})
	best, _ := opts.Reducers["max"](9.0, update["best"])
	fmt.Println(update["best"], best)
	// Output: 7 9
}

// TestExampleOptions runs ExampleOptions' suite.
func TestExampleOptions(t *testing.T) {
	scenario.Run(t, supportOptions())
}
