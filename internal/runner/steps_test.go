package runner

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/cucumber/godog"
)

// TestUserStepsBesideTheVocabulary: a user's step runs a text no step of
// the vocabulary matches; a text both match is ambiguous, and godog's
// message names the two patterns.
func TestUserStepsBesideTheVocabulary(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{"features/user.feature": `Feature: user steps

  Scenario: a step of the user's
    Given an empty input state
    Then the user's check passes

  Scenario: a text both match
    Given an empty input state
    Then the revision should be 1
`})
	ran := 0
	var out bytes.Buffer
	res, err := Run(Config{Root: root, Output: &out, Format: "pretty", NoColor: true, Steps: func(sc *godog.ScenarioContext) {
		sc.Step(`^the user's check passes$`, func() { ran++ })
		sc.Step(`^the revision should be (\d+)$`, func(int) {})
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == 0 {
		t.Fatal("a step matched by the vocabulary and by the user's steps passed")
	}
	if ran != 1 {
		t.Errorf("the user's step ran %d times, want 1", ran)
	}
	text := out.String()
	if !strings.Contains(text, "ambiguous step definition") || strings.Count(text, `^the revision should be (\d+)$`) < 2 || strings.Contains(text, "(?:") {
		t.Errorf("godog's output does not name the two patterns of the ambiguous step:\n%s", text)
	}
}

// TestParallelRunsEachGetTheirIndex: runs in parallel each build their
// index from their own godog's features (late.go hands each run's
// formatter its own index).
func TestParallelRunsEachGetTheirIndex(t *testing.T) {
	const runs = 6
	roots := make([]string, runs)
	for i := range roots {
		roots[i] = t.TempDir()
		var b strings.Builder
		b.WriteString("Feature: f\n")
		for k := 0; k <= i; k++ {
			fmt.Fprintf(&b, "\n  Scenario: s%d\n    Given an empty input state\n    Then the state should equal:\n      \"\"\"json\n      {}\n      \"\"\"\n", k)
		}
		writeSuite(t, roots[i], map[string]string{"features/f.feature": b.String()})
	}
	var wg sync.WaitGroup
	for i, root := range roots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := Run(Config{Root: root, Output: io.Discard})
			if err != nil {
				t.Errorf("run %d: %v", i, err)
				return
			}
			if res.Status != 0 || res.Ran != i+1 || len(res.Index.Order) != i+1 {
				t.Errorf("run %d: status %d, ran %d of an index of %d, want %d", i, res.Status, res.Ran, len(res.Index.Order), i+1)
			}
		}()
	}
	wg.Wait()
}
