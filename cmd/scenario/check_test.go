package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// ciFeature builds a feature of n passing scenarios, each asserting its
// state golden.
func ciFeature(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Feature: %s\n", name)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `
  Scenario: %s %d
    Given the state schema:
      | field | type    |
      | n     | integer |
    And the input state:
      """json
      {"n": %d}
      """
    Then the state should match the golden file
`, name, i, i)
	}
	return b.String()
}

// ciSuite writes a suite of two features and accepts its goldens.
func ciSuite(t *testing.T) string {
	t.Helper()
	dir := newSuite(t, map[string]string{
		"features/alpha.feature":       ciFeature("alpha", 4),
		"features/nested/beta.feature": ciFeature("beta", 5),
	})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	return dir
}

func TestCheckPassesOnACleanSuite(t *testing.T) {
	dir := ciSuite(t)
	r := runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "every golden file is current")
}

func TestCheckFailsOnAStaleGoldenAndPrintsTheUpdateCommand(t *testing.T) {
	dir := ciSuite(t)
	stale := filepath.Join(dir, "golden", "alpha", "alpha-2.json")
	if err := os.WriteFile(stale, []byte("{\n  \"n\": 99\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "stale golden files (1):", "golden/alpha/alpha-2.json", " update --root "+quote(dir))
	if data, _ := os.ReadFile(stale); !strings.Contains(string(data), "99") {
		t.Error("check rewrote a golden file")
	}
}

func TestCheckFailsOnAMissingGolden(t *testing.T) {
	dir := ciSuite(t)
	if err := os.Remove(filepath.Join(dir, "golden", "nested", "beta", "beta-5.json")); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "missing golden files (1):", "golden/nested/beta/beta-5.json")
}

func TestCheckFailsOnAnOrphanAndPruneRemovesIt(t *testing.T) {
	dir := ciSuite(t)
	orphan := filepath.Join(dir, "golden", "alpha", "renamed-scenario.json")
	if err := os.WriteFile(orphan, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "orphan golden files", "golden/alpha/renamed-scenario.json", " prune --root "+quote(dir))

	// a filtered run cannot tell an orphan from a golden it left out
	r = runCLI(t, append(suiteArgs("prune", dir), "--tags", "@smoke")...)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "prune needs a run of the whole suite")
	if _, err := os.Stat(orphan); err != nil {
		t.Fatalf("prune after --tags deleted the orphan: %v", err)
	}

	r = runCLI(t, suiteArgs("prune", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "deleted golden/alpha/renamed-scenario.json")
	if _, err := os.Stat(orphan); !os.IsNotExist(err) {
		t.Fatalf("the orphan is still there: %v", err)
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
}

func TestPruneDeletesNothingWhenAScenarioFails(t *testing.T) {
	dir := ciSuite(t)
	if err := os.WriteFile(filepath.Join(dir, "golden", "alpha", "alpha-1.json"), []byte("{\"n\": 0}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	orphan := filepath.Join(dir, "golden", "old.json")
	if err := os.WriteFile(orphan, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, suiteArgs("prune", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "prune deleted nothing")
	if _, err := os.Stat(orphan); err != nil {
		t.Fatalf("prune deleted a golden after a failed run: %v", err)
	}
}

type junitReport struct {
	Suites []struct {
		Cases []struct {
			Name string `xml:"name,attr"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func TestJUnitReportHasOneTestcasePerScenario(t *testing.T) {
	dir := ciSuite(t)
	report := filepath.Join(t.TempDir(), "report.xml")
	args := []string{"--root", dir, "--no-color", "--format", "progress,junit:" + report}
	wantCode(t, runCLI(t, args...), exitPassed)
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep junitReport
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JUnit report is not valid XML: %v\n%s", err, data)
	}
	var names []string
	for _, s := range rep.Suites {
		for _, c := range s.Cases {
			names = append(names, c.Name)
		}
	}
	if len(names) != 9 {
		t.Fatalf("testcases = %d (%v), want one per scenario: 9", len(names), names)
	}
}

func TestShardsPartitionTheSuite(t *testing.T) {
	dir := ciSuite(t)
	seen := map[string]int{}
	for k := 1; k <= 3; k++ {
		report := filepath.Join(t.TempDir(), "shard.xml")
		args := []string{"--root", dir, "--no-color", "--format", "junit:" + report, "--shard", fmt.Sprintf("%d/3", k)}
		r := runCLI(t, args...)
		wantCode(t, r, exitPassed)
		data, err := os.ReadFile(report)
		if os.IsNotExist(err) && strings.Contains(r.out, "has no scenarios") {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var rep junitReport
		if err := xml.Unmarshal(data, &rep); err != nil {
			t.Fatal(err)
		}
		for _, s := range rep.Suites {
			for _, c := range s.Cases {
				seen[c.Name]++
			}
		}
	}
	var names []string
	for n, count := range seen {
		if count != 1 {
			t.Errorf("scenario %q ran in %d shards, want exactly one", n, count)
		}
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) != 9 {
		t.Errorf("the shards ran %d distinct scenarios (%v), want all 9", len(names), names)
	}
}

func TestAddingAScenarioMovesFewOthersAcrossShards(t *testing.T) {
	dir := ciSuite(t)
	shardOf := func() map[string]string {
		out := map[string]string{}
		for k := 1; k <= 3; k++ {
			report := filepath.Join(t.TempDir(), "s.xml")
			runCLI(t, "--root", dir, "--no-color", "--format", "junit:"+report, "--shard", fmt.Sprintf("%d/3", k))
			data, err := os.ReadFile(report)
			if err != nil {
				continue
			}
			var rep junitReport
			if err := xml.Unmarshal(data, &rep); err != nil {
				t.Fatal(err)
			}
			for _, s := range rep.Suites {
				for _, c := range s.Cases {
					out[c.Name] = fmt.Sprint(k)
				}
			}
		}
		return out
	}
	before := shardOf()
	writeFiles(t, dir, map[string]string{"features/gamma.feature": ciFeature("gamma", 1)})
	wantCode(t, runCLI(t, suiteArgs("update", dir, "features/gamma.feature")...), exitPassed)
	after := shardOf()
	moved := 0
	for name, k := range before {
		if after[name] != k {
			moved++
		}
	}
	// the shards are runs of the scenarios in hash order: one more
	// scenario moves at most one across each of the 2 cuts
	if moved > 2 {
		t.Errorf("adding one scenario moved %d others to another shard, want at most 2", moved)
	}
}

func TestBadShardAndConfigExit2(t *testing.T) {
	dir := ciSuite(t)
	r := runCLI(t, append(suiteArgs("", dir), "--shard", "4/3")...)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "expected K/N")
	writeFiles(t, dir, map[string]string{"scenario.yaml": "profil: dawn\n"})
	r = runCLI(t, suiteArgs("", dir)...)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "scenario.yaml", "profil")
}

func TestScenarioYAMLSetsTheDefaultProfile(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"scenario.yaml": "profile: awaken\n",
		"features/a.feature": `Feature: A
  Scenario: awaken rejects unknown keys
    Given the state schema:
      | field |
      | a     |
    And the input state:
      """json
      {"b": 1}
      """
    Then the step should fail with "UNKNOWN_KEY"
`,
	})
	wantCode(t, runCLI(t, suiteArgs("", dir)...), exitPassed)
	// a flag overrides the file
	wantCode(t, runCLI(t, append(suiteArgs("", dir), "--profile", "langgraph")...), exitFailed)
}

func TestStepsListsTheVocabulary(t *testing.T) {
	r := runCLI(t, "steps")
	wantCode(t, r, exitPassed)
	wantContains(t, r, `node "<text>" returns:   + docstring`, `the state should match the golden file`, `these nodes run in one step:   + docstring or table`)
}

// scenario.yaml's profile, as init writes it, and --profile are defaults:
// a scenario's own choice, by its step or its schema's profile:, wins over
// both (init's comment: "a scenario picks its own").
func TestAScenarioChoosesItsOwnProfileOverScenarioYAML(t *testing.T) {
	dir := t.TempDir()
	if err := runInit(dir, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"features/a.feature": `Feature: A
  Scenario: a scenario that wants dawn has its implicit messages
    Given the "dawn" profile
    And an empty input state
    Then field "messages" should equal []

  Scenario: a schema that says awaken refuses an unknown key
    Given the state schema:
      """yaml
      profile: awaken
      fields: {a: {type: integer}}
      """
    And the input state:
      """json
      {"b": 1}
      """
    Then the step should fail with "UNKNOWN_KEY"

  Scenario: a scenario that chooses none takes the default
    Given the state schema:
      | field |
      | a     |
    And the input state:
      """json
      {"b": 1}
      """
    Then field "b" should be absent
`})
	conf, err := os.ReadFile(filepath.Join(dir, "scenario.yaml"))
	if err != nil || !strings.Contains(string(conf), "\nprofile: langgraph ") {
		t.Fatalf("init's scenario.yaml names no langgraph profile (%v):\n%s", err, conf)
	}
	r := runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "4 scenarios (4 passed)")
	// the flag is a default too: the scenarios that choose keep theirs
	r = runCLI(t, append(suiteArgs("run", dir), "--profile", "awaken")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "4 scenarios (3 passed, 1 failed)", `features/a.feature:23: UNKNOWN_KEY`)
}

func TestScenarioYAMLSetsTheIDPrefix(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"scenario.yaml": "id_prefix: msg-\n",
		"features/a.feature": `Feature: A
  Scenario: generated ids take the prefix
    Given the state schema:
      | field    | reducer  | default |
      | messages | messages | []      |
    And the input state:
      """json
      {"messages": ["hi"]}
      """
    Then field "messages[0].id" should equal "msg-1"
`,
	})
	wantCode(t, runCLI(t, suiteArgs("", dir)...), exitPassed)
}

func TestRunHonoursSCENARIO_UPDATE(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/a.feature": ciFeature("a", 1)})
	t.Setenv("SCENARIO_UPDATE", "1")
	wantCode(t, runCLI(t, suiteArgs("", dir)...), exitPassed)
	if _, err := os.Stat(filepath.Join(dir, "golden", "a", "a-1.json")); err != nil {
		t.Fatalf("SCENARIO_UPDATE=1 did not write the golden: %v", err)
	}
	// check never writes, whatever the environment says
	if err := os.Remove(filepath.Join(dir, "golden", "a", "a-1.json")); err != nil {
		t.Fatal(err)
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitFailed)
}
