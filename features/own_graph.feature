Feature: Scenarios on the team's own LangGraph JS graph
  `Given the graph from "<module>:<export>"` runs a scenario on a compiled
  LangGraph JS graph of the suite (docs/reference.md, "Runtimes"): inputs and node outputs go
  through the graph's own channels and reducers, custom ones included, and
  `When node "<name>" runs` runs the graph's real node on the current state.
  A schema then only adds the harness's rules (readonly, types) to the
  graph's fields. Such scenarios need `--runtime langgraph-js`; the built-in
  engine skips them and says why.

  Background:
    Given the graph from "scenarios/graphs/support.mjs:graph"

  Scenario: the graph's own reducer merges what two nodes return in one step
    Given the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When these nodes run in one step:
      """yaml
      triage: {context: {topic: refund}, turns: 1}
      lookup: {context: {order: A-17}, turns: 1}
      """
    Then field "context" should equal {"user": "ann", "order": "A-17", "topic": "refund"}
    And field "turns" should equal 2

  Scenario: a real node of the graph runs on the current state
    Given the input state:
      """json
      {"context": {"user": "ann"}, "messages": ["my parcel is late", "it was due Monday"]}
      """
    When node "summarize" runs
    Then field "context.summary" should equal "ann sent 2 messages"
    And field "status" should equal "summarized"
    And the state should match the golden file

  Scenario: a schema adds the harness's rules to the graph's fields
    Given the state schema:
      | field  | type   | readonly |
      | status | string |          |
      | turns  | integer| yes      |
    And the input state:
      """json
      {"turns": 0}
      """
    When node "summarize" runs
    Then the step should fail with "READONLY_WRITE" mentioning "changed readonly field \"turns\": 0 → 1"

  Scenario: a tool of the graph answers the model's pending call
    The graph's tools are answered with When tool "<name>" returns: (a Go
    tool step has no tool of the graph to call); the tool message answers
    the call the model made.
    Given the input state:
      """json
      {"messages": [{"type": "ai", "content": "", "id": "a1", "tool_calls": [{"id": "call_7", "name": "lookup_order", "args": {"order": "A-17"}}]}]}
      """
    When tool "lookup_order" returns:
      """json
      "shipped"
      """
    Then field "messages[1].tool_call_id" should equal "call_7"
    And field "messages[1].content" should equal "shipped"
    When tool "lookup_order" returns:
      """json
      "shipped"
      """
    Then the step should fail with "TOOL_CALL_UNKNOWN" mentioning "tool \"lookup_order\" answers no pending call of the model"
