# An example to learn from: copy it, change it, or delete it (and its golden
# file) once the suite has scenarios of its own. `scenario steps` lists
# every step you can write.
#
# "the state should match the golden file" compares the state with
#   golden/example/the-agent-answers-and-finishes.json
# (golden/<feature path under features/>/<scenario name as a slug>.json).
# A missing or different golden file fails the scenario; it is never written
# silently. When the new state is what you meant, review the differences the
# failure prints, rewrite the golden files of the scenarios that ran, and
# commit golden/ with the change:
#   scenario update                 (or: SCENARIO_UPDATE=1 go test ./...)
# `scenario check` fails on stale, missing and unused golden files, as CI does.
#
# @no-graph: this example builds its graph from the schema below even when
# scenario.yaml names your own graph (graph:), which has fields of its own.
# Scenarios without the tag run on that graph.
@no-graph
Feature: The agent answers the user
  A node returns only the fields it changes; each field's reducer merges that
  into the state. `messages` works like LangGraph's add_messages: roles become
  message types, and a message without an id gets one (auto-1, auto-2, ...).

  Scenario: the agent answers and finishes
    Given the "langgraph" profile
    And the state schema:
      | field    | type   | reducer  | default |
      | messages | array  | messages | []      |
      | status   | string | replace  | "idle"  |
    And the input state:
      """json
      {"messages": [{"role": "user", "content": "What is the capital of France?"}], "status": "running"}
      """
    When node "agent" returns:
      """json
      {"messages": [{"role": "assistant", "content": "Paris."}], "status": "done"}
      """
    Then the state should match the golden file
    And field "status" should equal "done"
