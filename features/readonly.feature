Feature: Readonly fields
  A readonly field, or a readonly sub-path of an object field, may be set by
  the input and written back unchanged, but never changed by a node.

  Background:
    Given the state schema:
      """yaml
      fields:
        tenant: {type: string, readonly: true}
        config: {type: object, reducer: merge, readonly: [did]}
        status: {type: string}
      """
    And the input state:
      """json
      {"tenant": "acme", "config": {"did": "did:1", "mode": "fast"}, "status": "new"}
      """

  Scenario: a node may not change a readonly field
    When node "rogue" returns:
      """json
      {"tenant": "other", "status": "hacked"}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "node \"rogue\" changed readonly field \"tenant\": \"acme\" → \"other\""
    And the state should be unchanged

  Scenario: writing the same value back is allowed (Dawn routes return {...state})
    When node "route" returns:
      """json
      {"tenant": "acme", "config": {"did": "did:1", "mode": "fast"}, "status": "routed"}
      """
    Then field "status" should equal "routed"

  Scenario: a readonly sub-path is protected inside a merged object
    When node "tool" returns:
      """json
      {"config": {"did": "did:2"}}
      """
    Then the step should fail with "READONLY_WRITE" mentioning "$.config.did"
    And field "config.did" should equal "did:1"

  Scenario: other keys of the object stay writable
    When node "tool" returns:
      """json
      {"config": {"mode": "slow"}}
      """
    Then field "config" should equal {"did": "did:1", "mode": "slow"}
