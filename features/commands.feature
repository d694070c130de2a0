Feature: Node commands
  A node may return a command {"update": ..., "goto": ...}. The update is an
  object or a list of [key, value] pairs, which may name a key twice: two
  writes from one node. A command may also be written as JSON.stringify
  writes LangGraph JS's Command, {"lg_name": "Command", ...}, with the plain
  `returns:` step, and a node may return a list holding commands, as LangGraph
  JS allows. Any other node return is an error.

  Background:
    Given the state schema:
      """yaml
      fields:
        status: {type: string}
        log: {type: array, default: [], reducer: append}
      """
    And an empty input state

  Scenario: a command's update is applied
    When node "router" returns a command:
      """json
      {"update": {"status": "routed"}, "goto": "writer"}
      """
    Then field "status" should equal "routed"
    And the revision should be 2

  Scenario: a pair list may write one key twice
    When node "router" returns a command:
      """json
      {"update": [["log", "one"], ["log", "two"]], "goto": ["a", "b"]}
      """
    Then field "log" should equal ["one", "two"]

  Scenario: a command as JSON.stringify writes it, pasted from a log
    When node "router" returns:
      """json
      {"lg_name": "Command", "update": {"status": "routed"}, "goto": ["writer"]}
      """
    Then field "status" should equal "routed"

  Scenario: a list holding a command writes each of its elements in order
    When node "router" returns:
      """json
      [{"log": ["plain"]}, {"lg_name": "Command", "update": {"log": ["from the command"]}}, null]
      """
    Then field "log" should equal ["plain", "from the command"]

  Scenario: a command's resume means nothing in a node's return
    When node "router" returns a command:
      """json
      {"update": {"status": "routed"}, "resume": "ignored"}
      """
    Then field "status" should equal "routed"

  Scenario: a node that writes one key twice streams the list of its writes
    When node "router" returns a command:
      """json
      {"update": [["log", ["one"]], ["status", "s"], ["log", ["two"]]]}
      """
    Then an event "updates" should have been recorded with:
      """json
      {"router": [{"log": ["one"]}, {"status": "s"}, {"log": ["two"]}]}
      """

  Scenario: a pair list writing a plain field twice breaks the one-write rule
    When node "router" returns a command:
      """json
      {"update": [["status", "x"], ["status", "y"]]}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "[\"x\",\"y\"]"

  Scenario: a command must be an object with update and goto
    When node "router" returns a command:
      """json
      {"update": {"status": "x"}, "next": "b"}
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "unknown key \"next\""

  Scenario Outline: a node must return an object: <kind>
    When node "a" returns:
      """json
      <value>
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"a\" to return an object or an array containing at least one Command object, received <kind>"

    Examples:
      | kind    | value    |
      | string  | "done"   |
      | array   | [1, 2]   |
      | number  | 3        |
      | boolean | true     |
