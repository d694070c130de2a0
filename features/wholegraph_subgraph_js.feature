Feature: A subgraph in a whole-graph run
  scenarios/graphs/nested.mjs: the parent's "research" node is a compiled
  graph of its own ("search", then "summarize", which asks the model),
  then "answer" asks the model. The subgraph's supersteps nest under its
  node in the trace; its private field scratch never reaches the parent.

  Background:
    Given the graph from "scenarios/graphs/nested.mjs:graph"

  Scenario: the subgraph runs in one superstep of the parent
    Given the model replies:
      """
      - A greeting.
      - Hello! How can I help?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | research |
      | 2    | answer   |
    And the run should have ended
    And the model should have been called 2 times
    And the state should contain:
      """
      summary: A greeting. (found 1 messages)
      """
    And field "scratch" should be absent
    And the trace should match the golden file

  Scenario: a model call inside the subgraph past the script's end names the parent's superstep
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 1, node \"summarize\", call 1"

  Scenario: a node of the subgraph that throws is named, with its parent's node
    Given the model replies:
      """
      - {error: the provider is down}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "NODE_ERROR" mentioning "superstep 1: node \"summarize\" threw Error: the provider is down (at scenarios/graphs/nested.mjs:18:"
