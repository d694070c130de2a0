Feature: Each scenario on the team's own LangGraph Python graph sees it freshly loaded
  The langgraph-py runtime loads the user's module (and the modules of the
  suite it imports) afresh for every scenario (docs/reference.md,
  "Runtimes"), so module-level state a graph's pytest relies on, a fake
  chat model's scripted answers or a list a node pops, starts over: each
  scenario passes alone, in suite order and under --random alike.

  Background:
    Given the "langgraph-py" profile
    And the graph from "scenarios/graphs/fresh/graph.py:graph"

  Scenario: the fake model gives its first answer
    Given the input state:
      """json
      {"messages": ["where is my refund?"]}
      """
    When node "reply" runs
    Then field "messages[1].content" should equal "Your refund is on its way."

  Scenario: the next scenario gets the first answer again, then the second
    Given the input state:
      """json
      {"messages": ["where is my refund?"]}
      """
    When node "reply" runs
    And node "reply" runs
    Then field "messages[1].content" should equal "Your refund is on its way."
    And field "messages[2].content" should equal "Anything else?"

  Scenario: a list a node pops starts full
    Given the input state:
      """json
      {}
      """
    When node "ticket" runs
    Then field "ticket" should equal "T-1"

  Scenario: and starts full again in the next scenario
    Given the input state:
      """json
      {}
      """
    When node "ticket" runs
    And node "ticket" runs
    Then field "ticket" should equal "T-2"
