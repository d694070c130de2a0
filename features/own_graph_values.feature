Feature: What the team's own graph returns is JSON
  On langgraph-js a real node's return, and the state the graph's reducers
  make of it, are JSON values like every other value. NaN,
  ±Infinity, an undefined member, a Date, Map, Set, typed array, function,
  class instance, BigInt or a cycle fails the step with NON_JSON_VALUE,
  naming the node and the JSON path: JSON.stringify would otherwise change
  it silently (a Date to a string, a Set to {}, NaN to null, an undefined
  member away), and a golden file would pass on the wrong value.

  Background:
    Given the graph from "scenarios/graphs/tickets.mjs:graph"
    And the input state:
      """json
      {"ticket": {"id": "T-1"}}
      """

  Scenario: a node that returns a Date fails, naming the node and the path
    When node "open" runs
    Then the step should fail with "NON_JSON_VALUE" mentioning "node \"open\" returned a Date, which is not a JSON value: use date.toISOString() (at $.ticket.opened)"

  Scenario: the same node returning the ISO string passes
    When node "openISO" runs
    Then field "ticket" should equal {"id": "T-1", "opened": "2024-01-02T00:00:00.000Z"}

  Scenario: a Set is not a list
    When node "tag" runs
    Then the step should fail with "NON_JSON_VALUE" mentioning "node \"tag\" returned a Set, which is not a JSON value: use [...set] (at $.tags)"

  Scenario: an undefined member is not left out silently
    When node "assign" runs
    Then the step should fail with "NON_JSON_VALUE" mentioning "node \"assign\" returned undefined, which is not a JSON value: leave the key out, or use null (at $.ticket.assignee)"

  Scenario: a reducer of the graph that makes NaN fails the step
    When node "rate" runs
    Then the step should fail with "NON_JSON_VALUE" mentioning "after the step, the state holds NaN, which is not a JSON value (a reducer or a node of the graph produced it)"
