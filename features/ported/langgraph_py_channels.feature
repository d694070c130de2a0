Feature: LangGraph Python's channel tests, as scenarios
  LangGraph Python's own unit tests of its channels (libs/langgraph/tests/
  test_channels.py), restated as state updates: a field without a reducer is a
  LastValue channel, Annotated[int, operator.add] a BinaryOperatorAggregate,
  Annotated[list, operator.add] (append) stands for a Topic within one step.
  Each scenario names the upstream test it comes from; features/ported/README.md
  lists the tests that do not fit.

  Background:
    Given the "langgraph-py" profile

  Scenario: LastValue takes one value per step, and the last step's value
    From langgraph's tests/test_channels.py::test_last_value: update([5, 6])
    raises InvalidUpdateError; update([3]) then update([4]) leaves 4.
    Given the state schema:
      """yaml
      fields:
        value: {type: integer}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {value: 5}
      b: {value: 6}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "At key 'value': Can receive only one value per step."
    When node "a" returns:
      """json
      {"value": 3}
      """
    Then field "value" should equal 3
    When node "a" returns:
      """json
      {"value": 4}
      """
    Then field "value" should equal 4

  Scenario: BinaryOperatorAggregate(int, operator.add) starts at 0 and folds a step's writes
    From langgraph's tests/test_channels.py::test_binop: the empty channel reads
    0; update([1, 2, 3]) gives 6; update([4]) gives 10.
    Given the state schema:
      """yaml
      fields:
        total: {type: integer, reducer: sum}
      """
    And an empty input state
    Then field "total" should equal 0
    When these nodes run in one step:
      """yaml
      a: {total: 1}
      b: {total: 2}
      c: {total: 3}
      """
    Then field "total" should equal 6
    When node "d" returns:
      """json
      {"total": 4}
      """
    Then field "total" should equal 10

  Scenario: an accumulating list takes single values and lists alike
    From langgraph's tests/test_channels.py::test_topic_accumulate: with
    accumulate=True, update(["a", "b"]) then update(["b", ["c", "d"], "d"])
    gives ["a", "b", "b", "c", "d", "d"]; update(["e"]) appends "e". Here the
    field is Annotated[list, operator.add] whose single values are one element.
    Given the state schema:
      """yaml
      fields:
        topic: {type: array, reducer: append}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {topic: a}
      b: {topic: b}
      """
    Then field "topic" should equal ["a", "b"]
    When these nodes run in one step:
      """yaml
      a: {topic: b}
      b: {topic: [c, d]}
      c: {topic: d}
      """
    Then field "topic" should equal ["a", "b", "b", "c", "d", "d"]
    When node "a" returns:
      """json
      {"topic": "e"}
      """
    Then field "topic" should equal ["a", "b", "b", "c", "d", "d", "e"]

  Scenario: a Topic-like field collects one value from each of two nodes
    From langgraph's tests/test_pregel.py::test_invoke_two_processes_two_in_two_out_valid:
    two nodes add one to the input 2 and write to a Topic output, which reads [3, 3].
    Given the state schema:
      """yaml
      fields:
        input: {type: integer}
        output: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"input": 2}
      """
    When these nodes run in one step:
      """yaml
      one: {output: 3}
      two: {output: 3}
      """
    Then the state should equal:
      """json
      {"input": 2, "output": [3, 3]}
      """

  Scenario: the {"__overwrite__": value} sentinel dict is an overwrite
    From langgraph's tests/test_channels.py::test_overwrite_sentinel_dict_still_recognised:
    _get_overwrite({"__overwrite__": ["b"]}) is (True, ["b"]).
    Given the state schema:
      """yaml
      fields:
        items: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"items": ["a"]}
      """
    When node "reset" returns:
      """json
      {"items": {"__overwrite__": ["b"]}}
      """
    Then field "items" should equal ["b"]

  Scenario: Overwrite's JSON form {"type": "__overwrite__", "value": v} is an overwrite
    From langgraph's tests/test_channels.py::test_overwrite_dataclass_form_survives_json_roundtrip:
    Overwrite(value=[HumanMessage("new", id="h2")]) through orjson is
    {"type": "__overwrite__", "value": [...]}, still recognised as an overwrite.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "old", "id": "h1"}]}
      """
    When node "reset" returns:
      """json
      {"messages": {"type": "__overwrite__", "value": [{"type": "human", "content": "new", "id": "h2"}]}}
      """
    Then field "messages[0].content" should equal "new"
    And field "messages[1]" should be absent

  Scenario: dicts without the __overwrite__ discriminator are ordinary values
    From langgraph's tests/test_channels.py::test_overwrite_non_matching_dict_not_recognised:
    _get_overwrite({"value": ["b"]}) and _get_overwrite({"type": "human",
    "value": "hi"}) are (False, None): the reducer takes them as values.
    Given the state schema:
      """yaml
      fields:
        items: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"items": ["a"]}
      """
    When node "a" returns:
      """json
      {"items": {"value": ["b"]}}
      """
    Then field "items" should equal ["a", {"value": ["b"]}]
    When node "a" returns:
      """json
      {"items": {"type": "human", "value": "hi"}}
      """
    Then field "items" should equal ["a", {"value": ["b"]}, {"type": "human", "value": "hi"}]

  Scenario: an overwrite of a messages field replaces every message
    From langgraph's tests/test_channels.py::test_delta_channel_overwrite: after
    HumanMessage("old", id="h1"), Overwrite([HumanMessage("new", id="h2")])
    leaves the one message "new".
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"messages": [{"type": "human", "content": "old", "id": "h1"}]}
      """
    And node "b" returns:
      """json
      {"messages": {"__overwrite__": [{"type": "human", "content": "new", "id": "h2"}]}}
      """
    Then the state should match the golden file

  Scenario: dict messages are coerced, updated by id and removed
    From langgraph's tests/test_channels.py::test_delta_channel_dict_coercion:
    {"role": "human", "content": "hello", "id": "h1"} becomes a HumanMessage;
    {"role": "ai", "content": "world", "id": "h1"} replaces it; RemoveMessage(id="h1")
    leaves [].
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"messages": [{"role": "human", "content": "hello", "id": "h1"}]}
      """
    Then the state should match the golden file "dict-coercion-human"
    When node "a" returns:
      """json
      {"messages": [{"role": "ai", "content": "world", "id": "h1"}]}
      """
    Then the state should match the golden file "dict-coercion-ai"
    When node "a" returns:
      """json
      {"messages": [{"type": "remove", "id": "h1", "content": ""}]}
      """
    Then field "messages" should equal []

  Scenario: raw dict messages already in the state are coerced before an update by id
    From langgraph's tests/test_channels.py::test_messages_delta_reducer_coerces_state:
    state [{"role": "human", "content": "hello", "id": "h1"}] with the write
    {"role": "ai", "content": "world", "id": "h1"} is one AIMessage "world" with id "h1".
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"role": "human", "content": "hello", "id": "h1"}]}
      """
    When node "a" returns:
      """json
      {"messages": [{"role": "ai", "content": "world", "id": "h1"}]}
      """
    Then the state should match the golden file

  Scenario: a tuple write is one message, not two
    From langgraph's tests/test_channels.py::test_messages_delta_reducer_tuple_write_is_one_message:
    ("user", "hi") is one HumanMessage "hi". A Python tuple is written as a
    two-element array inside the list of messages: a bare ["user", "hi"] is, in
    JSON as in Python, a list of two messages.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"messages": [["user", "hi"]]}
      """
    Then the state should match the golden file

  Scenario: update by id then remove, step by step
    From langgraph's tests/test_channels.py::test_delta_channel_update_by_id_and_replay
    and test_delta_channel_remove_message_and_replay (the live channel; replay
    is checkpoint internals): "original" then "updated" with id h1 is one message
    "updated"; h1, a1 then RemoveMessage(a1) leaves h1.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"messages": [{"type": "human", "content": "original", "id": "h1"}]}
      """
    And node "a" returns:
      """json
      {"messages": [{"type": "human", "content": "updated", "id": "h1"}]}
      """
    Then the state should match the golden file "update-by-id"
    When node "b" returns:
      """json
      {"messages": [{"type": "ai", "content": "hello", "id": "a1"}]}
      """
    And node "c" returns:
      """json
      {"messages": [{"type": "remove", "id": "a1", "content": ""}]}
      """
    Then the state should match the golden file "after-remove"

  Scenario: a dict-merging channel starts at {} and accumulates keys across steps
    From langgraph's tests/test_channels.py::test_delta_channel_dict_reducer_fresh_channel,
    test_delta_channel_dict_reducer_basic_updates and
    test_delta_channel_dict_reducer_with_notrequired_annotation (the reducer's
    side; the delta checkpoints are internals): the channel reads {} before any
    write; {"a": 1} then {"b": 2} gives {"a": 1, "b": 2}. The dict.update reducer
    is merge.
    Given the state schema:
      """yaml
      fields:
        files: {type: object, reducer: merge}
      """
    And an empty input state
    Then field "files" should equal {}
    When node "a" returns:
      """json
      {"files": {"a": 1}}
      """
    And node "b" returns:
      """json
      {"files": {"b": 2}}
      """
    Then field "files" should equal {"a": 1, "b": 2}

  Scenario: a dict reducer that deletes keys written as None
    From langgraph's tests/test_channels.py::test_delta_channel_dict_reducer_with_deletions
    (the live half): {"file1.py": "content1", "file2.py": "content2"} then
    {"file1.py": None, "file3.py": "content3"} gives {"file2.py": "content2",
    "file3.py": "content3"}. Flat, that reducer is merge-patch.
    Given the state schema:
      """yaml
      fields:
        files: {type: object, reducer: merge-patch}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"files": {"file1.py": "content1", "file2.py": "content2"}}
      """
    And node "a" returns:
      """json
      {"files": {"file1.py": null, "file3.py": "content3"}}
      """
    Then field "files" should equal {"file2.py": "content2", "file3.py": "content3"}

  Scenario: an overwrite of a dict-merging channel keeps the dict it gives
    From langgraph's tests/test_channels.py::test_delta_channel_dict_reducer_overwrite_in_update
    and test_delta_channel_dict_reducer_overwrite_in_writes_replay (as live
    steps): {"a": 1}, then Overwrite({"x": 10, "y": 20}) gives {"x": 10, "y": 20};
    then {"z": 30} merges in.
    Given the state schema:
      """yaml
      fields:
        files: {type: object, reducer: merge}
      """
    And an empty input state
    When node "a" returns:
      """json
      {"files": {"a": 1}}
      """
    And node "b" returns:
      """json
      {"files": {"__overwrite__": {"x": 10, "y": 20}}}
      """
    Then field "files" should equal {"x": 10, "y": 20}
    When node "c" returns:
      """json
      {"files": {"z": 30}}
      """
    Then field "files" should equal {"x": 10, "y": 20, "z": 30}

  Scenario: a filesystem-style dict channel over three runs of a thread, then a delete
    From langgraph's tests/test_channels.py::test_delta_channel_dict_reducer_end_to_end_filesystem
    (its state; that the checkpoint holds no "files" value is checkpointer
    internals): three invocations with {"files": {}} on thread "fs", write_file
    adding /doc_N.txt each turn, hold the three files; on a new thread
    write_file then delete_file ({"/doc_1.txt": None}) leave {}.
    Given the state schema:
      """yaml
      fields:
        files: {type: object, reducer: merge-patch}
      """
    And the input state:
      """json
      {"files": {}}
      """
    When node "write_file" returns:
      """json
      {"files": {"/doc_1.txt": "content for turn 1"}}
      """
    And the graph is invoked with:
      """json
      {"files": {}}
      """
    And node "write_file" returns:
      """json
      {"files": {"/doc_2.txt": "content for turn 2"}}
      """
    And the graph is invoked with:
      """json
      {"files": {}}
      """
    And node "write_file" returns:
      """json
      {"files": {"/doc_3.txt": "content for turn 3"}}
      """
    Then field "files" should equal {"/doc_1.txt": "content for turn 1", "/doc_2.txt": "content for turn 2", "/doc_3.txt": "content for turn 3"}
    When the graph is invoked on thread "fs2" with:
      """json
      {"files": {}}
      """
    And node "write_file" returns:
      """json
      {"files": {"/doc_1.txt": "content for turn 1"}}
      """
    And node "delete_file" returns:
      """json
      {"files": {"/doc_1.txt": null}}
      """
    Then field "files" should equal {}
