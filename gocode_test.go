package scenario_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario"
	"github.com/stateharness/scenario/internal/toolchain"
)

// ticket is a Go team's own type, as its node returns it: encoding/json
// writes it, with its tags.
type ticket struct {
	ID       int            `json:"id"`
	Status   string         `json:"status"`
	Opened   time.Time      `json:"opened"`
	Tags     []string       `json:"tags"`
	Owner    *person        `json:"owner,omitempty"`
	Notes    []note         `json:"notes"`
	Priority priority       `json:"priority"`
	Scores   map[string]int `json:"scores"`
	Internal string         `json:"-"`
	secret   string
}

type person struct {
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

type note struct {
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// priority writes itself as "P1", "P2", ...
type priority int

func (p priority) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf(`"P%d"`, int(p))), nil }

// shipment is a Go tool's result type; its fields keep their order in the
// tool message.
type shipment struct {
	Order  string    `json:"order"`
	Status string    `json:"status"`
	ETA    time.Time `json:"eta"`
}

// TestGoNodesToolsAndSteps runs the Go team's own code in scenarios: real
// nodes, real tools and their own steps.
func TestGoNodesToolsAndSteps(t *testing.T) {
	scenario.Run(t, gocodeOptions())
}

// TestGoNodesToolsAndStepsOnLangGraphJS runs the same scenarios on the
// built-in engine and LangGraph JS side by side: what a Go node or tool
// returns (its structs included) reaches the bridge as the engine reads it.
func TestGoNodesToolsAndStepsOnLangGraphJS(t *testing.T) {
	toolchain.Node(t)
	opts := gocodeOptions()
	opts.Runtime = "builtin,langgraph-js"
	scenario.Run(t, opts)
}

// gocodeOptions are a Go team's nodes, tools and steps, for
// testdata/gocode.
func gocodeOptions() scenario.Options {
	return scenario.Options{
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
				return map[string]any{"seen": time.Unix(0, 0).UTC()}, nil
			},
			"ticket": func(context.Context, map[string]any) (map[string]any, error) {
				opened := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
				return map[string]any{"seen": &ticket{
					ID: 7, Status: "open", Opened: opened, Tags: []string{"vip"},
					Owner: &person{Name: "Ana"}, Notes: []note{{Text: "called back", At: opened.Add(55*time.Minute + 55*time.Second)}},
					Priority: 2, Scores: map[string]int{"csat": 4}, secret: "kept out",
				}}, nil
			},
			"leaky": func(context.Context, map[string]any) (map[string]any, error) {
				return map[string]any{"seen": struct {
					Name    string      `json:"name"`
					Updates chan string `json:"updates"`
				}{Name: "A-17", Updates: make(chan string)}}, nil
			},
			"unscored": func(context.Context, map[string]any) (map[string]any, error) {
				return map[string]any{"seen": struct {
					Score float64 `json:"score"`
				}{Score: math.NaN()}}, nil
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
			"shipment": func(_ context.Context, args any) (any, error) {
				order, _ := args.(map[string]any)["order"].(string)
				return &shipment{Order: order, Status: "shipped", ETA: time.Date(2024, 1, 3, 0, 0, 0, 0, time.UTC)}, nil
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
	}
}
