package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/stateharness/scenario/internal/runner"
)

// An update writes each golden file to a temporary file beside it, then
// renames it over the old one. Stopped with Ctrl-C or SIGTERM between the
// two, it would leave the temporary file behind: the CLI removes those
// before it exits (130 for SIGINT, 143 for SIGTERM). A process killed
// outright leaves them to the next check (which lists them), prune or
// update (which remove them).

// removeOnInterrupt handles SIGINT and SIGTERM for the run cfg until the
// returned function is called.
func removeOnInterrupt(cfg runner.Config, stderr io.Writer) (stop func()) {
	sigs := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case sig := <-sigs:
			os.Exit(interrupted(cfg, sig, stderr))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}

// interrupted removes the temporary files of the golden writer under the
// suite's golden directory and returns the exit code for sig.
func interrupted(cfg runner.Config, sig os.Signal, stderr io.Writer) int {
	code := 130
	if sig == syscall.SIGTERM {
		code = 143
	}
	files, err := runner.Leftovers(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "scenario: interrupted; temporary files of the update may be left in the golden directory (%v): scenario prune removes them\n", err)
		return code
	}
	for _, f := range files {
		if err := os.Remove(filepath.Join(cfg.Root, filepath.FromSlash(f))); err == nil {
			fmt.Fprintf(stderr, "scenario: interrupted; removed %s\n", f)
		}
	}
	return code
}
