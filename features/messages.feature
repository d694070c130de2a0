Feature: The messages reducer
  `messages` is LangGraph's add_messages / messagesStateReducer (JS 1.7):
  messages are coerced to message objects as @langchain/core 1.4 does it
  (each keeps what its LangChain class keeps), get ids, replace by id, and
  are removed by id. Generated ids are auto-1, auto-2, ... per scenario.

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

  Scenario: rule 2: a missing or null content is []
    Given the input state:
      """json
      {"messages": [{"role": "user", "id": "1"}, {"role": "assistant", "content": null, "id": "2"}, ["system"], ["user", null]]}
      """
    Then field "messages" should equal:
      """json
      [
        {"type": "human", "content": [], "id": "1"},
        {"type": "ai", "content": [], "id": "2"},
        {"type": "system", "content": [], "id": "auto-1"},
        {"type": "human", "content": [], "id": "auto-2"}
      ]
      """

  Scenario: rule 2: a [role, content] array ignores the elements after the content
    Given the input state:
      """json
      {"messages": [["assistant", "hi", "ignored", 3]]}
      """
    Then field "messages" should equal [{"type": "ai", "content": "hi", "id": "auto-1"}]

  Scenario: rule 2: each type keeps the keys of its LangChain class and drops the rest
    A human or system message keeps id, name, content, additional_kwargs and
    response_metadata; an ai message also tool_calls, invalid_tool_calls and
    usage_metadata; a tool message also tool_call_id, status, artifact and
    metadata; a remove keeps no content. Empty additional_kwargs,
    response_metadata, tool_calls and invalid_tool_calls are the
    constructors' defaults and are left out.
    Given the input state:
      """json
      {"messages": [
        {"role": "user", "content": "q", "id": "h", "name": "ann", "foo": "dropped", "tool_calls": [{"id": "c", "name": "f", "args": {}}], "tool_call_id": "dropped", "additional_kwargs": {}},
        {"role": "assistant", "content": "", "id": "a", "tool_calls": [{"id": "c", "name": "f", "args": {}}], "invalid_tool_calls": [],
         "usage_metadata": {"input_tokens": 3, "output_tokens": 1, "total_tokens": 4}, "response_metadata": {"model": "m"}, "status": "dropped"},
        {"role": "assistant", "content": "no calls", "id": "b", "tool_calls": [], "response_metadata": {}},
        {"role": "tool", "content": "42", "id": "t", "tool_call_id": "c", "status": "success", "artifact": {"raw": 42}, "metadata": {"ms": 5}, "usage_metadata": "dropped"},
        {"role": "system", "content": "s", "id": "s", "additional_kwargs": {"k": 1}, "role_extra": "dropped"}
      ]}
      """
    Then the state should match the golden file

  Scenario: rule 2: a remove after remove-all keeps its name but no content
    Given an empty input state
    When node "reset" returns:
      """json
      {"messages": [{"type": "remove", "id": "__remove_all__"}, {"type": "remove", "id": "r", "content": "x", "name": "n", "foo": 1}]}
      """
    Then field "messages" should equal [{"type": "remove", "id": "r", "name": "n"}]

  Scenario: rule 2: ai tool calls in OpenAI's form become LangChain's
    Tool calls in OpenAI's form get LangChain's shape and type "tool_call";
    without tool_calls, those in additional_kwargs are parsed, and calls
    whose arguments are not JSON become invalid_tool_calls.
    Given the input state:
      """json
      {"messages": [
        {"role": "assistant", "content": "", "id": "a", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "calc", "arguments": "{\"x\": 1}"}}]},
        {"role": "assistant", "content": "", "id": "b", "additional_kwargs": {"tool_calls": [
          {"id": "c2", "type": "function", "function": {"name": "calc", "arguments": "{\"x\": 2}"}},
          {"id": "c3", "type": "function", "function": {"name": "calc", "arguments": "{oops"}}
        ]}}
      ]}
      """
    Then the state should match the golden file

  Scenario: rule 2: an ai message in LangChain's v1 output form has content blocks
    With response_metadata.output_version "v1", the content becomes content
    blocks and every tool call gets a tool_call block (and a tool_call block
    a tool call).
    Given the input state:
      """json
      {"messages": [{"role": "assistant", "content": "let me check", "id": "a", "response_metadata": {"output_version": "v1"}, "tool_calls": [{"id": "c1", "name": "calc", "args": {}}]}]}
      """
    Then the state should match the golden file

  Scenario: rule 2: LangChain's serialised form is that message
    JSON.stringify of LangGraph JS state writes each message as
    {"lc": 1, "type": "constructor", "id": [..., class], "kwargs": {...}};
    a ...Chunk class gives the plain class.
    Given the input state:
      """json
      {"messages": [
        {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "HumanMessage"],
         "kwargs": {"content": "hi", "id": "h", "additional_kwargs": {}, "response_metadata": {}}},
        {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessageChunk"],
         "kwargs": {"content": "hello", "id": "a", "tool_call_chunks": [], "tool_calls": [], "invalid_tool_calls": [], "additional_kwargs": {}, "response_metadata": {}}}
      ]}
      """
    Then field "messages" should equal [{"type": "human", "content": "hi", "id": "h"}, {"type": "ai", "content": "hello", "id": "a"}]

  Scenario Outline: rule 2: what cannot be a message: <case>
    Given the input state:
      """json
      {"messages": [<message>]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "<mention>"

    Examples:
      | case                          | message                                                                              | mention                    |
      | unknown role                  | {"role": "robot", "content": "x"}                                                    | unknown role "robot"       |
      | neither role nor type         | {"content": "x"}                                                                     | neither "role" nor "type"  |
      | tool without tool_call_id     | {"role": "tool", "content": "x"}                                                     | tool_call_id               |
      | a remove without a string id  | {"type": "remove", "id": 1}                                                          | without a string "id"      |
      | a number                      | 7                                                                                    | is number                  |
      | an empty array                | []                                                                                   | is an empty array          |
      | a serialised RemoveMessage    | {"lc": 1, "type": "constructor", "id": ["RemoveMessage"], "kwargs": {"id": "x"}}     | of class "RemoveMessage"   |
      | ai response_metadata null     | {"role": "assistant", "content": "x", "response_metadata": null}                     | response_metadata is null  |

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
