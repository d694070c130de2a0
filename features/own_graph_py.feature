Feature: Scenarios on the team's own LangGraph Python graph
  `Given the graph from "<module>.py:<attribute>"` runs a scenario of the
  langgraph-py profile on a compiled LangGraph Python graph of the suite
  (docs/reference.md, "Runtimes"): inputs and node outputs go through the
  graph's own channels and reducers, custom ones included, and
  `When node "<name>" runs` runs the graph's real node on the current state.
  Such scenarios need `--runtime langgraph-py`; the built-in engine skips
  them and says why.

  Background:
    Given the "langgraph-py" profile
    And the graph from "scenarios/graphs/agent/graph.py:graph"

  Scenario: the graph's own reducer merges what two nodes return in one step
    Given the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When these nodes run in one step:
      """yaml
      triage: {context: {topic: refund}, turns: 1}
      lookup: {context: {order: A-17}, turns: 1}
      """
    Then field "context" should equal {"user": "ann", "order": "A-17", "topic": "refund"}
    And field "turns" should equal 2

  Scenario: a real node of the graph runs on the current state
    Given the input state:
      """json
      {"context": {"user": "ann"}, "messages": ["my parcel is late", "it was due Monday"]}
      """
    When node "summarize" runs
    Then field "context.summary" should equal "ann sent 2 messages"
    And field "status" should equal "summarized"
    And field "messages[1].content" should equal "it was due Monday"

  Scenario: a real node that raises fails the step with NODE_ERROR
    Given the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When node "escalate" runs
    Then the step should fail with "NODE_ERROR" mentioning "the ticket service is down"

  Scenario: what a real node returns must be JSON
    Given the graph from "scenarios/graphs/agent/graph.py:graph_with_stamp"
    And the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When node "stamp" runs
    Then the step should fail with "NON_JSON_VALUE" mentioning "node \"stamp\" returned a date, which is not a JSON value: use .isoformat() (at $.context.opened)"

  Scenario: a message object the graph's node made stays as it was across steps
    The graph's real node answers with AIMessage(content=[]): the
    checkpoint holds the object, whose content stays [] when the next step
    adds a message (a message dict with empty content would become "").
    Given the graph from "scenarios/graphs/agent/blocks.py:graph"
    And the input state:
      """json
      {"messages": ["hi"]}
      """
    When node "answer" runs
    And node "answer" returns:
      """json
      {"n": 1, "messages": [{"role": "user", "content": "thanks", "id": "u2"}]}
      """
    Then field "messages[1].content" should equal []
    And field "messages[2].content" should equal "thanks"

  Scenario: a tool of the graph answers the model's pending call
    The graph's tools are answered with When tool "<name>" returns: (a Go
    tool step has no tool of the graph to call); the tool message answers
    the call the model made.
    Given the input state:
      """json
      {"messages": [{"type": "ai", "content": "", "id": "a1", "tool_calls": [{"id": "call_7", "name": "lookup_order", "args": {"order": "A-17"}}]}]}
      """
    When tool "lookup_order" returns:
      """json
      "shipped"
      """
    Then field "messages[1].tool_call_id" should equal "call_7"
    And field "messages[1].content" should equal "shipped"
    When tool "lookup_order" returns:
      """json
      "shipped"
      """
    Then the step should fail with "TOOL_CALL_UNKNOWN" mentioning "tool \"lookup_order\" answers no pending call of the model"
