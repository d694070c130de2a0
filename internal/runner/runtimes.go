package runner

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/stateharness/scenario/engine"
)

// A process is a runtime a run started, with what stops it: stop when the
// run ends, kill at once when it is interrupted.
type process struct {
	rt   engine.Runtime
	stop func() error
	kill func()
}

// startOptions are what every runtime process is started with.
type startOptions struct {
	// timeout bounds each request to the runtime; 0 is the runtime's
	// default.
	timeout time.Duration
}

// starters start the runtimes other than the built-in one, by name: each
// is one process per run, stopped when the run ends.
var starters = map[string]func(root string, opts startOptions) (process, error){}

// RuntimeNames lists the runtimes --runtime accepts.
func RuntimeNames() []string {
	names := []string{"builtin"}
	for n := range starters {
		names = append(names, n)
	}
	slices.Sort(names[1:])
	return names
}

// startRuntimes reads a runtime list (from says where it was written:
// --runtime, scenario.yaml's runtime:) and starts what it names: nothing
// for the built-in engine alone; one runtime; or the built-in engine and
// one other side by side. The processes it started are stopped by
// stopAll and killed by killAll.
func startRuntimes(list, from, root string, opts startOptions) ([]engine.Runtime, []process, error) {
	if list == "" || list == "builtin" {
		return nil, nil, nil
	}
	names := strings.Split(list, ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	bad := func(msg string) ([]engine.Runtime, []process, error) {
		return nil, nil, fmt.Errorf("%s %s: %s (runtimes: %s; two run side by side as builtin,<other>)", from, list, msg, strings.Join(RuntimeNames(), ", "))
	}
	if len(names) > 2 || (len(names) == 2 && !slices.Contains(names, "builtin")) || (len(names) == 2 && names[0] == names[1]) {
		return bad("runs one runtime, or the built-in one and one other")
	}
	var rts []engine.Runtime
	var procs []process
	for _, n := range names {
		if n == "builtin" {
			rts = append(rts, engine.Builtin())
			continue
		}
		start, ok := starters[n]
		if !ok {
			return bad(fmt.Sprintf("unknown runtime %q", n))
		}
		p, err := start(root, opts)
		if err != nil {
			stopAll(procs)
			return nil, nil, fmt.Errorf("%s %s: %v", from, n, err)
		}
		procs = append(procs, p)
		rts = append(rts, p.rt)
	}
	return rts, procs, nil
}

// stopAll stops the processes a run started.
func stopAll(procs []process) {
	for _, p := range procs {
		p.stop()
	}
}

// killAll kills the processes a run started, at once.
func killAll(procs []process) {
	for _, p := range procs {
		p.kill()
	}
}
