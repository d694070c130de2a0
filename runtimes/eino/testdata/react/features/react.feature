Feature: eino's ReAct shape: the chat model as a node, its history in the local state

  Background:
    Given the graph from "eino:react"

  Scenario: the model node calls the tool, then answers
    Given the model replies:
      """
      - content: ""
        tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]
      - It is in transit.
      """
    When the graph runs with:
      """
      messages: [{role: user, content: "Where is A-17?"}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | model |
      | 2    | tools |
      | 3    | model |
    And the state should contain:
      """json
      {"reply": {"role": "assistant", "content": "It is in transit."}, "local": {"history": [
        {"role": "user", "content": "Where is A-17?"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "call-1", "type": "function", "function": {"name": "lookup_order", "arguments": "{\"order\":\"A-17\"}"}}]},
        {"role": "tool", "content": "order A-17 is in transit", "tool_call_id": "call-1", "tool_name": "lookup_order"},
        {"role": "assistant", "content": "It is in transit."}]}}
      """

  Scenario: the tools node runs alone on the model's reply
    Given the input state:
      """json
      {"reply": {"role": "assistant", "content": "", "tool_calls": [{"id": "call-7", "type": "function", "function": {"name": "lookup_order", "arguments": "{\"order\":\"B-2\"}"}}]}}
      """
    When node "tools" runs
    Then field "messages" should equal [{"role": "tool", "content": "order B-2 is in transit", "tool_call_id": "call-7", "tool_name": "lookup_order"}]
