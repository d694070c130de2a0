Feature: A whole-graph run of a Python graph that stops before a node says which nodes are next
  A graph compiled with a static breakpoint (interrupt_before) stops its run
  there, as the library's own run does; the run's next nodes are then the
  nodes it stopped before (docs/reference.md, "Whole-graph runs").

  Background:
    Given the graph from "scenarios/graphs/reviewed.py:reviewed"

  Scenario: the run stops before the tool node
    Given the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
    And the next nodes should be "tools"
    And node "tools" should have run 0 times
    And the model should have been called 1 times

  Scenario: a run with no tool call ends with no next nodes
    Given the model replies:
      """
      - I cannot look that up.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the next nodes should be ""
    And the run should have ended

  Scenario: a run with no input goes on from the breakpoint
    Given the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    And the graph runs with no input
    Then the steps should be:
      | step | nodes |
      | 1    | tools |
      | 2    | agent |
    And the run should have ended
    And field "messages[3].content" should equal "Order A-17 shipped on 2 March."
