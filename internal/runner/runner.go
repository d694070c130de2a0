// Package runner runs a suite's features through godog with the step
// library. The CLI and scenario.Run both call Run, so they behave alike.
package runner

import (
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/suite"
	"github.com/stateharness/scenario/steps"
)

// Config is one run of a suite.
type Config struct {
	Root      string   // the suite root ("." by default)
	Paths     []string // feature files, directories, file.feature:LINE; default the features directory
	Features  string   // default "features"
	Golden    string   // default "golden"
	Scenarios string   // default "scenarios"
	Tags      string
	Format    string // godog formatters; default "progress"
	NoColor   bool
	Update    bool
	Profile   string
	Reducers  map[string]engine.ReducerFunc
	// Concurrency is how many scenarios run at once (default 1).
	Concurrency int
	// Accept renders the command that accepts a golden change.
	Accept func(*suite.Scenario) string
	// T runs each scenario as a subtest of T (go test); nil for the CLI.
	T      *testing.T
	Output io.Writer
}

// Result is what a run did.
type Result struct {
	// Status is godog's: 0 passed, 1 failed, 2 could not run.
	Status  int
	Goldens *steps.GoldenLog
	Index   *suite.Index
}

// Run loads the suite and runs it. A suite that cannot be loaded returns an
// error (the CLI's exit code 2).
func Run(cfg Config) (*Result, error) {
	if cfg.Root == "" {
		cfg.Root = "."
	}
	if cfg.Features == "" {
		cfg.Features = "features"
	}
	if cfg.Golden == "" {
		cfg.Golden = "golden"
	}
	if cfg.Scenarios == "" {
		cfg.Scenarios = "scenarios"
	}
	if cfg.Format == "" {
		cfg.Format = "progress"
	}
	if cfg.Output == nil {
		cfg.Output = os.Stdout
	}
	if cfg.Profile != "" {
		if _, err := engine.New(nil, engine.Options{Profile: cfg.Profile}); err != nil {
			return nil, fmt.Errorf("--profile: %v", err)
		}
	}
	layout := suite.Layout{Features: cfg.Features, Golden: cfg.Golden}
	idx, err := suite.Load(cfg.Root, layout, cfg.Paths)
	if err != nil {
		return nil, err
	}
	if len(idx.Order) == 0 {
		return nil, fmt.Errorf("no scenarios found in %v under %s", orDefault(cfg.Paths, cfg.Features), cfg.Root)
	}
	log := &steps.GoldenLog{}
	sc := &steps.Config{
		Root: cfg.Root, Layout: layout, Scenarios: cfg.Scenarios, Index: idx,
		Update: cfg.Update, DefaultProfile: cfg.Profile, Reducers: cfg.Reducers,
		Accept: cfg.Accept, Goldens: log,
	}
	concurrency := cfg.Concurrency
	if concurrency < 1 {
		concurrency = 1
	}
	ts := godog.TestSuite{
		Name:                "scenario",
		ScenarioInitializer: steps.Initializer(sc),
		Options: &godog.Options{
			Format:      cfg.Format,
			Paths:       idx.Paths,
			FS:          os.DirFS(cfg.Root),
			Tags:        cfg.Tags,
			Strict:      true,
			NoColors:    cfg.NoColor,
			Concurrency: concurrency,
			Output:      cfg.Output,
			TestingT:    cfg.T,
		},
	}
	status := ts.Run()
	return &Result{Status: status, Goldens: log, Index: idx}, nil
}

func orDefault(paths []string, def string) []string {
	if len(paths) == 0 {
		return []string{def}
	}
	return paths
}
