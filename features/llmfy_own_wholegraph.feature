Feature: The team's own llmfy flow runs whole, its model scripted
  A scenario on its own llmfy flow (docs/reference.md, "llmfy") runs the
  flow as its users run it, flow.invoke(input), through its own nodes,
  edges and reducers, every model an LLMfy wraps answering from the
  scenario's script, with no network. llmfy runs one node at a time: each
  node it runs is a superstep.

  Background:
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/assistant.py:flow"

  Scenario: the flow classifies, then the model answers
    Given the model replies:
      """
      - Your refund is on its way.
      """
    When the graph runs with:
      """
      {question: "Where is my refund?", tags: [vip]}
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | classify |
      | 2    | respond  |
    And the run should have ended
    And the model should have been called 1 times
    And field "tags" should equal ["refund", "vip"]
    And field "answer" should equal "Your refund is on its way."

  Scenario: a script too short fails the run at the call past its end
    Given the model replies:
      """
      []
      """
    When the graph runs with:
      """
      {question: "Where is my refund?"}
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 2, node \"respond\""

  Scenario: a real node that calls the model in a step is refused
    A step has no model script, and a scenario never calls the provider.
    Given the input state:
      """json
      {"question": "Where is my refund?"}
      """
    When node "respond" runs
    Then the step should fail with "RUNTIME_ERROR" mentioning "node \"respond\": the node called the model in a step, which has no model script"
