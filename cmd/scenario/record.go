package main

import (
	"fmt"
	"io"
	"os"
	"path"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/stateharness/scenario/internal/record"
	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/suite"
	"github.com/stateharness/scenario/runtimes"
)

// recordCommand is `scenario record [flags] RUN` (SPEC §16).
func recordCommand(f *flags, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	var feature, name, schema, input string
	var everyStep bool
	cmd := &cobra.Command{
		Use:   "record RUN",
		Short: "Turn a real run (JSON lines [mode, chunk] streamed with the modes updates and values; - for stdin) into a scenario and its golden file",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.rootSet = cmd.Flags().Changed("root")
			// --feature, --schema and --input are written from the current
			// directory, like the paths of every command
			given := []*string{&feature, &schema, &input}
			var paths []string
			for _, p := range given {
				if *p != "" {
					paths = append(paths, *p)
				}
			}
			root, rel, err := suiteRoot(f.root, f.rootSet, paths)
			if err != nil {
				return err
			}
			for _, p := range given {
				if *p != "" {
					*p, rel = rel[0], rel[1:]
				}
			}
			fc, err := runner.ReadConfigFile(root)
			if err != nil {
				return err
			}
			layout := suite.Layout{Features: orDefault(fc.Features, "features"), Golden: orDefault(fc.Golden, "golden")}
			runName := args[0]
			var in io.Reader = stdin
			if runName != "-" {
				file, err := os.Open(runName)
				if err != nil {
					return err
				}
				defer file.Close()
				if info, err := file.Stat(); err == nil && !info.Mode().IsRegular() {
					return fmt.Errorf("%s is not a regular file", runName)
				}
				in = file
			}
			base := strings.TrimSuffix(path.Base(strings.ReplaceAll(runName, "\\", "/")), path.Ext(runName))
			if runName == "-" {
				base = "stdin"
			}
			if feature == "" {
				feature = path.Join(layout.Features, "recorded", base+".feature")
			}
			if name == "" {
				name = strings.NewReplacer("_", " ", "-", " ").Replace(base)
			}
			profile := f.profile
			if profile == "" {
				profile = fc.Profile
			}
			list := f.runtime
			if list == "" {
				list = fc.Runtime
			}
			timeout := time.Duration(fc.RuntimeTimeout)
			if f.runtimeTimeout != "" {
				if timeout, err = runner.ParseTimeout(f.runtimeTimeout); err != nil {
					return fmt.Errorf("--runtime-timeout: %w", err)
				}
			}
			from := "--runtime"
			if f.runtime == "" {
				from = "scenario.yaml's runtime:"
			}
			rts, procs, err := runtimes.Start(list, from, runtimes.Settings{Root: root, Timeout: timeout, Python: fc.Python})
			if err != nil {
				return err
			}
			defer procs.Stop()
			// ^C stops the runtime processes too (they run in process
			// groups of their own); nothing is written after it
			release := runner.WatchInterrupts(procs.Kill, len(procs))
			defer release()
			res, err := record.Record(record.Options{
				Root: root, Layout: layout, RunName: runName, Run: in,
				Feature: feature, Name: name, Schema: schema, Input: input,
				Profile: profile, Runtimes: rts, EveryStep: everyStep,
			})
			if err != nil {
				return fmt.Errorf("record: %w", err)
			}
			for _, w := range res.Warnings {
				fmt.Fprintln(stderr, "warning:", w)
			}
			fmt.Fprintf(stdout, "recorded %q (%d steps) in %s, golden %s\n", name, res.Steps, res.Feature, res.Golden)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&feature, "feature", "", "the feature file to append the scenario to (default features/recorded/<RUN's base name>.feature)")
	fl.StringVar(&name, "name", "", "the scenario's name (default from RUN's file name)")
	fl.StringVar(&schema, "schema", "", "the state schema file (JSON Schema, YAML or JSON) under the root; default: inferred from the run")
	fl.StringVar(&input, "input", "", "a file holding the input state; default: the run's first values chunk")
	fl.BoolVar(&everyStep, "every-step", false, "after each step, assert the state the run recorded")
	return cmd
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
