Feature: A node of the team's own LangGraph Python graph cannot disturb the run
  The langgraph-py runtime runs the graph's nodes in its own process
  (docs/reference.md, "Runtimes"). What a node does to that process stays
  in its step: the working directory and the environment are restored
  after each step, stdin is empty (input() fails at once), and what a node
  writes to stdout goes to the log, never into the harness's protocol.

  Background:
    Given the "langgraph-py" profile
    And the graph from "scenarios/graphs/restless/graph.py:graph"

  Scenario: a node's os.chdir() does not reach the next step
    Given the input state:
      """json
      {}
      """
    When node "wander" runs
    And node "look" runs
    Then field "where" should equal "root"

  Scenario: the next scenario loads its graph from the suite root, although a node changed directory before
    Given the graph from "scenarios/graphs/agent/graph.py:graph"
    And the input state:
      """json
      {"context": {"user": "ann"}}
      """
    When node "summarize" runs
    Then field "status" should equal "summarized"

  Scenario: a node's change to os.environ does not reach the next step
    Given the input state:
      """json
      {}
      """
    When node "set_mode" runs
    Then field "mode" should equal "wandered"
    When node "read_mode" runs
    Then field "mode" should equal "unset"

  Scenario: a node that calls input() fails at once
    Given the input state:
      """json
      {}
      """
    When node "ask" runs
    Then the step should fail with "NODE_ERROR" mentioning "raised EOFError: stdin is empty under the harness: a node cannot read input() or sys.stdin in a scenario"

  Scenario: a node that reads sys.stdin fails at once
    Given the input state:
      """json
      {}
      """
    When node "read_stdin" runs
    Then the step should fail with "NODE_ERROR" mentioning "raised EOFError: stdin is empty under the harness: a node cannot read input() or sys.stdin in a scenario"

  Scenario: what a node prints, even to file descriptor 1, stays out of the protocol
    Given the input state:
      """json
      {}
      """
    When node "chatty" runs
    Then field "said" should equal "done"
