// Package fakesuite writes a suite of generated scenarios with known
// failures, for the HTML report's browser test and benchmarks.
package fakesuite

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/stateharness/scenario/internal/goldenfile"
)

// The failures a suite has, each in its own feature file's first scenario
// (so at most one per feature file), in this order.
const (
	// FailAssertion: a field assertion that does not hold.
	FailAssertion = "an assertion that fails"
	// FailGolden: a state that differs from its golden file.
	FailGolden = "a state that differs from its golden file"
	// FailEngine: a node's write the engine rejects (TYPE_MISMATCH).
	FailEngine = "a node that writes a string into an integer"
)

// Failures lists the failing scenarios' names in the order Write places
// them.
var Failures = []string{FailAssertion, FailGolden, FailEngine}

// Write writes n scenarios under root, perFeature to a feature file
// (features/gen-NNN.feature, goldens under golden/, a scenario.yaml). The
// first scenario of each of the first failing feature files fails, one of
// each kind of Failures.
func Write(root string, n, perFeature, failing int) error {
	if failing > len(Failures) || failing*perFeature > n {
		return fmt.Errorf("fakesuite: at most %d failures, one per feature file", len(Failures))
	}
	if err := os.MkdirAll(filepath.Join(root, "features"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(root, "scenario.yaml"), []byte("profile: langgraph\n"), 0o644); err != nil {
		return err
	}
	files := (n + perFeature - 1) / perFeature
	i := 0
	for f := 0; f < files; f++ {
		var b strings.Builder
		name := fmt.Sprintf("gen-%03d", f+1)
		fmt.Fprintf(&b, "Feature: Generated feature %d\n  Chat turns of an agent with a tool, %d scenarios.\n", f+1, perFeature)
		for k := 0; k < perFeature && i < n; k, i = k+1, i+1 {
			kind := ""
			if k == 0 && f < failing {
				kind = Failures[f]
			}
			golden, err := scenario(&b, i, kind)
			if err != nil {
				return err
			}
			if golden != "" {
				dir := filepath.Join(root, "golden", name)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(dir, goldenfile.Slug(kind)+".json"), []byte(golden), 0o644); err != nil {
					return err
				}
			}
		}
		if err := os.WriteFile(filepath.Join(root, "features", name+".feature"), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// scenario writes scenario i; kind names its failure ("" passes). It
// returns the golden file the scenario compares with, if any.
func scenario(b *strings.Builder, i int, kind string) (golden string, err error) {
	tags := []string{"@chat", "@tools", "@threads", "@slow"}
	name := kind
	if name == "" {
		name = fmt.Sprintf("turn %d answers with a tool", i+1)
	}
	status, count := `"done"`, fmt.Sprint(i+1)
	if kind == FailEngine {
		count = `"many"`
	}
	fmt.Fprintf(b, `
  %s
  Scenario: %s
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
        status: {type: string, default: idle}
        count: {type: integer, default: 0}
        notes: {type: object, reducer: merge, default: {}}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "question %d", "id": "q%d"}]}
      """
    When node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "let me look that up", "id": "a%d", "tool_calls": [{"id": "s%d", "name": "search", "args": {}}]}], "status": "searching", "notes": {"turn": %d}}
      """
    And tool "search" returns:
      """json
      "result %d"
      """
    And node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "answer %d", "id": "b%d"}], "status": %s, "count": %s, "notes": {"answered": true}}
      """
`, tags[i%len(tags)], name, i, i, i, i, i, i, i, i, status, count)
	switch kind {
	case FailAssertion:
		b.WriteString("    Then field \"status\" should equal \"idle\"\n")
	case FailGolden:
		b.WriteString("    Then the state should match the golden file\n")
		golden = fmt.Sprintf(`{
  "count": %d,
  "messages": [],
  "notes": {"answered": false},
  "status": "waiting"
}
`, i+1)
	default:
		b.WriteString("    Then field \"status\" should equal \"done\"\n")
		fmt.Fprintf(b, "    And field \"count\" should equal %d\n", i+1)
	}
	return golden, nil
}
