Feature: llmfy as llmfy 0.11.0 runs a flow
  The llmfy profile is llmfy's FlowEngine (llmfy 0.11.0, checked side by side
  with `--runtime builtin,llmfy`). Its state is a dict: a run's first input
  is copied as it is, and the schema's defaults are none of it; a later input
  on the thread goes through the reducers, which llmfy calls with the current
  value or None. A node returns a dict: every falsy return writes nothing,
  any other value fails where llmfy reads it as a dict. llmfy has no
  commands and no Overwrite. A step of several nodes is a fan-out whose
  branches llmfy applies one after the other as each finishes, so it runs
  when every order in which they finish gives each field one value (see
  features/errors/concurrency.feature for the others).

  Background:
    Given the "llmfy" profile

  Scenario: a default is checked against the type, then left out
    Given the state schema:
      | field  | type   | default | reducer |
      | status | string | "idle"  |         |
      | log    | array  | ["x"]   | append  |
    When the graph is invoked with:
      """json
      {"log": ["first"]}
      """
    Then the state should equal:
      """json
      {"log": ["first"]}
      """

  Scenario: a later input goes through the reducers, and its unknown keys become fields
    Given the state schema:
      | field | reducer |
      | log   | append  |
      | total | sum     |
    And the input state:
      """json
      {"log": "boot", "total": 1}
      """
    When the graph is invoked with:
      """json
      {"total": 2, "note": "hi"}
      """
    Then the state should equal:
      """json
      {"log": "boot", "total": 3, "note": "hi"}
      """
    And the revision should be 2
    When the graph is invoked with:
      """json
      {"log": ["next"]}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"log\" with reducer append expects the current value to be an array, received string"

  Scenario: a reducer's first write starts from its empty value
    Given the state schema:
      | field | reducer |
      | log   | append  |
      | total | sum     |
    And an empty input state
    When node "a" returns:
      """json
      {"log": "one", "total": 2}
      """
    Then the state should equal:
      """json
      {"log": ["one"], "total": 2}
      """

  Scenario: a null value is no value to the reducer
    Given the state schema:
      | field | reducer |
      | log   | append  |
    And the input state:
      """json
      {"log": null}
      """
    When node "a" returns:
      """json
      {"log": ["one"]}
      """
    Then field "log" should equal ["one"]

  Scenario Outline: a falsy return writes nothing: <return>
    Given the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "idle"}
      """
    When node "a" returns:
      """json
      <return>
      """
    Then the state should be unchanged
    And the revision should be 1

    Examples:
      | return |
      | null   |
      | false  |
      | 0      |
      | ""     |
      | []     |
      | {}     |

  Scenario Outline: a truthy return that is no dict fails as llmfy reads it: <return>
    Given the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "idle"}
      """
    When node "a" returns:
      """json
      <return>
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "node \"a\": AttributeError: '<type>' object has no attribute 'items'"
    And the state should be unchanged

    Examples:
      | return         | type  |
      | "done"         | str   |
      | 3              | int   |
      | 1.5            | float |
      | true           | bool  |
      | [{"status": 1}] | list  |

  Scenario: llmfy has no commands
    Given the state schema:
      | field  |
      | status |
    And an empty input state
    When node "router" returns a command:
      """json
      {"update": {"status": "x"}, "goto": "next"}
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "node \"router\" returned a command, which llmfy has not"

  Scenario: an overwrite wrapper is a value like any other
    Given the state schema:
      | field | reducer |
      | log   | append  |
    And the input state:
      """json
      {"log": ["a"]}
      """
    When node "a" returns:
      """json
      {"log": {"__overwrite__": ["b"]}}
      """
    Then field "log" should equal ["a", {"__overwrite__": ["b"]}]

  Scenario: a step of nodes writing different fields runs as a fan-out
    Given the state schema:
      | field  | reducer |
      | log    | append  |
      | status |         |
    And the input state:
      """json
      {"log": []}
      """
    When these nodes run in one step:
      """yaml
      writer: {log: [drafted]}
      critic: {status: reviewed, score: 3}
      idle: null
      """
    Then the state should equal:
      """json
      {"log": ["drafted"], "status": "reviewed", "score": 3}
      """
    And the revision should be 2

  Scenario: branches may add to one integer sum: every order gives one total
    Given the state schema:
      | field | reducer |
      | hits  | sum     |
    And the input state:
      """json
      {"hits": 1}
      """
    When these nodes run in one step:
      """yaml
      web: {hits: 2}
      cache: {hits: 3}
      """
    Then field "hits" should equal 6

  Scenario: branches appending to one list are refused: the list would be in completion order
    Given the state schema:
      | field    | reducer |
      | findings | append  |
    And the input state:
      """json
      {"findings": []}
      """
    When these nodes run in one step:
      """yaml
      facts: {findings: [fact]}
      opinions: {findings: [opinion]}
      """
    Then the step should fail with "PARALLEL_UNSUPPORTED" mentioning "field \"findings\" is written by nodes \"facts\" and \"opinions\" in one step, and its value depends on which finishes first"

  Scenario: branches appending to a long list are refused too, though the two lists differ only at their end
    Given the state schema:
      | field    | reducer |
      | findings | append  |
    And the input state:
      """json
      {"findings": ["a finding whose text is long enough that the two lists written in either order differ only past the two hundredth byte of their JSON, where a comparison of their beginnings would see one list: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]}
      """
    When these nodes run in one step:
      """yaml
      facts: {findings: [fact]}
      opinions: {findings: [opinion]}
      """
    Then the step should fail with "PARALLEL_UNSUPPORTED" mentioning "field \"findings\" is written by nodes \"facts\" and \"opinions\" in one step"
    And the state should be unchanged

  Scenario: in a fan-out, the nodes before a refused return have been applied, and their error comes first
    Given the state schema:
      | field | reducer |
      | total | sum     |
    And the input state:
      """json
      {"total": 1}
      """
    When these nodes run in one step:
      """yaml
      counter: {total: "many"}
      broken: done
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"total\" with reducer sum expects a number, received string"
    And the state should be unchanged
