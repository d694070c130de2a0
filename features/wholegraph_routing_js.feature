Feature: A router's conditional edge in a whole-graph run
  scenarios/graphs/router.mjs: "classify" asks the model bound to a topic
  tool, a conditional edge sends billing questions to "billing" and the
  rest to "shipping", which drafts two answers with batch and keeps the
  shorter. Each node that calls the model may have its own script.

  Background:
    Given the graph from "scenarios/graphs/router.mjs:graph"

  Scenario: a shipping question goes to shipping, whose calls use its own script
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: topic, args: {topic: shipping}, id: c-1}]
      """
    And the model replies to node "shipping":
      """
      - It ships on Monday; the tracking number follows by mail.
      - It ships on Monday.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is my parcel?", id: m-1}]
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | classify |
      | 2    | shipping |
    And the run should have ended
    And node "billing" should have run 0 times
    And the model should have been called 3 times
    And field "topic" should equal "shipping"
    And field "messages[1].content" should equal "It ships on Monday."
    And the trace should match the golden file

  Scenario: a billing question goes to billing
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: topic, args: {topic: billing}, id: c-1}]
      - Your invoice is attached.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Send my invoice", id: m-1}]
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | classify |
      | 2    | billing  |
    And the state after step 1 should contain:
      """
      topic: billing
      """
    And the state should match the golden file

  Scenario: a node's script too short fails at that node's call
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: topic, args: {topic: shipping}, id: c-1}]
      """
    And the model replies to node "shipping":
      """
      - It ships on Monday.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is my parcel?", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 2, node \"shipping\", call 2: the model was called past the end of its script (1 replies given to node \"shipping\")"
