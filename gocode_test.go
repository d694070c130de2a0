package scenario_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario"
)

// TestGoNodesToolsAndSteps runs the Go team's own code in scenarios: real
// nodes, real tools and their own steps.
func TestGoNodesToolsAndSteps(t *testing.T) {
	scenario.Run(t, scenario.Options{
		Root: "testdata/gocode",
		Nodes: map[string]scenario.NodeFunc{
			"counter": func(_ context.Context, state map[string]any) (map[string]any, error) {
				return map[string]any{"count": len(state["messages"].([]any))}, nil
			},
			"vandal": func(_ context.Context, state map[string]any) (map[string]any, error) {
				state["tenant"] = "evil" // a copy: the harness's state keeps acme
				return state, nil
			},
			"broken": func(context.Context, map[string]any) (map[string]any, error) {
				return nil, errors.New("the CRM is down")
			},
			"panics": func(context.Context, map[string]any) (map[string]any, error) {
				var m map[string]any
				m["x"] = 1
				return m, nil
			},
			"clock": func(context.Context, map[string]any) (map[string]any, error) {
				return map[string]any{"seen": time.Unix(0, 0)}, nil
			},
		},
		Tools: map[string]scenario.ToolFunc{
			"lookup": func(_ context.Context, args any) (any, error) {
				order, _ := args.(map[string]any)["order"].(string)
				if order == "" {
					return nil, errors.New("no order")
				}
				return map[string]any{"order": order, "status": "shipped"}, nil
			},
		},
		Steps: func(sc *godog.ScenarioContext) {
			sc.Step(`^the count is odd$`, func(ctx context.Context) error {
				state, err := scenario.State(ctx)
				if err != nil {
					return err
				}
				if n, _ := state["count"].(float64); int(n)%2 != 1 {
					return fmt.Errorf("count is %v, not odd", state["count"])
				}
				return nil
			})
		},
	})
}
