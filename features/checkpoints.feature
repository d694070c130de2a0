Feature: Revisions and checkpoints
  A thread's revision counts the commits that changed its state. The input of
  the thread's first run is its first commit, revision 1, even when it is
  empty; later inputs and outputs add 1 when they change something. Awaken
  builds a fresh store for every run: each run starts at revision 0, and its
  input seeds the store without counting as a commit.

  A checkpoint is the thread's persisted form,
  {"revision": n, "values": {...persistent fields...}}.

  Scenario: the first input is revision 1, even when it is empty
    Given the state schema:
      | field  | type   | default |
      | status | string | "idle"  |
    And an empty input state
    Then the revision should be 1
    And the checkpoint should equal:
      """json
      {"revision": 1, "values": {"status": "idle"}}
      """

  Scenario: an input that writes no value is revision 1 too
    Given the state schema:
      | field  | type   |
      | status | string |
    When the graph is invoked with:
      """json
      {}
      """
    Then the state should equal:
      """json
      {}
      """
    And the checkpoint should equal:
      """json
      {"revision": 1, "values": {}}
      """

  Scenario: later inputs and outputs add 1 only when they change something
    Given the state schema:
      | field  | type    | default | reducer |
      | status | string  |         |         |
      | total  | number  | 0       | sum     |
    And the input state:
      """json
      {"status": "start"}
      """
    Then the revision should be 1
    When node "add" returns:
      """json
      {"total": 5}
      """
    Then the revision should be 2
    When node "add" returns:
      """json
      {"total": 0}
      """
    Then the revision should be 2
    When node "idle" returns nothing
    Then the revision should be 2
    When the graph is invoked with:
      """json
      {"status": "start"}
      """
    Then the revision should be 2
    When the graph is invoked with:
      """json
      {"status": "again", "total": 1}
      """
    Then the state should equal:
      """json
      {"status": "again", "total": 6}
      """
    And the revision should be 3

  Scenario: a failed commit keeps the revision
    Given the state schema:
      | field  | type    |
      | count  | integer |
    And the input state:
      """json
      {"count": 1}
      """
    When the graph is invoked with:
      """json
      {"count": "two"}
      """
    Then the step should fail with "TYPE_MISMATCH"
    And the state should be unchanged
    And the checkpoint should equal:
      """json
      {"revision": 1, "values": {"count": 1}}
      """

  Scenario: Awaken starts every run at revision 0 and seeds it with the input
    Given the "awaken" profile
    And the state schema:
      | field   | type    | default | reducer | scope  |
      | history | array   | []      | append  | thread |
      | steps   | integer | 0       | sum     | run    |
    When the graph is invoked with:
      """json
      {"history": ["q1"]}
      """
    Then the state should equal:
      """json
      {"history": ["q1"], "steps": 0}
      """
    And the revision should be 0
    When node "agent" returns:
      """json
      {"history": ["a1"], "steps": 1}
      """
    Then the revision should be 1
    When node "agent" returns:
      """json
      {"history": ["a2"], "steps": 1}
      """
    Then the revision should be 2
    When the graph is invoked with:
      """json
      {}
      """
    Then the state should equal:
      """json
      {"history": ["q1", "a1", "a2"], "steps": 0}
      """
    And the checkpoint should equal:
      """json
      {"revision": 0, "values": {"history": ["q1", "a1", "a2"], "steps": 0}}
      """
    When node "agent" returns:
      """json
      {"history": ["a3"], "steps": 1}
      """
    Then the revision should be 1

  Scenario: each thread counts its own revisions
    Given the state schema:
      | field  | type   |
      | status | string |
    And the input state:
      """json
      {"status": "main 1"}
      """
    When node "work" returns:
      """json
      {"status": "main 2"}
      """
    And the graph is invoked on thread "side" with:
      """json
      {"status": "side 1"}
      """
    Then the checkpoint should equal:
      """json
      {"revision": 1, "values": {"status": "side 1"}}
      """
    When the graph is invoked on thread "main" with no input
    Then the checkpoint should equal:
      """json
      {"revision": 2, "values": {"status": "main 2"}}
      """

  Scenario: a checkpoint holds the revision and the persistent fields
    Given the state schema from "scenarios/threads/support-schema.yaml"
    And the input state from "scenarios/threads/support-input.json"
    When node "agent" returns:
      """json
      {
        "messages": [{"role": "assistant", "content": "Which order?", "id": "m2"}],
        "status": "waiting",
        "scratchpad": "ask for the order number",
        "attempts": 1
      }
      """
    Then the state should contain:
      """json
      {"scratchpad": "ask for the order number", "attempts": 1}
      """
    And the checkpoint should match the golden file
