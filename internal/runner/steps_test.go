package runner

import (
	"bytes"
	"strings"
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
