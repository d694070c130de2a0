Feature: Custom reducers registered from Go

  Scenario: a "max" reducer keeps the larger number
    Given the state schema:
      """yaml
      fields:
        best: {reducer: max, default: 0}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {best: 7}
      b: {best: 3}
      """
    Then field "best" should equal 7

  Scenario: a custom reducer's error is a REDUCER_TYPE_ERROR
    Given the state schema:
      """yaml
      fields:
        best: {reducer: max, default: 0}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"best": "high"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "custom reducer \"max\": max takes numbers, received string"
