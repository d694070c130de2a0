Feature: chat py (recorded)
  Scenarios recorded from real runs with scenario record.

  Scenario: a chat with a parallel step, run live on LangGraph Python
    # Recorded from the live run of internal/record/testdata/chat_graph.py:graph on internal/record/testdata/chat_py_input.json (2 supersteps).
    # The schema was inferred from the run and the graph's channels: types from the values taken.
    # Reducers the graph's channels give: messages (messages), status (last-value).
    # Reducers proved by a step of the run: log (append, line 2).
    Given the "langgraph-py" profile
    And the state schema:
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
            "reducer": "last-value",
            "type": "string"
          }
        }
      }
      """
    And the input state:
      """json
      {
        "messages": [
          {
            "content": "hi",
            "type": "human",
            "id": "h-1"
          }
        ],
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
            "content": "hello",
            "type": "ai",
            "id": "ai-1"
          }
        ],
        "log": [
          "model"
        ],
        "status": "x"
      }
      """
    When these nodes run in one step:
      """json
      {
        "a": {
          "log": [
            "a"
          ]
        },
        "b": {
          "status": "b"
        }
      }
      """
    Then the state should match the golden file
