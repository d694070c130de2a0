Feature: Awaken's state store
  The awaken profile is Awaken (awaken-runtime 0.6.0) as its StateStore
  answers, checked on the real crates with --runtime builtin,awaken. A step
  models the phase engine's collect_commands: each node returns a command,
  the commands merge in the order the step lists the nodes
  (merge_all_commands), and the merged command is committed. A run starts a
  fresh store that keeps the thread-scoped keys (restore_thread_scoped) and
  takes its input as the run's seed (apply_seed).

  Scenario: the input seeds the run: each key takes the value as written, without its reducer
    Given the "awaken" profile
    And the state schema:
      | field | type   | default  | reducer |
      | total | number | 10       | sum     |
      | log   | array  | ["boot"] | append  |
    When the graph is invoked with:
      """json
      {"total": 5, "log": ["first"]}
      """
    Then the state should equal:
      """json
      {"total": 5, "log": ["first"]}
      """
    And the revision should be 0
    When node "a" returns:
      """json
      {"total": 5, "log": ["second"]}
      """
    Then the state should equal:
      """json
      {"total": 10, "log": ["first", "second"]}
      """
    And the revision should be 1

  Scenario: a later run's input sets a thread-scoped key as written, and the others keep theirs
    Given the "awaken" profile
    And the state schema:
      | field   | type   | default | reducer | scope  |
      | history | array  | []      | append  | thread |
      | notes   | array  | []      | append  | thread |
      | steps   | number | 0       | sum     |        |
    And the input state:
      """json
      {"history": ["q1"], "notes": ["n1"]}
      """
    When node "agent" returns:
      """json
      {"history": ["a1"], "steps": 1}
      """
    And the graph is invoked with:
      """json
      {"history": ["q2"]}
      """
    Then the state should equal:
      """json
      {"history": ["q2"], "notes": ["n1"], "steps": 0}
      """

  Scenario: Awaken has no overwrite: the wrapper is a value like any other
    Given the "awaken" profile
    And the state schema:
      | field | type  | default | reducer |
      | log   | array | ["a"]   | append  |
    And an empty input state
    When node "a" returns:
      """json
      {"log": {"__overwrite__": ["b"]}}
      """
    Then field "log" should equal ["a", {"__overwrite__": ["b"]}]

  Scenario: a write of the same value is a commit: the revision goes up
    Given the "awaken" profile
    And the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "open"}
      """
    When node "a" returns:
      """json
      {"status": "open"}
      """
    Then the revision should be 1
    When node "a" returns:
      """json
      {}
      """
    Then the revision should be 1

  Scenario: two commands writing an exclusive key fail before an unknown key does
    Given the "awaken" profile
    And the state schema:
      | field  |
      | status |
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {status: x}
      b: {extra: 1, status: y}
      """
    Then the step should fail with "EXCLUSIVE_MERGE_CONFLICT" mentioning "parallel merge conflict on exclusive key: status"

  Scenario: the conflict names the later command's first key an earlier one wrote
    Given the "awaken" profile
    And the state schema:
      | field |
      | x     |
      | y     |
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {x: 1, y: 1}
      b: {y: 2, x: 2}
      """
    Then the step should fail with "EXCLUSIVE_MERGE_CONFLICT" mentioning "exclusive key: y"

  Scenario: a key the schema does not declare is exclusive in the merge
    Given the "awaken" profile
    And the state schema:
      | field  |
      | status |
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {extra: 1}
      b: {extra: 2}
      """
    Then the step should fail with "EXCLUSIVE_MERGE_CONFLICT" mentioning "parallel merge conflict on exclusive key: extra"

  Scenario: an unknown key fails the commit before any reducer runs
    Given the "awaken" profile
    And the state schema:
      | field | reducer |
      | total | sum     |
    And an empty input state
    When node "a" returns:
      """json
      {"total": "many", "extra": 1}
      """
    Then the step should fail with "UNKNOWN_KEY" mentioning "unknown key: extra"

  Scenario: the first write a reducer refuses, in the merged order, fails the commit
    Given the "awaken" profile
    And the state schema:
      | field | reducer    | merge       |
      | total | sum        | commutative |
      | notes | join(", ") |             |
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {total: 1, notes: 5}
      b: {total: many}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"notes\" with reducer join(\", \") expects a string, received number"

  Scenario: a commutative key takes the writes of every command, in merge order
    Given the "awaken" profile
    And the state schema:
      | field | default | reducer | merge       |
      | total | 0       | sum     | commutative |
    And an empty input state
    When these nodes run in one step:
      """yaml
      b: {total: 2}
      a: {total: 3}
      """
    Then field "total" should equal 5
    And the revision should be 1
