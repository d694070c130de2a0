package runner

import (
	"bytes"
	"context"
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
			if res.Status != 0 || len(res.Index.Order) != i+1 {
				t.Errorf("run %d: status %d, an index of %d scenarios, want %d", i, res.Status, len(res.Index.Order), i+1)
			}
		}()
	}
	wg.Wait()
}

// TestLoadErrorRunsNothing: a load error found when godog has parsed the
// features (two scenarios on one golden file) is the run's error, and none
// of the user's steps or hooks run.
func TestLoadErrorRunsNothing(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{"features/f.feature": `Feature: f

  Scenario: Same name
    Given an empty input state
    Then the user's check passes

  Scenario: same name
    Given an empty input state
`})
	ran := 0
	_, err := Run(Config{Root: root, Output: io.Discard, Steps: func(sc *godog.ScenarioContext) {
		sc.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) { ran++; return ctx, nil })
		sc.Step(`^the user's check passes$`, func() { ran++ })
	}})
	if err == nil || !strings.Contains(err.Error(), "map to the same golden file") {
		t.Fatalf("err = %v, want the golden file collision", err)
	}
	if ran != 0 {
		t.Errorf("the user's hooks and steps ran %d times after the load error", ran)
	}
}

// TestTagsDoNotHideLoadErrors: a scenario --tags leaves out is still
// checked: an undefined step in it fails the load.
func TestTagsDoNotHideLoadErrors(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{"features/f.feature": `Feature: f

  Scenario: fast
    Given an empty input state

  @slow
  Scenario: slow
    Given an empty inptu state
`})
	_, err := Run(Config{Root: root, Output: io.Discard, Tags: "~@slow"})
	if err == nil || !strings.Contains(err.Error(), `features/f.feature:8: undefined step "an empty inptu state"`) {
		t.Fatalf("err = %v, want the undefined step of the scenario the tags leave out", err)
	}
}

// TestEventsFormatFails: godog reports success to its events format even
// when a scenario fails; the run does not.
func TestEventsFormatFails(t *testing.T) {
	root := t.TempDir()
	writeSuite(t, root, map[string]string{"features/f.feature": `Feature: f

  Scenario: fails
    Given an empty input state
    Then the state should equal:
      """json
      {"x": 1}
      """
`})
	for _, shard := range []string{"", "1/1"} {
		res, err := Run(Config{Root: root, Output: io.Discard, Format: "events", Shard: shard})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != 1 {
			t.Errorf("shard %q: status %d with a failing scenario, want 1", shard, res.Status)
		}
	}
}
