Feature: Catalogue of errors: node commands
  `When node "<name>" returns a command:` takes a LangGraph command
  {"update": {...} | [[key, value], ...], "goto": "name" | [...]} (and
  "resume", which means nothing in a node's return). A command that is not
  an object, has an unknown key or a bad goto is INVALID_GRAPH_NODE_RETURN_VALUE,
  naming the node, the JSON path inside the command and what was expected.
  An update of the wrong shape writes nothing, as in LangGraph JS, and the
  run warns about it.

  Background:
    Given the state schema:
      """yaml
      fields:
        status: {type: string}
        log: {type: array, default: [], reducer: append}
      """
    And the input state:
      """json
      {"status": "before"}
      """

  Scenario Outline: a malformed command: <case>
    When node "router" returns a command:
      """json
      <command>
      """
    Then the step should fail with "INVALID_GRAPH_NODE_RETURN_VALUE" mentioning "<message>"
    And the state should be unchanged
    And the revision should be 1

    Examples: not an object
      | case     | command        | message                                                                                                       |
      | a string | "writer"       | node \"router\" returned a command that is string; expected an object {\"update\": ..., \"goto\": ...} (at $ |
      | a list   | ["update", {}] | node \"router\" returned a command that is array; expected an object                                          |
      | null     | null           | node \"router\" returned a command that is null                                                               |
      | a number | 1              | node \"router\" returned a command that is number                                                             |

    Examples: unknown keys
      | case           | command                                     | message                                                                                                     |
      | a plain update | {"status": "x"}                             | node \"router\" returned a command with unknown key \"status\"; a command has update, goto, resume, graph and lg_name (at $.status |
      | a next key     | {"update": {}, "next": "b"}                 | with unknown key \"next\"                                                                                   |
      | a graph        | {"goto": "a", "graph": "__parent__"}        | returned a command to graph \"__parent__\"; the harness runs one graph, so a command may not name one (at $.graph |

    Examples: bad goto
      | case                 | command                              | message                                                                                                     |
      | a number goto        | {"update": {}, "goto": 3}            | node \"router\" returned a command whose goto is number; expected a node name or a list of them (at $.goto |
      | an object            | {"goto": {"node": "a"}}              | whose goto is object; expected a node name or a list of them                                                |
      | true                 | {"goto": true}                       | whose goto is boolean                                                                                       |
      | a list with a number | {"goto": ["a", 2]}                   | node \"router\" returned a command whose goto names number; expected node names (at $.goto[1]              |
      | a list with a Send   | {"goto": [{"node": "a", "arg": {}}]} | whose goto names object; expected node names (at $.goto[0]                                                 |

  Scenario Outline: a command whose update LangGraph cannot read writes nothing: <case>
    LangGraph JS's Command reads an update that is neither an object nor a list
    of [string, value] pairs as no update at all. The step passes as the real
    graph's would, and the run prints a warning naming the node.
    When node "router" returns a command:
      """json
      <command>
      """
    Then the state should be unchanged
    And the revision should be 1

    Examples: updates of the wrong type
      | case             | command              |
      | a string update  | {"update": "status"} |
      | a number update  | {"update": 3}        |
      | a boolean update | {"update": true}     |

    Examples: bad [key, value] pairs: the whole list is ignored
      | case                 | command                              |
      | a pair that is text  | {"update": [["status", "x"], "log"]} |
      | a one-element pair   | {"update": [["status"]]}             |
      | a three-element pair | {"update": [["status", "x", "y"]]}   |
      | an empty pair        | {"update": [[]]}                     |
      | an object pair       | {"update": [{"status": "x"}]}        |
      | a number key         | {"update": [[1, "x"]]}               |
      | a null key           | {"update": [[null, "x"]]}            |
      | a list key           | {"update": [[["status"], "x"]]}      |

  Scenario: a pair list writing a plain field twice breaks the one-write rule
    When node "router" returns a command:
      """json
      {"update": [["status", "x"], ["status", "y"]]}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Invalid update for channel \"status\" with values [\"x\",\"y\"]: LastValue can only receive one value per step."
    And the state should be unchanged

  Scenario: a pair list with two overwrites of one field
    When node "router" returns a command:
      """json
      {"update": [["log", {"__overwrite__": ["a"]}], ["log", {"__overwrite__": ["b"]}]]}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Can receive only one Overwrite value per step. (at $.log"
    And field "log" should equal []

  Scenario: a value inside a command is checked like any other
    When node "router" returns a command:
      """yaml
      update: [[status, 2024-01-02]]
      goto: writer
      """
    Then the step should fail with "NON_JSON_VALUE" mentioning "2024-01-02 is a YAML timestamp, not a JSON value; quote it to keep it a string (at $.update[0][1]"

  Scenario: a command's update must fit the schema's types
    When node "router" returns a command:
      """json
      {"update": {"status": 7}, "goto": "writer"}
      """
    Then the step should fail with "TYPE_MISMATCH" mentioning "field \"status\" expects string, received 7 (number) from node \"router\""
