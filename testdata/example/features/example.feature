Feature: The examples of package scenario

  Scenario: a Go node and a custom reducer
    Given the state schema:
      | field    | reducer  | default |
      | messages | messages | []      |
      | best     | max      | 0       |
    And the input state:
      """json
      {"messages": ["what is the best score?"], "best": 3}
      """
    When node "scorer" runs
    Then field "best" should equal 7
    And the answer mentions "7"
