Feature: Overwrite bypasses the reducer
  A write {"__overwrite__": value} (or LangGraph's Overwrite as JSON, {"type":
  "__overwrite__", "value": value}) replaces a field's value whatever its
  reducer. In one step, writes ordered before it still go through the
  reducer (their errors fail the step, the message ids they generate are
  used), then the overwrite replaces the result, and writes after it are
  dropped; two overwrites of one field in one step are an error. A field
  without a reducer (last-value) has no overwrites: see channels.feature.

  Background:
    Given the state schema:
      """yaml
      fields:
        log: {type: array, default: [], reducer: append}
        total: {type: number, default: 0, reducer: sum}
        messages: {type: array, default: [], reducer: messages}
      """
    And the input state:
      """json
      {"log": ["a", "b"]}
      """

  Scenario: an overwrite replaces an appended list
    When node "reset" returns:
      """json
      {"log": {"__overwrite__": ["fresh"]}}
      """
    Then field "log" should equal ["fresh"]

  Scenario: writes before the overwrite are replaced, writes after it dropped
    When these nodes run in one step:
      """yaml
      a: {log: [from a]}
      b: {log: {__overwrite__: [from b]}}
      c: {log: [from c]}
      """
    Then field "log" should equal ["from b"]

  Scenario: two overwrites of one field in one step
    When these nodes run in one step:
      """yaml
      a: {log: {__overwrite__: [x]}}
      b: {log: {__overwrite__: [y]}}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Can receive only one Overwrite value per step."
    And the state should be unchanged

  Scenario: LangGraph's Overwrite as JSON carries it too: {"type": "__overwrite__", "value": v}
    When node "reset" returns:
      """json
      {"log": {"type": "__overwrite__", "value": ["fresh"]}}
      """
    Then field "log" should equal ["fresh"]

  Scenario: other keys beside __overwrite__ are ignored
    When node "reset" returns:
      """json
      {"log": {"__overwrite__": ["fresh"], "note": "ignored"}}
      """
    Then field "log" should equal ["fresh"]

  Scenario: a write before the overwrite still goes through the reducer, and its error fails the step
    When these nodes run in one step:
      """yaml
      a: {total: many}
      b: {total: {__overwrite__: 10}}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"total\" with reducer sum expects a number, received string"
    And field "total" should equal 0

  Scenario: messages written before an overwrite use up generated ids
    The overwrite stores ["bye"] as written; the next merge coerces it.
    When these nodes run in one step:
      """yaml
      a: {messages: [hello]}
      b: {messages: {__overwrite__: [bye]}}
      """
    When node "c" returns:
      """json
      {"messages": ["again"]}
      """
    Then the state should equal:
      """json
      {"log": ["a", "b"], "total": 0, "messages": [{"type": "human", "content": "bye", "id": "auto-2"}, {"type": "human", "content": "again", "id": "auto-3"}]}
      """
