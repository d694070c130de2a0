Feature: A ReAct agent's tools, scripted or real, in a whole-graph run
  scenarios/graphs/shop.mjs binds its model to two tools, lookup_order
  (which asks the order service: its function throws when the team's fake
  has no answer) and refund (a real function), and runs them through
  LangGraph's ToolNode. A scripted tool's function does not run; the tool
  message still answers the model's own tool call id and names the tool.

  Background:
    Given the graph from "scenarios/graphs/shop.mjs:graph"

  Scenario: two calls of a tool answered in turn, then the model answers
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - {name: lookup_order, args: {order: A-17}, id: call-1}
          - {name: lookup_order, args: {order: B-2}, id: call-2}
      - A-17 shipped; B-2 is lost.
      """
    And tool "lookup_order" answers, in turn:
      """
      - shipped on 2 March
      - lost in transit
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where are A-17 and B-2?", id: m-1}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | tools |
      | 3    | agent |
    And the run should have ended
    And the state should contain:
      """
      messages:
        - {id: m-1}
        - {type: ai}
        - {type: tool, name: lookup_order, tool_call_id: call-1, content: shipped on 2 March}
        - {type: tool, name: lookup_order, tool_call_id: call-2, content: lost in transit}
        - {type: ai, content: A-17 shipped; B-2 is lost.}
      """
    And the trace should match the golden file

  Scenario: one answer for every call, and a real tool beside it
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - {name: lookup_order, args: {order: A-17}, id: call-1}
          - {name: refund, args: {order: A-17}, id: call-2}
      - content: ""
        tool_calls:
          - {name: lookup_order, args: {order: A-17}, id: call-3}
      - Refund started.
      """
    And tool "lookup_order" answers:
      """
      {days: 3, status: delivered}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Refund A-17", id: m-1}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | tools |
      | 3    | agent |
      | 4    | tools |
      | 5    | agent |
    And node "tools" should have run 2 times
    And the state should contain:
      """
      messages:
        - {id: m-1}
        - {type: ai}
        - {type: tool, tool_call_id: call-1, content: '{"days":3,"status":"delivered"}'}
        - {type: tool, name: refund, tool_call_id: call-2, content: refund of A-17 started}
        - {type: ai}
        - {type: tool, tool_call_id: call-3, content: '{"days":3,"status":"delivered"}'}
        - {type: ai, content: Refund started.}
      """
    And the state should match the golden file

  Scenario: a tool called past its answers fails the run
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - {name: lookup_order, args: {order: A-17}, id: call-1}
          - {name: lookup_order, args: {order: B-2}, id: call-2}
      """
    And tool "lookup_order" answers, in turn:
      """
      - shipped on 2 March
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where are A-17 and B-2?", id: m-1}]
      """
    Then the step should fail with "TOOL_SCRIPT_EXHAUSTED" mentioning "superstep 2, node \"tools\": call 2 of tool \"lookup_order\""

  Scenario: a reply that calls a tool the model is not bound to fails the run
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - {name: cancel_order, args: {order: A-17}, id: call-1}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Cancel A-17", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_INVALID" mentioning "superstep 1, node \"agent\", call 1: the reply calls the tool \"cancel_order\", which the model was not bound to (its tools: lookup_order, refund)"
