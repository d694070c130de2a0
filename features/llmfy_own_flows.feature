Feature: The shapes of llmfy flows its docs show, run as the team wrote them
  Flows of the shapes llmfy's README and examples show (docs/reference.md,
  "llmfy"): a fan-out to two branches joined again, each adding to a field
  through the flow's own order-independent reducer (a set union); a route
  by a conditional edge with a label map; an agent that loops through a
  tool (llmfy Messages in the state, llmfy's tools_node); a map by Send;
  an agent of stream nodes. Each loads, its real nodes run in a step, and
  it runs whole with its model scripted. The state reads as JSON: a set as
  a sorted list, an llmfy Message as its fields without the timestamp
  llmfy stamps it with; the ids of the messages llmfy makes are auto-N.

  Scenario: the fan-out flow's branches add to a set through its own reducer
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/research.py:flow"
    And the model replies:
      """
      - Facts and opinions agree.
      """
    When the graph runs with:
      """
      {topic: llmfy}
      """
    Then the steps should be:
      | step | nodes             |
      | 1    | fetch             |
      | 2    | research_facts    |
      | 3    | research_opinions |
      | 4    | combine           |
    And the run should have ended
    And field "findings" should equal ["facts", "opinions", "topic:llmfy"]
    And field "summary" should equal "Facts and opinions agree."
    And the state should match the golden file

  Scenario: the fan-out flow's real nodes run in a step, and its branches in one
    A JSON list becomes the field's set; the branches' writes go through
    the flow's union in either order.
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/research.py:flow"
    And the input state:
      """json
      {"topic": "llmfy", "findings": ["seed"]}
      """
    When node "fetch" runs
    Then field "findings" should equal ["seed", "topic:llmfy"]
    When these nodes run in one step:
      """yaml
      research_facts: {findings: [facts]}
      research_opinions: {findings: [opinions]}
      """
    Then field "findings" should equal ["facts", "opinions", "seed", "topic:llmfy"]

  Scenario: the routing flow takes the branch its conditional edge maps the label to
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/router.py:flow"
    And the model replies:
      """
      - Billing
      """
    When the graph runs with:
      """
      {question: "Why was I charged twice?"}
      """
    Then the steps should be:
      | step | nodes        |
      | 1    | triage       |
      | 2    | billing_desk |
    And field "reply" should equal "billing will answer: Why was I charged twice?"
    And the state should match the golden file

  Scenario: the routing flow's desk runs in a step on the current state
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/router.py:flow"
    And the input state:
      """json
      {"question": "Where is my parcel?", "label": "other"}
      """
    When node "general_desk" runs
    Then field "reply" should equal "we will answer: Where is my parcel?"

  Scenario: the agent loops through its real tool until the model answers
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/agent.py:flow"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: get_current_weather, args: {location: Paris}, id: call-1}]}
      - It is 22 degrees in Paris.
      """
    When the graph runs with:
      """
      messages: [{role: user, content: "Weather in Paris?"}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | main  |
      | 2    | tools |
      | 3    | main  |
    And the model should have been called 2 times
    And the state should contain:
      """
      messages:
        - {role: user, content: "Weather in Paris?"}
        - {role: assistant, tool_calls: [{name: get_current_weather, tool_call_id: call-1}]}
        - {role: tool, name: get_current_weather, tool_results: ["The weather in Paris is 22 degrees celsius"]}
        - {role: assistant, content: "It is 22 degrees in Paris."}
      """
    And the state should match the golden file

  Scenario: the agent's tools node runs in a step on Messages given as JSON
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/agent.py:flow"
    And the input state:
      """yaml
      messages:
        - {role: user, content: "Weather in Oslo?"}
        - {role: assistant, tool_calls: [{name: get_current_weather, arguments: {location: Oslo, unit: kelvin}, tool_call_id: c-1, request_call_id: c-1}]}
      """
    When node "tools" runs
    Then field "messages[2].tool_results" should equal ["The weather in Oslo is 22 degrees kelvin"]

  Scenario: a value that does not fit its field's llmfy type is refused, naming the field
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/agent.py:flow"
    When the graph runs with:
      """
      messages: [{role: wizard, content: hi}]
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field 'messages'[0].role does not fit the flow's type of it"

  Scenario: a dynamic fan-out's Send branches commit together, in the order of the Sends
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/jokes.py:flow"
    When the graph runs with:
      """
      {topics: [tea, owls, rain]}
      """
    Then the steps should be:
      | step | nodes       |
      | 1    | plan_topics |
      | 2    | tell_joke   |
      | 3    | tell_joke   |
      | 4    | tell_joke   |
      | 5    | finalize    |
    And field "jokes" should equal ["Why did the tea cross the road?", "Why did the owls cross the road?", "Why did the rain cross the road?"]
    And field "done" should equal true

  Scenario: a Send's target node runs in a step on the state it is given
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/jokes.py:flow"
    And the input state:
      """json
      {"topic": "tea", "jokes": ["an old one"]}
      """
    When node "tell_joke" runs
    Then field "jokes" should equal ["an old one", "Why did the tea cross the road?"]

  Scenario: stream nodes read the model's stream and the tool's, the flow's own checkpointer set aside
    A scripted stream is one chunk, the whole reply.
    Given the "llmfy" profile
    And the graph from "scenarios/graphs/llmfy/stream_agent.py:flow"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: get_current_time, args: {location: Oslo}, id: c-1}]}
      - It is nine in Oslo.
      """
    When the graph runs with:
      """
      messages: [{role: user, content: "Time in Oslo?"}]
      """
    Then the steps should be:
      | step | nodes |
      | 1    | main  |
      | 2    | tools |
      | 3    | main  |
    And field "messages[2].tool_results" should equal ["The time in Oslo is 09:00 AM"]
    And field "messages[3].content" should equal "It is nine in Oslo."
    And the state should match the golden file
