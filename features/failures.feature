Feature: Asserting on a failed step
  When an engine call fails, the step records the error and passes; the next
  step must assert it with "the step should fail with", or the scenario fails
  with the step's file and line, the code and the message.

  Background:
    Given the state schema:
      | field  | type    |
      | count  | integer |
      | status | string  |
    And the input state:
      """json
      {"count": 1, "status": "new"}
      """

  Scenario: a wrong type is kept for the next step
    When node "calc" returns:
      """json
      {"count": "two"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "expects integer"
    And the state should be unchanged
    And the revision should be 1

  Scenario: a node must return an object
    When node "chat" returns:
      """json
      "just text"
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"chat\" to return an object or an array containing at least one Command object, received string"

  Scenario: a commit that changes nothing keeps the revision
    When node "same" returns:
      """json
      {"status": "new"}
      """
    Then the revision should be 1

  Scenario: unknown keys are dropped by the langgraph profile
    When node "extra" returns:
      """json
      {"status": "ok", "surprise": true}
      """
    Then the state should equal:
      """json
      {"count": 1, "status": "ok"}
      """
    And the revision should be 2
    And the trace should match the golden file
