Feature: Catalogue of errors: values of the wrong declared type
  After a commit, every field written must match its declared type (a
  trailing ? allows null). Otherwise the commit fails with TYPE_MISMATCH,
  naming the field, the expected type, the value received with its JSON type,
  and the node(s) that wrote it.

  Scenario Outline: a value of the wrong type: <case>
    Given the state schema:
      | field | type   |
      | v     | <type> |
    And an empty input state
    When node "n" returns:
      """json
      {"v": <value>}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"v\" expects <type>, received <shown> (<kind>) from node \"n\" (at $.v"
    And the state should be unchanged
    And field "v" should be absent

    Examples:
      | case                 | type     | value  | shown    | kind    |
      | string given 1       | string   | 1      | 1        | number  |
      | string given null    | string   | null   | null     | null    |
      | number given '1'     | number   | "1"    | \"1\"    | string  |
      | number given true    | number   | true   | true     | boolean |
      | integer given 1.5    | integer  | 1.5    | 1.5      | number  |
      | integer given '7'    | integer  | "7"    | \"7\"    | string  |
      | integer given 1e-7   | integer  | 1e-7   | 1e-7     | number  |
      | boolean given 'true' | boolean  | "true" | \"true\" | string  |
      | boolean given 0      | boolean  | 0      | 0        | number  |
      | object given []      | object   | []     | []       | array   |
      | object given null    | object   | null   | null     | null    |
      | array given {}       | array    | {}     | {}       | object  |
      | array given 'a,b'    | array    | "a,b"  | \"a,b\"  | string  |
      | null given 0         | null     | 0      | 0        | number  |
      | null given false     | null     | false  | false    | boolean |
      | string? given 5      | string?  | 5      | 5        | number  |
      | integer? given 2.5   | integer? | 2.5    | 2.5      | number  |
      | object? given 'x'    | object?  | "x"    | \"x\"    | string  |

  Scenario: the type is checked after the reducer
    Given the state schema:
      | field | type    | reducer | default |
      | total | integer | sum     | 1       |
    And an empty input state
    When node "n" returns:
      """json
      {"total": 0.5}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"total\" expects integer, received 1.5 (number) from node \"n\""

  Scenario: a sum of two nodes that is not an integer names both nodes
    Given the state schema:
      | field | type    | reducer |
      | total | integer | sum     |
    And the input state:
      """json
      {"total": 1}
      """
    When these nodes run in one step:
      """yaml
      a: {total: 1}
      b: {total: 0.5}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"total\" expects integer, received 2.5 (number) from nodes \"a\", \"b\""
    And the state should be unchanged

  Scenario: a tool's update is typed too
    Given the state schema:
      | field | type    |
      | hits  | integer |
    And an empty input state
    When tool "search" returns:
      """json
      {"update": {"hits": "many"}}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"hits\" expects integer, received \"many\" (string)"

  Scenario: an input of the wrong type
    Given the state schema:
      | field | type    |
      | count | integer |
    When the graph is invoked with:
      """json
      {"count": "1"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"count\" expects integer, received \"1\" (string)"

  Scenario: llmfy copies a first input as it is, but checks its types
    Given the "llmfy" profile
    And the state schema:
      | field | type    |
      | count | integer |
    When the graph is invoked with:
      """json
      {"count": "1"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"count\" expects integer, received \"1\" (string) from the input (at $.count"

  Scenario: an input of the wrong type says it came from the input
    Given the state schema:
      | field | type    |
      | count | integer |
    When the graph is invoked with:
      """json
      {"count": "1"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"count\" expects integer, received \"1\" (string) from the input (at $.count"
