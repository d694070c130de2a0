// Package typical writes a suite of typical scenarios for the whole-suite
// benchmarks: each a table schema, an input, two node steps, one parallel
// step, two field assertions and a golden file. It also writes what a
// LangGraph JS script needs to run the same scenarios and check them
// (cases.json), and the step texts a bare godog program registers.
package typical

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cucumber/godog"
)

// Case is one scenario as the LangGraph JS script runs it: the input, then
// one superstep per element of Steps (each a node name → its update), then
// the expected values.
type Case struct {
	Name   string                      `json:"name"`
	Input  map[string]any              `json:"input"`
	Steps  []map[string]map[string]any `json:"steps"`
	Expect map[string]any              `json:"expect"`
}

// Schema is the scenarios' state: LangGraph's messages reducer, a
// last-value status, a summed total with a default and a union of tags.
const Schema = `    Given the state schema:
      | field    | type   | default | reducer  |
      | messages | array  | []      | messages |
      | status   | string |         |          |
      | total    | number | 0       | sum      |
      | tags     | array  | []      | union    |
`

// Write writes n scenarios under root, perFeature to a feature file
// (features/typical-NNNN.feature), a scenario.yaml, and cases.json. The
// golden files are left for `scenario update` to write.
func Write(root string, n, perFeature int) error {
	if n < 1 || perFeature < 1 {
		return fmt.Errorf("typical: n and perFeature must be positive")
	}
	if err := os.MkdirAll(filepath.Join(root, "features"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(root, "scenario.yaml"), []byte("profile: langgraph\n"), 0o644); err != nil {
		return err
	}
	var cases []Case
	for f, i := 0, 0; i < n; f++ {
		var b strings.Builder
		fmt.Fprintf(&b, "Feature: Typical feature %d\n  An agent turn: plan, act, two workers in one step.\n", f+1)
		for k := 0; k < perFeature && i < n; k, i = k+1, i+1 {
			cases = append(cases, scenario(&b, i))
		}
		name := filepath.Join(root, "features", fmt.Sprintf("typical-%04d.feature", f+1))
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	data, err := json.Marshal(cases)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "cases.json"), data, 0o644)
}

func scenario(b *strings.Builder, i int) Case {
	a, w1, w2 := i%7+1, i%5+2, i%3+3
	tagA, tagB, tagC := fmt.Sprintf("t%d", i%4), fmt.Sprintf("t%d", i%6), fmt.Sprintf("t%d", i%9)
	human := map[string]any{"type": "human", "content": fmt.Sprintf("question %d", i), "id": fmt.Sprintf("q%d", i)}
	ai := map[string]any{"type": "ai", "content": fmt.Sprintf("answer %d", i), "id": fmt.Sprintf("a%d", i)}
	c := Case{
		Name:  fmt.Sprintf("turn %d plans, acts and fans out", i+1),
		Input: map[string]any{"messages": []any{human}, "status": "new"},
		Steps: []map[string]map[string]any{
			{"plan": {"status": "planned", "tags": []any{tagA}}},
			{"act": {"messages": []any{ai}, "total": a}},
			{"left": {"total": w1, "tags": []any{tagB}}, "right": {"total": w2, "tags": []any{tagC}}},
		},
	}
	tags := []any{tagA}
	for _, t := range []string{tagB, tagC} {
		if !containsString(tags, t) {
			tags = append(tags, t)
		}
	}
	c.Expect = map[string]any{"messages": []any{human, ai}, "status": "planned", "total": a + w1 + w2, "tags": tags}
	fmt.Fprintf(b, "\n  Scenario: %s\n%s", c.Name, Schema)
	fmt.Fprintf(b, "    And the input state:\n      \"\"\"json\n      %s\n      \"\"\"\n", compact(c.Input))
	for _, node := range []string{"plan", "act"} {
		step := c.Steps[0]
		if node == "act" {
			step = c.Steps[1]
		}
		kw := "When"
		if node == "act" {
			kw = "And"
		}
		fmt.Fprintf(b, "    %s node %q returns:\n      \"\"\"json\n      %s\n      \"\"\"\n", kw, node, compact(step[node]))
	}
	fmt.Fprintf(b, "    And these nodes run in one step:\n      \"\"\"yaml\n      left: %s\n      right: %s\n      \"\"\"\n",
		compact(c.Steps[2]["left"]), compact(c.Steps[2]["right"]))
	fmt.Fprintf(b, "    Then field \"status\" should equal \"planned\"\n")
	fmt.Fprintf(b, "    And field \"total\" should equal %d\n", a+w1+w2)
	fmt.Fprintf(b, "    And the state should match the golden file\n")
	return c
}

func containsString(list []any, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func compact(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // only maps of strings and numbers
	}
	return string(data)
}

// StepTexts are the patterns of the steps the scenarios use, as godog
// step definitions: what a bare godog program registers to run the same
// texts on no-op steps.
var StepTexts = []string{
	`^the state schema:$`,
	`^the input state:$`,
	`^node "([^"]*)" returns:$`,
	`^these nodes run in one step:$`,
	`^field "([^"]*)" should equal (.+)$`,
	`^the state should match the golden file$`,
}

// BareSteps registers the scenarios' step texts on no-op steps: the same
// matching work a godog suite does, and nothing else. The patterns are
// compiled once, so the baseline is as fast as godog goes.
func BareSteps() func(*godog.ScenarioContext) {
	re := make([]*regexp.Regexp, len(StepTexts))
	for i, t := range StepTexts {
		re[i] = regexp.MustCompile(t)
	}
	return func(sc *godog.ScenarioContext) {
		sc.Step(re[0], func(*godog.Table) error { return nil })
		sc.Step(re[1], func(*godog.DocString) error { return nil })
		sc.Step(re[2], func(string, *godog.DocString) error { return nil })
		sc.Step(re[3], func(*godog.DocString) error { return nil })
		sc.Step(re[4], func(string, string) error { return nil })
		sc.Step(re[5], func() error { return nil })
	}
}

// WriteLong writes one scenario of n node steps to features/long.feature
// under root (each step adds one to total and sets the status), ending in a
// field assertion: the shape of a recorded run of thousands of supersteps.
func WriteLong(root string, n int) error {
	if n < 1 {
		return fmt.Errorf("typical: n must be positive")
	}
	if err := os.MkdirAll(filepath.Join(root, "features"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(root, "scenario.yaml"), []byte("profile: langgraph\n"), 0o644); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Feature: One long run\n\n  Scenario: %d supersteps\n%s", n, Schema)
	b.WriteString("    And the input state:\n      \"\"\"json\n      {\"status\": \"new\"}\n      \"\"\"\n")
	for i := range n {
		fmt.Fprintf(&b, "    When node \"step\" returns:\n      \"\"\"json\n      {\"total\": 1, \"status\": \"s%d\"}\n      \"\"\"\n", i)
	}
	fmt.Fprintf(&b, "    Then field \"total\" should equal %d\n", n)
	return os.WriteFile(filepath.Join(root, "features", "long.feature"), []byte(b.String()), 0o644)
}
