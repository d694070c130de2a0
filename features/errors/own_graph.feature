Feature: Catalogue of errors: the team's own graph
  A scenario on its own graph (`Given the graph from "<module>:<export>"`)
  may script only the graph's nodes, and its schema may add the harness's
  rules to the graph's fields but not contradict their channels: either is
  SCHEMA_INVALID, so that a renamed node or a changed reducer never leaves a
  scenario green. The LangGraph JS scenarios run with --runtime langgraph-js,
  the Python ones with --runtime langgraph-py; the built-in engine skips
  them.

  Scenario: a scripted output for a node the JS graph does not have
    Given the graph from "scenarios/graphs/support.mjs:graph"
    And the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When node "summarise" returns:
      """json
      {"status": "done"}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "node \"summarise\" is not a node of the graph \"scenarios/graphs/support.mjs:graph\" (its nodes: summarize, triage, lookup)"
    And the state should be unchanged

  Scenario: a step of several nodes names one the JS graph does not have
    Given the graph from "scenarios/graphs/support.mjs:graph"
    And the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When these nodes run in one step:
      """yaml
      triage: {turns: 1}
      lookup_order: {turns: 1}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "node \"lookup_order\" is not a node of the graph"
    And field "turns" should equal 0

  Scenario: a real node the JS graph does not have
    Given the graph from "scenarios/graphs/support.mjs:graph"
    And the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When node "summarise" runs
    Then the step should fail with "SCHEMA_INVALID" mentioning "node \"summarise\" is not a node of the graph \"scenarios/graphs/support.mjs:graph\" (its nodes: summarize, triage, lookup): a step runs one of the graph's nodes"

  Scenario: a schema reducer that contradicts the JS graph's LastValue channel
    Given the graph from "scenarios/graphs/support.mjs:graph"
    And the state schema:
      """yaml
      fields:
        status: {reducer: append}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"status\", attribute \"reducer\": the schema's reducer append contradicts the graph's channel, a LastValue (last-value: no reducer), of the graph \"scenarios/graphs/support.mjs:graph\"; the schema may only add rules to the graph's own fields: leave the reducer out, or declare last-value (at $.fields.status.reducer, features/errors/own_graph.feature:51:27)"

  Scenario: a schema reducer that contradicts the JS graph's messages channel, given before the graph
    Given the state schema:
      | field    | type  | reducer |
      | messages | array | append  |
    And the graph from "scenarios/graphs/support.mjs:graph"
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"messages\", attribute \"reducer\": the schema's reducer append contradicts the graph's channel, messagesStateReducer (messages)"

  Scenario: a schema field the JS graph has no channel for
    Given the graph from "scenarios/graphs/support.mjs:graph"
    And the state schema:
      """yaml
      fields:
        mood: {type: string}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"mood\": not a channel of the graph \"scenarios/graphs/support.mjs:graph\" (its channels: messages, context, turns, status)"

  Scenario: a schema that agrees with the JS graph's channels adds its rules
    Given the graph from "scenarios/graphs/support.mjs:graph"
    And the state schema:
      """yaml
      fields:
        status: {type: string, reducer: last-value}
        messages: {type: array, reducer: messages, default: []}
        context: {type: object, reducer: merge, default: {}}
      """
    And the input state:
      """json
      {"status": "open", "messages": ["hi"]}
      """
    When node "triage" returns:
      """json
      {"status": 7}
      """
    Then the step should fail with "TYPE_MISMATCH"

  Scenario: a scripted output for a node the Python graph does not have
    Given the "langgraph-py" profile
    And the graph from "scenarios/graphs/agent/graph.py:graph"
    And the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When these nodes run in one step:
      """yaml
      triage: {turns: 1}
      sumarize: {turns: 1}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "node \"sumarize\" is not a node of the graph \"scenarios/graphs/agent/graph.py:graph\" (its nodes: summarize, escalate, triage, lookup)"
    And field "turns" should equal 0

  Scenario: a schema reducer that contradicts the Python graph's LastValue channel
    Given the "langgraph-py" profile
    And the graph from "scenarios/graphs/agent/graph.py:graph"
    And the state schema:
      """yaml
      fields:
        status: {reducer: merge}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"status\", attribute \"reducer\": the schema's reducer merge contradicts the graph's channel, a LastValue (last-value: no reducer)"

  Scenario: a schema reducer that contradicts the Python graph's operator.add channel
    Given the "langgraph-py" profile
    And the graph from "scenarios/graphs/agent/graph.py:graph"
    And the state schema:
      """yaml
      fields:
        turns: {type: integer, reducer: last-value}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "field \"turns\", attribute \"reducer\": the schema's reducer last-value contradicts the graph's channel, operator.add"
