Feature: A JSON Schema as the state schema
  A team whose state is a zod or Pydantic model gives the harness the JSON
  Schema that z.toJSONSchema() or model_json_schema() emits. Each property is
  a field: type (with [T, "null"] or anyOf null for T?), enum and const (the
  only values the field takes), default, readOnly (on a nested property: a
  readonly sub-path), and the reducer in x-reducer. $ref into $defs is
  followed; other keywords are ignored.

  scenarios/schemas/ixo.schema.json is what zod 4 emits for an agent state
  shaped like IXO's (testdata/zod/generate.mjs makes it, and a test checks
  it is current).

  Rule: a zod 4 schema of IXO's agent state

    Background:
      Given the state schema from "scenarios/schemas/ixo.schema.json"
      And the input state:
        """json
        {"did": "did:ixo:alice", "mode": "agent", "context": {"ownerDid": "did:ixo:alice", "roomId": "!room1"}}
        """

    Scenario: the schema's defaults seed a new thread
      Then the state should match the golden file

    Scenario: merge keeps the keys a node does not write
      When node "memory" returns:
        """json
        {"context": {"timezone": "Europe/Berlin"}}
        """
      Then field "context" should equal {"ownerDid": "did:ixo:alice", "roomId": "!room1", "timezone": "Europe/Berlin"}

    Scenario: a readOnly field may not be changed by a node
      When node "rogue" returns:
        """json
        {"did": "did:ixo:mallory", "status": "thinking"}
        """
      Then the step should fail with "READONLY_WRITE" mentioning "node \"rogue\" changed readonly field \"did\": \"did:ixo:alice\" → \"did:ixo:mallory\""
      And the state should be unchanged

    Scenario: a readOnly property inside an object is a readonly sub-path
      When node "rogue" returns:
        """json
        {"context": {"ownerDid": "did:ixo:mallory"}}
        """
      Then the step should fail with "READONLY_WRITE" mentioning "$.context.ownerDid"
      And field "context.ownerDid" should equal "did:ixo:alice"

    Scenario: a value of the wrong type is TYPE_MISMATCH
      When node "tools" returns:
        """json
        {"lastError": 42}
        """
      Then the step should fail with "TYPE_MISMATCH" mentioning "field \"lastError\" expects string?, received 42 (number) from node \"tools\""

    Scenario: a nullable field takes null and its type
      When node "tools" returns:
        """json
        {"lastError": "timeout"}
        """
      And node "recover" returns:
        """json
        {"lastError": null}
        """
      Then field "lastError" should equal null

    Scenario: a field defined by a $ref takes the shared definition's type
      When node "planner" returns:
        """json
        {"activeTask": {"id": "t1", "title": "Draft the claim", "state": "doing"}}
        """
      Then field "activeTask.title" should equal "Draft the claim"
      When node "planner" returns:
        """json
        {"activeTask": "t1"}
        """
      Then the step should fail with "TYPE_MISMATCH" mentioning "field \"activeTask\" expects object?, received \"t1\" (string)"

    Scenario: an enum field takes only its values
      When node "agent" returns:
        """json
        {"status": "calling_tool"}
        """
      Then field "status" should equal "calling_tool"
      When node "agent" returns:
        """json
        {"status": "finished"}
        """
      Then the step should fail with "TYPE_MISMATCH" mentioning "field \"status\" expects string (one of \"idle\", \"thinking\", \"calling_tool\", \"done\"), received \"finished\" (string) from node \"agent\""

    Scenario: a const field takes only its value
      When node "agent" returns:
        """json
        {"mode": "chat"}
        """
      Then the step should fail with "TYPE_MISMATCH" mentioning "field \"mode\" expects string (one of \"agent\"), received \"chat\""

    Scenario: x-reducer gives each field its reducer
      When node "agent" returns:
        """json
        {"messages": [{"type": "human", "content": "Hi"}], "tasks": [{"id": "t1", "title": "Plan", "state": "todo"}], "toolCalls": 2}
        """
      And node "tools" returns:
        """json
        {"tasks": [{"id": "t2", "title": "Act", "state": "todo"}], "toolCalls": 1}
        """
      Then field "toolCalls" should equal 3
      And field "tasks" should equal [{"id": "t1", "title": "Plan", "state": "todo"}, {"id": "t2", "title": "Act", "state": "todo"}]

  Rule: a Pydantic schema: $defs, titles, anyOf null, a $ref with a default beside it

    Background:
      Given the state schema from "scenarios/schemas/pydantic/agent.schema.json"
      And the input state:
        """json
        {"did": "did:ixo:bob"}
        """

    Scenario: the Pydantic model's defaults seed a new thread
      Then the state should equal:
        """json
        {"active_task": null, "context": {}, "did": "did:ixo:bob", "last_error": null, "messages": [], "status": "idle", "turns": 0}
        """

    Scenario: an enum behind a $ref takes only its values
      When node "agent" returns:
        """json
        {"status": "thinking", "turns": 1, "context": {"topic": "claims"}}
        """
      And node "agent" returns:
        """json
        {"status": "sleeping"}
        """
      Then the step should fail with "TYPE_MISMATCH" mentioning "field \"status\" expects string (one of \"idle\", \"thinking\", \"done\"), received \"sleeping\""
      And field "status" should equal "thinking"

    Scenario: Optional[Task] takes a task or null, nothing else
      When node "planner" returns:
        """json
        {"active_task": {"id": "t1", "title": "Plan"}}
        """
      And node "planner" returns:
        """json
        {"active_task": ["t1"]}
        """
      Then the step should fail with "TYPE_MISMATCH" mentioning "field \"active_task\" expects object?, received [\"t1\"] (array)"

  Rule: a JSON Schema docstring works as a file does

    Scenario: a JSON Schema in a YAML docstring
      Given the state schema:
        """yaml
        $schema: https://json-schema.org/draft/2020-12/schema
        type: object
        properties:
          log: {type: array, items: {type: string}, default: [], x-reducer: append}
          owner: {type: [string, "null"], readOnly: true}
        """
      And the input state:
        """json
        {"owner": "acme"}
        """
      When node "a" returns:
        """json
        {"log": ["one"]}
        """
      And node "b" returns:
        """json
        {"log": ["two"], "owner": "other"}
        """
      Then the step should fail with "READONLY_WRITE" mentioning "readonly field \"owner\""
      And field "log" should equal ["one"]
