Feature: orders py (recorded)
  Scenarios recorded from real runs with scenario record.

  Scenario: a refund question, recorded from a LangGraph Python run
    # Recorded from a run of scenarios/graphs/recorded/orders.py:graph on scenarios/graphs/recorded/refund.json: the model's replies and the tools' results as they came.
    # Run it with --runtime langgraph-py: it runs the graph's own code, and fails at the first superstep that differs.
    Given the graph from "scenarios/graphs/recorded/orders.py:graph"
    And the model replies:
      """json
      [
        {
          "content": "",
          "tool_calls": [
            {
              "name": "lookup_order",
              "args": {
                "order": "A-17"
              },
              "id": "call-1"
            }
          ]
        },
        {
          "content": "Order A-17 shipped on 2 March."
        }
      ]
      """
    And tool "lookup_order" answers, in turn:
      """json
      [
        "order A-17: shipped on 2026-03-02"
      ]
      """
    When the graph runs with:
      """json
      {
        "messages": [
          {
            "type": "human",
            "content": "Where is order A-17?",
            "id": "m-1"
          }
        ]
      }
      """
    Then the trace should match the golden file
    And the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | tools |
      | 3    | agent |
    And the state should match the golden file

  Scenario: the same run, its tool real
    # Recorded from a run of scenarios/graphs/recorded/orders.py:graph on scenarios/graphs/recorded/refund.json: the model's replies as they came; the tools run for real.
    # Run it with --runtime langgraph-py: it runs the graph's own code, and fails at the first superstep that differs.
    Given the graph from "scenarios/graphs/recorded/orders.py:graph"
    And the model replies:
      """json
      [
        {
          "content": "",
          "tool_calls": [
            {
              "name": "lookup_order",
              "args": {
                "order": "A-17"
              },
              "id": "call-1"
            }
          ]
        },
        {
          "content": "Order A-17 shipped on 2 March."
        }
      ]
      """
    When the graph runs with:
      """json
      {
        "messages": [
          {
            "type": "human",
            "content": "Where is order A-17?",
            "id": "m-1"
          }
        ]
      }
      """
    Then the trace should match the golden file
    And the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | tools |
      | 3    | agent |
    And the state should match the golden file
