Feature: Catalogue of errors: writes to readonly fields and sub-paths
  A readonly field, or a readonly sub-path of an object field, may be set by
  an input and written back unchanged, but a commit that changes it fails
  with READONLY_WRITE, naming the node(s) that wrote the field, the path, and
  old → new ((absent) when there was no value).

  Background:
    Given the state schema:
      """yaml
      fields:
        tenant: {type: 'string?', readonly: true}
        owner: {type: string, readonly: true}
        config: {type: object, reducer: merge, readonly: [did, auth.token, "keys[0]"]}
        opts: {type: object, reducer: merge-patch, readonly: [keep]}
        audit: {type: array, reducer: append, default: [], readonly: true}
        status: {type: string}
      """
    And the input state:
      """json
      {"tenant": "acme", "config": {"did": "did:1", "auth": {"token": "t1"}, "keys": ["k1"]}, "opts": {"keep": 1}, "status": "new"}
      """

  Scenario Outline: a node changes a readonly value: <case>
    When node "rogue" returns:
      """json
      <output>
      """
    Then the step should fail with "READONLY_WRITE" mentioning "<message>"
    And the state should be unchanged
    And the revision should be 1

    Examples:
      | case                                  | output                                                | message                                                                                                                                         |
      | a readonly field                      | {"tenant": "other", "status": "ok"}                   | node \"rogue\" changed readonly field \"tenant\": \"acme\" → \"other\"; a node may write the same value back, never another (at $.tenant       |
      | a readonly field set to null          | {"tenant": null}                                      | changed readonly field \"tenant\": \"acme\" → null                                                                                              |
      | a readonly field that had no value    | {"owner": "me"}                                       | node \"rogue\" changed readonly field \"owner\": (absent) → \"me\"                                                                              |
      | a sub-path through the merge reducer  | {"config": {"did": "did:2"}}                          | node \"rogue\" changed readonly path $.config.did: \"did:1\" → \"did:2\"; a node may write the same value back, never another (at $.config.did |
      | a nested sub-path                     | {"config": {"auth": {}}}                              | changed readonly path $.config.auth.token: \"t1\" → (absent)                                                                                    |
      | a nested sub-path, kept shape         | {"config": {"auth": {"token": "t2", "scope": "all"}}} | changed readonly path $.config.auth.token: \"t1\" → \"t2\"                                                                                      |
      | an array element sub-path             | {"config": {"keys": ["k2"]}}                          | changed readonly path $.config.keys[0]: \"k1\" → \"k2\"                                                                                         |
      | a sub-path deleted by merge-patch     | {"opts": {"keep": null}}                              | node \"rogue\" changed readonly path $.opts.keep: 1 → (absent)                                                                                  |
      | a readonly list grown by append       | {"audit": ["entry"]}                                  | node \"rogue\" changed readonly field \"audit\": [] → [\"entry\"]                                                                               |
      | a readonly list replaced by overwrite | {"tenant": "acme", "audit": {"__overwrite__": ["x"]}} | changed readonly field \"audit\": [] → [\"x\"]                                                                                                  |

  Scenario: the parallel step names every node that wrote the field
    When these nodes run in one step:
      """yaml
      b: {config: {did: "did:2"}}
      a: {config: {mode: fast}}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "nodes \"a\", \"b\" changed readonly path $.config.did: \"did:1\" → \"did:2\""
    And the state should be unchanged

  Scenario: a command cannot change a readonly field either
    When node "router" returns a command:
      """json
      {"update": [["tenant", "other"]], "goto": "end"}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "node \"router\" changed readonly field \"tenant\": \"acme\" → \"other\""
    And field "tenant" should equal "acme"

  Scenario: a sub-path that had no value may not be added
    When the graph is invoked on thread "fresh" with:
      """json
      {"config": {}}
      """
    And node "rogue" returns:
      """json
      {"config": {"did": "did:9"}}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "changed readonly path $.config.did: (absent) → \"did:9\""
    And the state should be unchanged

  Scenario: a tool's command update cannot change a readonly field
    When tool "lookup" returns:
      """json
      {"update": {"tenant": "evil"}}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "changed readonly field \"tenant\": \"acme\" → \"evil\""
    And the state should be unchanged

  Scenario: a tool's write to a readonly field names the tool
    When tool "lookup" returns:
      """json
      {"update": {"tenant": "evil"}}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "tool \"lookup\" changed readonly field \"tenant\""
