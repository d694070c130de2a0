Feature: The team's own llmfy flow runs whole, its model scripted
  A scenario on its own llmfy flow (docs/reference.md, "llmfy") runs the
  flow as its users run it, flow.invoke(input), through its own nodes,
  edges and reducers, every model an LLMfy wraps answering from the
  scenario's script, with no network. llmfy runs one node at a time: each
  node it runs is a superstep. Tools, nodes and single nodes' model calls
  are scripted as on LangGraph; each thread is an llmfy session; llmfy has
  no interrupts and no Command, so a resume or a command is refused.

  Background:
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/assistant.py:flow"

  Scenario: the flow classifies, then the model answers
    Given the model replies:
      """
      - Your refund is on its way.
      """
    When the graph runs with:
      """
      {question: "Where is my refund?", tags: [vip]}
      """
    Then the steps should be:
      | step | nodes    |
      | 1    | classify |
      | 2    | respond  |
    And the run should have ended
    And the model should have been called 1 times
    And field "tags" should equal ["refund", "vip"]
    And field "answer" should equal "Your refund is on its way."

  Scenario: a script too short fails the run at the call past its end
    Given the model replies:
      """
      []
      """
    When the graph runs with:
      """
      {question: "Where is my refund?"}
      """
    Then the step should fail with "MODEL_SCRIPT_EXHAUSTED" mentioning "superstep 2, node \"respond\""

  Scenario: a real node that calls the model in a step is refused
    A step has no model script, and a scenario never calls the provider.
    Given the input state:
      """json
      {"question": "Where is my refund?"}
      """
    When node "respond" runs
    Then the step should fail with "RUNTIME_ERROR" mentioning "node \"respond\": the node called the model in a step, which has no model script"

  Scenario: a tool answers from its script, its function not run
    llmfy's tools go through a ToolRegistry's execute_tool (tools_node) or
    an LLMfy's own: a tool of the scenario's answers instead, and llmfy
    makes the tool message of the answer as it makes the function's.
    Given the graph from "scenarios/graphs/llmfy/agent.py:flow"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: get_current_weather, args: {location: Lima}, id: call-1}]}
      - Lima is foggy.
      """
    And tool "get_current_weather" answers:
      """
      "fog, 14 degrees"
      """
    When the graph runs with:
      """
      messages: [{role: user, content: "Weather in Lima?"}]
      """
    Then the run should have ended
    And field "messages[2].tool_results" should equal ["fog, 14 degrees"]
    And field "messages[3].content" should equal "Lima is foggy."

  Scenario: a tool answering in turn fails the call past its answers
    Given the graph from "scenarios/graphs/llmfy/agent.py:flow"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: get_current_weather, args: {location: Lima}, id: call-1}]}
      - {content: "", tool_calls: [{name: get_current_weather, args: {location: Quito}, id: call-2}]}
      """
    And tool "get_current_weather" answers, in turn:
      """
      - "fog"
      """
    When the graph runs with:
      """
      messages: [{role: user, content: "Lima, then Quito?"}]
      """
    Then the step should fail with "TOOL_SCRIPT_EXHAUSTED" mentioning "superstep 4, node \"tools\": call 2 of tool \"get_current_weather\" is past the end of its answers (1 given)"

  Scenario: a reply calling a tool the model was not given is refused
    Given the graph from "scenarios/graphs/llmfy/agent.py:flow"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: cancel_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages: [{role: user, content: "Cancel A-17"}]
      """
    Then the step should fail with "MODEL_SCRIPT_INVALID" mentioning "superstep 1, node \"main\": call 1: the reply calls the tool \"cancel_order\", which the model was not bound to (its tools: get_current_weather)"

  Scenario: a scripted node returns its outputs in turn and its code does not run
    Given the graph from "scenarios/graphs/llmfy/assistant.py:flow"
    And node "respond" returns, in turn:
      """
      - {answer: "We are on it."}
      """
    When the graph runs with:
      """
      {question: "Where is my refund?"}
      """
    Then the model should have been called 0 times
    And field "answer" should equal "We are on it."

  Scenario: a node's own script answers the calls made inside it
    Given the graph from "scenarios/graphs/llmfy/assistant.py:flow"
    And the model replies to node "respond":
      """
      - From respond's own script.
      """
    When the graph runs with:
      """
      {question: "Is my parcel late?"}
      """
    Then field "answer" should equal "From respond's own script."

  Scenario: a reply that raises fails the node at the user's line
    Given the graph from "scenarios/graphs/llmfy/assistant.py:flow"
    And the model replies:
      """
      - {error: the provider is down}
      """
    When the graph runs with:
      """
      {question: hi}
      """
    Then the step should fail with "NODE_ERROR" mentioning "node \"respond\" raised ModelError: the provider is down (at scenarios/graphs/llmfy/assistant.py:"

  Scenario: runs on one thread go on as llmfy resumes a session
    Each thread is an llmfy session: the next run's input goes through the
    flow's reducers onto the state the last run left, and the flow starts
    again from START, as llmfy resumes a session whose flow ended.
    Given the graph from "scenarios/graphs/llmfy/agent.py:flow"
    And the model replies:
      """
      - Hello, Ann.
      - Hello, Bob.
      - You are Ann.
      """
    When the graph runs on thread "ann" with:
      """
      messages: [{role: user, content: "I am Ann"}]
      """
    And the graph runs on thread "bob" with:
      """
      messages: [{role: user, content: "I am Bob"}]
      """
    And the graph runs on thread "ann" with:
      """
      messages: [{role: user, content: "Who am I?"}]
      """
    Then the state should contain:
      """
      messages:
        - {content: "I am Ann"}
        - {content: "Hello, Ann."}
        - {content: "Who am I?"}
        - {content: "You are Ann."}
      """

  Scenario: a run goes on from the state commits gave the thread
    Given the graph from "scenarios/graphs/llmfy/assistant.py:flow"
    And the model replies:
      """
      - On its way.
      """
    And the input state:
      """json
      {"question": "Where is my refund?", "tags": ["vip"]}
      """
    When node "classify" returns:
      """json
      {"tags": ["press"]}
      """
    And the graph runs with:
      """
      {question: "Is my refund late?"}
      """
    Then field "tags" should equal ["late", "press", "refund", "vip"]
    And field "answer" should equal "On its way."

  Scenario: llmfy has no interrupts: a resume is refused, saying what to do
    Given the graph from "scenarios/graphs/llmfy/assistant.py:flow"
    And the model replies:
      """
      - Done.
      """
    When the graph runs with:
      """
      {question: hi, tags: [vip]}
      """
    And the graph resumes with:
      """
      yes
      """
    Then the step should fail with "RUNTIME_ERROR" mentioning "llmfy has no interrupts (a flow runs to its end or fails), so a run has nothing to resume: give what the resume would carry as the next run's input"

  Scenario: llmfy has no Command: a command is refused, saying what to do
    Given the graph from "scenarios/graphs/llmfy/assistant.py:flow"
    And the model replies:
      """
      - Done.
      """
    When the graph runs with:
      """
      {question: hi, tags: [vip]}
      """
    And the graph resumes with a command:
      """
      {update: {answer: later}}
      """
    Then the step should fail with "RUNTIME_ERROR" mentioning "llmfy has no Command"
