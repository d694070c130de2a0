Feature: Scenarios on the team's own llmfy flow
  `Given the graph from "<module>.py:<flow>"` under the llmfy profile runs a
  scenario on the suite's own llmfy FlowEngine (docs/reference.md, "llmfy"):
  inputs and node outputs go through the flow's own Annotated reducers, and
  `When node "<name>" runs` runs the flow's real node on the current state.
  Such scenarios need `--runtime llmfy` (or `builtin,llmfy`); the built-in
  engine skips them and says why.

  Background:
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/support.py:flow"

  Scenario: a scripted output goes through the flow's own reducer
    The flow's tags reducer is a sorted union; llmfy copies a fresh run's
    input as it is.
    Given the input state:
      """json
      {"question": "where is my parcel", "tags": ["vip"]}
      """
    When node "classify" returns:
      """json
      {"tags": ["late", "vip"]}
      """
    Then field "tags" should equal ["late", "vip"]

  Scenario: a later input goes through the flow's own reducer too
    Given the input state:
      """json
      {"question": "where is my parcel", "tags": ["vip"]}
      """
    When the graph is invoked with:
      """json
      {"tags": ["broken", "vip"]}
      """
    Then field "tags" should equal ["broken", "vip"]

  Scenario: two branches write the flow's order-independent field in one step
    llmfy applies each branch's return as it finishes; the flow's sorted
    union gives the same tags in either order, so the step runs. Two
    values of a plain field would depend on the order: PARALLEL_UNSUPPORTED.
    Given the input state:
      """json
      {"question": "where is my parcel", "tags": ["vip"]}
      """
    When these nodes run in one step:
      """yaml
      classify: {tags: [late]}
      answer: {tags: [refund]}
      """
    Then field "tags" should equal ["late", "refund", "vip"]
    When these nodes run in one step:
      """yaml
      classify: {answer: a}
      answer: {answer: b}
      """
    Then the step should fail with "PARALLEL_UNSUPPORTED" mentioning "finishing \"answer\", \"classify\""

  Scenario: the flow's real nodes run on the current state
    Given the input state:
      """json
      {"question": "My refund is late", "tags": ["vip"]}
      """
    When node "classify" runs
    Then field "tags" should equal ["late", "refund", "vip"]
    When node "answer" runs
    Then field "answer" should equal "about late, refund, vip"

  Scenario: a real node that raises fails the step with NODE_ERROR
    Given the input state:
      """json
      {"question": "hello"}
      """
    When node "answer" runs
    Then the step should fail with "NODE_ERROR" mentioning "node \"answer\" raised ValueError: no tag to answer on (at scenarios/graphs/llmfy/support.py:34)"

  Scenario: a node the flow has not is refused
    Given the input state:
      """json
      {"question": "hello"}
      """
    When node "escalate" returns:
      """json
      {"answer": "later"}
      """
    Then the step should fail with "SCHEMA_INVALID" mentioning "node \"escalate\" is not a node of the graph"
