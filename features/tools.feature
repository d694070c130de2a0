Feature: Tool results become state
  A tool's result is read by the profile's result shapes: Dawn's {result} /
  {result, state}, LangGraph's Command {update, goto?}, else a plain answer.
  When the schema has a messages field, the answer is appended as a tool
  message; every call records a tool_result event.

  Scenario: a Dawn tool result updates context through join("\n")
    Given the "dawn" profile
    And the state schema:
      """yaml
      fields:
        context: {type: string, default: "", reducer: 'join("\n")'}
      """
    And the input state:
      """json
      {"context": "user asked about tides"}
      """
    When tool "search" returns:
      """json
      {"result": {"hits": 2}, "state": {"context": "found 2 articles"}}
      """
    Then field "context" should equal "user asked about tides\nfound 2 articles"
    And field "messages" should equal [{"type": "tool", "name": "search", "tool_call_id": "call-1", "content": "{\"hits\":2}", "id": "auto-1"}]
    And an event "tool_result" should have been recorded with:
      """json
      {"name": "search", "output": {"hits": 2}}
      """

  Scenario: a Dawn result with other keys is a plain answer with no update
    Given the "dawn" profile
    And an empty input state
    When tool "lookup" with call id "c-7" returns:
      """json
      {"result": "x", "state": {"messages": []}, "extra": 1}
      """
    Then field "messages[0].tool_call_id" should equal "c-7"
    And field "messages[0].content" should equal "{\"result\":\"x\",\"state\":{\"messages\":[]},\"extra\":1}"

  Scenario: a tool's answer takes the id of the model's pending call of that tool
    The pending calls are the last AI message's tool_calls that no tool
    message answers yet; each answer takes the first pending call of its
    tool, and with call id answers the call it names.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "ai", "content": "", "id": "a0", "tool_calls": [{"id": "old", "name": "clock", "args": {}}]},
        {"type": "tool", "content": "11:00", "tool_call_id": "old", "id": "t0"},
        {"type": "ai", "content": "", "id": "a1", "tool_calls": [
          {"id": "call_w", "name": "weather", "args": {"city": "Oslo"}},
          {"id": "call_c1", "name": "clock", "args": {}},
          {"id": "call_c2", "name": "clock", "args": {}}]}]}
      """
    When tool "clock" with call id "call_c2" returns:
      """json
      "12:01"
      """
    And tool "clock" returns:
      """json
      "12:00"
      """
    And tool "weather" returns:
      """json
      "rain"
      """
    Then field "messages[3].tool_call_id" should equal "call_c2"
    And field "messages[4].tool_call_id" should equal "call_c1"
    And field "messages[5].tool_call_id" should equal "call_w"

  Scenario Outline: <profile> answers the model's pending call, in LangChain's form or OpenAI's
    Given the "<profile>" profile
    And the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: <reducer>}
      """
    And the input state:
      """json
      {"messages": [<call>]}
      """
    When tool "lookup" returns:
      """json
      "found"
      """
    Then field "messages[1].tool_call_id" should equal "c-9"

    Examples:
      | profile      | reducer  | call                                                                                                                        |
      | langgraph    | messages | {"type": "ai", "content": "", "tool_calls": [{"id": "c-9", "name": "lookup", "args": {}}]}                                  |
      | dawn         | messages | {"role": "assistant", "content": "", "tool_calls": [{"id": "c-9", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]} |
      | langgraph-py | messages | {"type": "ai", "content": "", "tool_calls": [{"id": "c-9", "name": "lookup", "args": {}}]}                                  |
      | awaken       | append   | {"role": "assistant", "content": "", "tool_calls": [{"id": "c-9", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]} |
      | llmfy        | append   | {"type": "ai", "content": "", "tool_calls": [{"id": "c-9", "name": "lookup", "args": {}}]}                                  |

  Scenario: a string answer is the tool message content verbatim, ids count per scenario
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And an empty input state
    When tool "clock" returns:
      """json
      "12:00"
      """
    And tool "clock" returns:
      """json
      "12:01"
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "tool", "name": "clock", "tool_call_id": "call-1", "content": "12:00", "id": "auto-1"},
        {"type": "tool", "name": "clock", "tool_call_id": "call-2", "content": "12:01", "id": "auto-2"}
      ]}
      """

  Scenario: an object answer is the content as JSON.stringify writes it: keys in the order written
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And an empty input state
    When tool "weather" returns:
      """json
      {"temp": 21.50, "city": "Oslo", "tags": ["<wet>", "é"]}
      """
    Then field "messages[0].content" should equal "{\"temp\":21.5,\"city\":\"Oslo\",\"tags\":[\"<wet>\",\"é\"]}"

  Scenario: a list of content blocks stays a list, as LangChain's tool wrapper keeps it
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And an empty input state
    When tool "chart" returns:
      """json
      [{"type": "text", "text": "see the chart"}, {"type": "image_url", "image_url": {"url": "https://example.com/c.png"}}]
      """
    And tool "empty" returns:
      """json
      []
      """
    And tool "numbers" returns:
      """json
      [1, 2]
      """
    Then field "messages[0].content" should equal [{"type": "text", "text": "see the chart"}, {"type": "image_url", "image_url": {"url": "https://example.com/c.png"}}]
    And field "messages[1].content" should equal []
    And field "messages[2].content" should equal "[1,2]"

  Scenario: Dawn quotes a plain string answer, as its tool node stringifies every answer
    Given the "dawn" profile
    And an empty input state
    When tool "clock" returns:
      """json
      "12:00"
      """
    Then field "messages[0].content" should equal "\"12:00\""

  Scenario: a LangGraph Command written as JSON.stringify writes it adds no tool message either
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
        user: {type: string}
      """
    And an empty input state
    When tool "login" returns:
      """json
      {"lg_name": "Command", "update": {"user": "ann"}, "goto": []}
      """
    Then the state should equal:
      """json
      {"user": "ann", "messages": []}
      """

  Scenario: Dawn's tool message takes the place of the messages a tool's state writes
    Dawn's converter returns {...state, messages: [tool message]}: a messages
    key in the tool's state is replaced by the tool message.
    Given the "dawn" profile
    And an empty input state
    When tool "search" with call id "c-1" returns:
      """json
      {"result": "done", "state": {"messages": ["lost"]}}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "tool", "name": "search", "tool_call_id": "c-1", "content": "done", "id": "auto-1"}]}
      """

  Scenario: a LangGraph Command from a tool applies its update
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
        user: {type: string}
      """
    And an empty input state
    When tool "login" returns:
      """json
      {"update": {"user": "ann", "messages": [{"role": "tool", "content": "logged in", "tool_call_id": "c1", "id": "t1"}]}, "goto": "agent"}
      """
    Then the state should equal:
      """json
      {"user": "ann", "messages": [{"type": "tool", "content": "logged in", "tool_call_id": "c1", "id": "t1"}]}
      """
    And the trace should match the golden file

  Scenario: without a messages field a tool only records its event
    Given the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "s"}
      """
    When tool "ping" returns:
      """json
      {"pong": true}
      """
    Then the state should be unchanged
    And the revision should be 1
    And the events should match the golden file
