Feature: Golden files
  A state can be compared with a golden file under golden/, named after the
  feature and the scenario. `scenario update` or `go test -update` rewrites it.

  Scenario: a chat state matches its golden file
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: append}
        status: {type: string, default: idle}
        config: {type: object, reducer: merge, default: {model: gpt}}
      """
    And the input state:
      """json
      {"messages": [{"role": "user", "content": "<b>hi</b> & bye"}]}
      """
    When node "agent" returns:
      """json
      {"messages": [{"role": "assistant", "content": "hello"}], "status": "done", "config": {"temp": 0.5, "max": 1e3}}
      """
    Then the state should match the golden file
    And the checkpoint should match the golden file

  Scenario: a named golden file, and a second assertion of one kind
    Given the state schema:
      | field | type    | reducer | default |
      | n     | integer | replace | 0       |
    And an empty input state
    Then the state should match the golden file "counter-start"
    When node "inc" returns:
      """json
      {"n": 1}
      """
    Then the state should match the golden file
    When node "inc" returns:
      """json
      {"n": 2}
      """
    Then the state should match the golden file

  Scenario Outline: each outline row has its own golden file
    Given the state schema:
      | field  | type   |
      | status | string |
    And the input state:
      """json
      {"status": "<status>"}
      """
    Then the state should match the golden file
    And field "$.status" should equal:
      """json
      "<status>"
      """

    Examples:
      | status  |
      | running |
      | done    |
