Feature: Several nodes in one step
  Nodes that run in one superstep commit together. A plain field (exclusive
  merge) may receive one write per step; a field with a reducer folds every
  write, in node-name order for LangGraph.

  Background:
    Given the state schema:
      """yaml
      fields:
        status: {type: string}
        log: {type: array, default: [], reducer: append}
      """
    And the input state:
      """json
      {"status": "start"}
      """

  Scenario: two nodes writing a plain field in one step are rejected
    When these nodes run in one step:
      """yaml
      b: {status: from_b}
      a: {status: from_a}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Invalid update for channel \"status\" with values [\"from_a\",\"from_b\"]: LastValue can only receive one value per step."
    And the state should be unchanged
    And the revision should be 1

  Scenario: appends from one step are folded in node-name order
    When these nodes run in one step:
      | node   | output                        |
      | writer | {"log": ["from writer"]}      |
      | critic | {"log": ["from critic"]}      |
    Then field "log" should equal ["from critic", "from writer"]
    And the revision should be 2

  Scenario: a failed step commits nothing at all
    When these nodes run in one step:
      """json
      {"a": {"log": ["kept?"], "status": "x"}, "b": {"status": "y"}}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE"
    And field "log" should equal []
    And field "status" should equal "start"

  Scenario: one node per field in one step is fine
    When these nodes run in one step:
      """yaml
      a: {status: done}
      b: {log: [b ran]}
      """
    Then the state should equal:
      """json
      {"status": "done", "log": ["b ran"]}
      """
