Feature: LangGraph's channels: last-value, reducer functions, and fields without a default
  A langgraph field declared without a reducer is LangGraph's LastValue
  (reducer `last-value`): it takes one write per step, and a second one in the
  same step is INVALID_CONCURRENT_GRAPH_UPDATE. A field with a reducer, even
  `replace`, is a reducer function that folds every write of the step in
  order (node-name order, then each node's own order), so the last one wins.
  A reducer field that has no default and was never written takes its first
  write as written, without the reducer (LangGraph JS's
  BinaryOperatorAggregate); the run warns when the reducer would have made
  something else of it. The error of a step in which several fields fail is
  that of the field written first.

  Scenario: a field without a reducer takes one write per step
    Given the state schema:
      | field  |
      | status |
    And an empty input state
    When these nodes run in one step:
      """yaml
      b: {status: from_b}
      a: {status: from_a}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Invalid update for channel \"status\" with values [\"from_a\",\"from_b\"]: LastValue can only receive one value per step."

  Scenario: a field declared last-value is the same channel
    Given the state schema:
      | field  | reducer    |
      | status | last-value |
    And an empty input state
    When node "a" returns a command:
      """json
      {"update": [["status", "x"], ["status", "y"]]}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "with values [\"x\",\"y\"]"

  Scenario: a field declared replace folds the writes of a step: the last node by name wins
    Given the state schema:
      | field  | reducer |
      | status | replace |
    And an empty input state
    When these nodes run in one step:
      """yaml
      b: {status: from_b}
      a: {status: from_a}
      """
    Then field "status" should equal "from_b"

  Scenario: one node writing a replace field twice: its last write wins
    Given the state schema:
      | field  | reducer |
      | status | replace |
    And an empty input state
    When node "a" returns a command:
      """json
      {"update": [["status", "x"], ["status", "y"]]}
      """
    Then field "status" should equal "y"

  Scenario: an overwrite written to a last-value field is stored as written
    Given the state schema:
      | field  |
      | status |
    And an empty input state
    When node "a" returns:
      """json
      {"status": {"__overwrite__": "x"}}
      """
    Then field "status" should equal {"__overwrite__": "x"}

  Scenario: the LangGraph trap: a messages field without a default keeps a bare string
    Given the state schema:
      | field    | reducer  |
      | messages | messages |
    When the graph is invoked with:
      """json
      {"messages": "hi"}
      """
    Then field "messages" should equal "hi"

  Scenario: with a default the same input goes through the reducer
    Given the state schema:
      | field    | reducer  | default |
      | messages | messages | []      |
    When the graph is invoked with:
      """json
      {"messages": "hi"}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "human", "content": "hi", "id": "auto-1"}]}
      """

  Scenario: the first write is stored as written, the writes after it go through the reducer
    Given the state schema:
      | field | reducer |
      | log   | append  |
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {log: [first]}
      b: {log: second}
      """
    Then field "log" should equal ["first", "second"]
    When node "c" returns:
      """json
      {"log": "third"}
      """
    Then field "log" should equal ["first", "second", "third"]

  Scenario: a first write that is an overwrite is unwrapped and is not the step's overwrite
    Given the state schema:
      | field | reducer |
      | log   | append  |
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {log: {__overwrite__: [x]}}
      b: {log: {__overwrite__: [y]}}
      """
    Then field "log" should equal ["y"]

  Scenario: awaken starts a reducer field without a default from its empty value
    Given the "awaken" profile
    And the state schema:
      | field | reducer | merge       |
      | log   | append  | commutative |
    And an empty input state
    When node "a" returns:
      """json
      {"log": "first"}
      """
    Then field "log" should equal ["first"]

  Scenario: when several fields fail, the field written first reports
    Given the state schema:
      | field  | reducer | default |
      | tokens | sum     | 0       |
      | notes  | merge   | {}      |
    And an empty input state
    When these nodes run in one step:
      """yaml
      b: {tokens: many}
      a: {notes: none, tokens: 1}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"notes\" with reducer merge expects an object, received string"

  Scenario: within one node, the key written first reports
    Given the state schema:
      | field  | reducer | default |
      | tokens | sum     | 0       |
      | notes  | merge   | {}      |
    And an empty input state
    When node "a" returns:
      """json
      {"tokens": "many", "notes": "none"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"tokens\" with reducer sum expects a number, received string"

  Scenario: keys that look like array indexes come first, as in JavaScript objects
    Given the state schema:
      | field  | reducer | default |
      | notes  | merge   | {}      |
      | 7      | sum     | 0       |
    And an empty input state
    When node "a" returns:
      """json
      {"notes": "none", "7": "many"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"7\" with reducer sum expects a number, received string"
