Feature: Catalogue of errors: JSON text that parses but is not a value the engine accepts
  A ```json docstring (or a .json file) is parsed strictly. Text that parses
  but holds a value JavaScript or Python would not keep as it is fails the
  step with a code: the error names the JSON path of the first offending value
  and its file:line:column. The commit is refused, so the state is as before.
  (Text that does not parse at all is a problem with the scenario and fails at
  once: see cmd/scenario/errors_test.go.)

  Background:
    Given the state schema:
      | field |
      | meta  |
    And the input state:
      """json
      {"meta": "before"}
      """

  Scenario Outline: a JSON node output is refused: <case>
    When node "load" returns:
      """json
      <output>
      """
    Then the step should fail with "<code>" mentioning "<message>"
    And the state should be unchanged
    And field "meta" should equal "before"
    And the revision should be 1

    Examples: numbers that overflow a float64
      | case                     | output                 | code           | message                                                     |
      | 1e400                    | {"meta": 1e400}        | NON_JSON_VALUE | 1e400 is not a finite number (it overflows a 64-bit float)  |
      | -1e400                   | {"meta": -1e400}       | NON_JSON_VALUE | -1e400 is not a finite number (it overflows a 64-bit float) |
      | 1e400 deep inside a list | {"meta": [0, [1e400]]} | NON_JSON_VALUE | at $.meta[1][0]                                             |

    Examples: integers beyond ±(2^53−1) lose precision in JavaScript
      | case                          | output                                                          | code           | message                                                                                                                               |
      | 2^53                          | {"meta": 9007199254740992}                                      | UNSAFE_INTEGER | the integer 9007199254740992 is outside ±(2^53−1) and loses precision in JavaScript runtimes (I-JSON, RFC 7493); quote it as a string |
      | -2^53                         | {"meta": -9007199254740992}                                     | UNSAFE_INTEGER | the integer -9007199254740992 is outside ±(2^53−1)                                                                                    |
      | a 30-digit id                 | {"meta": 123456789012345678901234567890}                        | UNSAFE_INTEGER | the integer 123456789012345678901234567890 is outside ±(2^53−1)                                                                       |
      | in nested arrays              | {"meta": [[1, [2, 9007199254740993]]]}                          | UNSAFE_INTEGER | at $.meta[0][1][1]                                                                                                                    |
      | in an object inside an array  | {"meta": {"orders": [{"id": 1}, {"id": 18446744073709551615}]}} | UNSAFE_INTEGER | at $.meta.orders[1].id                                                                                                                |
      | 1e20 written with an exponent | {"meta": 1e20}                                                  | UNSAFE_INTEGER | 1e20 is the integer 100000000000000000000, outside ±(2^53−1)                                                                          |
      | 1e20 written with a fraction  | {"meta": 100000000000000000000.0}                               | UNSAFE_INTEGER | 100000000000000000000.0 is the integer 100000000000000000000, outside ±(2^53−1)                                                       |
      | 2^53 written as a float       | {"meta": 9007199254740992.0}                                    | UNSAFE_INTEGER | 9007199254740992.0 is the integer 9007199254740992                                                                                    |

    Examples: duplicate object keys
      | case                      | output                                 | code          | message                                  |
      | at the top level          | {"meta": 1, "meta": 2}                 | DUPLICATE_KEY | duplicate key \"meta\"; the first was at |
      | nested                    | {"meta": {"a": {"b": 1, "b": 2}}}      | DUPLICATE_KEY | at $.meta.a.b                            |
      | in an array of objects    | {"meta": [{"a": 1}, {"b": 1, "b": 2}]} | DUPLICATE_KEY | at $.meta[1].b                           |
      | with the same value twice | {"meta": {"k": true, "k": true}}       | DUPLICATE_KEY | duplicate key \"k\"                      |
      | spelled with an escape    | {"meta": {"a": 1, "\u0061": 2}}        | DUPLICATE_KEY | duplicate key \"a\"                      |

    Examples: lone surrogate escapes are not Unicode text
      | case                          | output                           | code         | message                                                      |
      | a lone high surrogate         | {"meta": "x\ud800y"}             | INVALID_UTF8 | string holds a lone surrogate \ud800                         |
      | a lone low surrogate          | {"meta": "\udc00"}               | INVALID_UTF8 | string holds a lone surrogate \udc00                         |
      | a reversed pair               | {"meta": "\udc00\ud800"}         | INVALID_UTF8 | string holds a lone surrogate \udc00                         |
      | a high surrogate and a letter | {"meta": "\ud83d\u0041"}         | INVALID_UTF8 | lone surrogate \ud83d                                        |
      | a high surrogate at the end   | {"meta": ["ok", "smile \ud83d"]} | INVALID_UTF8 | at $.meta[1]                                                 |
      | in an object key              | {"meta": {"\ud800": 1}}          | INVALID_UTF8 | object key holds a lone surrogate \ud800                     |
      | the hint names a valid pair   | {"meta": "\ude00"}               | INVALID_UTF8 | which is not valid Unicode; a surrogate pair is \ud83d\ude00 |

  Scenario: the error names the JSON path and the line and column in the feature file
    When node "load" returns:
      """json
      {"meta": {
        "items": [
          {"id": 1},
          {"id": 2},
          {"id": 9007199254740993}
        ]
      }}
      """
    Then the step should fail with "UNSAFE_INTEGER" mentioning "(at $.meta.items[2].id, features/errors/json_values.feature:70:18)"

  Scenario: a duplicate key names where the first one was
    When node "load" returns:
      """json
      {"meta": {
        "model": "gpt",
        "model": "claude"
      }}
      """
    Then the step should fail with "DUPLICATE_KEY" mentioning "duplicate key \"model\"; the first was at 80:9 (at $.meta.model, features/errors/json_values.feature:81:9)"

  Scenario: an input state is checked like a node output
    When the graph is invoked with:
      """json
      {"meta": {"id": 9007199254740993}}
      """
    Then the step should fail with "UNSAFE_INTEGER" mentioning "at $.meta.id"
    And the state should be unchanged
    And the revision should be 1

  Scenario: a tool result is checked like a node output
    When tool "search" returns:
      """json
      {"hits": 1e400}
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "1e400 is not a finite number (it overflows a 64-bit float) (at $.hits"
    And the state should be unchanged
