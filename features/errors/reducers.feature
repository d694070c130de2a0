Feature: Catalogue of errors: a reducer given the wrong kind of value
  A reducer that cannot combine the current value and the incoming write fails
  with REDUCER_TYPE_ERROR, naming the field, the reducer, what it expects and
  the JSON type it received. The current value is the field's value, or its
  default when it has none; a bad current value is reported as such. A field
  with neither takes its first write as written, without the reducer, as
  LangGraph JS does: these fields have defaults so that the reducer runs.

  Scenario Outline: a reducer refuses a write: <case>
    Given the state schema:
      """yaml
      fields:
        f: <field>
      """
    And an empty input state
    When node "n" returns:
      """json
      {"f": <write>}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "<message>"
    And the state should be unchanged

    Examples: the incoming write
      | case                 | field                               | write      | message                                                                   |
      | merge given a list   | {reducer: merge, default: {}}       | ["x"]      | field \"f\" with reducer merge expects an object, received array (at $.f |
      | merge given text     | {reducer: merge, default: {}}       | "x"        | field \"f\" with reducer merge expects an object, received string         |
      | merge given null     | {reducer: merge, default: {}}       | null       | field \"f\" with reducer merge expects an object, received null           |
      | sum given text       | {reducer: sum, default: 0}         | "3"        | field \"f\" with reducer sum expects a number, received string            |
      | sum given null       | {reducer: sum, default: 0}         | null       | field \"f\" with reducer sum expects a number, received null              |
      | sum given true       | {reducer: sum, default: 0}         | true       | field \"f\" with reducer sum expects a number, received boolean           |
      | sum given a list     | {reducer: sum, default: 0}         | [1, 2]     | field \"f\" with reducer sum expects a number, received array             |
      | join given a number  | {reducer: 'join(",")', default: ""} | 3          | field \"f\" with reducer join(\",\") expects a string, received number    |
      | join given a list    | {reducer: 'join(",")', default: ""} | ["a", "b"] | field \"f\" with reducer join(\",\") expects a string, received array     |
      | join given an object | {reducer: 'join(",")', default: ""} | {"a": 1}   | with reducer join(\",\") expects a string, received object                |
      | join given null      | {reducer: 'join(",")', default: ""} | null       | with reducer join(\",\") expects a string, received null                  |

    Examples: the current value (here a default of the wrong kind)
      | case                  | field                              | write    | message                                                                                        |
      | append onto text      | {reducer: append, default: "x"}    | [1]      | field \"f\" with reducer append expects the current value to be an array, received string      |
      | append onto an object | {reducer: append, default: {}}     | 1        | with reducer append expects the current value to be an array, received object                  |
      | union onto an object  | {reducer: union, default: {}}      | "a"      | field \"f\" with reducer union expects the current value to be an array, received object       |
      | merge onto text       | {reducer: merge, default: "x"}     | {"a": 1} | field \"f\" with reducer merge expects the current value to be an object, received string      |
      | merge onto a list     | {reducer: merge, default: []}      | {"a": 1} | with reducer merge expects the current value to be an object, received array                   |
      | sum onto text         | {reducer: sum, default: "0"}       | 1        | field \"f\" with reducer sum expects the current value to be a number, received string         |
      | join onto a number    | {reducer: 'join(",")', default: 0} | "a"      | field \"f\" with reducer join(\",\") expects the current value to be a string, received number |

  Scenario: a current value left by an overwrite
    Given the state schema:
      | field | reducer |
      | f     | append  |
    And an empty input state
    And node "reset" returns:
      """json
      {"f": {"__overwrite__": "plain text"}}
      """
    When node "n" returns:
      """json
      {"f": ["x"]}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"f\" with reducer append expects the current value to be an array, received string"
    And field "f" should equal "plain text"

  Scenario: an input goes through the reducers too
    Given the state schema:
      | field  | reducer | default |
      | tokens | sum     | 0       |
    When the graph is invoked with:
      """json
      {"tokens": "12"}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"tokens\" with reducer sum expects a number, received string"

  Scenario: a bad write from one of several nodes fails the whole step
    Given the state schema:
      | field  | reducer |
      | tokens | sum     |
      | notes  | append  |
    And the input state:
      """json
      {"tokens": 1}
      """
    When these nodes run in one step:
      """yaml
      a: {tokens: 2, notes: [from a]}
      b: {tokens: two}
      """
    Then the step should fail with "REDUCER_TYPE_ERROR" mentioning "field \"tokens\" with reducer sum expects a number, received string"
    And the state should be unchanged
    And field "tokens" should equal 1
