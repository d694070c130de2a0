package diffcase

import "github.com/stateharness/scenario/engine"

// The cases of the awaken profile, judged by Awaken's StateStore
// (runtimes/awaken): the same updates, commands, unknown keys and invalid
// returns as the other cases, over fields without the messages reducer
// (Awaken has none), each with a scope (run, thread or the profile's) and
// now and then a declared merge: exclusive, or commutative on sum, the
// one reducer whose result does not depend on the order of the writes
// (integers only there: floating-point addition does).

// awakenReducers are the reducers an awaken field may have ("" the
// profile's: replace).
var awakenReducers = []string{"", "replace", "append", "merge", "merge-patch", "sum", "union", `join(",")`}

func (g *generator) awakenField(name string) Field {
	f := Field{Name: name, Reducer: g.pick(awakenReducers)}
	switch p := g.r.Intn(100); {
	case p < 30 && f.Reducer == "sum":
		f.Merge = engine.Commutative
	case p < 40:
		f.Merge = engine.Exclusive
	}
	f.Scope = []engine.Scope{"", engine.ScopeRun, engine.ScopeThread}[g.r.Intn(3)]
	if g.pct(50) {
		f.HasDefault = true
		f.Default = g.defaultFor(f.Reducer)
	}
	return f
}
