Feature: Catalogue of errors: YAML that parses but is not JSON
  A ```yaml or untagged docstring (or a .yaml file) is read as YAML, but only
  what JSON can hold gets in: YAML's extra types (timestamps, NaN and
  infinities, binary, sets, custom tags), non-string keys and the ambiguous
  YAML 1.1 octals are refused with the JSON path and file:line:column of the
  value, and a hint on how to write it instead (usually: quote it).

  Background:
    Given the state schema:
      | field |
      | meta  |
    And the input state:
      """json
      {"meta": "before"}
      """

  Scenario Outline: a YAML value is refused: <case>
    When node "load" returns:
      """yaml
      meta: <value>
      """
    Then the step should fail with "<code>" mentioning "<message>"
    And the state should be unchanged
    And field "meta" should equal "before"

    Examples: NaN and the infinities
      | case          | value     | code           | message                                                                                   |
      | .nan          | .nan      | NON_JSON_VALUE | .nan is not a finite number; JSON has no NaN or Infinity; quote it to keep it a string    |
      | .NaN          | .NaN      | NON_JSON_VALUE | .NaN is not a finite number                                                               |
      | .NAN          | .NAN      | NON_JSON_VALUE | .NAN is not a finite number                                                               |
      | .inf          | .inf      | NON_JSON_VALUE | .inf is not a finite number; JSON has no NaN or Infinity                                  |
      | .Inf          | .Inf      | NON_JSON_VALUE | .Inf is not a finite number                                                               |
      | +.inf         | +.inf     | NON_JSON_VALUE | +.inf is not a finite number                                                              |
      | -.inf         | -.inf     | NON_JSON_VALUE | -.inf is not a finite number                                                              |
      | -.Inf         | -.Inf     | NON_JSON_VALUE | -.Inf is not a finite number                                                              |
      | 1e400         | 1e400     | NON_JSON_VALUE | 1e400 is not a finite number; it is too large for a float64; quote it to keep it a string |
      | -1e400        | -1e400    | NON_JSON_VALUE | -1e400 is not a finite number; it is too large for a float64                              |
      | NaN in a list | [1, .nan] | NON_JSON_VALUE | at $.meta[1], features/errors/yaml_values.feature:20:17                                   |

    Examples: timestamps
      | case                    | value                       | code           | message                                                                        |
      | a date                  | 2024-01-02                  | NON_JSON_VALUE | 2024-01-02 is a YAML timestamp, not a JSON value; quote it to keep it a string |
      | a UTC date-time         | 2024-01-02T03:04:05Z        | NON_JSON_VALUE | 2024-01-02T03:04:05Z is a YAML timestamp                                       |
      | lower-case t and offset | 2024-01-02t03:04:05.5+02:00 | NON_JSON_VALUE | 2024-01-02t03:04:05.5+02:00 is a YAML timestamp                                |
      | a space instead of T    | 2024-01-02 03:04:05         | NON_JSON_VALUE | 2024-01-02 03:04:05 is a YAML timestamp                                        |
      | one-digit month and day | 2024-1-2                    | NON_JSON_VALUE | 2024-1-2 is a YAML timestamp                                                   |
      | an explicit !!timestamp | !!timestamp 2024-01-02      | NON_JSON_VALUE | quote it to keep it a string                                                   |
      | inside a list           | [ok, 2024-01-02]            | NON_JSON_VALUE | at $.meta[1], features/errors/yaml_values.feature:20:18                        |
      | in an object            | {created: 2024-01-02}       | NON_JSON_VALUE | at $.meta.created                                                              |

    Examples: timestamps read as strings by yaml.v3
      | case                    | value                     | code           | message             |
      | spaced form with a zone | 2001-12-14 21:59:43.10 -5 | NON_JSON_VALUE | is a YAML timestamp |

    Examples: tags with no JSON equivalent
      | case                  | value                                | code           | message                                                                                      |
      | !!binary              | !!binary aGVsbG8=                    | NON_JSON_VALUE | YAML tag !!binary has no JSON equivalent; remove the tag to keep the base64 text as a string |
      | !!set                 | !!set {a, b}                         | NON_JSON_VALUE | YAML tag !!set has no JSON equivalent; remove the tag                                        |
      | !!omap                | !!omap [a: 1, b: 2]                  | NON_JSON_VALUE | YAML tag !!omap has no JSON equivalent                                                       |
      | !!pairs               | !!pairs [a: 1, a: 2]                 | NON_JSON_VALUE | YAML tag !!pairs has no JSON equivalent                                                      |
      | a local tag           | !point {x: 1, y: 2}                  | NON_JSON_VALUE | YAML tag !point has no JSON equivalent                                                       |
      | a verbatim global tag | !<tag:example.com,2024:point> {x: 1} | NON_JSON_VALUE | YAML tag tag:example.com,2024:point has no JSON equivalent                                   |
      | a language tag        | !!python/tuple [1, 2]                | NON_JSON_VALUE | YAML tag !!python/tuple has no JSON equivalent                                               |
      | !!int on a fraction   | !!int 1.5                            | NON_JSON_VALUE | \"1.5\" cannot be read as !!int; fix the value or remove the tag                             |
      | !!bool on yes         | !!bool yes                           | NON_JSON_VALUE | \"yes\" cannot be read as !!bool                                                             |
      | !!float on a word     | !!float abc                          | NON_JSON_VALUE | \"abc\" cannot be read as !!float                                                            |
      | !!null on a word      | !!null x                             | NON_JSON_VALUE | \"x\" cannot be read as !!null                                                               |

    Examples: mapping keys that are not strings
      | case           | value              | code           | message                                                                |
      | an integer key | {1: one}           | NON_JSON_VALUE | mapping key 1 is read as !!int; mapping keys must be strings; quote it |
      | a boolean key  | {true: one}        | NON_JSON_VALUE | mapping key true is read as !!bool                                     |
      | a ~ key        | {~: one}           | NON_JSON_VALUE | mapping key ~ is read as !!null                                        |
      | a null key     | {null: one}        | NON_JSON_VALUE | mapping key null is read as !!null                                     |
      | a float key    | {1.5: one}         | NON_JSON_VALUE | mapping key 1.5 is read as !!float                                     |
      | a date key     | {2024-01-02: one}  | NON_JSON_VALUE | mapping key 2024-01-02 is read as !!timestamp                          |
      | a sequence key | {[a, b]: one}      | NON_JSON_VALUE | mapping key is a sequence; mapping keys must be strings; quote it      |
      | a mapping key  | {{a: 1}: one}      | NON_JSON_VALUE | mapping key is a mapping; mapping keys must be strings                 |
      | a merge key    | {<<: {a: 1}, b: 2} | NON_JSON_VALUE | YAML merge keys (<<) are not supported; write the keys out             |

    Examples: YAML 1.1 octal-looking integers
      | case           | value | code           | message                                                                       |
      | 012            | 012   | NON_JSON_VALUE | 012 is ambiguous: YAML 1.1 reads it as an octal number; write 12 or quote it  |
      | -007           | -007  | NON_JSON_VALUE | -007 is ambiguous: YAML 1.1 reads it as an octal number; write -7 or quote it |
      | 09 (not octal) | 09    | NON_JSON_VALUE | 09 is ambiguous: YAML 1.1 reads it as an octal number; write 9 or quote it    |
      | +012           | +012  | NON_JSON_VALUE | +012 is ambiguous                                                             |
      | 0_12           | 0_12  | NON_JSON_VALUE | 0_12 is ambiguous: YAML 1.1 reads it as an octal number; write 12 or quote it |

    Examples: duplicate keys
      | case                  | value                  | code          | message                                                                                    |
      | in a nested mapping   | {a: {b: 1, b: 2}}      | DUPLICATE_KEY | duplicate key \"b\" (first at features/errors/yaml_values.feature:20:18); keep one of them |
      | in a list of mappings | [{a: 1}, {b: 1, b: 2}] | DUPLICATE_KEY | at $.meta[1].b                                                                             |
      | quoted and plain      | {b: 1, "b": 2}         | DUPLICATE_KEY | duplicate key \"b\"                                                                        |

    Examples: integers beyond ±(2^53−1)
      | case             | value                          | code           | message                                                                                                                |
      | 2^53             | 9007199254740992               | UNSAFE_INTEGER | integer 9007199254740992 is outside ±(2^53−1): it loses precision in JavaScript runtimes; quote it to keep it a string |
      | -2^53            | -9007199254740992              | UNSAFE_INTEGER | integer -9007199254740992 is outside ±(2^53−1)                                                                         |
      | beyond 64 bits   | 123456789012345678901234567890 | UNSAFE_INTEGER | integer 123456789012345678901234567890 is outside ±(2^53−1)                                                            |
      | in hexadecimal   | 0x20000000000000               | UNSAFE_INTEGER | integer 0x20000000000000 is outside ±(2^53−1)                                                                          |
      | with underscores | 9_007_199_254_740_993          | UNSAFE_INTEGER | integer 9_007_199_254_740_993 is outside                                                                               |
      | in nested lists  | [1, [2, 9007199254740993]]     | UNSAFE_INTEGER | at $.meta[1][1], features/errors/yaml_values.feature:20:21                                                             |

    Examples: unsafe integers written as YAML floats
      | case                    | value              | code           | message                                                                                                             |
      | 1e20                    | 1e20               | UNSAFE_INTEGER | 1e20 is the integer 100000000000000000000, outside ±(2^53−1) |
      | 2^53 written as a float | 9007199254740992.0 | UNSAFE_INTEGER | (at $.meta, features/errors/yaml_values.feature:20:13)                                                              |

    Examples: aliases that refer to themselves
      | case                | value         | code           | message                                                                      |
      | a list in itself    | &a [1, *a]    | NON_JSON_VALUE | alias *a refers to a value that contains it; JSON values cannot be recursive |
      | a mapping in itself | &m {self: *m} | NON_JSON_VALUE | at $.meta.self                                                               |

    Examples: surrogate escapes
      | case              | value          | code         | message                                                                                                                            |
      | a lone surrogate  | "\ud800"       | INVALID_UTF8 | invalid \u escape: YAML accepts no surrogates (\uD800-\uDFFF), not even JSON-style pairs; write \UXXXXXXXX or the character itself |
      | a JSON-style pair | "\ud83d\ude00" | INVALID_UTF8 | not even JSON-style pairs                                                                                                          |

  Scenario: the error names the line of the value in a block mapping
    When node "load" returns:
      """yaml
      meta:
        source: import
        stamps:
          - ok
          - 2024-01-02T03:04:05Z
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "(at $.meta.stamps[1], features/errors/yaml_values.feature:126:13)"

  Scenario: a duplicate top-level key names both places
    When node "load" returns:
      """yaml
      meta: 1
      other: 2
      meta: 3
      """
    Then the step should fail with "DUPLICATE_KEY" mentioning "duplicate key \"meta\" (first at features/errors/yaml_values.feature:133:7); keep one of them (at $.meta, features/errors/yaml_values.feature:135:7)"

  Scenario: an untagged docstring is YAML too
    When node "load" returns:
      """
      meta: {when: 2024-01-02}
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "quote it to keep it a string (at $.meta.when"
