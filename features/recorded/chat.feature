Feature: chat (recorded)
  Scenarios recorded from real runs with scenario record.

  Scenario: a chat with a parallel step, recorded from LangGraph JS
    # Recorded from internal/record/testdata/chat.jsonl (3 supersteps).
    # The schema was inferred from the run: types from the values taken.
    # Reducers proved by a step of the run: log (append, line 2), messages (messages, line 2), total (sum, line 2).
    # Guessed replace (nothing in the run proves otherwise): status.
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
        "log": [
          "start"
        ],
        "messages": [
          {
            "content": "Is it true?",
            "id": "human-1",
            "type": "human"
          }
        ],
        "status": "new",
        "total": 10
      }
      """
    When node "model" returns:
      """json
      {
        "log": [
          "model"
        ],
        "messages": [
          {
            "content": "Let me check two sources.",
            "id": "ai-1",
            "type": "ai"
          }
        ],
        "status": "thinking",
        "total": 1
      }
      """
    When these nodes run in one step:
      """json
      {
        "lookup": {
          "status": "looked up",
          "total": 3
        },
        "search": {
          "log": [
            "search"
          ],
          "total": 2
        }
      }
      """
    When node "answer" returns:
      """json
      {
        "log": [
          "answer"
        ],
        "messages": [
          {
            "content": "Both sources agree.",
            "id": "ai-2",
            "type": "ai"
          }
        ],
        "status": "done"
      }
      """
    Then the state should match the golden file
