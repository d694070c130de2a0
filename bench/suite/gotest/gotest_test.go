package gotest_test

import (
	"io"
	"os"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario"
	"github.com/stateharness/scenario/bench/suite/gotest"
	"github.com/stateharness/scenario/bench/suite/typical"
)

// suiteDir is the generated suite, or a skip that says how to get one.
func suiteDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(gotest.SuiteEnv)
	if dir == "" {
		t.Skipf("%s is not set: go run ./bench/suite/gen -out DIR, then %s=DIR go test ./bench/suite/gotest", gotest.SuiteEnv, gotest.SuiteEnv)
	}
	return dir
}

// TestScenario runs the suite as a user's go test does.
func TestScenario(t *testing.T) {
	scenario.Run(t, scenario.Options{Root: suiteDir(t)})
}

// TestBareGodog runs the same step texts on no-op steps, each scenario a
// subtest as godog makes them under TestingT. Its output is thrown away,
// uncoloured, as scenario.Run throws godog's away under go test.
func TestBareGodog(t *testing.T) {
	ts := godog.TestSuite{
		Name:                "bare",
		ScenarioInitializer: typical.BareSteps(),
		Options: &godog.Options{
			Format: "progress", Paths: []string{"features"}, FS: os.DirFS(suiteDir(t)),
			Strict: true, NoColors: true, Output: io.Discard, TestingT: t,
		},
	}
	if st := ts.Run(); st != 0 {
		t.Fatalf("bare godog: status %d", st)
	}
}
