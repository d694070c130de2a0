Feature: Catalogue of errors: the messages reducer
  The messages reducer coerces every element to a message as LangChain JS
  does: a string, a [role, content] array, an object with a role or type, or
  LangChain's serialised form. What cannot be a message, and what LangChain's
  message classes cannot read (where they throw a TypeError or SyntaxError),
  is MESSAGE_COERCION_FAILURE, naming the field, whether the message was
  current or incoming, its index and what is wrong. Removing an id that
  is not there is MESSAGE_NOT_FOUND, worded as LangGraph words it.

  Background:
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"role": "user", "content": "hi", "id": "m1"}]}
      """

  Scenario Outline: an incoming element is not a message: <case>
    When node "agent" returns:
      """json
      {"messages": <messages>}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "<message>"
    And the state should be unchanged
    And the revision should be 1

    Examples: values that are not messages
      | case                  | messages     | message                                                                                                                            |
      | a number              | [42]         | field \"messages\": incoming message 0 is number; expected a string, a [role, content] pair or a message object (at $.messages[0] |
      | null                  | ["ok", null] | field \"messages\": incoming message 1 is null; expected a string, a [role, content] pair or a message object                      |
      | a boolean             | [true]       | incoming message 0 is boolean                                                                                                      |
      | a whole update number | 3            | incoming message 0 is number                                                                                                       |

    Examples: message objects
      | case                          | messages                            | message                                                                                                               |
      | neither role nor type         | [{"content": "x"}]                  | field \"messages\": incoming message 0 has neither \"role\" nor \"type\"                                              |
      | an unknown role               | [{"role": "robot", "content": "x"}] | incoming message 0 has unknown role \"robot\"; expected user, human, assistant, ai, system, developer, tool or remove |
      | an unknown type               | [{"type": "bot", "content": "x"}]   | incoming message 0 has unknown type \"bot\"                                                                           |
      | a role that is a number       | [{"role": 1, "content": "x"}]       | incoming message 0 has a role that is number and no type; expected a role like \"user\"                               |
      | a role in upper case          | [{"role": "User", "content": "x"}]  | has unknown role \"User\"                                                                                             |
      | a tool message without its id | [{"role": "tool", "content": "42"}] | incoming message 0 is a tool message without \"tool_call_id\"                                                         |
      | a remove without an id        | [{"type": "remove"}]                | incoming message 0 is a remove without a string \"id\"                                                                |
      | a remove with a null id       | [{"type": "remove", "id": null}]    | incoming message 0 is a remove without a string \"id\"                                                                |
      | a remove with a number id     | [{"type": "remove", "id": 1}]       | incoming message 0 is a remove without a string \"id\"                                                                |

    Examples: [role, content] arrays
      | case                          | messages          | message                                                                       |
      | an empty array                | [[]]              | field \"messages\": incoming message 0 is an empty array; expected [role, content] |
      | a pair whose role is a number | [[1, "a"]]        | incoming message 0 has a role of type number; expected a string like \"user\" |
      | a pair with an unknown role   | [["robot", "a"]]  | incoming message 0 has unknown role \"robot\" in [role, content]              |
      | a pair with role remove       | [["remove", "a"]] | a remove needs an id                                                          |

    Examples: LangChain's serialised form
      | case                                 | messages                                                                               | message                                                                                                                       |
      | a class that is not a message        | [{"lc": 1, "type": "constructor", "id": ["ChatMessage"], "kwargs": {"content": "x"}}]   | incoming message 0 is a serialised LangChain message of class \"ChatMessage\"; expected HumanMessage, AIMessage, SystemMessage, ToolMessage or their Chunk variants |
      | a RemoveMessage                      | [{"lc": 1, "type": "constructor", "id": ["RemoveMessage"], "kwargs": {"id": "m1"}}]    | of class \"RemoveMessage\"                                                                                                    |
      | a ToolMessage without tool_call_id   | [{"lc": 1, "type": "constructor", "id": ["ToolMessage"], "kwargs": {"content": "x"}}]   | incoming message 0 is a serialised ToolMessage without \"tool_call_id\" in its kwargs                                         |
      | no kwargs                            | [{"lc": 1, "type": "constructor", "id": ["HumanMessage"]}]                              | has unknown type \"constructor\"; expected user, human, assistant, ai, system, developer, tool or remove (a serialised LangChain message needs |

    Examples: what LangChain's AIMessage cannot read
      | case                                 | messages                                                                                                                      | message                                                                    |
      | response_metadata that is null       | [{"role": "assistant", "content": "x", "response_metadata": null}]                                                           | incoming message 0 is an ai message whose response_metadata is null; expected an object |
      | a null tool call                     | [{"role": "assistant", "content": "x", "tool_calls": [null]}]                                                                | incoming message 0 is an ai message whose tool_calls[0] is null            |
      | OpenAI arguments that are not JSON   | [{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{"}}]}] | whose tool_calls[0] has function.arguments that are not JSON               |
      | a null content block                 | [{"role": "assistant", "content": [null], "response_metadata": {"output_version": "v1"}}]                                   | incoming message 0 is an ai message whose content block 0 is null          |

  Scenario: a tool message given as a pair needs a tool_call_id
    When node "agent" returns:
      """json
      {"messages": [["tool", "42"]]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "tool_call_id"

  Scenario: a bad current message is reported as current
    Given node "reset" returns:
      """json
      {"messages": {"__overwrite__": [7]}}
      """
    When node "agent" returns:
      """json
      {"messages": ["hello"]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "field \"messages\": current message 0 is number; expected a string, a [role, content] pair or a message object"
    And field "messages" should equal [7]

  Scenario Outline: removing a message that is not there: <case>
    When node "agent" returns:
      """json
      {"messages": <messages>}
      """
    Then the step should fail with "MESSAGE_NOT_FOUND" mentioning "Attempting to delete a message with an ID that doesn't exist ('<id>') (at $.messages"
    And the state should be unchanged
    And field "messages" should equal [{"type": "human", "content": "hi", "id": "m1"}]

    Examples:
      | case                            | messages                                                         | id   |
      | an unknown id                   | [{"type": "remove", "id": "m9"}]                                 | m9   |
      | role remove as the whole update | {"role": "remove", "id": "nope"}                                 | nope |
      | after a valid remove            | [{"type": "remove", "id": "m1"}, {"type": "remove", "id": "m2"}] | m2   |
      | an id in another case           | [{"type": "remove", "id": "M1"}]                                 | M1   |
