Feature: Step-level scenarios on a Go team's eino graph
  The steps go through eino itself: a step of several nodes is merged by
  eino's own fan-in (what eino hands the node they feed), real nodes run
  with their state handlers on the graph's local state ("local").

  Background:
    Given the graph from "eino:orders"

  Scenario: the two loaders' outputs fan in as eino merges them, and prep runs for real
    Given the input state:
      """json
      {"question": "Where is A-17?"}
      """
    When these nodes run in one step:
      """yaml
      load_user: {user: ann, question: "Where is A-17?"}
      load_order: {order: A-17}
      """
    Then the state should contain:
      """json
      {"user": "ann", "order": "A-17", "question": "Where is A-17?", "local": {"visits": 0}}
      """
    When node "prep" runs
    Then the state should contain:
      """json
      {"messages": [{"role": "system", "content": "user ann, order A-17"}, {"role": "user", "content": "Where is A-17?"}]}
      """
    And field "user" should be absent

  Scenario: a key two branches both write is refused as eino refuses it
    Given the input state:
      """json
      {"question": "Where is A-17?"}
      """
    When these nodes run in one step:
      """yaml
      load_user: {user: ann, order: A-17}
      load_order: {order: A-17}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "eino refuses the fan-in of nodes load_user, load_order: (values merge map) duplicated key ('order') found"

  Scenario: eino's tools node runs the real tool on the reply's call, keeping eino's message shape
    Given the input state:
      """json
      {"reply": {"role": "assistant", "content": "", "tool_calls": [{"id": "call-1", "type": "function", "function": {"name": "lookup_order", "arguments": "{\"order\":\"A-17\"}"}}]}}
      """
    When node "tools" runs
    Then the state should contain:
      """json
      {"messages": [{"role": "tool", "content": "order A-17 is in transit", "tool_call_id": "call-1", "tool_name": "lookup_order"}]}
      """

  Scenario: finish reads the local state its handlers left
    Given the input state:
      """json
      {"reply": {"role": "assistant", "content": "It is in transit."}, "local": {"visits": 2, "messages": []}}
      """
    When node "finish" runs
    Then the state should contain:
      """json
      {"answer": "It is in transit.", "turns": 2, "local": {"visits": 2}}
      """

  Scenario: a real node whose code fails is NODE_ERROR
    Given the input state:
      """json
      {"question": "hi"}
      """
    When node "finish" runs
    Then the step should fail with "NODE_ERROR" mentioning "node \"finish\""

  Scenario: a node that calls the model runs only in a whole-graph run, where the model is scripted
    Given the input state:
      """json
      {"messages": [{"role": "user", "content": "hi"}]}
      """
    When node "agent" runs
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "the model was called outside a whole-graph run"
