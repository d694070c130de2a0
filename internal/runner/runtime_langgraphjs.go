package runner

import (
	"path/filepath"

	"github.com/stateharness/scenario/runtimes/langgraphjs"
)

func init() {
	starters[langgraphjs.Name] = func(root string, opts startOptions) (process, error) {
		abs, err := filepath.Abs(root)
		if err != nil {
			return process{}, err
		}
		b, err := langgraphjs.Start(abs, langgraphjs.Options{Timeout: opts.timeout})
		if err != nil {
			return process{}, err
		}
		return process{rt: b, stop: b.Close, kill: b.Kill}, nil
	}
}
