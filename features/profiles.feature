Feature: Profiles
  A profile makes the engine merge as one framework does: langgraph (the
  default), dawn, awaken or llmfy. The table under "Profiles" in
  docs/reference.md is the contract.

  Scenario: dawn infers append for an array default, and has a messages field
    Given the "dawn" profile
    And the state schema:
      """yaml
      fields:
        sources: {default: []}
        topic: {default: ""}
      """
    And an empty input state
    When node "research" returns:
      """json
      {"sources": ["a.pdf"], "topic": "tides", "messages": "what are tides?"}
      """
    And node "research" returns:
      """json
      {"sources": ["b.pdf"]}
      """
    Then the state should equal:
      """json
      {"sources": ["a.pdf", "b.pdf"], "topic": "tides", "messages": [{"type": "human", "content": "what are tides?", "id": "auto-1"}]}
      """

  Scenario: dawn infers the type from the default
    Given the "dawn" profile
    And the state schema:
      """yaml
      fields:
        topic: {default: ""}
      """
    And an empty input state
    When node "bad" returns:
      """json
      {"topic": 42}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "expects string"

  Scenario: langgraph folds reducer fields in one step, in node-name order
    Given the state schema:
      """yaml
      fields:
        notes: {default: "", reducer: 'join(", ")'}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      zeta: {notes: z}
      alpha: {notes: a}
      """
    Then field "notes" should equal "a, z"

  Scenario: awaken's commutative fields must really commute
    Given the "awaken" profile
    And the state schema:
      """yaml
      fields:
        notes: {default: "", reducer: 'join(", ")', merge: commutative}
        total: {default: 0, reducer: sum, merge: commutative}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      zeta: {total: 1}
      alpha: {total: 2}
      """
    Then field "total" should equal 3
    When these nodes run in one step:
      """yaml
      zeta: {notes: z}
      alpha: {notes: a}
      """
    Then the step should fail with "ORDER_DEPENDENT_MERGE" mentioning "\"z, a\" in one order"

  Scenario: awaken makes every field exclusive by default
    Given the "awaken" profile
    And the state schema:
      """yaml
      fields:
        items: {default: [], reducer: append}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {items: [1]}
      b: {items: [2]}
      """
    Then the step should fail with "EXCLUSIVE_MERGE_CONFLICT" mentioning "parallel merge conflict on exclusive key: items"

  Scenario: awaken applies one node's own writes to an exclusive field in order
    Given the "awaken" profile
    And the state schema:
      """yaml
      fields:
        items: {default: [], reducer: append}
      """
    And an empty input state
    When node "a" returns a command:
      """json
      {"update": [["items", [1]], ["items", [2]]]}
      """
    Then field "items" should equal [1, 2]

  Scenario: awaken rejects unknown keys
    Given the "awaken" profile
    And the state schema:
      | field  |
      | status |
    And an empty input state
    When node "a" returns:
      """json
      {"statos": "typo"}
      """
    Then the step should fail with "UNKNOWN_KEY" mentioning "unknown key: statos"

  Scenario: llmfy assigns unknown keys as new fields
    Given the "llmfy" profile
    And the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "new"}
      """
    When node "a" returns:
      """json
      {"extra": {"k": 1}}
      """
    Then the state should equal:
      """json
      {"status": "new", "extra": {"k": 1}}
      """

  Scenario: llmfy runs a step of several nodes as a fan-out when they write different fields
    Given the "llmfy" profile
    And the state schema:
      | field |
      | a     |
      | b     |
    And an empty input state
    When these nodes run in one step:
      """yaml
      x: {a: 1}
      y: {b: 2}
      """
    Then the state should equal:
      """json
      {"a": 1, "b": 2}
      """

  Scenario: the profile can come from the schema document
    Given the state schema:
      """yaml
      profile: awaken
      fields:
        status: {}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"other": 1}
      """
    Then the step should fail with "UNKNOWN_KEY"

  Scenario Outline: planning is Dawn's: under <profile> a plan.md adds no todos
    Given the "<profile>" profile
    And the state schema:
      | field  |
      | status |
    And the route has a plan.md:
      """
      - [ ] Research
      """
    And the input state:
      """json
      {"status": "new"}
      """
    Then the state should equal:
      """json
      {"status": "new"}
      """

    Examples:
      | profile   |
      | langgraph |
      | awaken    |
      | llmfy     |

  Scenario: dawn folds two writes to a plain field in one step: the last node by name wins
    Dawn builds every field as a reducer function, (_, next) => next for a
    plain one, so two writes in one step never conflict as a LangGraph
    field without a reducer does.
    Given the "dawn" profile
    And the state schema:
      """yaml
      fields:
        topic: {default: ""}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      b: {topic: waves}
      a: {topic: tides}
      """
    Then field "topic" should equal "waves"

  Scenario Outline: <profile> tool results are plain answers
    Given the "<profile>" profile
    And the state schema:
      """yaml
      fields:
        messages: {default: [], reducer: messages}
        status: {}
      """
    And an empty input state
    When tool "lookup" returns:
      """json
      {"update": {"status": "x"}, "result": 1, "state": {"status": "y"}}
      """
    Then field "status" should be absent
    And field "messages[0].content" should equal "{\"update\":{\"status\":\"x\"},\"result\":1,\"state\":{\"status\":\"y\"}}"

    Examples:
      | profile |
      | awaken  |
      | llmfy   |
