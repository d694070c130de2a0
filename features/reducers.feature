Feature: Reducers merge each node's partial output into the state
  Every field has a reducer. `replace` keeps the incoming value, `append`
  concatenates arrays, `merge` is a shallow object merge where incoming keys win.

  Scenario: llmfy's reducer table: append, replace, replace
    Given the "llmfy" profile
    And the state schema:
      | field    | type    | reducer |
      | messages | array   | append  |
      | status   | string  | replace |
      | counter  | integer | replace |
    And the input state:
      """json
      {"messages": ["a"], "status": "running", "counter": 1}
      """
    When node "step" returns:
      """json
      {"messages": ["b"], "status": "done", "counter": 2}
      """
    Then the state should equal:
      """json
      {"messages": ["a", "b"], "status": "done", "counter": 2}
      """
    And the revision should be 2

  Scenario: append takes a single value as one element
    Given the state schema:
      """yaml
      fields:
        log: {type: array, default: [], reducer: append}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"log": "started"}
      """
    And node "b" returns:
      """json
      {"log": [["nested"], 2]}
      """
    Then field "log" should equal ["started", ["nested"], 2]

  Scenario: merge keeps the keys the update does not set (IXO config)
    Given the state schema:
      | field  | type   | reducer | default                         |
      | config | object | merge   | {"model": "gpt", "temp": 0.2}   |
    And an empty input state
    When node "tune" returns:
      """json
      {"config": {"temp": 0.7, "seed": 42}}
      """
    Then the state should equal:
      """json
      {"config": {"model": "gpt", "temp": 0.7, "seed": 42}}
      """

  Scenario: merge rejects a value that is not an object
    Given the state schema:
      | field  | reducer |
      | config | merge   |
    And the input state:
      """json
      {"config": {"a": 1}}
      """
    When node "bad" returns:
      """json
      {"config": [1, 2]}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "received array"
    And the state should be unchanged

  Scenario: replace is the default reducer and a field without default is absent
    Given the state schema:
      | field  | type   |
      | status | string |
      | note   | string |
    And the input state:
      """json
      {"status": "new"}
      """
    When node "work" returns:
      """json
      {"status": "working"}
      """
    Then field "status" should equal "working"
    And field "note" should be absent

  Scenario: a node that returns nothing changes nothing
    Given the state schema:
      | field  | type   |
      | status | string |
    And the input state:
      """json
      {"status": "new"}
      """
    When node "noop" returns nothing
    Then the state should be unchanged
    And the revision should be 1
