package runner

import (
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Exit codes of an interrupted run (docs/reference.md, CLI): 128 + the signal's number,
// as a shell reports a command that a signal ended.
const (
	ExitInterrupted = 130 // SIGINT
	ExitTerminated  = 143 // SIGTERM
)

// watchInterrupts ends the process when SIGINT or SIGTERM arrives before
// release is called: kill stops what the run started (runtime processes
// run in process groups of their own, which a terminal's ^C does not
// reach), then the process exits 130 or 143. release stops watching; when
// a signal came first, it waits for that exit.
func watchInterrupts(kill func(), processes int) (release func()) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	var mu sync.Mutex
	released, fired := false, false
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			mu.Lock()
			if released {
				mu.Unlock()
				return
			}
			fired = true
			mu.Unlock()
			kill()
			code := ExitInterrupted
			if sig == syscall.SIGTERM {
				code = ExitTerminated
			}
			what := "the run stopped"
			if processes > 0 {
				what += ", and the runtime processes with it"
			}
			fmt.Fprintf(os.Stderr, "\nscenario: %s: %s\n", sig, what)
			os.Exit(code)
		case <-done:
		}
	}()
	return func() {
		mu.Lock()
		released = true
		f := fired
		mu.Unlock()
		signal.Stop(sigs)
		close(done)
		if f {
			select {} // the watcher exits the process
		}
	}
}

// WatchInterrupts is watchInterrupts for a command that starts runtimes
// outside a run (scenario record).
func WatchInterrupts(kill func(), processes int) (release func()) {
	return watchInterrupts(kill, processes)
}
