Feature: Catalogue of errors: values read from files under scenarios/
  Files named in a step are decoded by their extension (.json as JSON, .yaml
  and .yml as YAML) and checked like docstrings; the error names the file,
  line and column. The bytes that a feature file cannot hold (invalid UTF-8,
  UTF-16) and the values too big to write inline (1,001 levels of nesting, a
  billion laughs) live in scenarios/errors/.

  Background:
    Given the state schema:
      | field |
      | meta  |
    And the input state:
      """json
      {"meta": "before"}
      """

  Scenario Outline: a node output from a file is refused: <case>
    When node "load" returns from "scenarios/errors/<file>"
    Then the step should fail with "<code>" mentioning "<message>"
    And the state should be unchanged
    And field "meta" should equal "before"

    Examples: text that is not UTF-8
      | case                         | file                | code         | message                                                                                                                        |
      | a Latin-1 string in JSON     | latin1.json         | INVALID_UTF8 | string holds invalid UTF-8 (byte 0xe9 at 3:17); JSON text must be UTF-8 (at $.meta.city, scenarios/errors/latin1.json:3:13)    |
      | a Latin-1 object key in JSON | latin1-key.json     | INVALID_UTF8 | object key holds invalid UTF-8 (byte 0xe9 at 1:15); JSON text must be UTF-8 (at $.meta, scenarios/errors/latin1-key.json:1:11) |
      | a cut multi-byte character   | truncated-utf8.json | INVALID_UTF8 | string holds invalid UTF-8 (byte 0xe2 at 1:19)                                                                                 |
      | a Latin-1 YAML file          | latin1.yaml         | INVALID_UTF8 | invalid UTF-8 (byte 0xe9); save the text as UTF-8 (scenarios/errors/latin1.yaml:2:12)                                          |
      | a YAML file saved as UTF-16  | utf16.yaml          | INVALID_UTF8 | invalid UTF-8 (byte 0xff); save the text as UTF-8 (scenarios/errors/utf16.yaml:1:1)                                            |

    Examples: too deep and too large
      | case                         | file                | code      | message                                                                                                                                                                            |
      | 1,001 levels of JSON objects | deep-1001.json      | TOO_DEEP  | arrays and objects are nested deeper than 1000 levels (at $.meta.a.a.a.a                                                                                                           |
      | 1,001 levels of YAML lists   | deep-1001.yaml      | TOO_DEEP  | arrays and objects are nested deeper than 1000 levels (at $.meta[0][0][0][0]                                                                                                       |
      | an alias that nests too deep | deep-alias.yaml     | TOO_DEEP  | arrays and objects are nested deeper than 1000 levels (alias *deep adds 600)                                                                                                       |
      | a billion laughs             | billion-laughs.yaml | TOO_LARGE | YAML aliases expand to more than 1000000 values; use fewer aliases                                                                                                                 |
      | long strings under aliases   | long-laughs.yaml    | TOO_LARGE | YAML aliases expand to more than 16 MiB of text (alias *b is 100101 bytes); use fewer aliases, or write the values out (at $.meta.c[166], scenarios/errors/long-laughs.yaml:6:505) |

    Examples: values JSON cannot hold
      | case                | file               | code           | message                                                                                                                                                                               |
      | a YAML date         | dates.yaml         | NON_JSON_VALUE | 2024-01-02 is a YAML timestamp, not a JSON value; quote it to keep it a string (at $.meta.created, scenarios/errors/dates.yaml:3:12)                                                  |
      | a duplicate key     | duplicate-key.json | DUPLICATE_KEY  | duplicate key \"id\"; the first was at 3:5 (at $.meta.id, scenarios/errors/duplicate-key.json:5:5)                                                                                    |
      | a 20-digit order id | unsafe-id.yaml     | UNSAFE_INTEGER | integer 12345678901234567890 is outside ±(2^53−1): it loses precision in JavaScript runtimes; quote it to keep it a string (at $.meta.order_id, scenarios/errors/unsafe-id.yaml:2:13) |

  Scenario: an input file is checked the same way
    Given the input state from "scenarios/errors/duplicate-key.json"
    Then the step should fail with "DUPLICATE_KEY" mentioning "(at $.meta.id, scenarios/errors/duplicate-key.json:5:5)"
    And field "meta" should equal "before"
