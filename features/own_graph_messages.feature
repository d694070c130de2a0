Feature: The graph's real nodes take LangChain message objects
  `When node "<name>" runs` hands the node the state as the graph's own
  `invoke()` would: the messages of a messages channel are LangChain
  message instances (HumanMessage, AIMessage with its tool_calls,
  ToolMessage), so isAIMessage, toolsCondition and the prebuilt ToolNode
  work on them (docs/reference.md, "The scenario's own graph").

  Background:
    Given the graph from "scenarios/graphs/orders.mjs:graph"
    And the input state:
      """json
      {"messages": [
        {"role": "user", "content": "where is A-17?"},
        {"role": "assistant", "content": "", "tool_calls": [
          {"id": "call_1", "name": "lookup_order", "args": {"order": "A-17"}},
          {"id": "call_2", "name": "lookup_order", "args": {"order": "B-2"}}
        ]}
      ]}
      """

  Scenario: the router sees the model's tool calls
    When node "route" runs
    Then field "next" should equal "tools"
    And field "kinds" should equal ["human", "ai with 2 tool calls"]

  Scenario: the prebuilt ToolNode answers each tool call
    When node "tools" runs
    Then field "messages[2].type" should equal "tool"
    And field "messages[2].content" should equal "order A-17 shipped on Monday"
    And field "messages[2].tool_call_id" should equal "call_1"
    And field "messages[2].id" should equal "auto-3"
    And field "messages[3].content" should equal "order B-2 still in the warehouse"
    And field "messages[3].tool_call_id" should equal "call_2"

  Scenario: after the tools, the router ends the run
    When node "tools" runs
    And node "route" runs
    Then field "next" should equal "end"
    And field "kinds" should equal ["human", "ai with 2 tool calls", "tool call_1", "tool call_2"]
