Feature: Runs continue a thread
  Every input starts a run on the current thread. A thread that has state
  keeps it: the input is applied through the reducers, as a later node's
  output would be. Fields with `scope: run` go back to their default (absent
  if none) at the start of each run; in the awaken profile that is every
  field not declared `scope: thread`. Fields with `persistent: false` are left
  out of checkpoints and also start every run at their default.

  Scenario: llmfy continues a flow: append, replace, and what the input leaves alone
    Given the "llmfy" profile
    And the state schema:
      | field    | type    | default | reducer |
      | messages | array   | []      | append  |
      | status   | string  |         | replace |
      | counter  | integer |         | replace |
    And the input state:
      """json
      {"messages": [], "status": "start", "counter": 0}
      """
    When the graph is invoked with:
      """json
      {"messages": ["new input"], "status": "continuing"}
      """
    Then the state should equal:
      """json
      {"messages": ["new input"], "status": "continuing", "counter": 0}
      """
    And the revision should be 2

  Scenario: what nodes wrote in one run is there for the next
    Given the "llmfy" profile
    And the state schema:
      | field    | type    | default | reducer |
      | messages | array   | []      | append  |
      | status   | string  |         | replace |
      | counter  | integer |         | replace |
    And the input state:
      """json
      {"messages": [], "status": "start", "counter": 0}
      """
    When node "chat" returns:
      """json
      {"messages": ["hello"], "counter": 1}
      """
    And the graph is invoked with:
      """json
      {"messages": ["new input"], "status": "continuing"}
      """
    Then the state should equal:
      """json
      {"messages": ["hello", "new input"], "status": "continuing", "counter": 1}
      """
    And the revision should be 3

  Scenario: LangGraph merges a second input into the checkpoint through the reducers
    Given the state schema:
      | field    | type   | default | reducer  |
      | messages | array  | []      | messages |
      | status   | string |         |          |
    When the graph is invoked with:
      """json
      {"messages": [{"role": "user", "content": "hi", "id": "m1"}], "status": "start"}
      """
    Then the revision should be 1
    When the graph is invoked with:
      """json
      {"messages": [{"role": "user", "content": "and another thing"}], "status": "followup"}
      """
    Then the state should equal:
      """json
      {
        "messages": [
          {"type": "human", "content": "hi", "id": "m1"},
          {"type": "human", "content": "and another thing", "id": "auto-1"}
        ],
        "status": "followup"
      }
      """
    And the revision should be 2

  Scenario: a second input that changes nothing keeps the revision
    Given the state schema:
      | field    | type   | default | reducer  |
      | messages | array  | []      | messages |
      | status   | string |         |          |
    And the input state:
      """json
      {"messages": [{"role": "user", "content": "hi", "id": "m1"}], "status": "start"}
      """
    # the same message id replaces the message in place with an equal one
    When the graph is invoked with:
      """json
      {"messages": [{"type": "human", "content": "hi", "id": "m1"}], "status": "start"}
      """
    Then the state should be unchanged
    And the revision should be 1
    When the graph is invoked with:
      """json
      {}
      """
    Then the state should be unchanged
    And the revision should be 1

  Scenario: run-scoped fields go back to their default at the start of each run
    Given the state schema:
      | field    | type    | default | reducer | scope  |
      | question | string  |         |         |        |
      | history  | array   | []      | append  | thread |
      | attempts | integer | 0       |         | run    |
      | scratch  | string  |         |         | run    |
    And the input state:
      """json
      {"question": "q1", "history": ["q1"], "scratch": "notes on q1"}
      """
    When node "agent" returns:
      """json
      {"attempts": 2, "history": ["a1"]}
      """
    Then the state should equal:
      """json
      {"question": "q1", "history": ["q1", "a1"], "attempts": 2, "scratch": "notes on q1"}
      """
    When the graph is invoked with:
      """json
      {"question": "q2", "history": ["q2"]}
      """
    Then the state should equal:
      """json
      {"question": "q2", "history": ["q1", "a1", "q2"], "attempts": 0}
      """
    And field "scratch" should be absent
    And the revision should be 3

  Scenario: a run-scoped field may be set again by the next run's input
    Given the state schema:
      | field    | type    | default | reducer | scope |
      | attempts | integer | 0       | sum     | run   |
    And the input state:
      """json
      {"attempts": 1}
      """
    When node "retry" returns:
      """json
      {"attempts": 1}
      """
    Then field "attempts" should equal 2
    # the reducer folds the input onto the default, not onto the last run's value
    When the graph is invoked with:
      """json
      {"attempts": 1}
      """
    Then field "attempts" should equal 1

  Scenario: an input that writes a run-scoped field's old value back keeps the revision
    Given the state schema:
      | field   | type   | scope |
      | scratch | string | run   |
    And the input state:
      """json
      {"scratch": "notes"}
      """
    When the graph is invoked with:
      """json
      {"scratch": "notes"}
      """
    Then the state should be unchanged
    And the revision should be 1

  Scenario: Awaken run and thread keys across two runs
    Given the "awaken" profile
    And the state schema:
      | field      | type    | default | reducer | scope  |
      | history    | array   | []      | append  | thread |
      | step_count | integer | 0       | sum     |        |
      | draft      | string  |         |         |        |
    And the input state:
      """json
      {"history": ["q1"], "draft": "thinking about q1"}
      """
    When node "agent" returns:
      """json
      {"history": ["a1"], "step_count": 1}
      """
    Then the state should equal:
      """json
      {"history": ["q1", "a1"], "step_count": 1, "draft": "thinking about q1"}
      """
    # fields without scope are run-scoped in awaken: back to the default, or gone
    # (an input naming history would set it as written: it is the run's seed)
    When the graph is invoked with:
      """json
      {"draft": "thinking about q2"}
      """
    Then the state should equal:
      """json
      {"history": ["q1", "a1"], "step_count": 0, "draft": "thinking about q2"}
      """
    When node "agent" returns:
      """json
      {"history": ["a2"], "step_count": 1}
      """
    Then the state should equal:
      """json
      {"history": ["q1", "a1", "a2"], "step_count": 1, "draft": "thinking about q2"}
      """

  Scenario: a field that is not persistent is left out of the checkpoint and reset by the next run
    Given the state schema:
      | field  | type    | default | reducer | persistent |
      | topic  | string  |         |         |            |
      | tokens | integer | 0       | sum     | no         |
      | cache  | object  |         | merge   | false      |
    And the input state:
      """json
      {"topic": "go", "cache": {"go": "golang.org"}}
      """
    When node "search" returns:
      """json
      {"tokens": 42, "cache": {"rust": "rust-lang.org"}}
      """
    Then the state should equal:
      """json
      {"topic": "go", "tokens": 42, "cache": {"go": "golang.org", "rust": "rust-lang.org"}}
      """
    And the checkpoint should equal:
      """json
      {"revision": 2, "values": {"topic": "go"}}
      """
    When the graph is invoked with:
      """json
      {"topic": "rust"}
      """
    Then the state should equal:
      """json
      {"topic": "rust", "tokens": 0}
      """
    And field "cache" should be absent
    And the checkpoint should equal:
      """json
      {"revision": 3, "values": {"topic": "rust"}}
      """
