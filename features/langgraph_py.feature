Feature: LangGraph Python (the langgraph-py profile)
  The langgraph-py profile is LangGraph Python (langgraph 1.2.24,
  langchain-core 1.8.3) as a Python user writes it, in JSON: messages as
  dicts with "type" or "role", Python's tuples as two-element arrays. It is
  langgraph except where the real Python library answers otherwise; each
  difference is listed under "langgraph-py" in docs/reference.md and
  checked against the library (bench/steps/diff -lib python).

  Background:
    Given the "langgraph-py" profile

  Scenario: only None writes nothing; a falsy value is refused
    Given the state schema:
      """yaml
      fields:
        status: {}
      """
    And the input state:
      """json
      {"status": "new"}
      """
    When node "idle" returns:
      """json
      null
      """
    Then field "status" should equal "new"
    When node "done" returns:
      """json
      0
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected dict, got 0"
    When node "done" returns:
      """json
      ""
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected dict, got "
    When node "done" returns:
      """json
      []
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected dict, got []"

  Scenario: a reducer field starts from its type: Annotated[list, operator.add] is [] before any write
    Given the state schema:
      """yaml
      fields:
        log: {type: array, reducer: append}
        count: {type: integer, reducer: sum}
        topic: {}
      """
    And the input state:
      """json
      {"topic": "tides"}
      """
    Then the state should equal:
      """json
      {"log": [], "count": 0, "topic": "tides"}
      """
    When node "a" returns:
      """json
      {"log": "first"}
      """
    Then field "log" should equal ["first"]

  Scenario: a reducer field's default never starts its channel: the type does
    A Pydantic default of a reducer field is what a node reads off the
    model before a write, never a value of the state: Annotated[list,
    operator.add] = ["seeded"] starts at [], Annotated[int, operator.add] = 5
    at 0, and an Annotated[Any, ...] field is absent until its first write,
    which it stores as written. The next scenario runs the same steps on the
    real graph.
    Given the state schema:
      """yaml
      fields:
        notes: {type: array, reducer: append, default: [seeded]}
        turns: {type: integer, reducer: sum, default: 5}
        trail: {type: any, reducer: append, default: [seeded]}
        topic: {type: string, default: none}
      """
    And the input state:
      """json
      {"topic": "tides"}
      """
    Then the state should equal:
      """json
      {"notes": [], "turns": 0, "topic": "tides"}
      """
    When node "tag" returns:
      """json
      {"notes": ["a"], "turns": 1, "trail": "t1"}
      """
    Then the state should equal:
      """json
      {"notes": ["a"], "turns": 1, "trail": "t1", "topic": "tides"}
      """

  Scenario: a reducer field's default never starts its channel, on LangGraph Python's own graph
    scenarios/graphs/agent/defaults.py declares the schema above as a
    Pydantic state; this runs with --runtime langgraph-py.
    Given the graph from "scenarios/graphs/agent/defaults.py:graph"
    And the input state:
      """json
      {"topic": "tides"}
      """
    Then the state should equal:
      """json
      {"notes": [], "turns": 0, "topic": "tides"}
      """
    When node "tag" returns:
      """json
      {"notes": ["a"], "turns": 1, "trail": "t1"}
      """
    Then the state should equal:
      """json
      {"notes": ["a"], "turns": 1, "trail": "t1", "topic": "tides"}
      """

  Scenario: a field of no particular type (Any, Optional) takes its first write as written
    Given the state schema:
      """yaml
      fields:
        log: {type: any, reducer: append}
        messages: {type: any, reducer: messages}
      """
    And the input state:
      """json
      {"log": "first", "messages": "hi"}
      """
    Then the state should equal:
      """json
      {"log": "first", "messages": "hi"}
      """

  Scenario: a command's [key, value] pairs are Python's tuples, and a key may come twice
    Given the state schema:
      """yaml
      fields:
        log: {type: array, reducer: append}
      """
    And an empty input state
    When node "router" returns a command:
      """json
      {"update": [["log", "a"], ["log", "b"]], "goto": "next"}
      """
    Then field "log" should equal ["a", "b"]

  Scenario: {"__overwrite__": v} overwrites only as the sole key
    Given the state schema:
      """yaml
      fields:
        log: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"log": ["a"]}
      """
    When node "reset" returns:
      """json
      {"log": {"__overwrite__": ["fresh"], "note": "x"}}
      """
    Then field "log" should equal ["a", {"__overwrite__": ["fresh"], "note": "x"}]
    When node "reset" returns:
      """json
      {"log": {"__overwrite__": ["fresh"]}}
      """
    Then field "log" should equal ["fresh"]

  Scenario: an overwrite that is the first write to an empty field is stored as the wrapper
    Given the state schema:
      """yaml
      fields:
        log: {type: any, reducer: append}
      """
    And the input state:
      """json
      {"log": {"__overwrite__": ["fresh"]}}
      """
    Then field "log" should equal {"__overwrite__": ["fresh"]}

  Scenario: two writes to a field without a reducer: Python's wording names the key
    Given the state schema:
      """yaml
      fields:
        status: {}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {status: from a}
      b: {status: from b}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "At key 'status': Can receive only one value per step. Use an Annotated key to handle multiple values."

  Scenario: two overwrites of one field in one step
    Given the state schema:
      """yaml
      fields:
        log: {type: array, reducer: append}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {log: {__overwrite__: [x]}}
      b: {log: {__overwrite__: [y]}}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Can receive only one Overwrite value per super-step."

  Scenario: messages as langchain-core (Python) makes them
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "agent" returns:
      """json
      {"messages": [
        {"role": "user", "content": "hi", "lang": "en"},
        {"type": "ai", "content": null},
        ["system", "be brief"],
        {"type": "tool", "content": 42, "tool_call_id": "call-1"}
      ]}
      """
    Then the state should match the golden file

  Scenario: a remove is a message dict too, content and all
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "hi", "id": "m1"}]}
      """
    When node "trim" returns:
      """json
      {"messages": [{"type": "remove", "id": "m1"}]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "must contain 'role' (or 'type') and 'content' keys"
    When node "trim" returns:
      """json
      {"messages": [{"type": "remove", "id": "m1", "content": ""}]}
      """
    Then field "messages" should equal []

  Scenario: a node may be named like a field: node "notes" appends to the field "notes"
    Given the state schema:
      """yaml
      fields:
        notes: {type: array, reducer: append}
      """
    And the input state:
      """json
      {"notes": ["in"]}
      """
    When node "notes" returns:
      """json
      {"notes": ["n"]}
      """
    Then field "notes" should equal ["in", "n"]
    When these nodes run in one step:
      """yaml
      notes: {notes: [n2]}
      b: {notes: [b]}
      """
    Then field "notes" should equal ["in", "n", "b", "n2"]

  Scenario: a field without a reducer leaves its default out of the state until a write
    Given the state schema:
      """yaml
      fields:
        foo: {type: 'string?', default: x}
        topic: {}
      """
    And an empty input state
    Then field "foo" should be absent
    When node "a" returns:
      """json
      {"topic": "tides"}
      """
    Then the state should equal:
      """json
      {"topic": "tides"}
      """
    When node "b" returns:
      """json
      {"foo": "y"}
      """
    Then field "foo" should equal "y"

  Scenario: a tool's answer is the content ToolNode writes: json.dumps, not JSON.stringify
    ToolNode writes a result that is neither a string nor content blocks
    with json.dumps(result, ensure_ascii=False): ", " and ": " between
    items, keys in the order written, non-ASCII text as it is; a list of
    blocks of the types langchain-core knows is kept as a list.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When tool "lookup" returns:
      """json
      {"b": 1, "a": ["é", 2.5, null, true]}
      """
    Then field "messages[0].content" should equal "{\"b\": 1, \"a\": [\"é\", 2.5, null, true]}"
    When tool "lookup" returns:
      """json
      [{"type": "text", "text": "two"}, {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]
      """
    Then field "messages[1].content[0].text" should equal "two"
    When tool "lookup" returns:
      """json
      ["a", {"type": "other"}]
      """
    Then field "messages[2].content" should equal "[\"a\", {\"type\": \"other\"}]"
