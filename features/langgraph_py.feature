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

  Scenario: a serialised message (dumpd's lc envelope) is the message of its class
    _convert_to_message reads {"lc": 1, "type": "constructor", "id": [..., class],
    "kwargs": {...}} of a message class as {"type": <the class's type>, **kwargs}:
    a "type" in kwargs wins, and the AI message's invalid_tool_calls and
    usage_metadata, which are no keywords of the message dict, go into
    additional_kwargs.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "load" returns:
      """json
      {"messages": [
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "HumanMessage"], "kwargs": {"content": "hi", "type": "human", "id": "h1"}},
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessage"], "kwargs": {"content": "", "type": "ai", "id": "a1",
          "tool_calls": [{"name": "search", "args": {"q": "tides"}, "id": "c1", "type": "tool_call"}], "invalid_tool_calls": [], "usage_metadata": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}}},
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "ToolMessage"], "kwargs": {"content": "high at 6", "type": "tool", "id": "t1", "tool_call_id": "c1", "status": "success"}},
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "FunctionMessage"], "kwargs": {"content": ["a", {"type": "text", "text": "b"}], "type": "function", "name": "lookup", "id": "f1"}},
        {"lc": 1, "type": "constructor", "id": ["SystemMessageChunk"], "kwargs": {"content": "brief", "id": "s1"}},
        {"lc": 1, "type": "constructor", "id": ["HumanMessage"], "kwargs": {"content": "said by the AI", "type": "ai", "id": "a2"}}
      ]}
      """
    Then field "messages" should equal:
      """json
      [
        {"type": "human", "content": "hi", "id": "h1"},
        {"type": "ai", "content": "", "id": "a1", "tool_calls": [{"name": "search", "args": {"q": "tides"}, "id": "c1", "type": "tool_call"}],
         "additional_kwargs": {"invalid_tool_calls": [], "usage_metadata": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}}},
        {"type": "tool", "content": "high at 6", "id": "t1", "tool_call_id": "c1", "status": "success"},
        {"type": "function", "content": ["a", {"type": "text", "text": "b"}], "name": "lookup", "id": "f1"},
        {"type": "system", "content": "brief", "id": "s1"},
        {"type": "ai", "content": "said by the AI", "id": "a2"}
      ]
      """
    When node "trim" returns:
      """json
      {"messages": [
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "RemoveMessage"], "kwargs": {"content": "", "type": "remove", "id": "h1"}},
        {"lc": 1, "type": "constructor", "id": ["RemoveMessage"], "kwargs": {"content": "", "id": "a1"}},
        {"type": "remove", "content": "", "id": "t1"}, {"type": "remove", "content": "", "id": "f1"}, {"type": "remove", "content": "", "id": "s1"}
      ]}
      """
    Then field "messages" should equal:
      """json
      [{"type": "ai", "content": "said by the AI", "id": "a2"}]
      """

  Scenario: an lc envelope of a class that is no message is read as a plain dict
    Only the message classes are revived; any other envelope (another class, a
    secret, an empty id) is a message dict, which needs role and content, and
    dumpd's AIMessageChunk writes "type": "AIMessageChunk" in its kwargs,
    which wins and is no message type.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "load" returns:
      """json
      {"messages": [{"lc": 1, "type": "constructor", "id": ["langchain", "prompts", "chat", "ChatPromptValue"], "kwargs": {"content": "hi"}}]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "class 'ChatPromptValue'"
    When node "load" returns:
      """json
      {"messages": [{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessageChunk"], "kwargs": {"content": "x", "type": "AIMessageChunk"}}]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "unexpected message type 'AIMessageChunk'"

  Scenario: a function message keeps its name, which it must have
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "call" returns:
      """json
      {"messages": [{"role": "function", "name": "lookup", "content": "42", "id": "f1", "status": "error"}]}
      """
    Then field "messages" should equal:
      """json
      [{"type": "function", "content": "42", "name": "lookup", "id": "f1", "additional_kwargs": {"status": "error"}}]
      """
    When node "call" returns:
      """json
      {"messages": [["function", "no name"]]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "FunctionMessage requires a str name"

  Scenario: OpenAI's tool calls become LangChain's, on any message; arguments that are not JSON are refused
    json.loads(arguments, strict=False) reads them (the last of a duplicated key
    wins); an arguments dict is taken as it is.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "agent" returns:
      """json
      {"messages": [
        {"role": "assistant", "content": "", "id": "a1", "tool_calls": [
          {"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{\"q\": \"x\", \"q\": \"tides\"}"}},
          {"id": "c2", "type": "function", "function": {"name": "clock", "arguments": {}}},
          {"name": "moon", "args": {}, "id": "c3"}
        ]},
        {"role": "user", "content": "relayed", "id": "h1", "tool_calls": [{"id": "c4", "function": {"name": "f", "arguments": "{}"}}]}
      ]}
      """
    Then field "messages" should equal:
      """json
      [
        {"type": "ai", "content": "", "id": "a1", "tool_calls": [
          {"name": "search", "args": {"q": "tides"}, "id": "c1", "type": "tool_call"},
          {"name": "clock", "args": {}, "id": "c2", "type": "tool_call"},
          {"name": "moon", "args": {}, "id": "c3", "type": "tool_call"}
        ]},
        {"type": "human", "content": "relayed", "id": "h1", "tool_calls": [{"name": "f", "args": {}, "id": "c4", "type": "tool_call"}]}
      ]
      """
    When node "agent" returns:
      """json
      {"messages": [{"role": "assistant", "content": "", "tool_calls": [{"id": "c5", "type": "function", "function": {"name": "f", "arguments": "{bad"}}]}]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "are not JSON"
    When node "agent" returns:
      """json
      {"messages": [{"role": "assistant", "content": "", "tool_calls": [{"name": "f", "args": {}, "id": "c6", "retries": 2}]}]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "unexpected keyword argument 'retries'"

  Scenario: raw OpenAI tool calls in additional_kwargs are parsed; bad arguments become invalid_tool_calls
    An AI message without tool_calls reads additional_kwargs' tool_calls as
    default_tool_parser does (json.loads, strict): a falsy name is "", falsy
    arguments {}, and arguments that are not JSON an invalid tool call.
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And an empty input state
    When node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "", "id": "a1", "additional_kwargs": {"tool_calls": [
        {"id": "c1", "function": {"name": "search", "arguments": "null"}},
        {"id": "c2", "function": {"name": "clock", "arguments": "{bad"}}
      ]}}]}
      """
    Then field "messages" should equal:
      """json
      [{"type": "ai", "content": "", "id": "a1",
        "additional_kwargs": {"tool_calls": [
          {"id": "c1", "function": {"name": "search", "arguments": "null"}},
          {"id": "c2", "function": {"name": "clock", "arguments": "{bad"}}
        ]},
        "tool_calls": [{"name": "search", "args": {}, "id": "c1", "type": "tool_call"}],
        "invalid_tool_calls": [{"type": "invalid_tool_call", "name": "clock", "args": "{bad", "id": "c2", "error": null}]}]
      """

  Scenario: a numeric id is its str; a bool id is refused
    BaseMessage.id coerces numbers to str (coerce_numbers_to_str), so the id 5
    is the message "5"; ToolMessage makes a numeric or bool tool_call_id its
    str().
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, reducer: messages}
      """
    And the input state:
      """json
      {"messages": [{"type": "human", "content": "first", "id": 5}]}
      """
    When node "agent" returns:
      """json
      {"messages": [{"type": "human", "content": "edited", "id": "5"}, {"type": "tool", "content": "ok", "id": 2.5, "tool_call_id": true}]}
      """
    Then field "messages" should equal:
      """json
      [{"type": "human", "content": "edited", "id": "5"}, {"type": "tool", "content": "ok", "id": "2.5", "tool_call_id": "True", "status": "success"}]
      """
    When node "agent" returns:
      """json
      {"messages": [{"type": "human", "content": "x", "id": true}]}
      """
    Then the step should fail with "MESSAGE_COERCION_FAILURE" mentioning "neither a str nor a number"

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
