package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The harness deletes and writes only golden files it owns: these tests
// give prune and update every chance to touch something else.

// goldenFeature is a feature of one scenario, named name, asserting its
// state golden.
func goldenFeature(name string) string {
	return "Feature: " + name + "\n\n  Scenario: " + name + "\n    Given the input state:\n      \"\"\"json\n      {\"n\": 1}\n      \"\"\"\n    Then the state should match the golden file\n"
}

// wantFile fails unless the file under dir still holds content.
func wantFile(t *testing.T, dir, rel, content string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	if string(data) != content {
		t.Fatalf("%s was changed: %q, want %q", rel, data, content)
	}
}

func TestPruneOfAFeatureFileKeepsTheGoldensOfItsSameNamedDirectory(t *testing.T) {
	dir := newSuite(t, map[string]string{
		"features/checkout.feature":      goldenFeature("first"),
		"features/checkout/card.feature": goldenFeature("second"),
	})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	second, _ := os.ReadFile(filepath.Join(dir, "golden", "checkout", "card", "second.json"))
	writeFiles(t, dir, map[string]string{"golden/checkout/renamed.json": "{}\n"})

	r := runCLI(t, suiteArgs("check", dir, "features/checkout.feature")...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "orphan golden files, referenced by no scenario (1):", "golden/checkout/renamed.json")
	if strings.Contains(r.all(), "second.json") {
		t.Errorf("check of checkout.feature calls the golden of checkout/card.feature an orphan:\n%s", r.all())
	}
	r = runCLI(t, suiteArgs("prune", dir, "features/checkout.feature")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "deleted golden/checkout/renamed.json")
	wantFile(t, dir, "golden/checkout/card/second.json", string(second))
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
}

func TestPruneDeletesOnlyFilesNamedAsGoldens(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/a.feature": goldenFeature("one")})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	kept := map[string]string{
		"golden/a/Notes.json":   "{}\n", // upper case: no slug
		"golden/a/notes.txt":    "notes\n",
		"golden/a/one.json.bak": "{}\n",
		"golden/a/my_file.json": "{}\n",
		"golden/README.md":      "# goldens\n",
		"golden/a/.hidden.json": "{}\n",
		"golden/a/x.other.json": "{}\n",
	}
	writeFiles(t, dir, kept)
	writeFiles(t, dir, map[string]string{"golden/a/two-2.trace.json": "{}\n"})
	r := runCLI(t, suiteArgs("prune", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "deleted golden/a/two-2.trace.json")
	for rel, content := range kept {
		wantFile(t, dir, rel, content)
	}
}

func TestTheGoldenAndFeaturesDirectoriesMustBeTheirOwnInsideTheRoot(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"golden: .", `golden: "." is the suite root`},
		{"golden: ./", `golden: "./" is the suite root`},
		{"golden: scenarios", "is also the scenarios directory"},
		{"golden: features", "is also the features directory"},
		{"golden: ../", "leaves the suite root"},
		{"golden: ../elsewhere", "leaves the suite root"},
		{"golden: /tmp/golden", "is an absolute path"},
		{"features: .", `features: "." is the suite root`},
		{"features: spec\ngolden: spec/golden", `"spec" contains the golden directory "spec/golden"`},
		{"golden: data\nscenarios: data/inputs", `"data" contains the scenarios directory "data/inputs"`},
		{"features: /abs/features", "is an absolute path"},
	} {
		t.Run(tc.yaml, func(t *testing.T) {
			files := map[string]string{
				"scenario.yaml":             tc.yaml + "\n",
				"features/a.feature":        goldenFeature("one"),
				"spec/a.feature":            goldenFeature("one"),
				"package.json":              "{}\n",
				"scenarios/input.json":      "{\"n\": 1}\n",
				"data/inputs/input.json":    "{\"n\": 1}\n",
				"node_modules/x/index.json": "{}\n",
			}
			dir := newSuite(t, files)
			for _, cmd := range []string{"prune", "update", "check"} {
				r := runCLI(t, suiteArgs(cmd, dir)...)
				wantCode(t, r, exitLoad)
				wantContains(t, r, tc.want)
			}
			for rel, content := range files {
				wantFile(t, dir, rel, content)
			}
			if _, err := os.Stat(filepath.Join(dir, "golden")); err == nil {
				t.Error("a refused run wrote golden/")
			}
		})
	}
}

func TestCheckReportsTheTemporaryFilesOfAnInterruptedUpdateAndPruneRemovesThem(t *testing.T) {
	dir := newSuite(t, map[string]string{"features/a.feature": goldenFeature("one")})
	wantCode(t, runCLI(t, suiteArgs("update", dir)...), exitPassed)
	writeFiles(t, dir, map[string]string{"golden/a/.one.json.tmp-123456": "{\"n\""})
	r := runCLI(t, suiteArgs("check", dir)...)
	wantCode(t, r, exitFailed)
	wantContains(t, r, "temporary files left by an interrupted update (1):", "golden/a/.one.json.tmp-123456", "prune --root "+quote(dir))
	r = runCLI(t, suiteArgs("prune", dir)...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "removed golden/a/.one.json.tmp-123456")
	if _, err := os.Stat(filepath.Join(dir, "golden", "a", ".one.json.tmp-123456")); !os.IsNotExist(err) {
		t.Fatalf("the temporary file is still there: %v", err)
	}
	wantCode(t, runCLI(t, suiteArgs("check", dir)...), exitPassed)
}
