Feature: State values are JSON
  Every value that enters the engine is checked: it must be JSON a JavaScript
  or Python runtime would keep as it is. The first violation is reported with
  its JSON path and, for text, file:line:column.

  Background:
    Given the state schema:
      | field   |
      | meta    |
      | created |
    And an empty input state

  Scenario: an unquoted YAML date is rejected with its line
    When node "load" returns:
      """yaml
      meta:
        source: import
      created: 2024-01-02
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "quote it to keep it a string"
    And the state should be unchanged

  Scenario: the error names the JSON path and the file position
    When node "load" returns:
      """yaml
      meta:
        stamps: [ok, 2024-01-02T03:04:05Z]
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "at $.meta.stamps[1], features/values.feature:27:22"

  Scenario: a quoted date is just a string
    When node "load" returns:
      """yaml
      created: "2024-01-02"
      """
    Then field "created" should equal "2024-01-02"

  Scenario: NaN and infinities are not JSON
    When node "calc" returns:
      """yaml
      meta: {score: .nan}
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "$.meta.score"

  Scenario: an octal-looking YAML integer is ambiguous
    When node "load" returns:
      """yaml
      meta: {code: 012}
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "write 12 or quote it"

  Scenario: duplicate keys are rejected in JSON
    When node "load" returns:
      """json
      {"meta": {"a": 1, "a": 2}}
      """
    Then the step should fail with "DUPLICATE_KEY" mentioning "$.meta.a"

  Scenario: duplicate keys are rejected in YAML
    When node "load" returns:
      """yaml
      meta: 1
      meta: 2
      """
    Then the step should fail with "DUPLICATE_KEY"

  Scenario: integers beyond 2^53-1 would lose precision in JavaScript
    When node "load" returns:
      """json
      {"meta": {"id": 9007199254740993}}
      """
    Then the step should fail with "UNSAFE_INTEGER" mentioning "$.meta.id"

  Scenario: the largest safe integer is fine
    When node "load" returns:
      """json
      {"meta": {"id": 9007199254740991}}
      """
    Then field "meta.id" should equal 9007199254740991

  Scenario: a lone surrogate escape is not valid text
    When node "load" returns:
      """json
      {"meta": "\ud800"}
      """
    Then the step should fail with "INVALID_UTF8" mentioning "$.meta"

  Scenario: binary and set tags are not JSON
    When node "load" returns:
      """yaml
      meta: !!binary aGVsbG8=
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "binary"

  Scenario: mapping keys must be strings
    When node "load" returns:
      """yaml
      meta:
        1: one
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "$.meta"

  Scenario: numbers are compared by value
    When node "load" returns:
      """json
      {"meta": {"a": 1.0, "b": 1e2}}
      """
    Then field "meta" should equal {"a": 1, "b": 100}

  Scenario: nesting deeper than 1,000 levels is refused
    When node "load" returns from "scenarios/deep-1001.json"
    Then the step should fail with "TOO_DEEP"

  Scenario: YAML anchors and aliases are expanded
    When node "load" returns:
      """yaml
      meta:
        base: &b {model: gpt, temp: 0.2}
        copy: *b
      """
    Then field "meta.copy" should equal {"model": "gpt", "temp": 0.2}

  Scenario: a YAML alias bomb is refused
    When node "load" returns from "scenarios/alias-bomb.yaml"
    Then the step should fail with "TOO_LARGE"
