Feature: Go code that panics
  A panic in a Go node, tool or custom reducer fails its step, at the
  step's line, with where the panic happened in the team's code and its
  message; the run goes on. TestGoPanicsNameTheirLines runs this suite.

  Scenario: a Go node panics
    Given the state schema:
      | field  | type   |
      | status | string |
    And an empty input state
    When node "explodes" runs

  Scenario: a Go tool panics
    Given an empty input state
    When tool "explodes" is called with:
      """json
      {"order": "A-17"}
      """

  Scenario: a custom reducer panics
    Given the state schema:
      """yaml
      fields:
        best: {reducer: first_of, default: []}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"best": []}
      """

  Scenario: a Go node panics in the standard library
    Given an empty input state
    When node "repeats" runs

  Scenario: the run goes on after them
    Given the state schema:
      | field  | type   |
      | status | string |
    And an empty input state
    When node "calm" runs
    Then field "status" should equal "ok"
