Feature: A handoff by Command(goto) in a whole-graph run
  scenarios/graphs/handoff.mjs: "triage" asks the model and returns a
  Command whose goto names "refunds" or "sales" (no edge leads there). A
  scripted node returns what the scenario gives it instead of running,
  a Command included.

  Background:
    Given the graph from "scenarios/graphs/handoff.mjs:graph"

  Scenario: the model's answer routes to refunds
    Given the model replies:
      """
      - I would like a refund.
      - Your refund is on its way.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the steps should be:
      | step | nodes   |
      | 1    | triage  |
      | 2    | refunds |
    And the run should have ended
    And field "desk" should equal "refunds (done)"
    And the trace should match the golden file

  Scenario: a scripted triage hands off to sales without calling the model
    Given node "triage" returns, in turn:
      """
      - {lg_name: Command, goto: sales, update: {desk: sales}}
      """
    And the model replies:
      """
      - Which plan would you like?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the steps should be:
      | step | nodes  |
      | 1    | triage |
      | 2    | sales  |
    And the model should have been called 1 times
    And the state after step 1 should contain:
      """
      desk: sales
      """
    And the state should match the golden file

  Scenario: a command on the thread goes to a node
    Given the model replies:
      """
      - I would like a refund.
      - Your refund is on its way.
      - Which plan would you like?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    And the graph resumes with a command:
      """
      goto: sales
      update: {messages: [{type: human, content: "Actually, sell me a plan.", id: m-2}]}
      """
    Then the steps should be:
      | step | nodes |
      | 1    | sales |
    And field "desk" should equal "sales (done)"

  Scenario: a node visited past its outputs fails the run
    Given node "triage" returns, in turn:
      """
      - {lg_name: Command, goto: sales, update: {desk: sales}}
      """
    And the model replies:
      """
      - Which plan would you like?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    And the graph runs with:
      """
      messages: [{type: human, content: again, id: m-2}]
      """
    Then the step should fail with "NODE_SCRIPT_EXHAUSTED" mentioning "superstep 1, node \"triage\": visit 2 of the node is past the end of its script"

  Scenario: a scripted node's Command sends a node its own input
    Given node "triage" returns, in turn:
      """
      - lg_name: Command
        goto:
          - {lg_name: Send, node: sales, args: {messages: [{type: human, content: "Sell me a plan.", id: m-9}]}}
      """
    And the model replies:
      """
      - Which plan would you like?
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the steps should be:
      | step | nodes  |
      | 1    | triage |
      | 2    | sales  |
    And the state should contain:
      """
      messages: [{id: m-1}, {type: ai, content: "Which plan would you like?"}]
      desk: sales (done)
      """
