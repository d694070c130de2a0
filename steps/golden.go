package steps

import "regexp"

// namedGolden is the step that names its golden file.
var namedGolden = regexp.MustCompile(`^the state should match the golden file "([^"]*)"$`)

// GoldenNamed is the golden file name a step's text gives, if it is the
// step that names one: a scenario that did not run still owns that file.
func GoldenNamed(text string) (string, bool) {
	m := namedGolden.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// matchGolden asserts a value against the scenario's next golden file of
// the kind suffix ("" for the state), or the one it names; the policy
// (claim, compare, write on update, the accept command) is goldenfile's.
func (w *world) matchGolden(name, suffix string, value func() (any, error)) error {
	rel, err := w.goldens.Next(name, suffix)
	if err != nil {
		return &problem{msg: err.Error()}
	}
	return w.cfg.Golden.Assert(w.scenario.Golden(), rel, value)
}
