Feature: Awaken: your own state keys
  A scenario that names an Awaken crate as its graph
  (Given the graph from "<crate>/Cargo.toml:<plugin>") runs on that crate's
  own StateKey types: a field is the key of that KEY, written through the
  key's Update (read from the scenario's JSON with serde) and its own
  apply, with its own MERGE and SCOPE. The fixture crate here,
  runtimes/awaken/testdata/userkeys, has a counter capped at 10 (capped),
  a list that keeps one item per id (seen, thread-scoped) and a plain last
  value (status). The crate is the judge of its keys: these scenarios run
  with --runtime awaken (or builtin,awaken, where the built-in engine
  checks the fields the schema declares), and are skipped on the built-in
  engine alone, which cannot load a crate.

  Scenario: the counter stops at the crate's cap, whatever a sum would say
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And an empty input state
    When node "a" returns:
      """json
      {"capped": 7}
      """
    And node "b" returns:
      """json
      {"capped": 7}
      """
    Then field "capped" should equal 10

  Scenario: a revised item replaces the one of its id, where it was
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And an empty input state
    When node "a" returns:
      """json
      {"seen": {"id": "a", "text": "first"}}
      """
    And node "b" returns:
      """json
      {"seen": {"id": "b", "text": "second"}}
      """
    And node "a" returns:
      """json
      {"seen": {"id": "a", "text": "a revised"}}
      """
    Then field "seen" should equal [{"id": "a", "text": "a revised"}, {"id": "b", "text": "second"}]

  Scenario: a thread-scoped key of the crate keeps its value into the next run
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And the input state:
      """json
      {"capped": 3, "seen": [{"id": "a", "text": "first"}]}
      """
    When node "a" returns:
      """json
      {"capped": 2}
      """
    And the graph is invoked with:
      """json
      {"status": "again"}
      """
    Then the state should equal:
      """json
      {"seen": [{"id": "a", "text": "first"}], "status": "again"}
      """

  Scenario: a field the schema declares is checked side by side with the built-in engine
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And the state schema:
      | field  | type   | reducer    |
      | status | string | last-value |
    And an empty input state
    When node "a" returns:
      """json
      {"status": "open", "capped": 12}
      """
    Then field "status" should equal "open"
    And field "capped" should equal 10

  Scenario: a write the key's Update cannot read is refused, naming the key and its type
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And an empty input state
    When node "a" returns:
      """json
      {"seen": "not an item"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR"

  Scenario: a key the crate's plugin does not register is unknown to Awaken
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And an empty input state
    When node "a" returns:
      """json
      {"capped": 1, "nope": true}
      """
    Then the step should fail with "UNKNOWN_KEY"
    And field "capped" should be absent

  Scenario: two nodes writing an exclusive key of the crate conflict
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {status: open}
      b: {status: closed}
      """
    Then the step should fail with "EXCLUSIVE_MERGE_CONFLICT"

  Scenario: a plugin has no nodes to run: a scenario scripts what they return
    Given the graph from "runtimes/awaken/testdata/userkeys/Cargo.toml:StatePlugin"
    And an empty input state
    When node "agent" runs
    Then the step should fail with "RUNTIME_ERROR"
