package goldenfile

import (
	"strings"
	"testing"
)

func TestProblemsOfTheLog(t *testing.T) {
	var log Log
	log.record("golden/a/m.json", Missing)
	log.record("golden/a/s.json", Stale)
	log.record("golden/a/ok.json", Same)
	p := ProblemsOf(&log, []string{"golden/a/o.json"}, nil)
	p.FixMissing, p.FixStale, p.FixOrphans = "scenario update", "scenario update", "scenario prune"
	if p.Clean() {
		t.Fatal("problems are clean")
	}
	var b strings.Builder
	p.Write(&b)
	for _, want := range []string{
		"missing golden files (1):\n  golden/a/m.json\nfix: scenario update\n",
		"stale golden files (1):\n  golden/a/s.json\nfix: review the differences above, then scenario update\n",
		"orphan golden files, referenced by no scenario (1):\n  golden/a/o.json\nfix: scenario prune\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the problems do not say\n%s\nthey say\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "temporary files") || strings.Contains(b.String(), "ok.json") {
		t.Errorf("the problems list what is fine:\n%s", b.String())
	}
}

func TestCoverageSaysWhyOrphansWereNotChecked(t *testing.T) {
	for c, want := range map[Coverage]string{
		{Filtered: "tags", Passed: true}:      "orphan golden files were not checked: the run was filtered by tags",
		{Passed: true}:                        "orphan golden files were not checked: scenarios were skipped",
		{}:                                    "orphan golden files were not checked: scenarios failed",
		{Passed: true, OrphansChecked: true}:  "",
		{Passed: false, OrphansChecked: true}: "",
	} {
		if got := c.Unchecked(); got != want {
			t.Errorf("%+v: %q, want %q", c, got, want)
		}
	}
	if got := (Coverage{Passed: true, OrphansChecked: true}).Clean(); got != "check: all scenarios pass and every golden file is current" {
		t.Errorf("a whole clean check says %q", got)
	}
}
