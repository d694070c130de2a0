Feature: Catalogue of errors: schema documents
  A schema given as a YAML or JSON document, {profile?, fields: {name: {type,
  default, reducer, readonly, merge, scope, persistent}}}, is checked before
  anything runs. Every mistake is SCHEMA_INVALID and names the field and the
  attribute (as the JSON path $.fields.<field>.<attribute>) and what was
  expected.

  Scenario Outline: a bad schema document is refused: <case>
    Given the state schema:
      """yaml
      <schema>
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "<message>"

    Examples: reducers
      | case                         | schema                                   | message                                                                                                                                                                                                         |
      | an unknown reducer           | fields: {a: {reducer: zip}}              | field \"a\", attribute \"reducer\": unknown reducer \"zip\"; expected one of append, join, last-value, merge, merge-patch, messages, replace, sum, union, or a custom reducer registered in Options (at $.fields.a.reducer |
      | a reducer name in upper case | fields: {a: {reducer: Append}}           | unknown reducer \"Append\"                                                                                                                                                                                      |
      | join without its separator   | fields: {a: {reducer: join}}             | field \"a\", attribute \"reducer\": reducer join: join takes one separator argument, like join(\"\\n\"); received 0 arguments                                                                                   |
      | join with two separators     | fields: {a: {reducer: 'join(",", ";")'}} | join takes one separator argument, like join(\"\\n\"); received 2 arguments                                                                                                                                     |
      | an argument to replace       | fields: {a: {reducer: 'replace("x")'}}   | field \"a\", attribute \"reducer\": reducer replace: takes no arguments                                                                                                                                         |
      | an argument to messages      | fields: {a: {reducer: 'messages("ai")'}} | reducer messages: takes no arguments                                                                                                                                                                            |
      | an unquoted argument         | fields: {a: {reducer: 'join(x)'}}        | reducer \"join(x)\": arguments must be double-quoted strings, like join(\"\\n\")                                                                                                                                |
      | a single-quoted argument     | fields: {a: {reducer: "join(',')"}}      | arguments must be double-quoted strings                                                                                                                                                                         |
      | a missing parenthesis        | fields: {a: {reducer: 'join(","'}}       | reducer \"join(\\\",\\\"\": missing closing parenthesis                                                                                                                                                         |
      | no comma between arguments   | fields: {a: {reducer: 'join("," ";")'}}  | expected \",\" between arguments                                                                                                                                                                                |
      | an empty reducer name        | fields: {a: {reducer: ''}}               | field \"a\", attribute \"reducer\": empty reducer name                                                                                                                                                          |
      | a reducer that is a number   | fields: {a: {reducer: 3}}                | field \"a\", attribute \"reducer\": expected a string, received number                                                                                                                                          |

    Examples: types and defaults
      | case                         | schema                                     | message                                                                                                                                                       |
      | an unknown type              | fields: {a: {type: text}}                  | field \"a\", attribute \"type\": unknown type \"text\"; expected one of string, number, integer, boolean, object, array, null, any (a trailing ? allows null) |
      | a JSON Schema type name      | fields: {a: {type: int}}                   | unknown type \"int\"                                                                                                                                          |
      | a list of types              | fields: {a: {type: [string, number]}}      | field \"a\", attribute \"type\": expected a string, received array                                                                                            |
      | a fraction for an integer    | fields: {a: {type: integer, default: 1.5}} | field \"a\", attribute \"default\": default 1.5 does not match type integer (at $.fields.a.default                                                           |
      | text for an integer          | fields: {a: {type: integer, default: "1"}} | default \"1\" does not match type integer                                                                                                                     |
      | yes for a boolean            | fields: {a: {type: boolean, default: yes}} | default \"yes\" does not match type boolean                                                                                                                   |
      | null for a non-nullable type | fields: {a: {type: string, default: null}} | default null does not match type string                                                                                                                       |
      | a list for an object         | fields: {a: {type: object, default: []}}   | default [] does not match type object                                                                                                                         |
      | an object for an array       | fields: {a: {type: array, default: {}}}    | default {} does not match type array                                                                                                                          |

    Examples: readonly
      | case                            | schema                                          | message                                                                                                      |
      | a sub-path on a string field    | fields: {a: {type: string, readonly: [did]}}    | field \"a\", attribute \"readonly\": readonly sub-paths need an object field, but the field's type is string |
      | a sub-path on an array field    | fields: {a: {type: array, readonly: [did]}}     | readonly sub-paths need an object field, but the field's type is array                                       |
      | a sub-path on a nullable string | fields: {a: {type: 'string?', readonly: [did]}} | readonly sub-paths need an object field, but the field's type is string?                                     |
      | a word instead of true          | fields: {a: {readonly: 'yes'}}                  | field \"a\", attribute \"readonly\": expected true, false or a list of sub-paths, received string            |
      | a number                        | fields: {a: {readonly: 1}}                      | expected true, false or a list of sub-paths, received number                                                 |
      | a sub-path that is a number     | fields: {a: {type: object, readonly: [1]}}      | field \"a\", attribute \"readonly\": sub-path 0 must be a string, received number                            |
      | an empty sub-path               | fields: {a: {type: object, readonly: [""]}}     | bad sub-path \"\": expected a path inside the field, like did or config.did                                  |
      | a sub-path with an empty key    | fields: {a: {type: object, readonly: [a..b]}}   | bad sub-path \"a..b\"                                                                                        |

    Examples: merge, scope and persistent
      | case                        | schema                          | message                                                                                     |
      | an unknown merge            | fields: {a: {merge: sometimes}} | field \"a\", attribute \"merge\": expected exclusive or commutative, received \"sometimes\" |
      | merge as a boolean          | fields: {a: {merge: true}}      | field \"a\", attribute \"merge\": expected a string, received boolean                       |
      | an unknown scope            | fields: {a: {scope: session}}   | field \"a\", attribute \"scope\": expected run or thread, received \"session\"              |
      | scope in upper case         | fields: {a: {scope: RUN}}       | expected run or thread, received \"RUN\"                                                    |
      | persistent as a quoted word | fields: {a: {persistent: "no"}} | field \"a\", attribute \"persistent\": expected true or false, received string              |
      | persistent as yes           | fields: {a: {persistent: yes}}  | attribute \"persistent\": expected true or false, received string                           |
      | persistent as a number      | fields: {a: {persistent: 0}}    | expected true or false, received number                                                     |

    Examples: the shape of the document
      | case                       | schema                           | message                                                                                                                            |
      | an unknown attribute       | fields: {a: {colour: red}}       | field \"a\", attribute \"colour\": unknown attribute; expected one of type, default, reducer, readonly, merge, scope, persistent   |
      | a misspelt attribute       | fields: {a: {reducers: append}}  | attribute \"reducers\": unknown attribute                                                                                          |
      | a field that is a string   | fields: {a: string}              | field \"a\": a field must be an object of attributes (type, default, reducer, readonly, merge, scope, persistent), received string |
      | a field that is a list     | fields: {a: [string]}            | field \"a\": a field must be an object of attributes                                                                               |
      | fields that are a list     | fields: [a, b]                   | a schema document needs a \"fields\" object, received array (at $.fields                                                           |
      | fields that are null       | {fields: null}                   | a schema document needs a \"fields\" object, received null                                                                         |
      | no fields at all           | profile: langgraph               | a schema document needs a \"fields\" object, received nothing                                                                      |
      | an unknown top-level key   | {version: 2, fields: {}}         | unknown schema key \"version\"; expected \"profile\" or \"fields\" (at $.version                                                   |
      | a document that is a list  | [a, b]                           | a schema document must be an object with a \"fields\" object, received array (at $,                                                |
      | a document that is text    | just text                        | a schema document must be an object with a \"fields\" object, received string                                                      |
      | a profile that is a number | {profile: 1, fields: {}}         | profile must be a string, received number (at $.profile                                                                            |
      | an unknown profile         | {profile: crewai, fields: {}}    | unknown profile \"crewai\"; expected one of awaken, dawn, langgraph, langgraph-py, llmfy (at $.profile                                           |
      | a profile in mixed case    | {profile: LangGraph, fields: {}} | unknown profile \"LangGraph\"                                                                                                      |

  Scenario: the error of a JSON schema document names the feature file
    Given the state schema:
      """json
      {"fields": {"status": {"type": "string", "merge": "last"}}}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"status\", attribute \"merge\": expected exclusive or commutative, received \"last\" (at $.fields.status.merge, features/errors/schemas.feature:"

  Scenario: the error names the line of the bad attribute
    Given the state schema:
      """yaml
      fields:
        a: {type: string}
        b: {type: strng}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "(at $.fields.b.type, features/errors/schemas.feature:91:"

  Scenario: an unknown reducer names the line of the reducer
    Given the state schema:
      """yaml
      fields:
        log: {type: array, reducer: concat}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "(at $.fields.log.reducer, features/errors/schemas.feature:99:"

  Scenario: the scenario and its schema may not disagree on the profile
    Given the "awaken" profile
    And the state schema:
      """yaml
      profile: llmfy
      fields: {a: {}}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "the scenario chose the \"awaken\" profile but the schema says \"llmfy\"; they may not disagree (at $.profile"

  Scenario: a profile chosen after the schema may not disagree with it either
    Given the state schema:
      """yaml
      profile: llmfy
      fields: {a: {}}
      """
    And the "dawn" profile
    Then the step should fail with "SCHEMA_INVALID" mentioning "the scenario chose the \"dawn\" profile but the schema says \"llmfy\"; they may not disagree"

  Scenario: an unknown profile named by the scenario
    Given the "crewai" profile
    Then the step should fail with "SCHEMA_INVALID" mentioning "unknown profile \"crewai\"; expected one of awaken, dawn, langgraph, langgraph-py, llmfy"

  Scenario: a schema default must be a JSON value
    Given the state schema:
      """yaml
      fields:
        score: {type: number, default: .inf}
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning ".inf is not a finite number; JSON has no NaN or Infinity; quote it to keep it a string (at $.fields.score.default"

  Scenario: a schema file with an unknown reducer
    Given the state schema from "scenarios/errors/unknown-reducer.schema.yaml"
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"log\", attribute \"reducer\": unknown reducer \"concat\""

  Scenario: a schema file whose default is not JSON
    Given the state schema from "scenarios/errors/nan-default.schema.yaml"
    Then the step should fail with "NON_JSON_VALUE" mentioning ".nan is not a finite number; JSON has no NaN or Infinity; quote it to keep it a string (at $.fields.score.default, scenarios/errors/nan-default.schema.yaml:4:14)"

  Scenario Outline: a bad JSON Schema document is refused: <case>
    A JSON Schema document (one with $schema or a top-level properties) is
    checked the same way: its errors name the field and the keyword, at the
    keyword's own JSON path ($.properties.<field>.<keyword>, or inside $defs
    when a $ref led there).

    Given the state schema:
      """yaml
      <schema>
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "<message>"

    Examples: types, enums and defaults
      | case                           | schema                                                  | message                                                                                                                                             |
      | an unknown type                | {properties: {a: {type: int}}}                          | field \"a\", keyword \"type\": unknown JSON Schema type \"int\"; expected string, number, integer, boolean, object, array, null (at $.properties.a.type |
      | a harness type name            | {properties: {a: {type: any}}}                          | unknown JSON Schema type \"any\"                                                                                                                     |
      | a nullable type written with ? | {properties: {a: {type: "string?"}}}                    | unknown JSON Schema type \"string?\"                                                                                                                 |
      | an empty list of types         | {properties: {a: {type: []}}}                           | field \"a\", keyword \"type\": an empty list of types                                                                                               |
      | an enum that is not a list     | {properties: {a: {enum: idle}}}                         | field \"a\", keyword \"enum\": expected a list of values, received \"idle\" (at $.properties.a.enum                                                  |
      | an empty enum                  | {properties: {a: {enum: []}}}                           | keyword \"enum\": expected a list of values, received []                                                                                            |
      | a default of another type      | {properties: {a: {type: integer, default: "1"}}}        | field \"a\", keyword \"default\": default \"1\" does not match type integer (at $.properties.a.default                                               |
      | a default outside the enum     | {properties: {s: {enum: [idle, done], default: busy}}}  | field \"s\", keyword \"default\": default \"busy\" does not match type string (one of \"idle\", \"done\")                                              |
      | a null default, not nullable   | {properties: {a: {type: string, default: null}}}        | default null does not match type string                                                                                                             |
      | anyOf that is not a list       | {properties: {a: {anyOf: {type: "null"}}}}              | field \"a\", keyword \"anyOf\": expected a list of schemas, received {\"type\":\"null\"}                                                              |
      | an anyOf branch that is a name | {properties: {a: {anyOf: [string, {type: "null"}]}}}    | field \"a\", keyword \"anyOf\": expected a schema (an object), received string (at $.properties.a.anyOf[0]                                           |

    Examples: readOnly and x-reducer
      | case                        | schema                                                                    | message                                                                                                                                                                          |
      | readOnly as a word          | {properties: {a: {readOnly: "yes"}}}                                      | field \"a\", keyword \"readOnly\": expected true or false, received string (at $.properties.a.readOnly                                                                           |
      | a nested readOnly as 1      | {properties: {c: {type: object, properties: {did: {readOnly: 1}}}}}       | field \"c\", keyword \"readOnly\": expected true or false, received number (at $.properties.c.properties.did.readOnly                                                            |
      | an unknown x-reducer        | {properties: {a: {x-reducer: concat}}}                                    | field \"a\", keyword \"x-reducer\": unknown reducer \"concat\"; expected one of append, join, last-value, merge, merge-patch, messages, replace, sum, union, or a custom reducer registered in Options (at $.properties.a[\"x-reducer\"] |
      | an x-reducer that is a list | {properties: {a: {x-reducer: [merge]}}}                                   | field \"a\", keyword \"x-reducer\": expected a string, received array                                                                                                           |
      | join without its separator  | {properties: {a: {type: string, x-reducer: join}}}                        | field \"a\", keyword \"x-reducer\": reducer join: join takes one separator argument                                                                                             |
      | fields beside properties    | {properties: {a: {reducer: merge}}, fields: {a: {reducer: merge}}}        | a JSON Schema document (it has \"$schema\" or \"properties\") takes no \"fields\" key: declare fields as \"properties\"                                                             |

    Examples: $ref
      | case                         | schema                                                                                              | message                                                                                                                                      |
      | a $ref to a missing $defs    | {properties: {a: {$ref: "#/$defs/Task"}}}                                                           | field \"a\", keyword \"$ref\": \"#/$defs/Task\": nothing at $[\"$defs\"] (at $.properties.a[\"$ref\"]                                        |
      | a $ref to another file       | {properties: {a: {$ref: "task.schema.json#/$defs/Task"}}}                                           | keyword \"$ref\": \"task.schema.json#/$defs/Task\": only references inside the document, like #/$defs/Name, are followed                     |
      | a $ref to an anchor          | {properties: {a: {$ref: "#Task"}}}                                                                  | anchors are not followed; refer with a JSON pointer, like #/$defs/Name                                                                       |
      | a $ref to a value            | {x: 1, properties: {a: {$ref: "#/x"}}}                                                              | keyword \"$ref\": \"#/x\" points at 1, not a schema                                                                                           |
      | a cycle of $ref              | {$defs: {A: {$ref: "#/$defs/B"}, B: {$ref: "#/$defs/A"}}, properties: {a: {$ref: "#/$defs/A"}}}     | field \"a\", keyword \"$ref\": \"#/$defs/A\": a cycle of references ($.properties.a → $[\"$defs\"].A → $[\"$defs\"].B → $[\"$defs\"].A) never reaches a schema (at $[\"$defs\"].B[\"$ref\"] |
      | a type that refers to itself | {$defs: {A: {anyOf: [{$ref: "#/$defs/A"}, {type: "null"}]}}, properties: {a: {$ref: "#/$defs/A"}}} | field \"a\", keyword \"anyOf\": a cycle of references leads back here ($[\"$defs\"].A.anyOf → $[\"$defs\"].A.anyOf), so the field's type is never given |

    Examples: the shape of the document
      | case                         | schema                                                           | message                                                                                                              |
      | a property that is a name    | {properties: {a: string}}                                        | field \"a\": a property's schema must be an object, received string (at $.properties.a                               |
      | a property that is false     | {properties: {a: false}}                                         | field \"a\": the schema false accepts no value                                                                       |
      | properties that are a list   | {$schema: x, properties: [a, b]}                                 | a JSON Schema state schema needs a \"properties\" object, one property per field, received array (at $.properties    |
      | no properties                | {$schema: "https://json-schema.org/draft/2020-12/schema"}        | a JSON Schema state schema needs a \"properties\" object, one property per field, received nothing                   |
      | a schema of an array         | {$schema: x, type: array, properties: {}}                        | a state schema describes an object, but the document's type is \"array\" (at $.type                                  |
      | a profile in the document    | {properties: {}, profile: dawn}                                  | takes no \"profile\" key: declare fields as \"properties\" and choose the profile with a step or scenario.yaml         |

  Scenario: a JSON Schema error names the line of the keyword
    Given the state schema:
      """json
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {
          "status": {"type": "string", "enum": ["idle", "done"]},
          "context": {"type": "object", "x-reducer": "deep-merge"}
        }
      }
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"context\", keyword \"x-reducer\": unknown reducer \"deep-merge\"; expected one of append, join, last-value, merge, merge-patch, messages, replace, sum, union, or a custom reducer registered in Options (at $.properties.context[\"x-reducer\"], features/errors/schemas.feature:201:"

  Scenario: a JSON Schema file whose reducer is unknown names the file and line
    Given the state schema from "scenarios/schemas/errors/unknown-reducer.schema.json"
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"context\", keyword \"x-reducer\": unknown reducer \"deep-merge\"; expected one of append, join, last-value, merge, merge-patch, messages, replace, sum, union, or a custom reducer registered in Options (at $.properties.context[\"x-reducer\"], scenarios/schemas/errors/unknown-reducer.schema.json:8:20)"

  Scenario: a cycle of $ref in a file is refused where it closes
    Given the state schema from "scenarios/schemas/errors/ref-cycle.schema.json"
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"owner\", keyword \"$ref\": \"#/$defs/Owner\": a cycle of references ($.properties.owner → $[\"$defs\"].Owner → $[\"$defs\"].Person → $[\"$defs\"].Owner) never reaches a schema (at $[\"$defs\"].Person[\"$ref\"], scenarios/schemas/errors/ref-cycle.schema.json:9:"
