Feature: Catalogue of errors: what a node, a step or an input may return
  A node returns an object (a partial update), a command, or a value
  JavaScript takes for false (null, false, 0, ""), which writes nothing.
  Anything else is INVALID_GRAPH_NODE_RETURN_VALUE, worded as LangGraph JS
  words it: Expected node "a" to return an object or an array containing at
  least one Command object, received <type>. An input must be an object too.

  Background:
    Given the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "before"}
      """

  Scenario Outline: a node returns a <case>
    When node "a" returns:
      """json
      <output>
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"a\" to return an object or an array containing at least one Command object, received <type> (at $"
    And the state should be unchanged
    And the revision should be 1

    Examples:
      | case        | output               | type    |
      | string      | "done"               | string  |
      | number      | 3                    | number  |
      | true        | true                 | boolean |
      | array       | [{"status": "done"}] | array   |
      | empty array | []                   | array   |

  Scenario Outline: a node returns <case>, which writes nothing
    When node "a" returns:
      """json
      <output>
      """
    Then the state should be unchanged
    And the revision should be 1

    Examples:
      | case            | output |
      | null            | null   |
      | false           | false  |
      | zero            | 0      |
      | an empty string | ""     |

  Scenario: a bare YAML word is a string
    When node "a" returns:
      """yaml
      done
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"a\" to return an object or an array containing at least one Command object, received string"

  Scenario: a node output from a file must be an object too
    When node "a" returns from "scenarios/errors/output-array.json"
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"a\" to return an object or an array containing at least one Command object, received array"
    And the state should be unchanged

  Scenario: one bad node fails the whole parallel step
    When these nodes run in one step:
      """yaml
      writer: {status: written}
      critic: looks good
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"critic\" to return an object or an array containing at least one Command object, received string"
    And field "status" should equal "before"
    And the revision should be 1

  Scenario: when several nodes return what LangGraph cannot read, the first to fail reports
    The nodes of a step run concurrently and the step fails with the error
    of the node that fails first: ties go by node name, but a list holding a
    command is read element by element, so a bad element late in it fails
    later than a plain bad return.
    When these nodes run in one step:
      """json
      {"a": [{"status": "x"}, {"lg_name": "Command", "update": {}}, "bad"], "b": 3}
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"b\" to return an object or an array containing at least one Command object, received number"
    When these nodes run in one step:
      """json
      {"b": 3, "a": "bad"}
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"a\""

  Scenario: a bad output cell of a parallel step table
    When these nodes run in one step:
      | node   | output             |
      | writer | {"status": "done"} |
      | critic | [1, 2]             |
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected node \"critic\" to return an object or an array containing at least one Command object, received array"
    And field "status" should equal "before"

  Scenario Outline: an input that is not an object: <case>
    When the graph is invoked with:
      """json
      <input>
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected the input to be an object, received <type>"
    And the state should be unchanged
    And the revision should be 1

    Examples:
      | case   | input | type   |
      | array  | [1]   | array  |
      | string | "go"  | string |
      | null   | null  | null   |
      | number | 42    | number |

  Scenario: the first input of a thread must be an object
    When the graph is invoked on thread "other" with:
      """yaml
      - status: new
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected the input to be an object, received array"

  Scenario: an input file must hold an object
    Given the input state from "scenarios/errors/input-list.yaml"
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "Expected the input to be an object, received array"
    And field "status" should equal "before"
