package scenario_test

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stateharness/scenario"
)

// shardSuite is a suite of plain scenarios and outline rows, 12 in all.
func shardSuite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("Feature: shards\n")
	for i := 1; i <= 4; i++ {
		fmt.Fprintf(&b, "\n  Scenario: plain %d\n    Given the state schema:\n      | field | type    |\n      | n     | integer |\n    And the input state:\n      \"\"\"json\n      {\"n\": %d}\n      \"\"\"\n    Then field \"n\" should equal %d\n", i, i, i)
	}
	b.WriteString("\n  Scenario Outline: row <n>\n    Given the state schema:\n      | field | type    |\n      | n     | integer |\n    And the input state:\n      \"\"\"json\n      {\"n\": <n>}\n      \"\"\"\n    Then field \"n\" should equal <n>\n\n    Examples:\n      | n |\n")
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&b, "      | %d |\n", i)
	}
	if err := os.MkdirAll(filepath.Join(dir, "features"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "features", "shards.feature"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// shardRun runs the suite under go test and returns the names of the
// JUnit report's testcases.
func shardRun(t *testing.T, root string, opts scenario.Options) []string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "junit.xml")
	opts.Root, opts.Format = root, "junit:"+file
	t.Run("suite", func(t *testing.T) { scenario.Run(t, opts) })
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Suites []struct {
			Cases []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range rep.Suites {
		for _, c := range s.Cases {
			names = append(names, c.Name)
		}
	}
	return names
}

var shardVariables = []string{"TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE",
	"CIRCLE_NODE_TOTAL", "CIRCLE_NODE_INDEX", "BUILDKITE_PARALLEL_JOB_COUNT", "BUILDKITE_PARALLEL_JOB", "CI_NODE_TOTAL", "CI_NODE_INDEX"}

// TestRunShardsByEveryCIConvention: under go test, each CI's variables
// choose the part scenario.Run runs, outline rows on their own, and the
// parts cover the suite once; Options.Shard wins over the variables.
func TestRunShardsByEveryCIConvention(t *testing.T) {
	root := shardSuite(t)
	for _, v := range shardVariables {
		t.Setenv(v, "")
	}
	whole := shardRun(t, root, scenario.Options{})
	if len(whole) != 12 {
		t.Fatalf("the whole suite ran %d scenarios, want 12", len(whole))
	}
	for _, c := range []struct {
		name, total, index string
		base               int
	}{
		{"Bazel", "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", 0},
		{"CircleCI", "CIRCLE_NODE_TOTAL", "CIRCLE_NODE_INDEX", 0},
		{"Buildkite", "BUILDKITE_PARALLEL_JOB_COUNT", "BUILDKITE_PARALLEL_JOB", 0},
		{"GitLab", "CI_NODE_TOTAL", "CI_NODE_INDEX", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for i := c.base; i < c.base+3; i++ {
				t.Setenv(c.total, "3")
				t.Setenv(c.index, fmt.Sprint(i))
				names := shardRun(t, root, scenario.Options{})
				if len(names) != 4 {
					t.Errorf("%s=%d ran %d scenarios, want 4 of 12", c.index, i, len(names))
				}
				got = append(got, names...)
			}
			slices.Sort(got)
			if want := slices.Sorted(slices.Values(whole)); !slices.Equal(got, want) {
				t.Errorf("the parts ran %v, want each of %v once", got, want)
			}
			// an explicit shard wins
			if names := shardRun(t, root, scenario.Options{Shard: "1/2"}); len(names) != 6 {
				t.Errorf("Options.Shard 1/2 beside %s's variables ran %d scenarios, want 6", c.name, len(names))
			}
			t.Setenv(c.total, "")
			t.Setenv(c.index, "")
		})
	}
}
