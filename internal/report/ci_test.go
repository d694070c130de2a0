package report

import (
	"errors"
	"testing"

	"github.com/cucumber/godog"
)

// A failure of the scenario's hooks is the failing step's, else the last
// step's, which then fails: as godog's own JUnit gives it.
func TestOutcomesTakeTheHooksFailure(t *testing.T) {
	hook := errors.New("closing the scenario's runtime: gone")
	step := errors.New("step failed")
	for _, tc := range []struct {
		name     string
		statuses []Status
		caseErr  error
		status   Status // of the step that failed the case
		err      error
		at       int
	}{
		{"on the failing step", []Status{Passed, Failed, Skipped}, hook, Failed, hook, 1},
		{"on the last step", []Status{Passed, Passed}, hook, Failed, hook, 1},
		{"a skip is no failure", []Status{Passed, Passed}, godog.ErrSkip, "", nil, -1},
		{"the step's own", []Status{Passed, Failed}, nil, Failed, step, 1},
		{"undefined", []Status{Passed, Undefined}, nil, Undefined, nil, 1},
	} {
		k := &Case{Err: tc.caseErr}
		for _, s := range tc.statuses {
			st := Step{Status: s}
			if s == Failed {
				st.Err = step
			}
			k.Steps = append(k.Steps, st)
		}
		steps := k.outcomes()
		f := failure(steps)
		switch {
		case tc.at < 0:
			if f != nil {
				t.Errorf("%s: failed at %+v, want no failure", tc.name, f)
			}
		case f == nil || f.step != &k.Steps[tc.at] || f.status != tc.status || f.err != tc.err:
			t.Errorf("%s: failure %+v, want step %d %s with %v", tc.name, f, tc.at, tc.status, tc.err)
		}
	}
}
