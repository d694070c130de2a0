Feature: Python graphs with routers, fan-outs, subgraphs and interrupts run whole
  The graphs of scenarios/graphs/flows run as LangGraph Python runs them
  (docs/reference.md, "Whole-graph runs"): a conditional edge and a
  Command(goto) pick the route, a Send fan-out runs one node several times
  in one superstep, a subgraph's supersteps nest under its node in the
  trace, and interrupt() stops a run that a later step resumes on the same
  thread, by value, by the interrupt's id or with a command.

  Scenario: the router sends a refund request to the refund desk, which hands over with a Command
    Given the graph from "scenarios/graphs/flows/triage.py:graph"
    And the model replies:
      """
      - refund
      - Your refund of 25 is on its way.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: I want my money back, id: m-1}]
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | classify |
      | 2    | refund   |
      | 3    | answer   |
    And the run should have ended
    And field "refund" should equal 25
    And the trace should match the golden file

  Scenario: a question goes straight to the answer
    Given the graph from "scenarios/graphs/flows/triage.py:graph"
    And the model replies:
      """
      - question
      - Yes, from ten.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Is it open on Sunday?", id: m-1}]
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | classify |
      | 2    | answer   |
    And node "refund" should have run 0 times

  Scenario: a Send fan-out runs the check once per order in one superstep
    Given the graph from "scenarios/graphs/flows/fanout.py:graph"
    And the model replies:
      """
      - All three are fine.
      """
    When the graph runs with:
      """
      orders: [A-1, A-2, A-3]
      """
    Then the steps should be:
      | step | nodes               |
      | 1    | plan                |
      | 2    | check, check, check |
      | 3    | summarize           |
    And node "check" should have run 3 times
    And the state after step 2 should contain:
      """
      notes: ["A-1: ok", "A-2: ok", "A-3: ok"]
      """
    And field "summary" should equal "All three are fine."

  Scenario: a subgraph's supersteps nest under its node in the trace
    Given the graph from "scenarios/graphs/flows/nested.py:graph"
    And the model replies:
      """
      - The policy says 30 days.
      - You have 30 days.
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "How long do I have to return it?", id: m-1}]
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | research |
      | 2    | write    |
    And the model should have been called 2 times
    And the trace should match the golden file

  Scenario: a node of the subgraph that raises is named, with its parent's node
    Given the graph from "scenarios/graphs/flows/nested.py:graph"
    And the model replies:
      """
      - {error: the provider is down}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "NODE_ERROR" mentioning "superstep 1: node \"read\" raised ModelError: the provider is down (at scenarios/graphs/flows/nested.py:24) (in the subgraph of node \"research\")"

  Scenario: an interrupt stops the run, a resume answers it
    Given the graph from "scenarios/graphs/flows/approval.py:graph"
    And the model replies:
      """
      - Hello!
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the run should be interrupted at node "approve" with:
      """
      {question: "Send this reply?", draft: Hello!}
      """
    When the graph resumes with:
      """
      yes
      """
    Then the steps should be:
      | step | nodes   |
      | 1    | approve |
      | 2    | send    |
    And the run should have ended
    And field "approved" should equal true

  Scenario: a command resumes the interrupt with an update of its own
    Given the graph from "scenarios/graphs/flows/approval.py:graph"
    And the model replies:
      """
      - Hello!
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    And the graph resumes with a command:
      """
      resume: "no"
      update: {messages: [{type: human, content: Make it shorter., id: m-2}]}
      """
    Then the run should have ended
    And field "approved" should equal false
    And field "messages[2].content" should equal "Make it shorter."

  Scenario: two interrupts pending at once are resumed by their ids
    Given the graph from "scenarios/graphs/flows/approval.py:both"
    And the model replies:
      """
      - Hello!
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the next nodes should be "finance, legal"
    When the graph resumes with:
      """
      interrupt-1: approved
      """
    Then the run should be interrupted at node "finance" with:
      """
      finance review
      """
    When the graph resumes with:
      """
      interrupt-2: approved
      """
    Then the run should have ended
    # the superstep's writes apply in its tasks' order, whichever was resumed first
    And the state should contain:
      """
      verdicts: ["finance: approved", "legal: approved"]
      """
    And the trace should match the golden file

  Scenario: a resume with nothing pending is refused
    Given the graph from "scenarios/graphs/flows/approval.py:graph"
    And the model replies:
      """
      - Hello!
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    And the graph resumes with:
      """
      yes
      """
    And the graph resumes with:
      """
      yes
      """
    Then the step should fail with "RUNTIME_ERROR" mentioning "cannot resume: there is no pending interrupt on the thread to resume"
