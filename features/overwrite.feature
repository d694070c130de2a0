Feature: Overwrite bypasses the reducer
  A write {"__overwrite__": value} replaces a field's value whatever its
  reducer. In one step, writes ordered after it are dropped and writes before
  it are replaced; two overwrites of one field in one step are an error.

  Background:
    Given the state schema:
      """yaml
      fields:
        log: {type: array, default: [], reducer: append}
      """
    And the input state:
      """json
      {"log": ["a", "b"]}
      """

  Scenario: an overwrite replaces an appended list
    When node "reset" returns:
      """json
      {"log": {"__overwrite__": ["fresh"]}}
      """
    Then field "log" should equal ["fresh"]

  Scenario: writes before the overwrite are replaced, writes after it dropped
    When these nodes run in one step:
      """yaml
      a: {log: [from a]}
      b: {log: {__overwrite__: [from b]}}
      c: {log: [from c]}
      """
    Then field "log" should equal ["from b"]

  Scenario: two overwrites of one field in one step
    When these nodes run in one step:
      """yaml
      a: {log: {__overwrite__: [x]}}
      b: {log: {__overwrite__: [y]}}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Can receive only one Overwrite value per step."
    And the state should be unchanged
