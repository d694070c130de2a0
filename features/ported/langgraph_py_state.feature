Feature: LangGraph Python's state-update tests, as scenarios
  LangGraph Python's own tests of how a superstep applies node returns, Command
  updates and Overwrite (libs/langgraph/tests/test_pregel.py), restated step by
  step: each graph edge is a step, and what a node computes is what it returns.

  Background:
    Given the "langgraph-py" profile

  Scenario: two nodes writing one key without a reducer in one step fail
    From langgraph's tests/test_pregel.py::test_invoke_two_processes_two_in_two_out_invalid
    (the StateGraph half): nodes "one" and "two" both return {"hello": "world"}
    from the entry point; InvalidUpdateError matching "At key 'hello'".
    Given the state schema:
      """yaml
      fields:
        hello: {type: string}
      """
    And the input state:
      """json
      {"hello": "there"}
      """
    When these nodes run in one step:
      """yaml
      one: {hello: world}
      two: {hello: world}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "At key 'hello'"

  Scenario: a fan-out after a node, both branches writing one key, fails
    From langgraph's tests/test_pregel.py::test_graph_validation (its last case):
    a, then b and c in parallel, each returning {"hello": "world"};
    InvalidUpdateError matching "At key 'hello'".
    Given the state schema:
      """yaml
      fields:
        hello: {type: string}
      """
    And the input state:
      """json
      {"hello": "there"}
      """
    When node "a" returns:
      """json
      {"hello": "world"}
      """
    And these nodes run in one step:
      """yaml
      b: {hello: world}
      c: {hello: world}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "At key 'hello'"
    And the state should be unchanged

  Scenario: an overwrite in a later node bypasses the reducer
    From langgraph's tests/test_pregel.py::test_overwrite_sequential (as_json and
    Overwrite alike, both {"__overwrite__": ...} in JSON): messages
    Annotated[list, operator.add], input ["START"], node_a ["a"], node_b
    overwrites with ["b"]: the result is ["b"].
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"messages": ["START"]}
      """
    When node "node_a" returns:
      """json
      {"messages": ["a"]}
      """
    And node "node_b" returns:
      """json
      {"messages": {"__overwrite__": ["b"]}}
      """
    Then the state should equal:
      """json
      {"messages": ["b"]}
      """

  Scenario: an overwrite beside an ordinary write in one step wins, and later writes append
    From langgraph's tests/test_pregel.py::test_overwrite_parallel: after node_a
    ["a"], node_b overwrites with ["b"] while node_c writes ["c"], then node_d
    writes ["d"]: the result is ["b", "d"].
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"messages": ["START"]}
      """
    When node "node_a" returns:
      """json
      {"messages": ["a"]}
      """
    And these nodes run in one step:
      """yaml
      node_b: {messages: {__overwrite__: [b]}}
      node_c: {messages: [c]}
      """
    And node "node_d" returns:
      """json
      {"messages": ["d"]}
      """
    Then the state should equal:
      """json
      {"messages": ["b", "d"]}
      """

  Scenario: two overwrites in one step fail
    From langgraph's tests/test_pregel.py::test_overwrite_parallel_error: after
    node_a, node_b and node_c both overwrite; InvalidUpdateError "Can receive only
    one Overwrite value per super-step."
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"messages": ["START"]}
      """
    When node "node_a" returns:
      """json
      {"messages": ["a"]}
      """
    And these nodes run in one step:
      """yaml
      node_b: {messages: {__overwrite__: [b]}}
      node_c: {messages: {__overwrite__: [c]}}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Can receive only one Overwrite value per super-step."
    And field "messages" should equal ["START", "a"]

  Scenario: a node writes one channel twice with a Command of pairs
    From langgraph's tests/test_pregel.py::test_multiple_writes_same_channel_from_same_node
    (its state history): foo Annotated[str, a reducer joining the non-empty
    values with ", "], input "input", node one returns Command(update=[("foo",
    "one.0"), ("foo", "one.1")]), node two {"foo": "two"}: "input, one.0, one.1",
    then "input, one.0, one.1, two". The field has no type (Any) so that the
    first write is the input as written, as the upstream reducer makes of "" and
    "input".
    Given the state schema:
      """yaml
      fields:
        foo: {type: any, reducer: 'join(", ")'}
      """
    And the input state:
      """json
      {"foo": "input"}
      """
    When node "one" returns a command:
      """json
      {"update": [["foo", "one.0"], ["foo", "one.1"]]}
      """
    Then field "foo" should equal "input, one.0, one.1"
    When node "two" returns:
      """json
      {"foo": "two"}
      """
    Then field "foo" should equal "input, one.0, one.1, two"

  Scenario: a Command's update sets a field to None
    From langgraph's tests/test_pregel.py::test_pydantic_state_update_command (first
    graph; the pydantic State(foo=None) update as its dict): input {"foo": ""},
    node_a returns Command(update={"foo": None}): {"foo": None}.
    Given the state schema:
      """yaml
      fields:
        foo: {type: 'string?'}
      """
    And the input state:
      """json
      {"foo": ""}
      """
    When node "node_a" returns a command:
      """json
      {"update": {"foo": null}}
      """
    Then the state should equal:
      """json
      {"foo": null}
      """

  Scenario: a node's return and a later Command's update both land
    From langgraph's tests/test_pregel.py::test_pydantic_state_update_command (second
    graph; the pydantic updates as the dicts of their set fields): node_a returns
    {"foo": "foo"}, node_b Command(update={"bar": "bar"}): {"foo": "foo", "bar": "bar"}.
    The None defaults are left out: a field without a reducer given a default is
    in the state from the input on the built-in engine, absent on the real
    library (features/ported/README.md, findings).
    Given the state schema:
      """yaml
      fields:
        foo: {type: 'string?'}
        bar: {type: 'string?'}
      """
    And an empty input state
    When node "node_a" returns:
      """json
      {"foo": "foo"}
      """
    And node "node_b" returns a command:
      """json
      {"update": {"bar": "bar"}}
      """
    Then the state should equal:
      """json
      {"foo": "foo", "bar": "bar"}
      """

  Scenario: a node's return sets a field to None
    From langgraph's tests/test_pregel.py::test_pydantic_none_state_update (the
    pydantic State(foo=None) return as its dict): input {"foo": ""}: {"foo": None}.
    Given the state schema:
      """yaml
      fields:
        foo: {type: 'string?'}
      """
    And the input state:
      """json
      {"foo": ""}
      """
    When node "node_a" returns:
      """json
      {"foo": null}
      """
    Then the state should equal:
      """json
      {"foo": null}
      """

  Scenario: a Command's update then a node's return, in sequence
    From langgraph's tests/test_pregel.py::test_command_pydantic_dataclass (the
    pydantic and dataclass State(foo="foo") update as its dict): node_a returns
    Command(update={"foo": "foo"}, goto="node_b"), node_b returns foo + "bar":
    {"foo": "foobar"}.
    Given the state schema:
      """yaml
      fields:
        foo: {type: string}
      """
    And the input state:
      """json
      {"foo": ""}
      """
    When node "node_a" returns a command:
      """json
      {"update": {"foo": "foo"}, "goto": "node_b"}
      """
    Then field "foo" should equal "foo"
    When node "node_b" returns:
      """json
      {"foo": "foobar"}
      """
    Then the state should equal:
      """json
      {"foo": "foobar"}
      """
