package runner

import "github.com/stateharness/scenario/runtimes"

// runtimeSettings are what the run's runtimes start with: with
// --concurrency N, a pool of N processes of each, so that N scenarios run
// at once on a real runtime as they do on the built-in engine
// (docs/reference.md, Runtimes).
func (s *settings) runtimeSettings() runtimes.Settings {
	return runtimes.Settings{Root: s.cfg.Root, Timeout: s.timeout, Python: s.python, Processes: max(s.cfg.Concurrency, 1)}
}
