Feature: The rules of a commit, in their order
  A commit checks its writes in this order: JSON values, unknown keys, one
  write per exclusive field, order independence, readonly, types. The first
  rule broken is the error, whichever field breaks it.

  Background:
    Given the state schema:
      """yaml
      fields:
        tenant: {type: string, readonly: true}
        status: {type: string}
        count: {type: integer, reducer: sum, merge: commutative}
        tags: {type: array, reducer: append, readonly: true, default: [a]}
      """
    And the input state:
      """json
      {"tenant": "acme", "status": "new", "count": 0}
      """

  Scenario: one write per step comes before readonly
    When these nodes run in one step:
      """yaml
      a: {status: x, tenant: evil}
      b: {status: y}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE"
    And the state should be unchanged

  Scenario: readonly comes before types
    When node "a" returns:
      """json
      {"tenant": 42}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "node \"a\" changed readonly field \"tenant\""
    And the state should be unchanged

  Scenario: a readonly error names every node that wrote the field
    When these nodes run in one step:
      """yaml
      x: {tags: [b]}
      y: {tags: [c]}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "nodes \"x\", \"y\" changed readonly field \"tags\""

  Scenario: the state after a failed step is the state before it
    When node "a" returns:
      """json
      {"status": "changed"}
      """
    And node "b" returns:
      """json
      {"count": "three"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR"
    And the state should be unchanged
    And field "status" should equal "changed"
    And the revision should be 2

  Scenario: a sum that leaves the safe integers is refused
    When node "a" returns:
      """json
      {"count": 9007199254740991}
      """
    And node "b" returns:
      """json
      {"count": 1}
      """
    Then the step should fail with "UNSAFE_INTEGER" mentioning "$.count"
    And field "count" should equal 9007199254740991
