package runner

import (
	"strings"
	"testing"
)

// TestALongFeatureLineIsALoadErrorOnEveryPath runs a feature with a line
// over the parser's limit the ways a run may load it: parsed once by godog
// (the default), parsed by the loader first (--tags), and under go test's
// subtests; each is a load error naming the line, never the parser's panic.
func TestALongFeatureLineIsALoadErrorOnEveryPath(t *testing.T) {
	feature := "Feature: long\n\n  @a\n  Scenario: s\n    Given the input state:\n      \"\"\"json\n      {\"v\": \"" + strings.Repeat("x", 70000) + "\"}\n      \"\"\"\n"
	for name, cfg := range map[string]Config{
		"parse once": {},
		"tags":       {Tags: "@a"},
		"go test":    {T: t},
	} {
		root := t.TempDir()
		writeSuite(t, root, map[string]string{"features/long.feature": feature})
		cfg.Root, cfg.Output = root, &strings.Builder{}
		_, err := Run(cfg)
		if err == nil || !strings.Contains(err.Error(), "features/long.feature:7: the line is") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestAByteOrderMarkDoesNotStopAFeature(t *testing.T) {
	feature := "\uFEFFFeature: bom\n\n  @a\n  Scenario: s\n    Given an empty input state\n    Then the state should equal:\n      \"\"\"\n      {}\n      \"\"\"\n"
	for name, cfg := range map[string]Config{"parse once": {}, "tags": {Tags: "@a"}} {
		root := t.TempDir()
		writeSuite(t, root, map[string]string{"features/bom.feature": feature})
		cfg.Root, cfg.Output = root, &strings.Builder{}
		res, err := Run(cfg)
		if err != nil || res.Status != 0 || len(res.Index.Order) != 1 {
			t.Errorf("%s: %v, %+v", name, err, res)
		}
	}
}

// FuzzConfigFile reads any scenario.yaml and resolves a run from it: a bad
// file is an error naming it, never a panic.
func FuzzConfigFile(f *testing.F) {
	f.Add("profile: dawn\nfeatures: features\ngolden: golden\n")
	f.Add("golden: .\n")
	f.Add("golden: ../x\nscenarios: /abs\n")
	f.Add("features: [a]\n")
	f.Add("a: &a [*a]\n")
	f.Fuzz(func(t *testing.T, text string) {
		root := t.TempDir()
		writeSuite(t, root, map[string]string{ConfigFile: text})
		if _, err := ReadConfigFile(root); err != nil {
			return
		}
		_, _ = resolve(Config{Root: root, Output: &strings.Builder{}})
	})
}
