Feature: Catalogue of errors: several writes to one field in one step
  Within one step, a field with merge `exclusive` may receive one write. What
  a second write gives depends on the profile: LangGraph's and Dawn's
  INVALID_CONCURRENT_GRAPH_UPDATE (the values as a compact JSON array, in
  write order), Awaken's EXCLUSIVE_MERGE_CONFLICT, and llmfy's
  PARALLEL_UNSUPPORTED when two nodes of a step write one field whose value
  would depend on the order they finish in (llmfy runs such a step as a
  fan-out whose branches it applies as each finishes). Two overwrites
  of one field clash too, and a field declared `merge: commutative` must not
  depend on the order of its writes. A failed step commits nothing.

  Scenario Outline: LangGraph refuses two writes to a plain field: <case>
    Given the state schema:
      | field  |
      | status |
      | log    |
    And the input state:
      """json
      {"status": "before"}
      """
    When these nodes run in one step:
      """yaml
      <step>
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "<message>"
    And the state should be unchanged
    And the revision should be 1

    Examples:
      | case                               | step                                                               | message                                                                                                                                 |
      | two nodes                          | {b: {status: from_b}, a: {status: from_a}}                         | Invalid update for channel \"status\" with values [\"from_a\",\"from_b\"]: LastValue can only receive one value per step. (at $.status |
      | three nodes, values in name order  | {c: {status: 3}, a: {status: [1]}, b: {status: {x: null}}}         | with values [[1],{\"x\":null},3]                                                                                                        |
      | the same value twice               | {a: {status: same}, b: {status: same}}                             | with values [\"same\",\"same\"]                                                                                                         |
      | one field fails, the other is fine | {a: {status: x, log: a}, b: {status: y}}                           | Invalid update for channel \"status\"                                                                                                   |
      | two overwrites: plain values here  | {a: {status: {__overwrite__: x}}, b: {status: {__overwrite__: y}}} | with values [{\"__overwrite__\":\"x\"},{\"__overwrite__\":\"y\"}]: LastValue can only receive one value per step.                 |

  Scenario: a parallel step given as a table
    Given the state schema:
      | field  |
      | status |
    And the input state:
      """json
      {"status": "before"}
      """
    When these nodes run in one step:
      | node   | output                |
      | writer | {"status": "written"} |
      | critic | {"status": "checked"} |
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "with values [\"checked\",\"written\"]"
    And field "status" should equal "before"

  Scenario: Dawn words it as LangGraph does, for a field declared exclusive
    Given the "dawn" profile
    And the state schema:
      | field  | merge     |
      | status | exclusive |
    And an empty input state
    When these nodes run in one step:
      """yaml
      b: {status: y}
      a: {status: x}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Invalid update for channel \"status\" with values [\"x\",\"y\"]: LastValue can only receive one value per step."

  Scenario: two overwrites of a field with a reducer
    Given the state schema:
      | field | reducer | default |
      | log   | append  | ["old"] |
    And an empty input state
    When these nodes run in one step:
      """yaml
      a: {log: {__overwrite__: [from_a]}}
      b: {log: {__overwrite__: [from_b]}}
      """
    Then the step should fail with "INVALID_CONCURRENT_GRAPH_UPDATE" mentioning "Can receive only one Overwrite value per step. (at $.log"
    And the state should be unchanged
    And field "log" should equal ["old"]

  Scenario Outline: Awaken refuses two writes to an exclusive key: <case>
    Given the "awaken" profile
    And the state schema:
      | field  | reducer |
      | status |         |
      | log    | append  |
      | total  | sum     |
    And an empty input state
    When these nodes run in one step:
      """yaml
      <step>
      """
    Then the step should fail with "EXCLUSIVE_MERGE_CONFLICT" mentioning "<message>"
    And the state should be unchanged

    Examples:
      | case                              | step                             | message                                                        |
      | a plain field                     | {b: {status: y}, a: {status: x}} | parallel merge conflict on exclusive key: status (at $.status |
      | append is exclusive too in Awaken | {b: {log: [y]}, a: {log: [x]}}   | parallel merge conflict on exclusive key: log                  |
      | sum is exclusive too in Awaken    | {a: {total: 1}, b: {total: 2}}   | parallel merge conflict on exclusive key: total                |

  Scenario Outline: llmfy refuses a step whose field completion order would decide: <case>
    Given the "llmfy" profile
    And the state schema:
      | field |
      | a     |
      | b     |
    And the input state:
      """json
      {"a": 0, "b": 0}
      """
    When these nodes run in one step:
      """yaml
      <step>
      """
    Then the step should fail with "PARALLEL_UNSUPPORTED" mentioning "<message>"
    And the state should be unchanged
    And the revision should be 1

    Examples:
      | case                          | step                                  | message                                                                                                                                                  |
      | two nodes, one field          | {x: {a: 1}, y: {a: 2}}                | field "a" is written by nodes "x" and "y" in one step, and its value depends on which finishes first: the llmfy profile runs a step of several nodes as a fan-out, whose branches llmfy applies as each finishes; finishing "x", "y" gives 2, finishing "y", "x" gives 1 |
      | three nodes, two on one field | {x: {a: 1}, y: {b: 2}, z: {b: 3}}     | field "b" is written by nodes "y" and "z" in one step                                                                                                    |
      | a key no field declares       | {x: {extra: 1}, y: {a: 1, extra: 2}}  | field "extra" is written by nodes "x" and "y" in one step                                                                                                |

  Scenario Outline: a declared commutative field must not depend on the order: <case>
    Given the state schema:
      """yaml
      fields:
        f: {reducer: '<reducer>', merge: commutative}
      """
    And an empty input state
    When these nodes run in one step:
      """yaml
      <step>
      """
    Then the step should fail with "ORDER_DEPENDENT_MERGE" mentioning "<message>"
    And the state should be unchanged

    Examples:
      | case           | reducer   | step                                                                                 | message                                                                                                                                                                                        |
      | join           | join(" ") | {a: {f: left}, b: {f: right}}                                                        | field \"f\" is declared commutative but the writes of nodes \"a\", \"b\" give \"left right\" in one order and \"right left\" in the other; make the reducer order-independent or declare merge: exclusive (at $.f |
      | append         | append    | {a: {f: [1]}, b: {f: [2]}}                                                           | the writes of nodes \"a\", \"b\" give [1,2] in one order and [2,1] in the other                                                                                                                                    |
      | merge, one key | merge     | {a: {f: {model: x}}, b: {f: {model: y}}}                                             | give {\"model\":\"y\"} in one order and {\"model\":\"x\"} in the other                                                                                                                         |
      | replace        | replace   | {a: {f: x}, b: {f: y}}                                                               | give \"y\" in one order and \"x\" in the other                                                                                                                                                 |
      | messages       | messages  | {a: {f: [{role: ai, content: x, id: m1}]}, b: {f: [{role: ai, content: y, id: m2}]}} | field \"f\" is declared commutative but the writes of nodes \"a\", \"b\" give                                                                                                                                      |
