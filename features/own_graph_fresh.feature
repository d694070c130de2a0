Feature: Each scenario on the team's own graph starts from a fresh graph
  A team's graph keeps its test doubles at module level: a scripted chat
  model's queue of replies, LangChain's fake chat model, a cache. On
  `--runtime langgraph-js` each scenario loads the graph's module afresh,
  with the modules of the suite it imports (docs/reference.md, "The
  scenario's own graph"), so a scenario gives the same result alone, in
  the suite's order, under `--random` and `--concurrency`. A node that
  changes the process's directory or environment changes it for the rest
  of its own scenario only; a node that reads stdin reads nothing, and
  what it writes to stdout goes to the runtime's stderr.

  Scenario: the scripted model gives its first reply
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "reply" runs
    Then field "messages[0].content" should equal "Your refund is on its way."

  Scenario: another scenario's scripted model gives its first reply too
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "reply" runs
    Then field "messages[0].content" should equal "Your refund is on its way."
    And field "calls" should equal 1

  Scenario: within one scenario the scripted model moves on to its next reply
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "reply" runs
    And node "reply" runs
    Then field "messages[1].content" should equal "Is there anything else?"
    And field "calls" should equal 2

  Scenario: LangChain's fake chat model gives its first response
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "agent" runs
    Then field "messages[0].content" should equal "Let me look up order A-17."

  Scenario: another scenario's fake chat model gives its first response too
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "agent" runs
    Then field "messages[0].content" should equal "Let me look up order A-17."

  Scenario: a TypeScript graph's scripted model gives its first reply
    Given the graph from "scenarios/graphs/scripted/graph.ts:graph"
    And an empty input state
    When node "reply" runs
    Then field "messages[0].content" should equal "Your refund is on its way."

  Scenario: another scenario's TypeScript model gives its first reply too
    Given the graph from "scenarios/graphs/scripted/graph.ts:graph"
    And an empty input state
    When node "reply" runs
    Then field "messages[0].content" should equal "Your refund is on its way."

  Scenario: a node moves the process and sets a variable
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "wander" runs
    Then field "seen" should equal {"cwd": "scenarios", "region": "eu-west"}

  Scenario: what a node changed stays for the rest of its scenario
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "wander" runs
    And node "look" runs
    Then field "seen" should equal {"cwd": "scenarios", "region": "eu-west"}

  Scenario: what another scenario's node changed does not reach this one
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "look" runs
    Then field "seen" should equal {"cwd": "", "region": null}

  Scenario: a node that reads stdin synchronously reads nothing
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "ask" runs
    Then field "seen" should equal {"stdin": ""}

  Scenario: a node that reads process.stdin reads nothing
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "listen" runs
    Then field "seen" should equal {"stdin": ""}

  Scenario: what a node writes to stdout past console.log does not reach the harness
    Given the graph from "scenarios/graphs/scripted/graph.mjs:graph"
    And an empty input state
    When node "shout" runs
    Then field "seen" should equal {"shouted": true}
