Feature: A whole-graph run checked side by side with the built-in engine
  With a schema, a whole-graph run on --runtime builtin,langgraph-js is
  checked superstep by superstep (docs/reference.md, "Whole-graph runs"):
  the built-in engine re-applies each superstep's writes, as LangGraph JS
  reports them, to the schema's fields of the state before it, and the
  merged state must be the library's. On langgraph-js alone the schema's
  rules apply and nothing is compared.

  Background:
    Given the graph from "scenarios/graphs/react.mjs:graph"
    And the state schema:
      | field    | type  | reducer  |
      | messages | array | messages |

  Scenario: a tool round whose every superstep merges as the schema says
    Given the model replies:
      """
      - content: ""
        tool_calls:
          - name: lookup_order
            args: {order: A-17}
            id: call-1
      - Order A-17 shipped on 2 March.
      """
    When the graph runs with:
      """
      messages:
        - {type: human, content: "Where is order A-17?", id: m-1}
      """
    Then the steps should be:
      | step | nodes |
      | 1    | agent |
      | 2    | tools |
      | 3    | agent |
    And the run should have ended
    And field "messages[3].content" should equal "Order A-17 shipped on 2 March."
