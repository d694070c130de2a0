Feature: A real Pydantic export as the state schema
  A Python team's state is a Pydantic model. Its model_json_schema() is the
  schema: scenarios/schemas/pydantic/support.schema.json is what Pydantic
  2.14 writes for SupportState in testdata/pydantic/export.py (a test checks
  it is current). Pydantic keeps no reducer in the schema: each reducer field
  says its reducer with json_schema_extra={"x-reducer": ...} beside
  add_messages or operator.add. The rest comes from the model: the Literal
  status is an enum, Optional[Customer] a nullable object behind a $ref.

  LangGraph Python keeps every default out of the graph's state (the node's
  model instance has it, the checkpoint does not): a reducer field starts
  from its type, a field without a reducer is absent until a write. This
  input gives every field without a reducer.

  Background:
    Given the "langgraph-py" profile
    And the state schema from "scenarios/schemas/pydantic/support.schema.json"
    And the input state:
      """json
      {
        "messages": [{"role": "user", "content": "My invoice is wrong", "id": "m1"}],
        "status": "open", "channel": "email", "customer": null, "retries": null,
        "scores": {}, "escalated": false, "summary": ""
      }
      """

  Scenario: a support turn on the model's own schema
    When node "triage" returns:
      """json
      {"customer": {"id": "c-42", "tier": "pro"}, "notes": ["invoice dispute"], "turns": 1}
      """
    And node "agent" returns:
      """json
      {"messages": [{"type": "ai", "content": "Let me check invoice 1007.", "id": "m2"}], "status": "waiting_on_customer", "turns": 1}
      """
    And these nodes run in one step:
      """json
      {"tagger": {"notes": ["refund asked"], "turns": 1}, "sentiment": {"scores": {"sentiment": 0.2}}}
      """
    Then field "turns" should equal 3
    And field "notes" should equal ["invoice dispute", "refund asked"]
    And the state should match the golden file

  Scenario: the Literal status takes only its values
    When node "agent" returns:
      """json
      {"status": "resolved"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"status\" expects string (one of \"open\", \"waiting_on_customer\", \"escalated\", \"closed\"), received \"resolved\""

  Scenario: Optional[int] takes an integer or None, nothing else
    When node "retry" returns:
      """json
      {"retries": 2}
      """
    And node "retry" returns:
      """json
      {"retries": "two"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"retries\" expects integer?, received \"two\""
    And field "retries" should equal 2
