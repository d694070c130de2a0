package steps

// matchGolden asserts a value against the scenario's next golden file of
// the kind suffix ("" for the state), or the one it names; the policy
// (claim, compare, write on update, the accept command) is goldenfile's.
func (w *world) matchGolden(name, suffix string, value func() (any, error)) error {
	rel, err := w.goldens.Next(name, suffix)
	if err != nil {
		return &problem{msg: err.Error()}
	}
	return w.cfg.Golden.Assert(w.scenario, rel, value)
}
