Feature: Catalogue of errors: schema tables
  A schema table has a header naming field and any of type, default, reducer,
  readonly, merge, scope, persistent. Cells are trimmed; an empty cell is not
  set; default cells are JSON; readonly and persistent take yes/no/true/false
  (readonly also a list of sub-paths like [did]). Mistakes are SCHEMA_INVALID
  and name the table's line, the field and the attribute. A default cell that
  is not JSON at all is a problem with the scenario (errors_test.go).

  Scenario: an unknown column
    Given the state schema:
      | field | colour |
      | a     | red    |
    Then the step should fail with "SCHEMA_INVALID" mentioning "unknown schema table column \"colour\"; expected field, type, default, reducer, readonly, merge, scope, persistent (at $, features/errors/tables.feature:11)"

  Scenario: column names are lower case
    Given the state schema:
      | Field | Type   |
      | a     | string |
    Then the step should fail with "SCHEMA_INVALID" mentioning "unknown schema table column \"Field\""

  Scenario: a table without a field column
    Given the state schema:
      | type   | default |
      | string | "x"     |
    Then the step should fail with "SCHEMA_INVALID" mentioning "a schema table needs a \"field\" column (at $, features/errors/tables.feature:23)"

  Scenario: a column named twice
    Given the state schema:
      | field | type   | type   |
      | a     | string | number |
    Then the step should fail with "SCHEMA_INVALID" mentioning "schema table column \"type\" appears twice"

  Scenario: a field declared twice
    Given the state schema:
      | field  | type   |
      | status | string |
      | status | number |
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"status\": declared twice (at $.fields.status, features/errors/tables.feature:37)"

  Scenario: a row without a field name
    Given the state schema:
      | field  | type   |
      | status | string |
      |        | number |
    Then the step should fail with "SCHEMA_INVALID" mentioning "row 2: empty field name"

  Scenario Outline: a bad attribute cell: <case>
    Given the state schema:
      | field | <column> |
      | a     | <cell>   |
    Then the step should fail with "SCHEMA_INVALID" mentioning "<message>"

    Examples:
      | case                      | column     | cell      | message                                                                                                                  |
      | readonly maybe            | readonly   | maybe     | field \"a\", attribute \"readonly\": expected yes, no, true, false or a list of sub-paths like [did], received \"maybe\" |
      | readonly 1                | readonly   | 1         | attribute \"readonly\": expected yes, no, true, false or a list of sub-paths like [did], received \"1\"                  |
      | readonly list with a hole | readonly   | [did,]    | received \"[did,]\"                                                                                                      |
      | readonly list not closed  | readonly   | [did      | received \"[did\"                                                                                                        |
      | persistent sometimes      | persistent | sometimes | field \"a\", attribute \"persistent\": expected yes, no, true or false, received \"sometimes\"                           |
      | persistent 0              | persistent | 0         | attribute \"persistent\": expected yes, no, true or false, received \"0\"                                                |
      | persistent as a list      | persistent | [did]     | expected yes, no, true or false, received \"[did]\"                                                                      |
      | an unknown type           | type       | str       | field \"a\", attribute \"type\": unknown type \"str\"                                                                    |
      | a type in upper case      | type       | String    | unknown type \"String\"                                                                                                  |
      | an unknown reducer        | reducer    | concat    | field \"a\", attribute \"reducer\": unknown reducer \"concat\"                                                           |
      | join with no separator    | reducer    | join()    | reducer join: join takes one separator argument                                                                          |
      | an unknown merge          | merge      | always    | field \"a\", attribute \"merge\": expected exclusive or commutative, received \"always\"                                 |
      | an unknown scope          | scope      | forever   | field \"a\", attribute \"scope\": expected run or thread, received \"forever\"                                           |

  Scenario Outline: a default cell that does not fit its type: <case>
    Given the state schema:
      | field | type   | default   |
      | a     | <type> | <default> |
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"a\", attribute \"default\": default <shown> does not match type <type>"

    Examples:
      | case                 | type    | default | shown   |
      | a quoted number      | integer | "1"     | \"1\"   |
      | a fraction           | integer | 0.5     | 0.5     |
      | a number for text    | string  | 0       | 0       |
      | null for text        | string  | null    | null    |
      | an object for a list | array   | {}      | {}      |
      | text for a boolean   | boolean | "yes"   | \"yes\" |

  Scenario: a readonly sub-path on a field that is not an object
    Given the state schema:
      | field  | type   | readonly |
      | status | string | [did]    |
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"status\", attribute \"readonly\": readonly sub-paths need an object field, but the field's type is string"

  Scenario Outline: a default cell that is JSON but not an accepted value: <case>
    Given the state schema:
      | field | default   |
      | a     | <default> |
    Then the step should fail with "<code>" mentioning "<message>"

    Examples:
      | case              | default          | code           | message                                           |
      | a duplicate key   | {"k": 1, "k": 2} | DUPLICATE_KEY  | duplicate key \"k\"                               |
      | an unsafe integer | 9007199254740993 | UNSAFE_INTEGER | the integer 9007199254740993 is outside ±(2^53−1) |
      | a lone surrogate  | "\ud800"         | INVALID_UTF8   | string holds a lone surrogate \ud800              |
      | a float overflow  | 1e999            | NON_JSON_VALUE | 1e999 is not a finite number                      |

  Scenario: an error in a default cell names the cell's file column and the field
    Given the state schema:
      | field | default          |
      | a     | 9007199254740993 |
    Then the step should fail with "UNSAFE_INTEGER" mentioning "(at $.fields.a.default, features/errors/tables.feature:106:17)"
