Feature: Catalogue of errors: tool results
  `When tool "<name>" returns:` reads the result by the profile's shapes:
  Dawn's {result} / {result, state}, LangGraph's command {update, goto?}, and
  plain answers. A shape that carries an update of the wrong kind is
  INVALID_GRAPH_NODE_RETURN_VALUE; the update and the tool message then go
  through the same rules as a node's output.

  Scenario Outline: Dawn's {result, state} with a state that is not an object updates nothing: <case>
    Dawn's tool converter takes any {result, state} as its wrapper: the result
    is the answer, and only a state that is an object is an update.
    Given the "dawn" profile
    And the state schema:
      | field  | type   |
      | status | string |
    And the input state:
      """json
      {"status": "before"}
      """
    When tool "search" returns:
      """json
      {"result": "3 hits", "state": <state>}
      """
    Then field "status" should equal "before"
    And field "messages[0].content" should equal "3 hits"

    Examples:
      | case      | state  |
      | a string  | "done" |
      | null      | null   |
      | a number  | 1      |
      | a boolean | false  |

  Scenario: Dawn spreads a list state as an object: its indexes are keys no schema has
    Given the "dawn" profile
    And the input state:
      """json
      {}
      """
    When tool "search" returns:
      """json
      {"result": "3 hits", "state": [{"a": 1}]}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "tool", "name": "search", "tool_call_id": "call-1", "content": "3 hits", "id": "auto-1"}]}
      """

  Scenario Outline: a LangGraph result whose update is not an object is a plain answer: <case>
    Given the state schema:
      | field    | reducer  | default |
      | status   |          |         |
      | messages | messages | []      |
    And the input state:
      """json
      {"status": "before"}
      """
    When tool "search" returns:
      """json
      <result>
      """
    Then field "status" should equal "before"
    And field "messages[0].content" should equal "<content>"

    Examples:
      | case            | result                   | content                            |
      | a string update | {"update": "status"}     | {\"update\":\"status\"}            |
      | a pair list     | {"update": [["status"]]} | {\"update\":[[\"status\"]]}        |

  Scenario: a LangGraph command from a tool is checked like a node's
    Given the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "before"}
      """
    When tool "search" returns:
      """json
      {"update": {"status": "x"}, "goto": 5}
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "tool \"search\" returned a command whose goto is number; expected a node name or a list of them"
    And the state should be unchanged

  Scenario: the tool message must fit the messages field's type
    Given the state schema:
      | field    | type   |
      | messages | string |
    And an empty input state
    When tool "search" returns:
      """json
      "3 hits"
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"messages\" expects string, received {\"content\":\"3 hits\",\"name\":\"search\",\"tool_call_id\":\"call-1\",\"type\":\"tool\"} (object)"

  Scenario: the tool message may not change a readonly messages field
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages, readonly: true}
      """
    And an empty input state
    When tool "search" with call id "c-7" returns:
      """json
      "3 hits"
      """
    Then the step should fail with "READONLY_WRITE" mentioning "changed readonly field \"messages\": [] → [{\"content\":\"3 hits\",\"id\":\"auto-1\",\"name\":\"search\",\"tool_call_id\":\"c-7\",\"type\":\"tool\"}]"
    And field "messages" should equal []

  Scenario: messages in a command's update are coerced like any other
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And an empty input state
    When tool "search" returns:
      """json
      {"update": {"messages": [{"role": "robot", "content": "x"}]}}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "incoming message 0 has unknown role \"robot\""

  Scenario: a tool result is a JSON value like any other
    Given an empty input state
    When tool "search" returns:
      """yaml
      score: .nan
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning ".nan is not a finite number; JSON has no NaN or Infinity; quote it to keep it a string (at $.score, features/errors/tools.feature:"

  Scenario Outline: a tool's answer must answer a pending call of the model: <case>
    Once the state holds an AI message, a tool answers the calls the last one
    makes: an answer nobody asked for is no conversation a tool node produces.
    Given the "<profile>" profile
    And the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: <reducer>}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "ai", "content": "", "id": "a1", "tool_calls": [
          {"id": "call_w", "name": "weather", "args": {}},
          {"id": "call_c", "name": "clock", "args": {}}]},
        {"type": "tool", "content": "rain", "tool_call_id": "call_w", "id": "t1"}]}
      """
    When <step>
      """json
      "found"
      """
    Then the step should fail with "TOOL_CALL_UNKNOWN" mentioning "<message>"
    And the state should be unchanged

    Examples:
      | case                                   | profile      | reducer  | step                                              | message                                                                                                                                                                                                  |
      | a tool the model never called          | langgraph    | messages | tool "search" returns:                            | tool \"search\" answers no pending call of the model (its pending calls: clock with call id \"call_c\"): a tool answers a call the last AI message makes; answer a pending call, or let the model call \"search\" first |
      | a call already answered                | langgraph    | messages | tool "weather" returns:                           | tool \"weather\" answers no pending call of the model (its pending calls: clock with call id \"call_c\")                                                                                                 |
      | a call id that is not pending          | dawn         | messages | tool "clock" with call id "call_x" returns:       | tool \"clock\" with call id \"call_x\" answers no pending call of the model (its pending calls: clock with call id \"call_c\")                                                                              |
      | a pending call id of another tool      | langgraph-py | messages | tool "search" with call id "call_c" returns:      | call id \"call_c\" is its pending call of \"clock\", not of \"search\"                                                                                                                                  |
      | awaken: a tool the model never called  | awaken       | append   | tool "search" returns:                            | tool \"search\" answers no pending call of the model (its pending calls: clock with call id \"call_c\")                                                                                                  |
      | llmfy: a tool the model never called   | llmfy        | append   | tool "search" returns:                            | tool \"search\" answers no pending call of the model (its pending calls: clock with call id \"call_c\")                                                                                                  |

  Scenario: once every call is answered, another answer is TOOL_CALL_UNKNOWN
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "ai", "content": "", "id": "a1", "tool_calls": [{"id": "call_c", "name": "clock", "args": {}}]}]}
      """
    When tool "clock" returns:
      """json
      "12:00"
      """
    Then field "messages[1].tool_call_id" should equal "call_c"
    When tool "clock" returns:
      """json
      "12:01"
      """
    Then the step should fail with "TOOL_CALL_UNKNOWN" mentioning "tool \"clock\" answers no pending call of the model (the last AI message has no pending call: it calls no tool, or every call it makes is answered)"
