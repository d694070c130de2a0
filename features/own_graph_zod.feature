Feature: A team's own graph whose state is a zod schema
  The graph of `scenarios/graphs/closing.ts` declares its state with zod and
  LangGraph's registry (a messages channel, a reducer of its own, an enum),
  in TypeScript that tsx compiles as CommonJS. Its channels are the ones its
  own invoke() uses, whatever the module format; what its schema refuses is
  `TYPE_MISMATCH` at the JSON path zod names, as the built-in engine says of
  a value its schema refuses; a node that throws is `NODE_ERROR` naming the
  line of the graph's code that threw.

  Background:
    Given the graph from "scenarios/graphs/closing.ts:graph"

  Scenario: the graph's own reducers fold the input and a real node's notes
    Given the input state:
      """json
      {"messages": [["user", "bye"]], "notes": ["a"]}
      """
    When node "close" runs
    Then the state should equal:
      """json
      {"messages": [{"type": "human", "content": "bye", "id": "auto-1"}], "notes": ["a", "closed after 1"]}
      """

  Scenario: a value outside the schema's enum is a type mismatch
    Given an empty input state
    When node "close" returns:
      """json
      {"mood": "bored"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "expected one of \"calm\"|\"angry\""
    And the state should be unchanged

  Scenario: a node that throws names the line that threw
    Given an empty input state
    When node "lookup" runs
    Then the step should fail with "NODE_ERROR" mentioning "the order service is down (order A-17) (at scenarios/graphs/closing.ts:21:9)"
