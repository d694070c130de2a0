Feature: Catalogue of errors: the messages reducer
  The messages reducer coerces every element to a message: a string, a
  [role, content] pair, or an object with a role or type. What cannot be a
  message is MESSAGE_COERCION_FAILURE, naming the field, whether the message
  was current or incoming, its index and what is wrong. Removing an id that
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
      | no content                    | [{"role": "user"}]                  | field \"messages\": incoming message 0 has no \"content\"                                                             |
      | a tool message without its id | [{"role": "tool", "content": "42"}] | incoming message 0 is a tool message without \"tool_call_id\"                                                         |
      | a remove without an id        | [{"type": "remove"}]                | incoming message 0 is a remove without a string \"id\"                                                                |
      | a remove with a null id       | [{"type": "remove", "id": null}]    | incoming message 0 is a remove without a string \"id\"                                                                |
      | a remove with a number id     | [{"type": "remove", "id": 1}]       | incoming message 0 is a remove without a string \"id\"                                                                |

    Examples: [role, content] pairs
      | case                          | messages             | message                                                                                    |
      | three elements                | [["user", "a", "b"]] | field \"messages\": incoming message 0 is an array of 3 elements; expected [role, content] |
      | one element                   | [["user"]]           | incoming message 0 is an array of 1 elements; expected [role, content]                     |
      | a pair whose role is a number | [[1, "a"]]           | incoming message 0 has a role of type number; expected a string like \"user\"              |
      | a pair with an unknown role   | [["robot", "a"]]     | incoming message 0 has unknown role \"robot\" in [role, content]                           |

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
