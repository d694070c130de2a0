Feature: Declaring the state schema
  A schema lists fields with type, default, reducer, readonly, merge, scope
  and persistent. It can be a table, a YAML or JSON docstring, or a file;
  all three mean the same.

  Scenario: a table schema
    Given the state schema:
      | field    | type   | default | reducer | readonly |
      | messages | array  | []      | append  | no       |
      | tenant   | string |         |         | yes      |
    And the input state:
      """json
      {"tenant": "acme"}
      """
    Then the state should equal:
      """json
      {"messages": [], "tenant": "acme"}
      """

  Scenario: a schema from a file, with its profile
    Given the state schema from "scenarios/chat-schema.yaml"
    And the input state:
      """json
      {"messages": ["hi"]}
      """
    When node "bot" returns:
      """json
      {"messages": ["hello"]}
      """
    Then field "messages" should equal ["hi", "hello"]

  Scenario: defaults seed a new thread
    Given the state schema:
      """json
      {"fields": {"status": {"type": "string", "default": "idle"}, "count": {"type": "integer", "default": 0}}}
      """
    And an empty input state
    Then the state should equal:
      """json
      {"status": "idle", "count": 0}
      """

  Scenario Outline: a bad schema is rejected: <case>
    Given the state schema:
      """yaml
      <schema>
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "<mention>"

    Examples:
      | case                     | schema                                              | mention                  |
      | unknown reducer          | fields: {a: {reducer: zip}}                         | unknown reducer "zip"    |
      | unknown type             | fields: {a: {type: text}}                           | unknown type "text"      |
      | default of another type  | fields: {a: {type: integer, default: "x"}}          | does not match type      |
      | readonly sub-path        | fields: {a: {type: string, readonly: [did]}}        | need an object field     |
      | unknown attribute        | fields: {a: {colour: red}}                          | attribute "colour"       |
      | bad merge                | fields: {a: {merge: sometimes}}                     | exclusive or commutative |
      | no fields                | profile: langgraph                                  | needs a "fields" object  |
      | unknown profile          | {profile: crewai, fields: {}}                       | unknown profile "crewai" |
      | join without a separator | fields: {a: {reducer: join}}                        | join takes one separator |

  Scenario: a scenario and its schema may not disagree on the profile
    Given the "awaken" profile
    And the state schema:
      """yaml
      profile: llmfy
      fields: {a: {}}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "may not disagree"

  Scenario: a bad table column is rejected
    Given the state schema:
      | field | colour |
      | a     | red    |
    Then the step should fail with "SCHEMA_INVALID" mentioning "unknown schema table column \"colour\""
