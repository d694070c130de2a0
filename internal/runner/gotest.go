package runner

import (
	"errors"
	"flag"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/internal/suite"
)

// Under go test each scenario is a subtest of the test that called Run,
// reported once, `file.feature:line` first: godog runs the suite (its own
// output discarded), and the subtests report what each scenario did.
// `go test -run 'TestFeatures/<scenario>'` runs only the scenarios the
// pattern selects.

// subtests names each scenario's subtest as testing names it: spaces as
// underscores, and #01, #02 ... for a name met again (outline rows).
func subtests(scenarios []*suite.Scenario) []string {
	seen := map[string]int{}
	names := make([]string, len(scenarios))
	for i, s := range scenarios {
		name := rewrite(s.Name)
		n := seen[name]
		seen[name]++
		if n > 0 {
			name += fmt.Sprintf("#%02d", n)
		}
		names[i] = name
	}
	return names
}

// rewrite is testing's rewrite of a subtest name.
func rewrite(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// selected reports which scenarios -test.run selects under the running
// test: all when the pattern has no part for subtests.
func selected(t *testing.T, scenarios []*suite.Scenario) ([]bool, error) {
	sel := make([]bool, len(scenarios))
	for i := range sel {
		sel[i] = true
	}
	part, ok := subtestPattern(t)
	if !ok {
		return sel, nil
	}
	re, err := regexp.Compile(part)
	if err != nil {
		return nil, fmt.Errorf("-run %q: %v", flag.Lookup("test.run").Value.String(), err)
	}
	for i, name := range subtests(scenarios) {
		sel[i] = re.MatchString(name)
	}
	return sel, nil
}

// subtestPattern is the part of the -run pattern for the running test's
// subtests, if it has one.
func subtestPattern(t *testing.T) (string, bool) {
	f := flag.Lookup("test.run")
	if f == nil || f.Value.String() == "" {
		return "", false
	}
	// the parts of the pattern, one per level of tests, as testing splits it
	parts := splitPattern(f.Value.String())
	depth := strings.Count(t.Name(), "/") + 1
	if len(parts) <= depth {
		return "", false
	}
	return parts[depth], true
}

// selectsSubtests reports whether -run chooses among the running test's
// subtests, which needs the scenarios' names before the run.
func selectsSubtests(t *testing.T) bool {
	_, ok := subtestPattern(t)
	return ok
}

// splitPattern splits a -run pattern at the slashes outside brackets and
// parentheses, as testing does.
func splitPattern(p string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '\\':
			i++
		case '/':
			if depth == 0 {
				parts = append(parts, p[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, p[start:])
}

// outcomes collects what each scenario did, by its key: the go test
// subtests report it, and a run fails on it whatever godog says.
type outcomes struct {
	mu  sync.Mutex
	err map[string]error
	ran map[string]bool
}

// failed reports whether a scenario failed (a skip is no failure).
func (o *outcomes) failed() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, err := range o.err {
		if !errors.Is(err, godog.ErrSkip) {
			return true
		}
	}
	return false
}

func (o *outcomes) done(s *suite.Scenario, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		o.err, o.ran = map[string]error{}, map[string]bool{}
	}
	o.ran[s.Key()] = true
	if err != nil {
		o.err[s.Key()] = err
	}
}

// report runs one subtest per scenario, which testing filters by -run
// (and numbers #01, #02 as it names them), and reports its outcome: a
// failure once, file:line first; a scenario skipped on a runtime as a
// skipped subtest.
func (o *outcomes) report(t *testing.T, scenarios []*suite.Scenario) {
	for _, s := range scenarios {
		err, ran := o.err[s.Key()], o.ran[s.Key()]
		t.Run(s.Name, func(t *testing.T) {
			switch {
			case errors.Is(err, godog.ErrSkip):
				t.Skipf("%s: skipped: the run's skip report says why", s.Pos())
			case err != nil:
				msg := err.Error()
				if !strings.HasPrefix(msg, s.Feature+":") {
					msg = s.Pos() + ": " + msg
				}
				fmt.Fprintln(t.Output(), msg)
				t.Fail()
			case !ran:
				// filtered out by tags, or never started
				t.Skipf("%s: not run", s.Pos())
			}
		})
	}
}
