Feature: The scripts of a whole-graph run of a Python graph
  Besides the model's replies, a scenario scripts a node's own calls, a
  node's returns (its code does not run) and a tool's answers (its function
  does not run) on scenarios/graphs/react.py, and each script is held to
  what the run used (docs/reference.md, "Whole-graph runs").

  Background:
    Given the graph from "scenarios/graphs/react.py:graph"

  Scenario: a tool answers every call alike, the message answering the model's own call id
    Given the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: B-2}, id: call-7}]}
      - B-2 is held at customs.
      """
    And tool "lookup_order" answers:
      """
      "order B-2: held at customs"
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is B-2?", id: m-1}]
      """
    Then the run should have ended
    And the state should contain:
      """
      messages:
        - {id: m-1}
        - {type: ai}
        - {type: tool, tool_call_id: call-7, name: lookup_order, content: "order B-2: held at customs"}
        - {content: B-2 is held at customs.}
      """

  Scenario: a scripted node returns its outputs in turn and its code does not run
    Given node "agent" returns, in turn:
      """
      - messages: [{type: ai, content: "", tool_calls: [{name: lookup_order, args: {order: C-3}, id: call-1}], id: a-1}]
      - messages: [{type: ai, content: C-3 shipped., id: a-2}]
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is C-3?", id: m-1}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | tools |
      | 3    | agent |
    And the model should have been called 0 times
    And field "messages[2].content" should equal "order C-3: shipped on 2026-03-02"
    And field "messages[3].content" should equal "C-3 shipped."

  Scenario: a node's own script answers the calls made inside it
    Given the model replies to node "agent":
      """
      - Hello from the agent's script.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the run should have ended
    And field "messages[1].content" should equal "Hello from the agent's script."

  Scenario: a reply that raises fails the node at the user's line
    Given the model replies:
      """
      - {error: the provider is down}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "NODE_ERROR" mentioning "node \"agent\" raised ModelError: the provider is down (at scenarios/graphs/react.py:"

  Scenario: runs on named threads keep each thread's own conversation
    Given the model replies:
      """
      - Hello, Ann.
      - Hello, Bob.
      - You asked about your order, Ann.
      """
    When the graph runs on thread "ann" with:
      """
      messages: [{type: human, content: "I am Ann", id: m-1}]
      """
    And the graph runs on thread "bob" with:
      """
      messages: [{type: human, content: "I am Bob", id: m-2}]
      """
    And the graph runs on thread "ann" with:
      """
      messages: [{type: human, content: "What did I ask?", id: m-3}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
    And the state should contain:
      """
      messages:
        - {id: m-1}
        - {content: "Hello, Ann."}
        - {id: m-3}
        - {content: "You asked about your order, Ann."}
      """

  Scenario: a tool answering in turn fails the call past its answers
    Given the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: B-2}, id: call-1}]}
      - {content: "", tool_calls: [{name: lookup_order, args: {order: B-3}, id: call-2}]}
      """
    And tool "lookup_order" answers, in turn:
      """
      - "order B-2: lost"
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where are B-2 and B-3?", id: m-1}]
      """
    Then the step should fail with "TOOL_SCRIPT_EXHAUSTED" mentioning "superstep 4, node \"tools\": call 2 of tool \"lookup_order\" is past the end of its answers (1 given)"

  Scenario: a node visited past its returns
    Given node "agent" returns, in turn:
      """
      - messages: [{type: ai, content: "", tool_calls: [{name: lookup_order, args: {order: C-3}, id: call-1}], id: a-1}]
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is C-3?", id: m-1}]
      """
    Then the step should fail with "NODE_SCRIPT_EXHAUSTED" mentioning "superstep 3, node \"agent\": visit 2 of the node is past the end of its script (1 outputs given)"

  Scenario: a reply calling a tool the model was not bound to
    Given the model replies:
      """
      - {content: "", tool_calls: [{name: cancel_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Cancel A-17", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_INVALID" mentioning "superstep 1, node \"agent\", call 1: the reply calls the tool \"cancel_order\", which the model was not bound to (its tools: lookup_order)"
