Feature: Real Go nodes, Go tools and the suite's own steps
  A Go team registers its real nodes in Options.Nodes and its tools in
  Options.Tools: `When node "<name>" runs` calls the node with a copy of the
  current state and commits what it returns; `When tool "<name>" is called
  with:` calls the tool and applies its result as a tool result. Their
  errors and panics are NODE_ERROR and TOOL_ERROR. Options.Steps adds the
  suite's own steps, which read the state with scenario.State(ctx).

  Background:
    Given the state schema:
      | field    | type    | reducer  | default | readonly |
      | messages | array   | messages | []      |          |
      | tenant   | string  |          |         | yes      |
      | count    | integer | sum      | 0       |          |
      | seen     | any     |          |         |          |
    And the input state:
      """json
      {"tenant": "acme", "messages": ["hi"]}
      """

  Scenario: a Go node reads the state and its update is committed
    When node "counter" runs
    Then field "count" should equal 1
    And the revision should be 2

  Scenario: a node that changes the map it was given changes nothing of ours
    When node "vandal" runs
    Then the step should fail with "READONLY_WRITE" mentioning "changed readonly field \"tenant\""
    And field "tenant" should equal "acme"

  Scenario: a node's error is NODE_ERROR
    When node "broken" runs
    Then the step should fail with "NODE_ERROR" mentioning "node \"broken\" failed: the CRM is down"
    And the state should be unchanged

  Scenario: a panicking node is NODE_ERROR, not a crash
    When node "panics" runs
    Then the step should fail with "NODE_ERROR" mentioning "node \"panics\" panicked at gocode_test.go:"

  Scenario: a node's Go structs, times and named types become JSON as encoding/json writes them
    When node "ticket" runs
    Then field "seen" should equal:
      """json
      {
        "id": 7,
        "status": "open",
        "opened": "2024-01-02T03:04:05Z",
        "tags": ["vip"],
        "owner": {"name": "Ana"},
        "notes": [{"text": "called back", "at": "2024-01-02T04:00:00Z"}],
        "priority": "P2",
        "scores": {"csat": 4}
      }
      """

  Scenario: a node's time.Time is an RFC 3339 string
    When node "clock" runs
    Then field "seen" should equal "1970-01-01T00:00:00Z"

  Scenario: a value encoding/json refuses names its path and what to change
    When node "leaky" runs
    Then the step should fail with "NON_JSON_VALUE" mentioning "node \"leaky\": received a Go chan string, which encoding/json cannot encode: tag the struct field `json:\"-\"` to leave it out, or return a value JSON can hold (at $.seen.updates)"
    And the state should be unchanged

  Scenario: a NaN inside a Go struct names its path
    When node "unscored" runs
    Then the step should fail with "NON_JSON_VALUE" mentioning "NaN is not a finite number; JSON has no NaN or Infinity: return null, a number, or a string (at $.seen.score)"

  Scenario: a Go tool's result becomes a tool message
    When tool "lookup" is called with:
      """json
      {"order": "A-17"}
      """
    Then field "messages[1].content" should equal "{\"order\":\"A-17\",\"status\":\"shipped\"}"

  Scenario: a Go tool's struct result is its JSON, fields in the struct's order
    When tool "shipment" is called with:
      """json
      {"order": "A-17"}
      """
    Then field "messages[1].content" should equal "{\"order\":\"A-17\",\"status\":\"shipped\",\"eta\":\"2024-01-03T00:00:00Z\"}"

  Scenario: a Go tool's error is TOOL_ERROR
    When tool "lookup" is called with:
      """json
      {"order": ""}
      """
    Then the step should fail with "TOOL_ERROR" mentioning "tool \"lookup\" failed: no order"

  Scenario: the suite's own step reads the state
    When node "counter" runs
    Then the count is odd
