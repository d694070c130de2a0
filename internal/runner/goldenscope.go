package runner

import "github.com/stateharness/scenario/internal/goldenfile"

// Filtered reports whether the run answers for no part of golden/ as a
// whole: it names scenario lines, or filters by tags, shard or, under go
// test, a -run pattern for the scenarios' subtests.
func (c Config) Filtered() bool {
	_, ok := c.goldenScope()
	return !ok
}

// goldenScope is the part of golden/ whose orphans the run can check, or
// says it can check none (goldenfile.ScopeOf).
func (c Config) goldenScope() (goldenfile.Scope, bool) { return c.scope(true) }

// scope is goldenScope, of the whole suite when not withShard: a shard
// surveys the part of golden/ that the shards answer for together.
func (c Config) scope(withShard bool) (goldenfile.Scope, bool) {
	// go test -run 'TestX/<scenario>' leaves scenarios out as tags do
	selected := c.Tags != "" || c.T != nil && selectsSubtests(c.T)
	if withShard {
		sh, err := c.resolveShard()
		selected = selected || err != nil || sh.Active()
	}
	return goldenfile.ScopeOf(c.Root, goldenfile.Layout{Features: c.Features, Golden: c.Golden}, c.Paths, selected)
}
