package main

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// A feature file the Gherkin parser refuses is reported once, at its file
// and line: godog prints the parser's message on standard error, and the
// harness adds only which file could not be parsed.
func TestAParseErrorIsReportedOnce(t *testing.T) {
	bin, err := buildCLI()
	if err != nil {
		t.Fatal(err)
	}
	dir := newSuite(t, map[string]string{
		"features/ok.feature":     "Feature: ok\n  Scenario: a\n    Given the input state:\n      \"\"\"json\n      {}\n      \"\"\"\n",
		"features/broken.feature": "Feature: broken\n  Scenario: a\n    Given the input state:\n  Scenari b\n",
	})
	for _, args := range [][]string{{"run"}, {"check"}, {"run", "features/broken.feature"}} {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitLoad {
			t.Fatalf("%v: %v, want exit %d\nstderr:\n%s", args, err, exitLoad, stderr.String())
		}
		got := stderr.String()
		if n := strings.Count(got, "(4:3): expected:"); n != 1 {
			t.Errorf("%v: the parser's message is printed %d times, want once:\n%s", args, n, got)
		}
		for _, want := range []string{"features/broken.feature", "got '  Scenari b'", "scenario: features/broken.feature could not be parsed"} {
			if !strings.Contains(got, want) {
				t.Errorf("%v: stderr does not contain %q:\n%s", args, want, got)
			}
		}
	}
}
