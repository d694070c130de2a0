Feature: Threads hold the state
  State lives in threads. A scenario starts with no threads; the current
  thread is "main" until a step names another, and every assertion reads the
  current thread. A new thread starts from the schema's defaults and takes its
  first input as the profile says: LangGraph and Dawn apply it through the
  reducers, Awaken seeds the run with it (each key as written, as
  StateStore::apply_seed does: features/profile_awaken.feature); llmfy, which has no
  defaults, copies it as it is. A run with no input fails on a new
  thread (EMPTY_INPUT; llmfy starts an empty state) and changes nothing on a
  thread that has state.

  Scenario Outline: the first input goes through the reducers in <profile>
    Given the "<profile>" profile
    And the state schema:
      | field | type   | default  | reducer |
      | total | number | 10       | sum     |
      | log   | array  | ["boot"] | append  |
    When the graph is invoked with:
      """json
      {"total": 5, "log": ["first"]}
      """
    Then field "total" should equal 15
    And field "log" should equal ["boot", "first"]
    And the revision should be <revision>

    Examples:
      | profile   | revision |
      | langgraph | 1        |
      | dawn      | 1        |

  Scenario: llmfy copies the first input as it is, without the reducers or the defaults
    Given the "llmfy" profile
    And the state schema:
      | field  | type   | default  | reducer |
      | total  | number | 10       | sum     |
      | log    | array  | ["boot"] | append  |
      | status | string | "idle"   |         |
    When the graph is invoked with:
      """json
      {"total": 5, "log": ["first"]}
      """
    Then the state should equal:
      """json
      {"total": 5, "log": ["first"]}
      """
    And the revision should be 1

  Scenario: llmfy's later inputs go through the reducers
    Given the "llmfy" profile
    And the state schema:
      | field | type   | default  | reducer |
      | total | number | 10       | sum     |
      | log   | array  | ["boot"] | append  |
    When the graph is invoked with:
      """json
      {"total": 5, "log": ["first"]}
      """
    And the graph is invoked with:
      """json
      {"total": 5, "log": ["second"]}
      """
    Then the state should equal:
      """json
      {"total": 10, "log": ["first", "second"]}
      """
    And the revision should be 2

  Scenario: llmfy's copied first input must still match the field types
    Given the "llmfy" profile
    And the state schema:
      | field | type    |
      | count | integer |
    When the graph is invoked with:
      """json
      {"count": "two"}
      """
    Then the step should fail with "TYPE_MISMATCH"
    When the graph is invoked with:
      """json
      {"count": 2}
      """
    Then the state should equal:
      """json
      {"count": 2}
      """
    And the revision should be 1

  Scenario Outline: no input on a new thread is EMPTY_INPUT in <profile>
    Given the "<profile>" profile
    And the state schema:
      | field  | type   | default |
      | status | string | "idle"  |
    When the graph is invoked with no input
    Then the step should fail with "EMPTY_INPUT"
    When the graph is invoked on thread "other" with no input
    Then the step should fail with "EMPTY_INPUT"
    # the failed run left the thread new: the next input is its first
    When the graph is invoked with:
      """json
      {"status": "ready"}
      """
    Then field "status" should equal "ready"
    And the revision should be <revision>

    Examples:
      | profile   | revision |
      | langgraph | 1        |
      | dawn      | 1        |
      | awaken    | 0        |

  Scenario: llmfy starts an empty state when a new thread has no input
    Given the "llmfy" profile
    And the state schema:
      | field    | type   | reducer |
      | messages | array  | append  |
      | status   | string |         |
    When the graph is invoked with no input
    Then the state should equal:
      """json
      {}
      """
    And the revision should be 1
    When node "greet" returns:
      """json
      {"messages": ["hello"], "status": "greeted"}
      """
    Then the state should equal:
      """json
      {"messages": ["hello"], "status": "greeted"}
      """
    And the revision should be 2

  Scenario Outline: no input on a thread that has state changes nothing in <profile>
    Given the "<profile>" profile
    And the state schema:
      | field  | type   | default | reducer |
      | log    | array  | []      | append  |
      | status | string |         |         |
    And the input state:
      """json
      {"log": ["in"], "status": "start"}
      """
    When node "work" returns:
      """json
      {"log": ["worked"], "status": "done"}
      """
    And the graph is invoked with no input
    Then the state should be unchanged
    And the state should contain:
      """json
      {"log": ["in", "worked"], "status": "done"}
      """
    And the revision should be 2
    When the graph is invoked on thread "main" with no input
    Then the state should be unchanged
    And the revision should be 2

    Examples:
      | profile   |
      | langgraph |
      | dawn      |
      | llmfy     |

  Scenario: each thread has its own state and revision
    Given the state schema:
      | field | type   | default | reducer |
      | log   | array  | []      | append  |
      | owner | string |         |         |
    When the graph is invoked with:
      """json
      {"owner": "ann", "log": ["ann: hi"]}
      """
    And node "agent" returns:
      """json
      {"log": ["agent: hello ann"]}
      """
    Then the revision should be 2
    # a thread named for the first time starts from the defaults, not from main
    When the graph is invoked on thread "t2" with:
      """json
      {"owner": "bob"}
      """
    Then the state should equal:
      """json
      {"owner": "bob", "log": []}
      """
    And the revision should be 1
    # the current thread is now t2: outputs and assertions follow it
    When node "agent" returns:
      """json
      {"log": ["agent: hello bob"]}
      """
    Then field "log" should equal ["agent: hello bob"]
    And the revision should be 2
    When the graph is invoked with:
      """json
      {"log": ["bob: thanks"]}
      """
    Then the state should equal:
      """json
      {"owner": "bob", "log": ["agent: hello bob", "bob: thanks"]}
      """
    And the revision should be 3
    # naming main again makes it current; its state was left untouched
    When the graph is invoked on thread "main" with:
      """json
      {"log": ["ann: bye"]}
      """
    Then the state should equal:
      """json
      {"owner": "ann", "log": ["ann: hi", "agent: hello ann", "ann: bye"]}
      """
    And the revision should be 3

  Scenario: a step that names a thread makes it current even when it fails
    Given the state schema:
      | field  | type   |
      | status | string |
    And the input state:
      """json
      {"status": "main running"}
      """
    When the graph is invoked on thread "t3" with no input
    Then the step should fail with "EMPTY_INPUT"
    When the graph is invoked with:
      """json
      {"status": "t3 running"}
      """
    Then field "status" should equal "t3 running"
    And the revision should be 1
    When the graph is invoked on thread "main" with no input
    Then field "status" should equal "main running"
    And the revision should be 1
