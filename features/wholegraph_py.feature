Feature: The team's own Python graph runs whole, its model scripted
  A scenario on its own LangGraph Python graph (docs/reference.md,
  "Whole-graph runs") runs the graph as its users run it: from an input to
  its end, through its real nodes, the prebuilt ToolNode and its conditional
  routing, every LangChain chat model answering from the scenario's script,
  with no network. The run's supersteps, its model calls and its final
  state are then asserted (the twin of wholegraph_js.feature).

  Background:
    Given the graph from "scenarios/graphs/react.py:graph"

  Scenario: the agent calls a tool, then answers
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the steps should be:
      | step | nodes  |
      | 1    | agent  |
      | 2    | tools  |
      | 3    | agent  |
    And the run should have ended
    And the model should have been called 2 times
    And field "messages[3].content" should equal "Order A-17 shipped on 2 March."
    And the state should match the golden file

  Scenario: a script too short fails the run at the call past its end
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 3, node \"agent\""

  Scenario: a node's runs are counted over the run's supersteps
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then node "agent" should have run 2 times
    And node "tools" should have run 1 times

  Scenario: the state after each superstep
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the state after step 1 should contain:
      """
      messages:
        - {id: m-1}
        - {type: ai, tool_calls: [{name: lookup_order, id: call-1}]}
      """
    And the state after step 2 should contain:
      """
      messages:
        - {id: m-1}
        - {type: ai}
        - {type: tool, tool_call_id: call-1, content: "order A-17: shipped on 2026-03-02"}
      """
    And the state after step 3 should contain:
      """
      messages: [{id: m-1}, {}, {}, {content: Order A-17 shipped on 2 March.}]
      """

  Scenario: a run that keeps calling its tool stops at the recursion limit
    Given the recursion limit is 4
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-2}]}
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-3}]}
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the step should fail with "GRAPH_RECURSION_LIMIT" mentioning "the recursion limit of 4 supersteps without ending (its last supersteps: 2: tools; 3: agent; 4: tools; next it would run agent)"
