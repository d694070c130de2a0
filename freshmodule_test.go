package scenario_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/env"
)

// freshTest is a Go team's test file: its own -update flag, a step of its
// own, a Go node and a Go tool; TestBroken runs a suite whose own step fails
// and one of whose steps is undefined, only when BROKEN=1.
const freshTest = `package agent

import (
	"context"
	"errors"
	"flag"
	"os"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario"
)

// the team's own -update flag, as goldie users have it
var update = flag.Bool("update", false, "rewrite golden files")

var options = scenario.Options{
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
		sc.Step(` + "`" + `^the ticket is (\w+)$` + "`" + `, func(ctx context.Context, want string) error {
			s, err := scenario.State(ctx)
			if err != nil {
				return err
			}
			if s["status"] != want {
				return errors.New("the ticket is not " + want)
			}
			return nil
		})
	},
}

func TestFeatures(t *testing.T) {
	scenario.Run(t, options)
}

func TestBroken(t *testing.T) {
	if os.Getenv("BROKEN") == "" {
		t.Skip("BROKEN=1 runs it")
	}
	opts := options
	opts.Root = "broken"
	opts.Steps = func(sc *godog.ScenarioContext) {
		options.Steps(sc)
		// two patterns of the team's that match one text
		sc.Step(` + "`" + `^the ticket has priority (\w+)$` + "`" + `, func(string) error { return nil })
		sc.Step(` + "`" + `^the ticket has (\w+) high$` + "`" + `, func(string) error { return nil })
	}
	scenario.Run(t, opts)
}
`

const freshFeature = `Feature: Tickets
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
`

const brokenFeature = `Feature: Broken tickets
  Scenario: the team's step fails
    Given the state schema:
      | field  | type   |
      | status | string |
    And an empty input state
    When node "triage" runs
    Then the ticket is closed

  Scenario: a step nobody defined
    Given an empty input state
    When the ticket is escalated to a human

  Scenario: a step two patterns match
    Given an empty input state
    Then the ticket has priority high
`

// TestFreshModule is a Go team's first hour, with what a new module gets
// today: go mod tidy and a dependency bot's go get -u of godog pick the
// newest godog the module proxy serves (this checkout stands in for the
// harness through a replace directive). go test fails on the missing golden
// naming the step's line and the command; -update writes it; go test and
// the check mode (SCENARIO_CHECK=1) pass; an orphan golden fails the check
// mode and its printed fix mends it; the check mode writes nothing even
// with -update; the team's failing step and an undefined step are reported
// at their own lines, and so is a text two of the team's patterns match.
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
	write("agent_test.go", freshTest)
	write("features/ticket.feature", freshFeature)
	write("broken/features/broken.feature", brokenFeature)
	clean := []string{"SCENARIO_UPDATE=", "GOLDIE_UPDATE=", "SCENARIO_CHECK=", "BROKEN=", "GOFLAGS="}
	goCmd := func(extraEnv []string, args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), clean...), extraEnv...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	// what a new module gets: the newest godog
	newest, err := goCmd(nil, "list", "-m", "-f", "{{.Version}}", "github.com/cucumber/godog@latest")
	if err != nil {
		if env.On("SCENARIO_REQUIRE_NETWORK") {
			t.Fatalf("SCENARIO_REQUIRE_NETWORK is set and the Go module proxy cannot be reached: %v\n%s", err, newest)
		}
		t.Skipf("the Go module proxy cannot be reached (SCENARIO_REQUIRE_NETWORK=1 fails instead): %s", strings.TrimSpace(newest))
	}
	newest = strings.TrimSpace(newest)
	for _, args := range [][]string{{"mod", "tidy"}, {"get", "-u", "github.com/cucumber/godog@latest"}, {"mod", "tidy"}} {
		if out, err := goCmd(nil, args...); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if got, err := goCmd(nil, "list", "-m", "-f", "{{.Version}}", "github.com/cucumber/godog"); err != nil || strings.TrimSpace(got) != newest {
		t.Fatalf("the module builds with godog %s (%v), want the newest, %s", strings.TrimSpace(got), err, newest)
	}
	t.Logf("godog %s", newest)

	gotest := func(extraEnv []string, args ...string) (string, error) {
		return goCmd(extraEnv, append([]string{"test", "-count=1"}, args...)...)
	}
	goldenPath := filepath.Join(dir, "golden", "ticket", "a-ticket-is-triaged.json")
	out, err := gotest(nil, "./...")
	if err == nil || !strings.Contains(out, "features/ticket.feature:15:") || !strings.Contains(out, "-update") {
		t.Fatalf("go test with the golden missing: err %v, want a failure naming the golden step's line and the -update command:\n%s", err, out)
	}
	if strings.Contains(out, "flag redefined") {
		t.Fatalf("the package clashes with the team's -update flag:\n%s", out)
	}
	if out, err := gotest([]string{"SCENARIO_CHECK=1"}, "./..."); err == nil || !strings.Contains(out, "missing golden files (1):") {
		t.Fatalf("SCENARIO_CHECK=1 go test with the golden missing: err %v, want the missing file listed:\n%s", err, out)
	}
	if _, err := os.Stat(goldenPath); err == nil {
		t.Fatal("the check mode wrote a golden file")
	}
	if out, err := gotest(nil, "./...", "-update"); err != nil {
		t.Fatalf("go test -update: %v\n%s", err, out)
	}
	golden, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("go test -update wrote no golden: %v", err)
	}
	if !strings.Contains(string(golden), `"status": "triaged"`) || !strings.Contains(string(golden), `\"found\":true`) {
		t.Fatalf("the golden holds the wrong state:\n%s", golden)
	}
	if out, err := gotest(nil, "./..."); err != nil {
		t.Fatalf("go test after -update: %v\n%s", err, out)
	}
	if out, err := gotest([]string{"SCENARIO_CHECK=1"}, "./..."); err != nil {
		t.Fatalf("SCENARIO_CHECK=1 go test after -update: %v\n%s", err, out)
	}

	// an orphan fails the check mode, which prints the fix; pasted, it mends
	write("golden/ticket/a-scenario-since-renamed.json", "{}\n")
	out, err = gotest([]string{"SCENARIO_CHECK=1"}, "./...")
	fix := regexp.MustCompile(`(?m)^\s*fix: (rm .*)$`).FindStringSubmatch(out)
	if err == nil || !strings.Contains(out, "orphan golden files, referenced by no scenario (1):") || fix == nil {
		t.Fatalf("SCENARIO_CHECK=1 go test with an orphan: err %v, want it listed with its fix:\n%s", err, out)
	}
	if out, err := goCmd(nil, "env", "GOMOD"); err != nil || strings.TrimSpace(out) != filepath.Join(dir, "go.mod") {
		t.Fatalf("go env GOMOD = %q, %v", out, err)
	}
	sh := exec.Command("sh", "-ec", fix[1])
	sh.Dir = dir // the module root, where go test commands are given
	if out, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("the printed fix %q: %v\n%s", fix[1], err, out)
	}
	if out, err := gotest([]string{"SCENARIO_CHECK=1"}, "./..."); err != nil {
		t.Fatalf("SCENARIO_CHECK=1 go test after the printed fix: %v\n%s", err, out)
	}
	// plain go test does not care for orphans
	write("golden/ticket/another-orphan.json", "{}\n")
	if out, err := gotest(nil, "./..."); err != nil {
		t.Fatalf("go test with an orphan: %v\n%s", err, out)
	}
	os.Remove(filepath.Join(dir, "golden", "ticket", "another-orphan.json"))

	// a stale golden: the check mode fails and writes nothing, even with -update
	stale := strings.Replace(string(golden), `"triaged"`, `"new"`, 1)
	write("golden/ticket/a-ticket-is-triaged.json", stale)
	out, err = gotest([]string{"SCENARIO_CHECK=1"}, "./...", "-update")
	if err == nil || !strings.Contains(out, "stale golden files (1):") {
		t.Fatalf("SCENARIO_CHECK=1 go test -update with a stale golden: err %v, want it listed:\n%s", err, out)
	}
	if now, _ := os.ReadFile(goldenPath); string(now) != stale {
		t.Fatal("the check mode rewrote a stale golden file")
	}

	// the team's failing step and an undefined step, each at its own line
	out, err = gotest([]string{"BROKEN=1"}, "-run", "TestBroken", "./...")
	for _, want := range []string{
		"features/broken.feature:8: the ticket is not closed",
		`features/broken.feature:12: undefined step "the ticket is escalated to a human"`,
		"features/broken.feature:16: ambiguous step",
	} {
		if err == nil || !strings.Contains(out, want) {
			t.Errorf("go test of the broken suite: err %v, want %q:\n%s", err, want, out)
		}
	}
}

// TestGoModuleAsTheReadmeSays runs every shell command of the README's "In
// your own Go module" as a user pastes it, in order, in a new module: the
// CLI comes in as a tool of the module (go get -tool), init scaffolds the
// suite, go test and go tool scenario check pass, and they still do after
// another go mod tidy, which keeps the tool line. The one addition is the
// replace directive that stands in for the unpublished module.
func TestGoModuleAsTheReadmeSays(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a module of its own")
	}
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Dir(file)
	readme, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	commands := sectionCommands(string(readme), "### In your own Go module")
	if len(commands) < 4 || !strings.HasPrefix(commands[0], "go get -tool ") {
		t.Fatalf("the README's section runs %q: want go get -tool first, then init, tidy and the checks", commands)
	}
	dir := t.TempDir()
	gomod := "module example.com/agent\n\ngo 1.26\n\nreplace github.com/stateharness/scenario => " + repo + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	// An unpublished module: proxy.golang.org answers "not found" for it,
	// which go get reads as "no version" and takes the replacement. A proxy
	// that answers otherwise (403) is followed by an empty one that says
	// not found; direct (git) is left out.
	out, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	var proxies []string
	for _, p := range strings.FieldsFunc(strings.TrimSpace(string(out)), func(r rune) bool { return r == ',' || r == '|' }) {
		if p != "direct" && p != "off" {
			proxies = append(proxies, p)
		}
	}
	proxies = append(proxies, "file://"+filepath.ToSlash(t.TempDir()))
	goEnv := append(os.Environ(), "SCENARIO_UPDATE=", "GOLDIE_UPDATE=", "SCENARIO_CHECK=", "GOFLAGS=",
		"GOPROXY="+strings.Join(proxies, "|"))
	run := func(line string) (string, error) {
		cmd := exec.Command("sh", "-ec", line)
		cmd.Dir = dir
		cmd.Env = goEnv
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run("go list -m -f '{{.Version}}' github.com/cucumber/godog@latest"); err != nil {
		if env.On("SCENARIO_REQUIRE_NETWORK") {
			t.Fatalf("SCENARIO_REQUIRE_NETWORK is set and the Go module proxy cannot be reached: %v\n%s", err, out)
		}
		t.Skipf("the Go module proxy cannot be reached (SCENARIO_REQUIRE_NETWORK=1 fails instead): %s", strings.TrimSpace(out))
	}
	for _, c := range commands {
		out, err := run(c)
		if err != nil {
			t.Fatalf("the README's %q: %v\n%s", c, err, out)
		}
		t.Logf("ran %s", c)
		if strings.HasPrefix(c, "go tool scenario init") && !strings.Contains(out, "\n  go tool scenario run\n") {
			t.Errorf("init run as a tool does not say to run the CLI as one:\n%s", out)
		}
	}
	for _, c := range []string{"go mod tidy", "go tool scenario check", "go test ./..."} {
		if out, err := run(c); err != nil {
			t.Fatalf("%q after the README's commands: %v\n%s", c, err, out)
		}
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^tool github\.com/stateharness/scenario/cmd/scenario$`).Match(mod) {
		t.Errorf("go mod tidy dropped the tool line:\n%s", mod)
	}
}

// sectionCommands lists the lines of the sh blocks of a markdown section
// (up to the next heading of any level), as a user pastes them.
func sectionCommands(markdown, heading string) []string {
	_, section, ok := strings.Cut(markdown, "\n"+heading+"\n")
	if !ok {
		return nil
	}
	if i := strings.Index(section, "\n#"); i >= 0 {
		section = section[:i]
	}
	var commands []string
	inSh := false
	for line := range strings.Lines(section) {
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "```"):
			inSh = !inSh && line == "```sh"
		case inSh && strings.TrimSpace(line) != "":
			commands = append(commands, line)
		}
	}
	return commands
}
