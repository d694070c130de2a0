Feature: More reducers, types and order independence
  merge-patch (RFC 7396), sum, union and join(sep); declared types; and a
  declared `merge: commutative` field whose result depends on the order of
  the writes is an error.

  Scenario: merge-patch merges nested objects and null deletes
    Given the state schema:
      """yaml
      fields:
        config: {reducer: merge-patch, default: {model: {name: gpt, temp: 0.2}, tools: [a]}}
      """
    And an empty input state
    When node "tune" returns:
      """json
      {"config": {"model": {"temp": 0.7}, "tools": null, "seed": 1}}
      """
    Then field "config" should equal {"model": {"name": "gpt", "temp": 0.7}, "seed": 1}

  Scenario: sum adds numbers from every node of a step
    Given the state schema:
      """yaml
      fields:
        tokens: {type: number, reducer: sum}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {tokens: 120}
      b: {tokens: 30.5}
      """
    Then field "tokens" should equal 150.5

  Scenario: union keeps first-seen order and drops duplicates by JSON equality
    Given the state schema:
      """yaml
      fields:
        tags: {reducer: union, default: [a]}
      """
    And an empty input state
    When node "n" returns:
      """json
      {"tags": ["b", "a", {"k": 1}, {"k": 1.0}, "b"]}
      """
    And node "n" returns:
      """json
      {"tags": "c"}
      """
    Then field "tags" should equal ["a", "b", {"k": 1}, "c"]

  Scenario: join appends strings with a separator (Dawn's context reducer)
    Given the state schema:
      """yaml
      fields:
        context: {reducer: 'join("\n")'}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"context": "first"}
      """
    And node "b" returns:
      """json
      {"context": "second"}
      """
    Then field "context" should equal "first\nsecond"

  Scenario: a reducer given the wrong kind of write
    Given the state schema:
      """yaml
      fields:
        tokens: {reducer: sum, default: 0}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"tokens": "many"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"tokens\" with reducer sum expects a number, received string"

  Scenario: a nullable type accepts null
    Given the state schema:
      | field | type     |
      | note  | string?  |
    And an empty input state
    When node "a" returns:
      """json
      {"note": null}
      """
    Then field "note" should equal null

  Scenario: an integer field refuses a fraction
    Given the state schema:
      | field | type    |
      | count | integer |
    And an empty input state
    When node "a" returns:
      """json
      {"count": 1.5}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "$.count"

  Scenario: a declared commutative field must not depend on the order of writes
    Given the state schema:
      """yaml
      fields:
        summary: {reducer: 'join(" ")', merge: commutative}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {summary: left}
      b: {summary: right}
      """
    Then the step should fail with "ORDER_DEPENDENT_MERGE" mentioning "\"left right\" in one order and \"right left\" in the other"

  Scenario: an order-independent commutative field is fine
    Given the state schema:
      """yaml
      fields:
        total: {reducer: sum, merge: commutative}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {total: 1}
      b: {total: 2}
      """
    Then field "total" should equal 3
