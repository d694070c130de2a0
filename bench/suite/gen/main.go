// Command gen writes a suite of typical scenarios (bench/suite/typical)
// and its golden files, for the whole-suite benchmarks.
//
//	go run ./bench/suite/gen -n 1000 -out /tmp/typical
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/stateharness/scenario/bench/suite/typical"
	"github.com/stateharness/scenario/internal/runner"
)

func main() {
	n := flag.Int("n", 1000, "scenarios")
	per := flag.Int("per-feature", 20, "scenarios in a feature file")
	out := flag.String("out", "", "directory to write (required)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gen: -out DIR is required")
		os.Exit(2)
	}
	if err := typical.Write(*out, *n, *per); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	res, err := runner.Run(runner.Config{Root: *out, Update: true, Output: io.Discard})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if res.Status != 0 {
		fmt.Fprintln(os.Stderr, "gen: the generated suite fails; run `scenario run --root", *out+"` to see why")
		os.Exit(1)
	}
	fmt.Printf("wrote %d scenarios and their golden files under %s\n", *n, *out)
}
