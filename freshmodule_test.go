package scenario_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestFreshModule is a Go team's first hour: a module of its own (a replace
// directive to this checkout) with its own -update flag, a step of its own,
// a Go node and a Go tool. go test fails on the missing golden and names
// the command; go test -update writes it; go test then passes.
func TestFreshModule(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a module of its own")
	}
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Dir(file)
	dir := t.TempDir()
	write := func(name, content string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/agent\n\ngo 1.26\n\nrequire github.com/stateharness/scenario v0.0.0\n\nreplace github.com/stateharness/scenario => "+repo+"\n")
	write("agent_test.go", `package agent

import (
	"context"
	"errors"
	"flag"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario"
)

// the team's own -update flag, as goldie users have it
var update = flag.Bool("update", false, "rewrite golden files")

func TestFeatures(t *testing.T) {
	scenario.Run(t, scenario.Options{
		Nodes: map[string]scenario.NodeFunc{
			"triage": func(_ context.Context, s map[string]any) (map[string]any, error) {
				return map[string]any{"status": "triaged", "count": 1}, nil
			},
		},
		Tools: map[string]scenario.ToolFunc{
			"lookup": func(_ context.Context, args any) (any, error) {
				if args == nil {
					return nil, errors.New("no args")
				}
				return map[string]any{"found": true}, nil
			},
		},
		Steps: func(sc *godog.ScenarioContext) {
			sc.Step(`+"`"+`^the ticket is triaged$`+"`"+`, func(ctx context.Context) error {
				s, err := scenario.State(ctx)
				if err != nil {
					return err
				}
				if s["status"] != "triaged" {
					return errors.New("not triaged")
				}
				return nil
			})
		},
	})
}
`)
	write("features/ticket.feature", `Feature: Tickets
  Scenario: a ticket is triaged
    Given the state schema:
      | field    | type    | reducer  | default |
      | messages | array   | messages | []      |
      | status   | string  |          |         |
      | count    | integer | sum      | 0       |
    And an empty input state
    When node "triage" runs
    And tool "lookup" is called with:
      """json
      {"id": 7}
      """
    Then the ticket is triaged
    And the state should match the golden file
`)
	gotest := func(args ...string) (string, error) {
		cmd := exec.Command("go", append([]string{"test"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "SCENARIO_UPDATE=", "GOLDIE_UPDATE=")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := gotest("./...")
	if err == nil || !strings.Contains(out, "features/ticket.feature:") || !strings.Contains(out, "-update") {
		t.Fatalf("go test with the golden missing: err %v, want a failure naming the line and the -update command:\n%s", err, out)
	}
	if strings.Contains(out, "flag redefined") {
		t.Fatalf("the package clashes with the team's -update flag:\n%s", out)
	}
	if out, err := gotest("./...", "-update"); err != nil {
		t.Fatalf("go test -update: %v\n%s", err, out)
	}
	golden, err := os.ReadFile(filepath.Join(dir, "golden", "ticket", "a-ticket-is-triaged.json"))
	if err != nil {
		t.Fatalf("go test -update wrote no golden: %v", err)
	}
	if !strings.Contains(string(golden), `"status": "triaged"`) || !strings.Contains(string(golden), `\"found\":true`) {
		t.Fatalf("the golden holds the wrong state:\n%s", golden)
	}
	if out, err := gotest("./..."); err != nil {
		t.Fatalf("go test after -update: %v\n%s", err, out)
	}
}
