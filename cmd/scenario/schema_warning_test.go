package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessagesWithoutReducerWarning: a plain model_json_schema() export
// drops add_messages, so the run passes on a last-value messages field; it
// warns once (not once per scenario of the Background), at the step, naming
// the file, the field and the json_schema_extra fix.
func TestMessagesWithoutReducerWarning(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "schemas", "pydantic", "plain.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := newSuite(t, map[string]string{
		"scenario.yaml":                       "features: features\n",
		"scenarios/schemas/state.schema.json": string(plain),
		"features/chat.feature": `Feature: chat
  Background:
    Given the "langgraph-py" profile
    And the state schema from "scenarios/schemas/state.schema.json"
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "hello", "id": "m0"}]}
      """

  Scenario: one answer
    When node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "hi", "id": "m1"}]}
      """
    Then field "messages" should equal [{"type": "ai", "content": "hi", "id": "m1"}]

  Scenario: two answers
    When node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "hi", "id": "m1"}]}
      """
    Then field "messages[0].id" should equal "m1"
`,
	})
	r := runCLI(t, suiteArgs("run", dir)...)
	wantCode(t, r, 0)
	want := `features/chat.feature:4: warning: scenarios/schemas/state.schema.json: field "messages" is named messages but has no "x-reducer"`
	if n := strings.Count(r.all(), want); n != 1 {
		t.Fatalf("the warning %q appears %d times, want once:\n%s", want, n, r.all())
	}
	wantContains(t, r, `json_schema_extra={"x-reducer": "messages"}`, "(at $.properties.messages)")
	if strings.Contains(r.all(), `field "history"`) {
		t.Errorf("history (operator.add of dicts) looks like no messages field, but was warned of:\n%s", r.all())
	}
}
