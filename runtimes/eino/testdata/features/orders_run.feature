Feature: Whole-graph runs of a Go team's eino graph
  The graph runs with eino's own Invoke; its chat model answers from the
  scenario's script, its tools run or answer from theirs; the supersteps
  are eino's.

  Background:
    Given the graph from "eino:orders"

  Scenario: the agent calls the real tool, then answers
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - It is in transit.
      """
    When the graph runs with:
      """
      question: Where is A-17?
      """
    Then the steps should be:
      | step | nodes                 |
      | 1    | load_order, load_user |
      | 2    | prep                  |
      | 3    | agent                 |
      | 4    | tools                 |
      | 5    | agent                 |
      | 6    | finish                |
    And the run should have ended
    And the model should have been called 2 times
    And node "agent" should have run 2 times
    And the state should contain:
      """json
      {"answer": "It is in transit.", "turns": 2}
      """
    And the state after step 4 should contain:
      """json
      {"messages": [{"role": "tool", "content": "order A-17 is in transit", "tool_call_id": "call-1", "tool_name": "lookup_order"}]}
      """
    And the state should contain:
      """json
      {"local": {"visits": 2, "messages": [
        {"role": "system", "content": "user ann, order A-17"},
        {"role": "user", "content": "Where is A-17?"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "call-1", "type": "function", "function": {"name": "lookup_order", "arguments": "{\"order\":\"A-17\"}"}}]},
        {"role": "tool", "content": "order A-17 is in transit", "tool_call_id": "call-1", "tool_name": "lookup_order"},
        {"role": "assistant", "content": "It is in transit."}]}}
      """

  Scenario: a scripted tool answers instead of the real one
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - Delivered yesterday.
      """
    And tool "lookup_order" answers:
      """
      delivered
      """
    When the graph runs with:
      """
      question: Where is A-17?
      """
    Then the state after step 4 should contain:
      """json
      {"messages": [{"role": "tool", "content": "delivered", "tool_call_id": "call-1", "tool_name": "lookup_order"}]}
      """
    And the state should contain:
      """json
      {"answer": "Delivered yesterday."}
      """

  Scenario: a model call past the end of its script
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      """
    When the graph runs with:
      """
      question: Where is A-17?
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 5, node \"agent\", call 2: the model was called past the end of its script (1 replies given); the last message it was given: {\"role\":\"tool\""

  Scenario: a reply that calls a tool the model is not bound to
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: refund, args: {}, id: call-1}]
      """
    When the graph runs with:
      """
      question: Where is A-17?
      """
    Then the step should fail with "MODEL_SCRIPT_INVALID" mentioning "superstep 3, node \"agent\", call 1: the reply calls the tool \"refund\", which the model was not bound to (its tools: lookup_order)"

  Scenario: the recursion limit
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-2}]
      """
    And the recursion limit is 4
    When the graph runs with:
      """
      question: Where is A-17?
      """
    Then the step should fail with "GRAPH_RECURSION_LIMIT" mentioning "recursion limit of 4"

  Scenario: the agent's own script answers the calls made inside it
    Given the model replies to node "agent":
      """
      - Hello ann.
      """
    When the graph runs with:
      """
      question: Hi
      """
    Then the model should have been called 1 times
    And the state should contain:
      """json
      {"answer": "Hello ann.", "turns": 1}
      """

  Scenario: a reply that raises fails the node that called the model
    Given the model replies:
      """
      - error: the provider is down
      """
    When the graph runs with:
      """
      question: Hi
      """
    Then the step should fail with "NODE_ERROR" mentioning "superstep 3, node \"agent\": the provider is down"

  Scenario: the run's trace and final state are golden files
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - It is in transit.
      """
    When the graph runs with:
      """
      question: Where is A-17?
      """
    Then the trace should match the golden file
    And the state should match the golden file
