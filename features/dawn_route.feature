Feature: A Dawn route as written
  `Given the route from "<dir>"` reads a route directory as Dawn does:
  the default export of state.ts (zod here) is the schema with its defaults;
  reducers/<field>.ts is that field's reducer, the route's own code, run on
  every write; every other field is Dawn's append (an array default) or
  replace; plan.md seeds the plan and tools/ names the route's tools. state.ts
  and reducers/ are TypeScript, which the built-in engine cannot run: these
  scenarios run with --runtime langgraph-js and are skipped without it, saying
  so.

  Scenario: state.ts's defaults and plan.md's checklist start the state
    Given the route from "scenarios/routes/research"
    And an empty input state
    Then the state should equal:
      """json
      {
        "messages": [],
        "notes": [],
        "sources": [],
        "todos": [
          {"content": "Find sources", "status": "pending"},
          {"content": "Pick the topic", "status": "completed"}
        ],
        "topic": ""
      }
      """

  Scenario: the route's own reducer keeps one source per id
    Dawn's default for an array field appends (notes below); the route's
    reducers/sources.ts replaces a source found again, in its place.
    Given the route from "scenarios/routes/research"
    And the input state:
      """json
      {"topic": "tides"}
      """
    When node "search" returns:
      """json
      {"sources": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}], "notes": ["two found"]}
      """
    And node "search" returns:
      """json
      {"sources": {"id": "a", "title": "A, revised"}, "notes": ["two found"]}
      """
    Then field "sources" should equal [{"id": "a", "title": "A, revised"}, {"id": "b", "title": "B"}]
    And field "notes" should equal ["two found", "two found"]
    And the state should match the golden file

  Scenario: a field keeps the type of its default
    Given the route from "scenarios/routes/research"
    And an empty input state
    When node "search" returns:
      """json
      {"topic": 3}
      """
    Then the step should fail with "TYPE_MISMATCH"
    And the state should be unchanged

  Scenario: writeTodos replaces the plan seeded from plan.md
    Given the route from "scenarios/routes/research"
    And an empty input state
    When the model calls "writeTodos" with:
      """json
      {"todos": [{"content": "Find sources", "status": "completed"}, {"content": "Write it up", "status": "in_progress"}]}
      """
    Then the plan should be:
      | content      | status      |
      | Find sources | completed   |
      | Write it up  | in_progress |

  Scenario: a tool in tools/ named writeTodos conflicts with the plan
    Given the route from "scenarios/routes/todos"
    Then the step should fail with "CAPABILITY_CONFLICT" mentioning "Capability conflict: tool name \"writeTodos\" is contributed by a capability and also defined in tools/. Remove the user tool or remove the capability marker file."

  Scenario: a shared tool of the route's app named writeTodos conflicts too
    Dawn's tools of a route are its tools/ and its app's src/tools/ (the app:
    the nearest directory up with dawn.config.ts and package.json).
    Given the route from "scenarios/routes/app/src/app/chat"
    Then the step should fail with "CAPABILITY_CONFLICT" mentioning "tool name \"writeTodos\" is contributed by a capability and also defined in tools/"
