package record

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/runner"
)

// checkSuite runs scenario check on the suite at dir (built-in engine)
// and fails unless every scenario passes and no golden file is an orphan.
func checkSuite(t *testing.T, dir string) {
	t.Helper()
	var out bytes.Buffer
	res, err := runner.Run(runner.Config{Root: dir, Check: true, Runtime: "builtin", Format: "progress", NoColor: true, Output: &out})
	if err != nil || res.Status != 0 || len(res.Orphans) > 0 {
		t.Fatalf("check: %v %+v\n%s", err, res, out.String())
	}
}

const chatSchema = `{"fields": {"log": {"type": "array", "reducer": "append"}, "n": {"type": "integer"}}}`

// A feature whose Background gives the profile and the schema: the
// recorded scenario gives neither again (a second schema would fail the
// scenario), its replay takes the Background's, and the suite passes.
func TestRecordTakesTheBackground(t *testing.T) {
	for _, tc := range []struct{ name, background string }{
		{"a schema file", "    Given the \"langgraph\" profile\n    And the state schema from \"schema.json\"\n"},
		{"a schema docstring", "    Given the \"langgraph\" profile\n    And the state schema:\n      \"\"\"json\n      " + chatSchema + "\n      \"\"\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			existing := "Feature: mine\n\n  Background:\n" + tc.background + "\n  Scenario: kept\n    Given an empty input state\n"
			dir, _, err := record(t, chatRun, map[string]string{"features/recorded/run.feature": existing, "schema.json": chatSchema}, nil)
			if err != nil {
				t.Fatal(err)
			}
			f := read(t, dir, "features/recorded/run.feature")
			added := strings.TrimPrefix(f, existing)
			if strings.Contains(added, "schema") || strings.Contains(added, "profile") || !strings.Contains(added, "    Given the input state:\n") {
				t.Errorf("want the scenario without the Background's profile and schema:\n%s", added)
			}
			checkSuite(t, dir)
		})
	}
}

// What conflicts with the Background, or a Background step record cannot
// take, is refused naming the Background's line; nothing is written.
func TestRecordRefusesWhatTheBackgroundContradicts(t *testing.T) {
	for _, tc := range []struct {
		name, background string
		edit             func(*Options)
		want             string
	}{
		{"another schema", "    Given the state schema from \"schema.json\"\n", func(o *Options) { o.Schema = "other.json" },
			`features/recorded/run.feature:4: the Background gives every scenario of features/recorded/run.feature the schema from "schema.json", and a scenario declares one schema: record without --schema other.json`},
		{"another profile", "    Given the \"langgraph-py\" profile\n", func(o *Options) { o.Profile = "langgraph" },
			`features/recorded/run.feature:4: the Background gives every scenario of features/recorded/run.feature the "langgraph-py" profile, and --profile records the run under the "langgraph" profile: record with --profile langgraph-py`},
		{"an input", "    Given the \"langgraph\" profile\n    And an empty input state\n", nil,
			"features/recorded/run.feature:5: the Background's step `And an empty input state` runs before every scenario"},
		{"a graph", "    Given the graph from \"g.mjs:graph\"\n", nil,
			`features/recorded/run.feature:4: the Background runs every scenario of features/recorded/run.feature on the graph "g.mjs:graph", and the run was not replayed on it`},
		{"a schema the run contradicts", "    Given the state schema:\n      \"\"\"json\n      {\"fields\": {\"log\": {\"type\": \"array\"}, \"n\": {\"type\": \"integer\"}}}\n      \"\"\"\n", nil,
			"replayed with the schema that the Background gives (features/recorded/run.feature:4): "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			existing := "Feature: mine\n\n  Background:\n" + tc.background + "\n  Scenario: kept\n    Given an empty input state\n"
			files := map[string]string{"features/recorded/run.feature": existing, "schema.json": chatSchema, "other.json": chatSchema}
			dir, _, err := record(t, chatRun, files, tc.edit)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("want an error with %q, got %v", tc.want, err)
			}
			if got := read(t, dir, "features/recorded/run.feature"); got != existing {
				t.Errorf("the feature file changed:\n%s", got)
			}
			if _, err := os.Stat(dir + "/golden"); err == nil {
				t.Error("golden/ was written")
			}
		})
	}
}

// A feature in another Gherkin language (# language: fr) gets its
// scenario in that language, its Background taken as in English, and the
// suite passes; its scenarios' names are known in it too.
func TestRecordWritesTheFeaturesLanguage(t *testing.T) {
	existing := "# language: fr\nFonctionnalité: la mienne\n\n  Contexte:\n    Soit the state schema from \"schema.json\"\n\n  Scénario: gardé\n    Soit an empty input state\n"
	dir, _, err := record(t, chatRun, map[string]string{"features/recorded/run.feature": existing, "schema.json": chatSchema},
		func(o *Options) { o.EveryStep = true })
	if err != nil {
		t.Fatal(err)
	}
	added := strings.TrimPrefix(read(t, dir, "features/recorded/run.feature"), existing)
	for _, want := range []string{"  Exemple: a run\n", "    Soit the input state:\n", "    Quand node \"a\" returns:\n",
		"    Quand these nodes run in one step:\n", "    Alors the state should equal:\n", "    Alors the state should match the golden file\n"} {
		if !strings.Contains(added, want) {
			t.Errorf("want %q in:\n%s", want, added)
		}
	}
	checkSuite(t, dir)

	_, _, err = record(t, chatRun, map[string]string{"features/recorded/run.feature": "# language: fr\nFonctionnalité: x\n\n  Scénario: a run\n    Soit an empty input state\n"}, nil)
	if err == nil || !strings.Contains(err.Error(), `already has a scenario "a run"`) {
		t.Errorf("want the name taken, got %v", err)
	}
}

// A feature file that starts with a byte-order mark loads, so record
// appends to it.
func TestRecordFeatureWithByteOrderMark(t *testing.T) {
	existing := "\uFEFFFeature: mine\n\n  Scenario: kept\n    Given an empty input state\n"
	dir, _, err := record(t, chatRun, map[string]string{"features/recorded/run.feature": existing}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSuite(t, dir)
}

// The Background's profile wins over the suite's default (scenario.yaml's),
// as it does when the suite runs; the scenario does not name it again.
func TestRecordBackgroundProfileOverTheDefault(t *testing.T) {
	existing := "Feature: mine\n\n  Background:\n    Given the \"langgraph-py\" profile\n\n  Scenario: kept\n    Given an empty input state\n"
	dir, _, err := record(t, chatRun, map[string]string{"features/recorded/run.feature": existing}, func(o *Options) { o.DefaultProfile = "langgraph" })
	if err != nil {
		t.Fatal(err)
	}
	if added := strings.TrimPrefix(read(t, dir, "features/recorded/run.feature"), existing); strings.Contains(added, "profile\"") || strings.Contains(added, " profile\n") {
		t.Errorf("the scenario names a profile:\n%s", added)
	}
	checkSuite(t, dir)
	// without a Background, the default is written, as before
	dir, _, err = record(t, chatRun, nil, func(o *Options) { o.DefaultProfile = "langgraph" })
	if err != nil {
		t.Fatal(err)
	}
	if f := read(t, dir, "features/recorded/run.feature"); !strings.Contains(f, "    Given the \"langgraph\" profile\n") {
		t.Errorf("want the default profile written:\n%s", f)
	}
}
