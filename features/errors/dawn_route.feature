Feature: Catalogue of errors: a Dawn route as written
  What Dawn would drop without a word in a route (a reducer that is not a
  function, a reducer of a field state.ts lacks, a state.ts whose default
  export gives no fields) is SCHEMA_INVALID naming the file and what to
  change; what the route's own reducer throws is REDUCER_TYPE_ERROR naming
  the field, the file and the line. They need a runtime that evaluates
  TypeScript (--runtime langgraph-js); without one they are skipped.

  Scenario Outline: a route Dawn would read otherwise than written: <case>
    Given the route from "scenarios/routes/errors/<route>"
    Then the step should fail with "SCHEMA_INVALID" mentioning "<message>"

    Examples:
      | case                            | route                | message                                                                                                                                                                                    |
      | a reducer that is no function   | reducer-not-function | scenarios/routes/errors/reducer-not-function/reducers/notes.ts: its default export is a plain object, not a reducer function, so Dawn would drop it and use its default reducer: export default (current, incoming) => merged |
      | a reducer of a field not in state.ts | reducer-no-field | scenarios/routes/errors/reducer-no-field/reducers/tags.ts is the reducer of field \"tags\", which scenarios/routes/errors/reducer-no-field/state.ts does not declare (its fields: notes) |
      | a state.ts that is no schema    | state-not-schema     | scenarios/routes/errors/state-not-schema/state.ts: its default export is a plain object, not a zod or Standard Schema object, so Dawn reads no fields from it                     |
      | a field without a default       | state-refuses-empty  | scenarios/routes/errors/state-refuses-empty/state.ts: its schema refuses an empty state, so Dawn reads no fields from it (field \"topic\":                                            |

  Scenario: what the route's own reducer throws names the field, the file and the line
    Given the route from "scenarios/routes/errors/reducer-throws"
    And an empty input state
    When node "note" returns:
      """json
      {"notes": "one"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"notes\": the reducer scenarios/routes/errors/reducer-throws/reducers/notes.ts threw TypeError: a note is a list of strings, got \"one\" (at scenarios/routes/errors/reducer-throws/reducers/notes.ts:3:11)"
    And the state should be unchanged

  Scenario: a route reducer that returns nothing is an error, not a field that vanishes
    Given the route from "scenarios/routes/errors/reducer-forgets-return"
    And an empty input state
    When node "note" returns:
      """json
      {"notes": ["one"]}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"notes\": the reducer scenarios/routes/errors/reducer-forgets-return/reducers/notes.ts returned undefined"
    And the state should be unchanged

  Scenario: a state.ts field named todos beside plan.md conflicts with the planning capability
    Given the route from "scenarios/routes/errors/todos-in-state"
    Then the step should fail with "CAPABILITY_CONFLICT" mentioning "Capability conflict: state field \"todos\" is contributed by a capability and also declared in state.ts."
