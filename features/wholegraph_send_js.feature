Feature: A Send fan-out in a whole-graph run
  scenarios/graphs/fanout.mjs: "plan" asks the model for topics, a Send
  per topic runs "research" on it, all in one superstep, and "write" joins
  the notes. A node that ran twice in a superstep is listed twice.

  Background:
    Given the graph from "scenarios/graphs/fanout.mjs:graph"

  Scenario: two topics, two research tasks in one superstep
    Given the model replies:
      """
      - policy, fees
      - Returns are free within thirty days.
      - There is no fee.
      """
    When the graph runs with:
      """
      question: What does a return cost?
      """
    Then the steps should be:
      | step | nodes              |
      | 1    | plan               |
      | 2    | research, research |
      | 3    | write              |
    And the run should have ended
    And node "research" should have run 2 times
    And node "plan" should have run 1 times
    And the state after step 2 should contain:
      """
      notes: ["policy: Returns are free within thirty days.", "fees: There is no fee."]
      """
    And field "report" should equal "fees: There is no fee.\npolicy: Returns are free within thirty days."
    And the trace should match the golden file

  Scenario: no topic, no research
    Given the model replies:
      """
      - ""
      """
    When the graph runs with:
      """
      question: Hello?
      """
    Then the steps should be:
      | step | nodes |
      | 1    | plan  |
    And the run should have ended
    And field "topics" should equal:
      """
      []
      """
