// Command bare runs a generated typical suite (bench/suite/gen) with bare
// godog: the same step texts on no-op steps, the same options as
// `scenario run` (progress format, strict, colours only on a terminal). It
// is the baseline the whole-suite benchmarks compare `scenario` with.
//
//	go run ./bench/suite/bare -root DIR
package main

import (
	"flag"
	"os"
	"path/filepath"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/bench/suite/typical"
)

func main() {
	root := flag.String("root", ".", "the generated suite")
	format := flag.String("format", "progress", "godog format")
	flag.Parse()
	ts := godog.TestSuite{
		Name:                "bare",
		ScenarioInitializer: typical.BareSteps(),
		Options: &godog.Options{
			Format:   *format,
			Paths:    []string{"features"},
			FS:       os.DirFS(filepath.Clean(*root)),
			Strict:   true,
			NoColors: !terminal(os.Stdout),
			Output:   os.Stdout,
		},
	}
	os.Exit(ts.Run())
}

// terminal reports whether f is a character device: scenario run colours
// its output only there, so the baseline writes the same bytes.
func terminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
