package runner

import (
	"path/filepath"

	"github.com/stateharness/scenario/runtimes/langgraphjs"
)

func init() {
	starters[langgraphjs.Name] = func(root string) (process, error) {
		abs, err := filepath.Abs(root)
		if err != nil {
			return process{}, err
		}
		b, err := langgraphjs.Start(abs, langgraphjs.Options{})
		if err != nil {
			return process{}, err
		}
		return process{rt: b, stop: b.Close}, nil
	}
}
