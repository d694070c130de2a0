Feature: Dawn's planning capability
  A route with a plan.md gets a todos field seeded from its checklist and the
  writeTodos tool, which validates its input in Dawn's order and replaces the
  plan.

  Background:
    Given the "dawn" profile

  Scenario: plan.md's unchecked items seed the plan
    Given the route has a plan.md:
      """
      # Plan

      - [ ] Research the topic
      - [ ] Draft an outline
        - [ ] Write the introduction
      - [ ] Review with the user
      Notes: anything that is not a checklist item is ignored.
      - [ ]
      """
    And an empty input state
    Then the plan should be:
      | content                | status  |
      | Research the topic     | pending |
      | Draft an outline       | pending |
      | Write the introduction | pending |
      | Review with the user   | pending |
    And the plan prompt should be:
      """
      Current plan:
      - [pending] Research the topic
      - [pending] Draft an outline
      - [pending] Write the introduction
      - [pending] Review with the user
      """

  Scenario: checked items are completed, from a file
    Given the route has a plan.md from "scenarios/plans/release.md"
    And an empty input state
    Then the plan should be:
      | content             | status    |
      | Write the changelog | pending   |
      | Tag the release     | completed |

  Scenario: an empty plan.md gives an empty plan
    Given the route has a plan.md:
      """
      """
    And an empty input state
    Then field "todos" should equal []
    And the plan prompt should be:
      """
      Current plan: (empty)
      """

  Scenario: a plan.md over 64 KiB gives an empty plan
    Given the route has a plan.md from "scenarios/plans/too-big.md"
    And an empty input state
    Then field "todos" should equal []

  Scenario: writeTodos answers the model's pending writeTodos call, and needs none
    The step is the model's call itself: with no pending writeTodos call it
    takes the scenario's next call-N.
    Given the route has a plan.md:
      """
      - [ ] Old item
      """
    And the input state:
      """json
      {"messages": [{"type": "ai", "content": "", "id": "a1", "tool_calls": [{"id": "w-1", "name": "writeTodos", "args": {}}]}]}
      """
    When the model calls "writeTodos" with:
      """json
      {"todos": [{"content": "Research", "status": "pending"}]}
      """
    And the model calls "writeTodos" with:
      """json
      {"todos": [{"content": "Research", "status": "completed"}]}
      """
    Then field "messages[1].tool_call_id" should equal "w-1"
    And field "messages[2].tool_call_id" should equal "call-1"

  Scenario: writeTodos replaces the plan, adds a tool message and a plan_update event
    Given the route has a plan.md:
      """
      - [ ] Old item
      """
    And an empty input state
    When the model calls "writeTodos" with:
      """json
      {"todos": [
        {"content": "Research", "status": "completed"},
        {"content": "Draft", "status": "in_progress", "owner": "dropped"},
        {"content": "Review", "status": "pending"}
      ]}
      """
    Then the plan should be:
      | content  | status      |
      | Research | completed   |
      | Draft    | in_progress |
      | Review   | pending     |
    And the plan prompt should be:
      """
      Current plan:
      - [completed] Research
      - [in_progress] Draft
      - [pending] Review
      """
    And an event "plan_update" should have been recorded with:
      """json
      {"todos": [{"content": "Research", "status": "completed"}, {"content": "Draft", "status": "in_progress"}, {"content": "Review", "status": "pending"}]}
      """
    And the events should match the golden file

  Scenario Outline: writeTodos validates its input: <case>
    Given the route has a plan.md:
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

    Examples:
      | case               | input                                                            | message                                                                 |
      | not an object      | "x"                                                              | writeTodos: input must be an object with a `todos` array                |
      | a list, which Dawn takes for an object | ["x"]                                        | writeTodos: `todos` must be an array                                    |
      | no todos           | {"items": []}                                                    | writeTodos: `todos` must be an array                                    |
      | todos not an array | {"todos": "x"}                                                   | writeTodos: `todos` must be an array                                    |
      | item not an object | {"todos": [{"content": "a", "status": "pending"}, "b"]}          | writeTodos: todos[1] must be an object                                  |
      | empty content      | {"todos": [{"content": "", "status": "pending"}]}                | writeTodos: todos[0].content must be a non-empty string                 |
      | blank content      | {"todos": [{"content": " ", "status": "nope"}]}                  | writeTodos: todos[0].status must be one of pending, in_progress, completed |
      | bad status         | {"todos": [{"content": "a", "status": "done"}]}                  | writeTodos: todos[0].status must be one of pending, in_progress, completed |

  Scenario: a schema that declares todos conflicts with the capability
    Given the state schema:
      | field | type  |
      | todos | array |
    And the route has a plan.md:
      """
      - [ ] A
      """
    Then the step should fail with "CAPABILITY_CONFLICT" mentioning "Capability conflict: state field \"todos\" is contributed by a capability and also declared in state.ts. Remove the field from state.ts or remove the capability marker file."

  Scenario: a route tool named writeTodos conflicts with the capability
    Given the route defines a tool "writeTodos"
    And the route has a plan.md:
      """
      - [ ] A
      """
    Then the step should fail with "CAPABILITY_CONFLICT" mentioning "Capability conflict: tool name \"writeTodos\" is contributed by a capability and also defined in tools/. Remove the user tool or remove the capability marker file."
