Feature: chat (recorded)
  Scenarios recorded from real runs with scenario record.

  Scenario: a chat with a parallel step, recorded from LangGraph JS
    # Recorded from internal/record/testdata/chat.jsonl (3 supersteps).
    # The schema was inferred from the run: types from the values taken.
    # Reducers proved by a step of the run: log (append, line 2), messages (messages, line 2), total (sum, line 2).
    # No reducer, so the profile's default (last-value under langgraph and langgraph-py; nothing in the run proves one): status.
    Given the state schema:
      """json
      {
        "fields": {
          "log": {
            "default": [],
            "reducer": "append",
            "type": "array"
          },
          "messages": {
            "default": [],
            "reducer": "messages",
            "type": "array"
          },
          "status": {
            "type": "string"
          },
          "total": {
            "default": 0,
            "reducer": "sum",
            "type": "integer"
          }
        }
      }
      """
    And the input state:
      """json
      {
        "messages": [
          {
            "type": "human",
            "id": "human-1",
            "content": "Is it true?"
          }
        ],
        "total": 10,
        "log": [
          "start"
        ],
        "status": "new"
      }
      """
    When node "model" returns:
      """json
      {
        "messages": [
          {
            "type": "ai",
            "id": "ai-1",
            "content": "Let me check two sources."
          }
        ],
        "total": 1,
        "log": [
          "model"
        ],
        "status": "thinking"
      }
      """
    When these nodes run in one step:
      """json
      {
        "lookup": {
          "total": 3,
          "status": "looked up"
        },
        "search": {
          "total": 2,
          "log": [
            "search"
          ]
        }
      }
      """
    When node "answer" returns:
      """json
      {
        "messages": [
          {
            "type": "ai",
            "id": "ai-2",
            "content": "Both sources agree."
          }
        ],
        "log": [
          "answer"
        ],
        "status": "done"
      }
      """
    Then the state should match the golden file
