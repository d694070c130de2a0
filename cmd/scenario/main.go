// Command scenario runs a suite of state-graph scenarios: the same engine
// and steps as scenario.Run, for teams whose agents are not written in Go.
//
//	scenario [run] [paths...]   run the scenarios (default: features/)
//	scenario update [paths...]  run, rewriting missing or stale goldens
//
// Exit codes: 0 all passed, 1 a scenario failed, 2 the suite could not be
// loaded.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/suite"
)

// Exit codes of SPEC §13.
const (
	exitPassed = 0
	exitFailed = 1
	exitLoad   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type flags struct {
	root, profile, tags, format string
	noColor                     bool
}

// run is the whole CLI, returning the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	var f flags
	code := exitPassed
	runSuite := func(update bool) func(*cobra.Command, []string) error {
		return func(_ *cobra.Command, paths []string) error {
			code = execute(f, paths, update, stdout, stderr)
			return nil
		}
	}
	root := &cobra.Command{
		Use:           "scenario [command] [paths...]",
		Short:         "Scenario tests for agent state graphs",
		Long:          "scenario runs Gherkin scenarios that declare a state schema, an input, what nodes and tools returned,\nand the expected state, through a deterministic engine that merges like LangGraph, Dawn, Awaken or llmfy.",
		Args:          cobra.ArbitraryArgs,
		RunE:          runSuite(false),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	pf := root.PersistentFlags()
	pf.StringVar(&f.root, "root", ".", "suite root holding features/, golden/ and scenarios/")
	pf.StringVar(&f.profile, "profile", "", "default profile: langgraph, dawn, awaken or llmfy")
	pf.StringVar(&f.tags, "tags", "", "run scenarios matching a godog tag expression (@a && ~@b)")
	pf.StringVar(&f.format, "format", "", "godog formatters, comma-separated (pretty, progress, junit:FILE, cucumber:FILE); default pretty on a terminal, progress otherwise")
	pf.BoolVar(&f.noColor, "no-color", false, "plain output (also NO_COLOR)")
	root.AddCommand(
		&cobra.Command{Use: "run [paths...]", Short: "Run the scenarios (the default command)", RunE: runSuite(false)},
		&cobra.Command{Use: "update [paths...]", Short: "Run the scenarios, rewriting missing or stale golden files", RunE: runSuite(true)},
	)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.Execute(); err != nil {
		fmt.Fprintf(stderr, "scenario: %v\n", err)
		return exitLoad
	}
	return code
}

func execute(f flags, paths []string, update bool, stdout, stderr io.Writer) int {
	format := f.format
	if format == "" {
		format = "progress"
		if f, ok := stdout.(*os.File); ok && isTerminal(f) {
			format = "pretty"
		}
	}
	cfg := runner.Config{
		Root: f.root, Paths: paths, Tags: f.tags, Format: format,
		NoColor: f.noColor || os.Getenv("NO_COLOR") != "", Update: update, Profile: f.profile,
		Accept: acceptCommand(f.root), Output: stdout,
	}
	res, err := runner.Run(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "scenario: %v\n", err)
		return exitLoad
	}
	for _, w := range res.Goldens.Written() {
		fmt.Fprintf(stdout, "updated %s\n", w)
	}
	switch res.Status {
	case 0:
		return exitPassed
	case 1:
		return exitFailed
	}
	return exitLoad
}

// acceptCommand renders the command that rewrites one scenario's goldens,
// spelled the way this binary was started.
func acceptCommand(root string) func(*suite.Scenario) string {
	self := "scenario"
	if exe := os.Args[0]; strings.Contains(exe, string(filepath.Separator)+"go-build") {
		self = "go run ./cmd/scenario"
	}
	rootFlag := ""
	if root != "." && root != "" {
		rootFlag = " --root " + quote(root)
	}
	return func(s *suite.Scenario) string {
		return self + " update" + rootFlag + " " + quote(s.Feature+":"+strconv.Itoa(s.Line))
	}
}

// quote makes s one shell word: as it is when every character is safe,
// else in single quotes.
func quote(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./:=@%+,-", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
