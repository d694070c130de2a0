Feature: Interrupts in a whole-graph run, and the resume
  scenarios/graphs/approval.mjs: after "draft", "legal" and "manager" each
  stop at interrupt() in one superstep. The harness names the interrupts
  interrupt-1, interrupt-2, ... in the order the scenario's runs raised
  them; a resume maps each to its value and goes on from where the run
  stopped, on the same thread.

  Background:
    Given the graph from "scenarios/graphs/approval.mjs:graph"
    And the model replies:
      """
      - Refund note for A-17.
      """

  Scenario: two approvals stop the run, and both answers resume it
    When the graph runs with:
      """
      messages: [{type: human, content: "Refund A-17", id: m-1}]
      """
    Then the steps should be:
      | step | nodes           |
      | 1    | draft           |
      | 2    | legal, manager  |
    And the run should be interrupted at node "legal" with:
      """
      {ask: legal, question: "May we refund?"}
      """
    And the run should be interrupted at node "manager"
    And the next nodes should be "legal, manager"
    When the graph resumes with:
      """
      interrupt-1: "yes"
      interrupt-2: "yes"
      """
    Then the steps should be:
      | step | nodes          |
      | 1    | legal, manager |
      | 2    | publish        |
    And the run should have ended
    And the state should contain:
      """
      approvals: {legal: "yes", manager: "yes"}
      status: published
      """
    And the trace should match the golden file

  Scenario: one approval refused holds the refund
    When the graph runs with:
      """
      messages: [{type: human, content: "Refund A-17", id: m-1}]
      """
    And the graph resumes with:
      """
      interrupt-1: "yes"
      interrupt-2: "no"
      """
    Then field "status" should equal "held"
    And the state should match the golden file

  Scenario: a resume with a command gives the value and updates the state
    When the graph runs with:
      """
      messages: [{type: human, content: "Refund A-17", id: m-1}]
      """
    And the graph resumes with a command:
      """
      resume: {interrupt-1: "yes", interrupt-2: "yes"}
      update: {messages: [{type: human, content: "Approved by phone.", id: m-2}]}
      """
    Then the run should have ended
    And the state should contain:
      """
      messages: [{id: m-1}, {type: ai}, {id: m-2, content: Approved by phone.}]
      status: published
      """

  Scenario: a resume with nothing pending is refused
    When the graph runs with:
      """
      messages: [{type: human, content: "Refund A-17", id: m-1}]
      """
    And the graph resumes with:
      """
      interrupt-1: "yes"
      interrupt-2: "yes"
      """
    And the graph resumes with:
      """
      "yes"
      """
    Then the step should fail with "RUNTIME_ERROR" mentioning "there is no pending interrupt on the thread to resume"

  Scenario: two threads, each with its own interrupts
    When the graph runs on thread "a" with:
      """
      messages: [{type: human, content: "Refund A-17", id: m-1}]
      """
    And the model replies:
      """
      - Refund note for B-2.
      """
    And the graph runs on thread "b" with:
      """
      messages: [{type: human, content: "Refund B-2", id: m-1}]
      """
    Then the run should be interrupted at node "legal"
    When the graph resumes with:
      """
      interrupt-3: "yes"
      interrupt-4: "no"
      """
    Then field "status" should equal "held"
