Feature: LangGraph Python's add_messages tests, as scenarios
  LangGraph Python's own tests of add_messages (libs/langgraph/tests/
  test_messages_state.py, and the message cases of test_pregel.py), restated as
  updates of a field Annotated[list[AnyMessage], add_messages]: add_messages(left,
  right) is the state holding left and a node returning right. A RemoveMessage is
  {"type": "remove", "id": ..., "content": ""}; ids add_messages would generate
  (uuid4) are the harness's auto-1, auto-2, ...

  Background:
    Given the "langgraph-py" profile

  Scenario: a single message is appended
    From langgraph's tests/test_messages_state.py::test_add_single_message.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "Hello", "id": "1"}]}
      """
    When node "a" returns:
      """json
      {"messages": {"type": "ai", "content": "Hi there!", "id": "2"}}
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "1"},
        {"type": "ai", "content": "Hi there!", "id": "2"}
      ]}
      """

  Scenario: several messages are appended in order
    From langgraph's tests/test_messages_state.py::test_add_multiple_messages.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "Hello", "id": "1"}]}
      """
    When node "a" returns:
      """json
      {"messages": [
        {"type": "ai", "content": "Hi there!", "id": "2"},
        {"type": "system", "content": "System message", "id": "3"}
      ]}
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "1"},
        {"type": "ai", "content": "Hi there!", "id": "2"},
        {"type": "system", "content": "System message", "id": "3"}
      ]}
      """

  Scenario: a message with an existing id replaces it
    From langgraph's tests/test_messages_state.py::test_update_existing_message.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "Hello", "id": "1"}]}
      """
    When node "a" returns:
      """json
      {"messages": {"type": "human", "content": "Hello again", "id": "1"}}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "human", "content": "Hello again", "id": "1"}]}
      """

  Scenario: messages without ids get generated ids
    From langgraph's tests/test_messages_state.py::test_missing_ids: both
    messages get a string id (uuid4 upstream, auto-N here).
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "Hello"}]}
      """
    When node "a" returns:
      """json
      {"messages": [{"type": "ai", "content": "Hi there!"}]}
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "auto-1"},
        {"type": "ai", "content": "Hi there!", "id": "auto-2"}
      ]}
      """

  Scenario: a duplicate id within one update keeps the last
    From langgraph's tests/test_messages_state.py::test_duplicates_in_input.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"messages": [
        {"type": "ai", "content": "Hi there!", "id": "1"},
        {"type": "ai", "content": "Hi there again!", "id": "1"}
      ]}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "ai", "content": "Hi there again!", "id": "1"}]}
      """

  Scenario: a remove followed by the same id twice keeps the last
    From langgraph's tests/test_messages_state.py::test_duplicates_in_input_with_remove.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "ai", "content": "Hello!", "id": "1"}]}
      """
    When node "a" returns:
      """json
      {"messages": [
        {"type": "remove", "id": "1", "content": ""},
        {"type": "ai", "content": "Hi there!", "id": "1"},
        {"type": "ai", "content": "Hi there again!", "id": "1"}
      ]}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "ai", "content": "Hi there again!", "id": "1"}]}
      """

  Scenario: a RemoveMessage deletes the message with its id
    From langgraph's tests/test_messages_state.py::test_remove_message.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "1"},
        {"type": "ai", "content": "Hi there!", "id": "2"}
      ]}
      """
    When node "a" returns:
      """json
      {"messages": {"type": "remove", "id": "2", "content": ""}}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "human", "content": "Hello", "id": "1"}]}
      """

  Scenario: the same RemoveMessage twice deletes once
    From langgraph's tests/test_messages_state.py::test_duplicate_remove_message.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "1"},
        {"type": "ai", "content": "Hi there!", "id": "2"}
      ]}
      """
    When node "a" returns:
      """json
      {"messages": [
        {"type": "remove", "id": "2", "content": ""},
        {"type": "remove", "id": "2", "content": ""}
      ]}
      """
    Then the state should equal:
      """json
      {"messages": [{"type": "human", "content": "Hello", "id": "1"}]}
      """

  Scenario: removing an id that does not exist fails
    From langgraph's tests/test_messages_state.py::test_remove_nonexistent_message:
    ValueError "Attempting to delete a message with an ID that doesn't exist".
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "Hello", "id": "1"}]}
      """
    When node "a" returns:
      """json
      {"messages": {"type": "remove", "id": "2", "content": ""}}
      """
    Then the step should fail with "MESSAGE_NOT_FOUND" mentioning "Attempting to delete a message with an ID that doesn't exist"

  Scenario: an update, a remove and a new message in one write
    From langgraph's tests/test_messages_state.py::test_mixed_operations.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "1"},
        {"type": "ai", "content": "Hi there!", "id": "2"}
      ]}
      """
    When node "a" returns:
      """json
      {"messages": [
        {"type": "human", "content": "Updated hello", "id": "1"},
        {"type": "remove", "id": "2", "content": ""},
        {"type": "system", "content": "New message", "id": "3"}
      ]}
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "human", "content": "Updated hello", "id": "1"},
        {"type": "system", "content": "New message", "id": "3"}
      ]}
      """

  Scenario: empty lists on either side
    From langgraph's tests/test_messages_state.py::test_empty_inputs: [] + [] is [];
    [] + [m] is [m]; [m] + [] is [m].
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"messages": []}
      """
    Then field "messages" should equal []
    When node "a" returns:
      """json
      {"messages": [{"type": "human", "content": "Hello", "id": "1"}]}
      """
    Then field "messages" should equal [{"type": "human", "content": "Hello", "id": "1"}]
    When node "a" returns:
      """json
      {"messages": []}
      """
    Then field "messages" should equal [{"type": "human", "content": "Hello", "id": "1"}]

  Scenario: a single message on both sides, not lists
    From langgraph's tests/test_messages_state.py::test_non_list_inputs: left a
    HumanMessage, right an AIMessage, both outside lists. The left side is a field
    of no particular type (Any) holding one message dict as written.
    Given the state schema:
      """yaml
      fields:
        messages: {type: any, reducer: messages}
      """
    And the input state:
      """json
      {"messages": {"type": "human", "content": "Hello", "id": "1"}}
      """
    When node "a" returns:
      """json
      {"messages": {"type": "ai", "content": "Hi there!", "id": "2"}}
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "1"},
        {"type": "ai", "content": "Hi there!", "id": "2"}
      ]}
      """

  Scenario: removing every message by id leaves none
    From langgraph's tests/test_messages_state.py::test_delete_all.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "human", "content": "Hello", "id": "1"},
        {"type": "ai", "content": "Hi there!", "id": "2"}
      ]}
      """
    When node "a" returns:
      """json
      {"messages": [
        {"type": "remove", "id": "1", "content": ""},
        {"type": "remove", "id": "2", "content": ""}
      ]}
      """
    Then field "messages" should equal []

  Scenario: MessagesState coerces a ("user", text) input and appends a node's message
    From langgraph's tests/test_messages_state.py::test_messages_state (the
    TypedDict MessagesState): input [("user", "meow")], node foo returns
    [HumanMessage("foo")]: two human messages, "meow" and "foo", with ids.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [["user", "meow"]]}
      """
    When node "foo" returns:
      """json
      {"messages": [{"type": "human", "content": "foo"}]}
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "human", "content": "meow", "id": "auto-1"},
        {"type": "human", "content": "foo", "id": "auto-2"}
      ]}
      """

  Scenario: REMOVE_ALL_MESSAGES clears the list
    From langgraph's tests/test_messages_state.py::test_remove_all_messages, first case.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "human", "content": "Hello"},
        {"type": "ai", "content": "Hi there!"}
      ]}
      """
    When node "a" returns:
      """json
      {"messages": [{"type": "remove", "id": "__remove_all__", "content": ""}]}
      """
    Then field "messages" should equal []

  Scenario: REMOVE_ALL_MESSAGES then a message overwrites the list
    From langgraph's tests/test_messages_state.py::test_remove_all_messages, second case.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "human", "content": "Hello"},
        {"type": "ai", "content": "Hi there!"}
      ]}
      """
    When node "a" returns:
      """json
      {"messages": [
        {"type": "remove", "id": "__remove_all__", "content": ""},
        {"type": "human", "content": "Updated hello"}
      ]}
      """
    Then field "messages" should equal [{"type": "human", "content": "Updated hello", "id": "auto-3"}]

  Scenario: REMOVE_ALL_MESSAGES also drops the messages before it in the same write
    From langgraph's tests/test_messages_state.py::test_remove_all_messages, third case.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [
        {"type": "human", "content": "Hello"},
        {"type": "ai", "content": "Hi there!"}
      ]}
      """
    When node "a" returns:
      """json
      {"messages": [
        {"type": "human", "content": "Updated hello"},
        {"type": "remove", "id": "__remove_all__", "content": ""},
        {"type": "human", "content": "Updated hi there"}
      ]}
      """
    Then field "messages" should equal [{"type": "human", "content": "Updated hi there", "id": "auto-4"}]

  Scenario: the input goes through add_messages before the first node
    From langgraph's tests/test_pregel.py::test_reducer_before_first_node: input
    {"hello": "there", "messages": "hello"} is read as one HumanMessage "hello".
    Given the state schema:
      """yaml
      fields:
        hello: {type: string}
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"hello": "there", "messages": "hello"}
      """
    Then the state should equal:
      """json
      {"hello": "there", "messages": [{"type": "human", "content": "hello", "id": "auto-1"}]}
      """

  Scenario: a node removes an earlier message by its id
    From langgraph's tests/test_pregel.py::test_remove_message_from_node, with the
    root list state as a messages field: chatbot adds "Hello!" and "How can I help
    you?" after "Hi", delete_messages removes the second to last; two remain, the
    last "How can I help you?".
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "Hi"}]}
      """
    When node "chatbot" returns:
      """json
      {"messages": [{"type": "ai", "content": "Hello!"}, {"type": "ai", "content": "How can I help you?"}]}
      """
    And node "delete_messages" returns:
      """json
      {"messages": [{"type": "remove", "id": "auto-2", "content": ""}]}
      """
    Then the state should equal:
      """json
      {"messages": [
        {"type": "human", "content": "Hi", "id": "auto-1"},
        {"type": "ai", "content": "How can I help you?", "id": "auto-3"}
      ]}
      """
