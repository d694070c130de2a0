Feature: llmfy's own flow-engine examples, as scenarios
  The flow-engine examples llmfy 0.11.0 ships (llmfy/example/ in its wheel;
  its repository has no flow-engine unit tests), restated step by step: each
  node that runs is a step returning what the example's node returns, and
  what the example prints is what the scenario asserts. They pass on the
  built-in engine and side by side with `--runtime builtin,llmfy`.

  Background:
    Given the "llmfy" profile

  Scenario: a linear node, a conditional loop and a reducer
    From llmfy's example/flowengine_basic_example.py: AppState has
    log: Annotated[list[str], append_log] and counter: int; invoke() with no
    input runs start, then increment until counter reaches 3 (the conditional
    edge is the harness's sequence of steps); it prints "Final counter: 3"
    and the four log entries.
    Given the state schema:
      | field   | type    | reducer |
      | log     | array   | append  |
      | counter | integer |         |
    When the graph is invoked with no input
    And node "start" returns:
      """json
      {"log": ["started"], "counter": 0}
      """
    And node "increment" returns:
      """json
      {"log": ["increment -> 1"], "counter": 1}
      """
    And node "increment" returns:
      """json
      {"log": ["increment -> 2"], "counter": 2}
      """
    And node "increment" returns:
      """json
      {"log": ["increment -> 3"], "counter": 3}
      """
    Then the state should equal:
      """json
      {"log": ["started", "increment -> 1", "increment -> 2", "increment -> 3"], "counter": 3}
      """

  Scenario: a resumed session merges its input through the reducers, then runs on
    From llmfy's example/flowengine_checkpointer_example.py,
    example_resume_continues_from_checkpoint: run 1 with {"log": [], "step": 0}
    prints {'log': ['step 1'], 'step': 1}; run 2 on the same session with
    {"log": ["resumed"]} prints {'log': ['step 1', 'resumed', 'step 2'], 'step': 2}.
    Given the state schema:
      | field | type    | reducer |
      | log   | array   | append  |
      | step  | integer |         |
    When the graph is invoked with:
      """json
      {"log": [], "step": 0}
      """
    And node "step" returns:
      """json
      {"log": ["step 1"], "step": 1}
      """
    Then the state should equal:
      """json
      {"log": ["step 1"], "step": 1}
      """
    When the graph is invoked with:
      """json
      {"log": ["resumed"]}
      """
    And node "step" returns:
      """json
      {"log": ["step 2"], "step": 2}
      """
    Then the state should equal:
      """json
      {"log": ["step 1", "resumed", "step 2"], "step": 2}
      """

  Scenario: different sessions never share state
    From llmfy's example/flowengine_checkpointer_example.py,
    example_independent_sessions: sessions "a" and "b" each print
    {'log': ['step 1'], 'step': 1}.
    Given the state schema:
      | field | type    | reducer |
      | log   | array   | append  |
      | step  | integer |         |
    When the graph is invoked on thread "a" with:
      """json
      {"log": [], "step": 0}
      """
    And node "step" returns:
      """json
      {"log": ["step 1"], "step": 1}
      """
    And the graph is invoked on thread "b" with:
      """json
      {"log": [], "step": 0}
      """
    And node "step" returns:
      """json
      {"log": ["step 1"], "step": 1}
      """
    Then the state should equal:
      """json
      {"log": ["step 1"], "step": 1}
      """

  Scenario: the fan-out's findings as a list are refused: their order would be completion order
    From llmfy's example/flowengine_fan_out_example.py: fetch fans out to
    research_facts and research_opinions, both writing findings through an
    order-independent set union, then combine joins them; it prints
    {'facts', 'opinions'}. A Python set has no order, JSON has no sets: as a
    list (union) the findings would come in the order the branches finish.
    Given the state schema:
      | field    | type   | reducer |
      | topic    | string |         |
      | findings | array  | union   |
    When the graph is invoked with:
      """json
      {"topic": "FlowEngine"}
      """
    And node "fetch" returns:
      """json
      {}
      """
    And these nodes run in one step:
      """yaml
      research_facts: {findings: [facts]}
      research_opinions: {findings: [opinions]}
      """
    Then the step should fail with "PARALLEL_UNSUPPORTED" mentioning "field \"findings\" is written by nodes \"research_facts\" and \"research_opinions\" in one step, and its value depends on which finishes first"

  Scenario: the fan-out, each branch a step in the order the example's branches finish
    From llmfy's example/flowengine_fan_out_example.py: research_opinions
    (0.1 s) finishes before research_facts (0.3 s); combine runs once both
    have, and returns nothing.
    Given the state schema:
      | field    | type   | reducer |
      | topic    | string |         |
      | findings | array  | union   |
    When the graph is invoked with:
      """json
      {"topic": "FlowEngine"}
      """
    And node "fetch" returns:
      """json
      {}
      """
    And node "research_opinions" returns:
      """json
      {"findings": ["opinions"]}
      """
    And node "research_facts" returns:
      """json
      {"findings": ["facts"]}
      """
    And node "combine" returns:
      """json
      {}
      """
    Then the state should equal:
      """json
      {"topic": "FlowEngine", "findings": ["opinions", "facts"]}
      """
