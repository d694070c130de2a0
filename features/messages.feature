Feature: The messages reducer
  `messages` is LangGraph's add_messages / messagesStateReducer (JS 1.7):
  messages are coerced to objects, get ids, replace by id, and are removed
  by id. Generated ids are auto-1, auto-2, ... per scenario.

  Background:
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """

  Scenario: rule 1 and 2: a bare string is one human message with a generated id
    Given the input state:
      """json
      {"messages": "hello"}
      """
    Then field "messages" should equal [{"type": "human", "content": "hello", "id": "auto-1"}]

  Scenario: rule 1: a two-element array as the whole update is two messages
    Given the input state:
      """json
      {"messages": ["user", "hello"]}
      """
    Then field "messages" should equal [{"type": "human", "content": "user", "id": "auto-1"}, {"type": "human", "content": "hello", "id": "auto-2"}]

  Scenario: rule 2: roles map to types, the role key is dropped, other keys kept
    Given the input state:
      """json
      {"messages": [
        ["assistant", "pair"],
        {"role": "user", "content": "u", "id": "u1", "name": "ann"},
        {"role": "developer", "content": "be brief", "id": "d1"},
        {"role": "tool", "content": "42", "tool_call_id": "c1", "id": "t1"},
        {"type": "ai", "content": "", "id": "a1", "tool_calls": [{"id": "c1", "name": "calc", "args": {}}]}
      ]}
      """
    Then the state should match the golden file

  Scenario Outline: rule 2: what cannot be a message: <case>
    Given the input state:
      """json
      {"messages": [<message>]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "<mention>"

    Examples:
      | case                       | message                                   | mention                 |
      | unknown role               | {"role": "robot", "content": "x"}         | unknown role "robot"    |
      | neither role nor type      | {"content": "x"}                          | neither "role" nor "type" |
      | missing content            | {"role": "user"}                          | has no "content"        |
      | tool without tool_call_id  | {"role": "tool", "content": "x"}          | tool_call_id            |
      | a number                   | 7                                         | is number               |

  Scenario: rule 3: ids are generated in order of assignment across the scenario
    Given the input state:
      """json
      {"messages": ["one"]}
      """
    When node "bot" returns:
      """json
      {"messages": [{"role": "assistant", "content": "two"}, {"role": "assistant", "content": "three", "id": null}]}
      """
    Then field "messages[1].id" should equal "auto-2"
    And field "messages[2].id" should equal "auto-3"

  Scenario: rule 4: remove-all keeps the messages after the last marker, as they are
    Given the input state:
      """json
      {"messages": [{"role": "user", "content": "old", "id": "1"}]}
      """
    When node "reset" returns:
      """json
      {"messages": [
        {"role": "user", "content": "dropped", "id": "2"},
        {"type": "remove", "id": "__remove_all__"},
        {"role": "user", "content": "kept", "id": "3"},
        {"role": "user", "content": "kept twice", "id": "3"},
        {"type": "remove", "id": "never-existed"}
      ]}
      """
    Then field "messages" should equal [{"type": "human", "content": "kept", "id": "3"}, {"type": "human", "content": "kept twice", "id": "3"}, {"type": "remove", "id": "never-existed"}]

  Scenario: rule 5: a message with a known id replaces it in place
    Given the input state:
      """json
      {"messages": [{"role": "user", "content": "a", "id": "1"}, {"role": "assistant", "content": "b", "id": "2"}]}
      """
    When node "edit" returns:
      """json
      {"messages": {"role": "user", "content": "A", "id": "1"}}
      """
    Then field "messages" should equal [{"type": "human", "content": "A", "id": "1"}, {"type": "ai", "content": "b", "id": "2"}]

  Scenario: rule 5: a remove deletes the message with that id
    Given the input state:
      """json
      {"messages": [{"role": "user", "content": "a", "id": "1"}, {"role": "assistant", "content": "b", "id": "2"}]}
      """
    When node "trim" returns:
      """json
      {"messages": [{"type": "remove", "id": "1"}]}
      """
    Then field "messages" should equal [{"type": "ai", "content": "b", "id": "2"}]

  Scenario: rule 5: add then remove in one update leaves nothing
    Given an empty input state
    When node "flip" returns:
      """json
      {"messages": [{"role": "user", "content": "x", "id": "n"}, {"type": "remove", "id": "n"}]}
      """
    Then field "messages" should equal []

  Scenario: rule 5: re-adding cancels a removal
    Given the input state:
      """json
      {"messages": [{"role": "user", "content": "a", "id": "1"}]}
      """
    When node "undo" returns:
      """json
      {"messages": [{"type": "remove", "id": "1"}, {"role": "user", "content": "back", "id": "1"}]}
      """
    Then field "messages" should equal [{"type": "human", "content": "back", "id": "1"}]

  Scenario: rule 5: duplicate incoming ids keep the last content at the first position
    Given an empty input state
    When node "dup" returns:
      """json
      {"messages": [
        {"role": "user", "content": "first", "id": "d"},
        {"role": "user", "content": "middle", "id": "e"},
        {"role": "user", "content": "last", "id": "d"}
      ]}
      """
    Then field "messages" should equal [{"type": "human", "content": "last", "id": "d"}, {"type": "human", "content": "middle", "id": "e"}]

  Scenario: rule 5: removing an id that does not exist fails
    Given an empty input state
    When node "trim" returns:
      """json
      {"messages": [{"type": "remove", "id": "ghost"}]}
      """
    Then the step should fail with "MESSAGE_NOT_FOUND" mentioning "Attempting to delete a message with an ID that doesn't exist ('ghost')"
    And the state should be unchanged
