Feature: Catalogue of errors: runs with no input, and keys the schema does not know
  A run with no input on a thread that has no state is EMPTY_INPUT (llmfy
  starts an empty state instead). A key no schema field declares is dropped
  by LangGraph and Dawn, becomes a new field in llmfy, and is UNKNOWN_KEY in
  Awaken, in an update and in an input alike.

  Scenario Outline: no input for a new thread: <case>
    Given the "<profile>" profile
    And the state schema:
      | field  |
      | status |
    When <step>
    Then the step should fail with "EMPTY_INPUT" mentioning "thread \"<thread>\" has no state and the run has no input; give it an input"

    Examples:
      | case           | profile   | step                                               | thread |
      | langgraph      | langgraph | the graph is invoked with no input                 | main   |
      | dawn           | dawn      | the graph is invoked with no input                 | main   |
      | awaken         | awaken    | the graph is invoked with no input                 | main   |
      | a named thread | langgraph | the graph is invoked on thread "t-2" with no input | t-2    |

  Scenario: no input for a new thread while another thread has state
    Given the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "main has state"}
      """
    When the graph is invoked on thread "fresh" with no input
    Then the step should fail with "EMPTY_INPUT" mentioning "thread \"fresh\" has no state"

  Scenario Outline: Awaken refuses a key the schema does not declare: <case>
    Given the "awaken" profile
    And the state schema:
      | field  |
      | status |
      | log    |
    And the input state:
      """json
      {"status": "before"}
      """
    When <step>
      """json
      <output>
      """
    Then the step should fail with "UNKNOWN_KEY" mentioning "unknown key: <key> (at $.<key>"
    And the state should be unchanged

    Examples:
      | case                     | step                         | output                                     | key      |
      | in a node's update       | node "n" returns:            | {"status": "ok", "surprise": true}         | surprise |
      | in a later input         | the graph is invoked with:   | {"statsu": "typo"}                         | statsu   |
      | in one node of a step    | these nodes run in one step: | {"a": {"status": "ok"}, "b": {"extra": 1}} | extra    |
      | in a command's pair list | node "n" returns a command:  | {"update": [["status", "ok"], ["zz", 1]]}  | zz       |

  Scenario: Awaken refuses an unknown key in the first input too
    Given the "awaken" profile
    And the state schema:
      | field  |
      | status |
    When the graph is invoked with:
      """json
      {"status": "new", "user_id": 7}
      """
    Then the step should fail with "UNKNOWN_KEY" mentioning "unknown key: user_id"

  Scenario: a value in an input is checked like any other
    Given the state schema:
      | field  |
      | status |
    When the graph is invoked with:
      """yaml
      status: .inf
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning ".inf is not a finite number"
