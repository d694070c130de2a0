Feature: Catalogue of errors: Dawn's planning capability
  writeTodos validates its input in Dawn's order and fails with
  TOOL_INPUT_INVALID and Dawn's exact message; a failed call changes nothing
  and records no event. A route whose schema or tools already have what the
  capability contributes fails with CAPABILITY_CONFLICT, and a plan.md needs
  the dawn profile.

  Scenario Outline: writeTodos refuses its input: <case>
    Given the "dawn" profile
    And the route has a plan.md:
      """
      - [ ] Keep me
      """
    And an empty input state
    When the model calls "writeTodos" with:
      """json
      <input>
      """
    Then the step should fail with "TOOL_INPUT_INVALID" mentioning "<message>"
    And the state should be unchanged
    And the plan should be:
      | content | status  |
      | Keep me | pending |
    And field "messages" should equal []

    Examples: the input
      | case           | input              | message                                                         |
      | a string       | "todos"            | writeTodos: input must be an object with a `todos` array (at $ |
      | null           | null               | writeTodos: input must be an object with a `todos` array        |
      | a number       | 3                  | writeTodos: input must be an object with a `todos` array        |

    Examples: no todos array (as in Dawn, a list counts as an object)
      | case           | input              | message                                           |
      | a list         | [{"content": "a"}] | writeTodos: `todos` must be an array (at $.todos |
      | an empty list  | []                 | writeTodos: `todos` must be an array              |
      | no todos key   | {"items": []}      | writeTodos: `todos` must be an array              |
      | todos misspelt | {"Todos": []}      | writeTodos: `todos` must be an array              |

    Examples: the todos
      | case               | input                | message                                           |
      | todos is a string  | {"todos": "a, b"}    | writeTodos: `todos` must be an array (at $.todos |
      | todos is null      | {"todos": null}      | writeTodos: `todos` must be an array              |
      | todos is an object | {"todos": {"0": {}}} | writeTodos: `todos` must be an array              |

    Examples: each todo
      | case                                   | input                                                                  | message                                                                                           |
      | an item that is text                   | {"todos": ["Research"]}                                                | writeTodos: todos[0] must be an object (at $.todos[0]                                            |
      | the second item is null                | {"todos": [{"content": "a", "status": "pending"}, null]}               | writeTodos: todos[1] must be an object (at $.todos[1]                                            |
      | an item that is a list, which passes   | {"todos": [["a", "pending"]]}                                          | writeTodos: todos[0].content must be a non-empty string (at $.todos[0].content                   |
      | no content                             | {"todos": [{"status": "pending"}]}                                     | writeTodos: todos[0].content must be a non-empty string (at $.todos[0].content                   |
      | empty content                          | {"todos": [{"content": "", "status": "pending"}]}                      | writeTodos: todos[0].content must be a non-empty string                                           |
      | content a number                       | {"todos": [{"content": 1, "status": "pending"}]}                       | writeTodos: todos[0].content must be a non-empty string                                           |
      | no status                              | {"todos": [{"content": "a"}]}                                          | writeTodos: todos[0].status must be one of pending, in_progress, completed (at $.todos[0].status |
      | status done                            | {"todos": [{"content": "a", "status": "done"}]}                        | writeTodos: todos[0].status must be one of pending, in_progress, completed                        |
      | status in upper case                   | {"todos": [{"content": "a", "status": "PENDING"}]}                     | writeTodos: todos[0].status must be one of pending, in_progress, completed                        |
      | status in-progress                     | {"todos": [{"content": "a", "status": "in-progress"}]}                 | writeTodos: todos[0].status must be one of pending, in_progress, completed                        |
      | blank content passes, bad status fails | {"todos": [{"content": " ", "status": "todo"}]}                        | writeTodos: todos[0].status must be one of pending, in_progress, completed                        |
      | the first bad item wins                | {"todos": [{"content": "a", "status": "pending"}, {"content": ""}, 3]} | writeTodos: todos[1].content must be a non-empty string                                           |

  Scenario: writeTodos arguments are JSON values like any other
    Given the "dawn" profile
    And the route has a plan.md:
      """
      - [ ] Keep me
      """
    And an empty input state
    When the model calls "writeTodos" with:
      """yaml
      todos: [{content: Ship, status: pending, due: 2024-01-02}]
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "2024-01-02 is a YAML timestamp, not a JSON value; quote it to keep it a string (at $.todos[0].due"
    And field "todos" should equal [{"content": "Keep me", "status": "pending"}]

  Scenario Outline: the route already has what the capability contributes: <case>
    Given the "dawn" profile
    And <first>
    And <second>
    Then the step should fail with "CAPABILITY_CONFLICT" mentioning "<message>"

    Examples:
      | case                               | first                                                      | second                                                     | message                                                                                                                                                                       |
      | todos declared before the plan     | the state schema from "scenarios/errors/todos.schema.yaml" | the route has a plan.md from "scenarios/errors/plan.md"    | Capability conflict: state field \"todos\" is contributed by a capability and also declared in state.ts. Remove the field from state.ts or remove the capability marker file. |
      | todos declared after the plan      | the route has a plan.md from "scenarios/errors/plan.md"    | the state schema from "scenarios/errors/todos.schema.yaml" | Capability conflict: state field \"todos\" is contributed by a capability                                                                                                     |
      | writeTodos defined before the plan | the route defines a tool "writeTodos"                      | the route has a plan.md from "scenarios/errors/plan.md"    | Capability conflict: tool name \"writeTodos\" is contributed by a capability and also defined in tools/. Remove the user tool or remove the capability marker file.           |
      | writeTodos defined after the plan  | the route has a plan.md from "scenarios/errors/plan.md"    | the route defines a tool "writeTodos"                      | Capability conflict: tool name \"writeTodos\" is contributed by a capability and also defined in tools/.                                                                      |

  Scenario: a todos field declared in a schema table conflicts too
    Given the "dawn" profile
    And the state schema:
      | field | type  | default |
      | todos | array | []      |
    And the route has a plan.md:
      """
      - [ ] A
      """
    Then the step should fail with "CAPABILITY_CONFLICT" mentioning "state field \"todos\" is contributed by a capability and also declared in state.ts. Remove the field from state.ts or remove the capability marker file. (at $.todos"
