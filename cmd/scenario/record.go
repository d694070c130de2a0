package main

import (
	"cmp"
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
	"github.com/stateharness/scenario/steps"
)

// recordCommand is `scenario record [flags] RUN`, `scenario record
// --graph MODULE:EXPORT --input FILE`, a whole-graph scenario of a real
// run of the graph (--steps: the live run's steps; docs/reference.md,
// scenario record), or
// `scenario record --graph MODULE:EXPORT RUN`, a run of that graph that
// the scenario runs on (docs/reference.md, scenario record).
func recordCommand(f *flags, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	var feature, name, schema, input, graph, resume string
	var everyStep, realTools, stepLevel bool
	cmd := &cobra.Command{
		Use: "record [RUN]",
		Example: "  scenario record runs/chat.jsonl                 # a run you streamed\n" +
			"  node run.mjs | scenario record --name chat -    # from stdin\n" +
			"  scenario record --graph src/graph.mjs:graph --input runs/refund.json  # run the graph, record a whole-graph scenario\n" +
			"  scenario record --graph src/graph.mjs:graph --input runs/refund.json --resume runs/yes.json  # through an interrupt\n" +
			"  scenario record --graph src/graph.mjs:graph runs/chat.jsonl           # a run of the graph, the scenario on the graph",
		Short: "Turn a real run (JSON lines [mode, chunk] streamed with the modes updates and values; - for stdin) into a scenario and its golden file, or run your graph and record a whole-graph scenario that replays it",
		Args: func(cmd *cobra.Command, args []string) error {
			if graph == "" && (resume != "" || realTools || stepLevel) {
				return fmt.Errorf("--resume, --real-tools and --steps record a run of your graph: give --graph MODULE:EXPORT --input FILE")
			}
			if graph == "" {
				if len(args) != 1 {
					return fmt.Errorf("record takes one RUN (a file of JSON lines [mode, chunk], - for stdin), or --graph MODULE:EXPORT --input FILE to run your graph; got %d arguments", len(args))
				}
				return nil
			}
			if len(args) > 1 {
				return fmt.Errorf("record --graph %s takes one RUN (a run of the graph you streamed), or none and --input FILE to run the graph; got %d arguments", graph, len(args))
			}
			if len(args) == 0 && input == "" {
				return fmt.Errorf("record --graph %s needs --input FILE, the input to run the graph on (or RUN, a run of it you streamed)", graph)
			}
			if len(args) == 0 && stepLevel && (resume != "" || realTools) {
				return fmt.Errorf("record --graph %s --steps records the run's supersteps as steps; --resume and --real-tools are for a whole-graph scenario (without --steps)", graph)
			}
			if len(args) == 1 && (resume != "" || realTools || stepLevel) {
				return fmt.Errorf("record --graph %s RUN records a streamed run; --resume, --real-tools and --steps are for a run the graph makes (--input FILE, no RUN)", graph)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			f.rootSet = cmd.Flags().Changed("root")
			module, export := "", ""
			if graph != "" {
				i := strings.LastIndexByte(graph, ':')
				if i <= 0 || i == len(graph)-1 {
					return fmt.Errorf("--graph %s: expected MODULE:EXPORT, as src/graph.mjs:graph or agent/graph.py:graph", graph)
				}
				module, export = graph[:i], graph[i+1:]
			}
			// --feature, --schema, --input and --graph's module are written
			// from the current directory, like the paths of every command
			given := []*string{&feature, &schema, &input, &module, &resume}
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
			layout := suite.Layout{Features: cmp.Or(fc.Features, "features"), Golden: cmp.Or(fc.Golden, "golden")}
			o := record.Options{
				Root: root, Layout: layout, Feature: feature, Name: name, Schema: schema, Input: input,
				Profile: f.profile, EveryStep: everyStep, Resume: resume, RealTools: realTools,
			}
			if o.Profile == "" && fc.Profile != "" {
				// scenario.yaml's profile is a default: a graph of another
				// language gives the scenario its own
				o.DefaultProfile = steps.GraphProfile(graph, fc.Profile)
			}
			timeout := time.Duration(fc.RuntimeTimeout)
			if f.runtimeTimeout != "" {
				if timeout, err = runner.ParseTimeout(f.runtimeTimeout); err != nil {
					return fmt.Errorf("--runtime-timeout: %w", err)
				}
			}
			python, err := pythonFlag(f.python)
			if err != nil {
				return err
			}
			settings := runtimes.Settings{Root: root, Timeout: timeout, Python: cmp.Or(python, fc.Python)}
			var base string
			var streamer runtimes.Processes
			if graph != "" {
				o.Graph = module + ":" + export
				if streamer, err = startStreamer(&o, settings); err != nil {
					return err
				}
				defer streamer.Stop()
			}
			if graph != "" && len(args) == 0 && stepLevel {
				// a feature a graph, a scenario an input, its steps what
				// the graph's stream gave
				base = baseName(module)
				o.Name = cmp.Or(o.Name, spaced(baseName(input)))
			} else if graph != "" && len(args) == 0 {
				// a feature a graph, a scenario an input: a whole-graph
				// scenario of the run the graph makes, replayed on a copy
				// of the suite before anything is written
				base = baseName(module)
				o.Name = cmp.Or(o.Name, spaced(baseName(input)))
				o.Feature = cmp.Or(o.Feature, path.Join(layout.Features, "recorded", base+".feature"))
				capturer, ok := streamer[0].Runtime.(record.Capturer)
				if !ok {
					return fmt.Errorf("--graph %s: %s cannot capture a run of the graph", o.Graph, streamer[0].Runtime.Name())
				}
				o.Whole, o.Capturer = true, capturer
				// the replay runs on the runtime that loads the graph
				o.ReplayRuntime, o.ReplayPython, o.ReplayTimeout = streamer[0].Runtime.Name(), python, timeout
				release := runner.WatchInterrupts(streamer.Kill, len(streamer))
				defer release()
				res, err := record.Record(o)
				if err != nil {
					return fmt.Errorf("record: %w", err)
				}
				fmt.Fprintf(stdout, "recorded %q (%d supersteps) in %s, golden %s and %s; replayed green\n", o.Name, res.Steps, res.Feature, res.Golden, res.Trace)
				return nil
			} else {
				o.RunName = args[0]
				o.Run = stdin
				base = "stdin"
				if o.RunName != "-" {
					file, err := os.Open(o.RunName)
					if err != nil {
						return err
					}
					defer file.Close()
					if info, err := file.Stat(); err == nil && !info.Mode().IsRegular() {
						return fmt.Errorf("%s is not a regular file", o.RunName)
					}
					o.Run, base = file, baseName(o.RunName)
				}
			}
			o.Feature = cmp.Or(o.Feature, path.Join(layout.Features, "recorded", base+".feature"))
			o.Name = cmp.Or(o.Name, spaced(base))

			list, from := f.runtime, "--runtime"
			if list == "" {
				list, from = fc.Runtime, "scenario.yaml's runtime:"
			}
			rts, procs, err := runtimes.Start(list, from, settings)
			if err != nil {
				return err
			}
			defer procs.Stop()
			// ^C stops the runtime processes too (they run in process
			// groups of their own); nothing is written after it
			all := append(append(runtimes.Processes(nil), streamer...), procs...)
			release := runner.WatchInterrupts(all.Kill, len(all))
			defer release()
			o.Runtimes = rts
			res, err := record.Record(o)
			if err != nil {
				return fmt.Errorf("record: %w", err)
			}
			for _, w := range res.Warnings {
				fmt.Fprintln(stderr, "warning:", w)
			}
			fmt.Fprintf(stdout, "recorded %q (%d steps) in %s, golden %s\n", o.Name, res.Steps, res.Feature, res.Golden)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&feature, "feature", "", "the feature file to append the scenario to (default features/recorded/<RUN's or the graph module's base name>.feature)")
	fl.StringVar(&name, "name", "", "the scenario's name (default from RUN's file name, or --input's with --graph)")
	fl.StringVar(&schema, "schema", "", "the state schema file (JSON Schema, YAML or JSON) under the root; default: inferred from the run")
	fl.StringVar(&input, "input", "", "a file holding the input state; default: the run's first values chunk (with --graph: the input the graph runs on)")
	fl.StringVar(&graph, "graph", "", "run your compiled graph MODULE:EXPORT ("+runtimes.GraphKinds()+") on --input and record that run as a whole-graph scenario, with no RUN (--runtime-timeout bounds it); with RUN, a run of that graph, the scenario runs on it")
	fl.BoolVar(&everyStep, "every-step", false, "after each step, assert the state the run recorded")
	fl.StringVar(&resume, "resume", "", "with --graph and --input: a file holding a resume value; a run that stops at an interrupt goes on with it, in the same recording")
	fl.BoolVar(&stepLevel, "steps", false, "with --graph and --input: write the run's supersteps as steps (When node \"<name>\" returns:), replayed through the graph's reducers, instead of a whole-graph scenario")
	fl.BoolVar(&realTools, "real-tools", false, "with --graph and --input: the tools run for real when the scenario runs, instead of answering what they answered in the run")
	return cmd
}

// startStreamer starts the runtime that loads o.Graph, by its module's
// extension and the profile (an llmfy flow under the llmfy profile), as o's
// Streamer and GraphRuntime; a Python graph's scenario takes the
// langgraph-py profile unless one was chosen.
func startStreamer(o *record.Options, s runtimes.Settings) (runtimes.Processes, error) {
	name := runtimes.ForGraph(o.Graph, cmp.Or(o.Profile, o.DefaultProfile))
	if name == "" {
		return nil, fmt.Errorf("--graph %s: no runtime loads a module %s (%s)", o.Graph, path.Ext(strings.SplitN(o.Graph, ":", 2)[0]), runtimes.GraphKinds())
	}
	_, procs, err := runtimes.Start(name, "--graph", s)
	if err != nil {
		return nil, err
	}
	streamer, ok := procs[0].Runtime.(record.Streamer)
	if !ok {
		procs.Stop()
		return nil, fmt.Errorf("--graph %s: %s cannot run a graph live", o.Graph, name)
	}
	o.Streamer, o.GraphRuntime = streamer, procs[0].Runtime
	if o.Profile == "" && o.DefaultProfile == "" && name == "langgraph-py" {
		o.DefaultProfile = name
	}
	return procs, nil
}

// baseName is a file's name without its directory and extension.
func baseName(file string) string {
	file = strings.ReplaceAll(file, "\\", "/")
	return strings.TrimSuffix(path.Base(file), path.Ext(file))
}

// spaced reads _ and - in a file's name as spaces, for a scenario's name.
func spaced(base string) string { return strings.NewReplacer("_", " ", "-", " ").Replace(base) }
