Feature: Whole-graph runs are strict about their scripts
  Every script error fails the run with its code, naming the superstep,
  the node and the call, so a graph that changed is found where it
  changed.

  Scenario: a model call past the end of its script
    Given the graph from "scenarios/graphs/react.mjs:graph"
    And the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is order A-17?", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 3, node \"agent\", call 2: the model was called past the end of its script (1 replies given); the last message it was given: {\"type\":\"tool\""

  Scenario: a reply that calls a tool the model is not bound to
    Given the graph from "scenarios/graphs/shop.mjs:graph"
    And the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - content: ""
        tool_calls: [{name: delete_account, args: {}, id: call-2}]
      """
    And tool "lookup_order" answers:
      """
      shipped
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is order A-17?", id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_INVALID" mentioning "superstep 3, node \"agent\", call 2: the reply calls the tool \"delete_account\", which the model was not bound to (its tools: lookup_order, refund)"

  Scenario: a tool called past its answers
    Given the graph from "scenarios/graphs/shop.mjs:graph"
    And the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: B-2}, id: call-2}]
      - Done.
      """
    And tool "lookup_order" answers, in turn:
      """
      - shipped
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where are my orders?", id: m-1}]
      """
    Then the step should fail with "TOOL_SCRIPT_EXHAUSTED" mentioning "superstep 4, node \"tools\": call 2 of tool \"lookup_order\" is past the end of its answers (1 given)"

  Scenario: a scripted node visited past its outputs
    Given the graph from "scenarios/graphs/handoff.mjs:graph"
    And node "triage" returns, in turn:
      """
      - {lg_name: Command, goto: sales, update: {desk: sales}}
      """
    And the model replies:
      """
      - Which plan would you like?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    And the graph runs on thread "second" with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "NODE_SCRIPT_EXHAUSTED" mentioning "superstep 1, node \"triage\": visit 2 of the node is past the end of its script (1 outputs given)"

  Scenario: the recursion limit reached
    Given the graph from "scenarios/graphs/react.mjs:graph"
    And the recursion limit is 3
    And the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-2}]
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is order A-17?", id: m-1}]
      """
    Then the step should fail with "GRAPH_RECURSION_LIMIT" mentioning "the recursion limit of 3 supersteps without ending (its last supersteps: 1: agent; 2: tools; 3: agent; next it would run tools)"

  Scenario: a model call that fails is the node's error, at the user's line
    Given the graph from "scenarios/graphs/handoff.mjs:graph"
    And the model replies:
      """
      - {error: the provider is rate limited}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "NODE_ERROR" mentioning "superstep 1: node \"triage\" threw Error: the provider is rate limited (at scenarios/graphs/handoff.mjs:15:"

  Scenario: a resume by an id no pending interrupt has
    Given the graph from "scenarios/graphs/approval.mjs:graph"
    And the model replies:
      """
      - Refund note.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Refund A-17", id: m-1}]
      """
    And the graph resumes with a command:
      """
      resume: {interrupt-1: "yes", interrupt-7: "yes"}
      """
    Then the step should fail with "RUNTIME_ERROR" mentioning "no pending interrupt is named \"interrupt-7\" (pending: interrupt-1 (node \"legal\"), interrupt-2 (node \"manager\"))"

  Scenario: a write the graph refuses names the superstep that made it
    Given the graph from "scenarios/graphs/handoff.mjs:graph"
    And node "triage" returns, in turn:
      """
      - {lg_name: Command, goto: [refunds, sales]}
      """
    And the model replies:
      """
      - Refunded.
      - Sold.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "superstep 2 (refunds, sales): Invalid update for channel \"desk\""
