package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// From inside features/, the CLI finds the suite by its scenario.yaml:
// update writes the suite's own golden/, never a second tree.
func TestRunFromInsideTheSuite(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"scenario.yaml":            "profile: langgraph\n",
		"features/counter.feature": counterFeature + "    And the state should match the golden file\n",
	})
	t.Chdir(filepath.Join(dir, "features"))
	r := runCLI(t, "update", "--no-color", "--format", "progress", "counter.feature")
	wantCode(t, r, exitPassed)
	if _, err := os.Stat(filepath.Join(dir, "golden", "counter", "counts-up.json")); err != nil {
		t.Fatalf("update from features/ did not write the suite's golden: %v\n%s", err, r.all())
	}
	if _, err := os.Stat(filepath.Join(dir, "features", "golden")); !os.IsNotExist(err) {
		t.Fatalf("update from features/ wrote a second golden tree")
	}
	// the scenario's line works from there too, and a path outside the
	// suite is refused
	wantCode(t, runCLI(t, "check", "--no-color", "--format", "progress", "counter.feature:3"), exitPassed)
	r = runCLI(t, "check", "--no-color", "--format", "progress", "../../elsewhere.feature")
	wantCode(t, r, exitLoad)
	wantContains(t, r, "is outside the suite root")
}

// Naming the features directory is the whole suite; a sub-directory checks
// and prunes the orphans of its own part of golden/.
func TestOrphansOfAPart(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"scenario.yaml":              "",
		"features/a/counter.feature": counterFeature + "    And the state should match the golden file\n",
		"features/b/counter.feature": counterFeature + "    And the state should match the golden file\n",
	})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	// the goldens of a feature file features/a/gone.feature that is no more
	writeFiles(t, dir, map[string]string{"golden/a/gone/old.json": "{}\n", "golden/b/gone/old.json": "{}\n"})
	orphanA := filepath.Join(dir, "golden", "a", "gone", "old.json")
	orphanB := filepath.Join(dir, "golden", "b", "gone", "old.json")
	r := runCLI(t, suiteArgs("check", dir, "features")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "golden/a/gone/old.json", "golden/b/gone/old.json")

	r = runCLI(t, suiteArgs("check", dir, "features/a")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "golden/a/gone/old.json")
	if r := runCLI(t, suiteArgs("check", dir, "features/a")...); strings.Contains(r.all(), "golden/b/gone/old.json") {
		t.Fatalf("check of features/a listed an orphan of features/b:\n%s", r.all())
	}

	// a feature file answers for its own golden directory
	orphanFile := filepath.Join(dir, "golden", "a", "counter", "old.json")
	if err := os.WriteFile(orphanFile, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantCode(t, runCLI(t, suiteArgs("prune", dir, "features/a/counter.feature")...), exitPassed)
	if _, err := os.Stat(orphanFile); !os.IsNotExist(err) {
		t.Fatalf("prune of features/a/counter.feature left its orphan")
	}
	if _, err := os.Stat(orphanA); err != nil {
		t.Fatalf("prune of features/a/counter.feature deleted an orphan outside its part")
	}
	wantCode(t, runCLI(t, suiteArgs("prune", dir, "features/a")...), exitPassed)
	if _, err := os.Stat(orphanA); !os.IsNotExist(err) {
		t.Fatalf("prune of features/a left its orphan")
	}
	if _, err := os.Stat(orphanB); err != nil {
		t.Fatalf("prune of features/a deleted an orphan of features/b")
	}
}

// One message inserted at the front of a 20-message golden is one listed
// difference, not one per shifted index (docs/reference.md, Golden files).
func TestOneInsertedMessageIsOneDifference(t *testing.T) {
	var msgs []string
	for i := 1; i <= 20; i++ {
		msgs = append(msgs, `{"type": "ai", "content": "message `+strconv.Itoa(i)+`", "id": "m`+strconv.Itoa(i)+`"}`)
	}
	feature := func(extra string) string {
		return `Feature: Chat

  Scenario: twenty messages
    Given the state schema:
      | field    | reducer  | default |
      | messages | messages | []      |
    When the graph is invoked with:
      """json
      {"messages": [` + extra + strings.Join(msgs, ", ") + `]}
      """
    Then the state should match the golden file
`
	}
	dir := newSuite(t, map[string]string{"features/chat.feature": feature("")})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	writeFiles(t, dir, map[string]string{"features/chat.feature": feature(`{"type": "human", "content": "hello", "id": "m0"}, `)})
	r := runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "$.messages[0]\n    want: (absent)\n    got:  {\"content\":\"hello\",\"id\":\"m0\",\"type\":\"human\"}")
	if strings.Contains(r.all(), "$.messages[1]") || strings.Contains(r.all(), "more differing paths") {
		t.Fatalf("the inserted message is reported as more than one difference:\n%s", r.all())
	}
}

// A failed `field ... should equal` shows both values whole when they are
// small, and the aligned differences when they are not.
func TestFieldEqualsShowsSmallValuesWhole(t *testing.T) {
	long := make([]string, 30)
	for i := range long {
		long[i] = strconv.Itoa(1000 + i)
	}
	wantLong := append(append([]string{}, long[:10]...), append([]string{"7"}, long[10:]...)...)
	dir := newSuite(t, map[string]string{"features/f.feature": `Feature: Fields

  Scenario: small
    Given the state schema:
      | field | type  |
      | l     | array |
    And the input state:
      """json
      {"l": [1, 2, 3]}
      """
    Then field "l" should equal [1, 5, 3, 4]

  Scenario: large
    Given the state schema:
      | field | type  |
      | l     | array |
    And the input state:
      """json
      {"l": [` + strings.Join(long, ", ") + `]}
      """
    Then field "l" should equal [` + strings.Join(wantLong, ", ") + `]
`})
	r := runCLI(t, suiteArgs("run", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "features/f.feature:11: field $.l should equal [1,5,3,4], but it is [1,2,3]",
		"features/f.feature:21: field $.l differs from the expected value:\n  $.l[10]\n    want: 7\n    got:  (absent)")
	wantNotContains(t, r, "$.l[3]", "$.l[11]")
}
