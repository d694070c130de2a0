Feature: Merging a large node output into a large message history
  The performance target of the messages reducer: 10,000 incoming messages,
  half of them replacing existing ids, merged into 100,000, and the result
  compared with its golden file. bench/messages/run.sh generates the two
  scenario files (they are too large to keep in the repository) and times
  whole-process runs of this feature against LangGraph JS.

  Scenario: merge 10k messages into 100k
    Given the state schema:
      """yaml
      fields:
        messages: {type: array, default: [], reducer: messages}
      """
    And the input state from "scenarios/current.json"
    When node "agent" returns from "scenarios/incoming.json"
    Then the state should match the golden file
