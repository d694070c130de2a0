Feature: A Go graph behind a runtime of the test's own
  `Given the graph from "toy:greeter"` names a graph the test registered in
  Options.Graphs; its steps go through the toy framework's merge and its
  real nodes run (example_test.go, Example_runtime).

  Background:
    Given the graph from "toy:greeter"

  Scenario: a real node of the Go graph runs on the current state
    Given the input state:
      """json
      {"name": "ann"}
      """
    When node "greet" runs
    Then field "greeting" should equal "hello ann"

  Scenario: the framework refuses a key two nodes write in one step
    Given the input state:
      """json
      {"name": "ann"}
      """
    When these nodes run in one step:
      """yaml
      greet: {greeting: hi}
      shout: {greeting: HI}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "greet and shout both wrote \"greeting\""
