package scenario_test

import (
	"fmt"
	"testing"

	"github.com/stateharness/scenario"
)

// maxReducer keeps the larger of the current and the incoming number.
func maxReducer(current, incoming any) (any, error) {
	n, ok := incoming.(float64)
	if !ok {
		return nil, fmt.Errorf("max takes numbers, received %T", incoming)
	}
	if cur, ok := current.(float64); ok && cur > n {
		return cur, nil
	}
	return n, nil
}

// TestCustomReducers shows a reducer registered from Go and named in a
// schema.
func TestCustomReducers(t *testing.T) {
	scenario.Run(t, scenario.Options{
		Root:     "testdata/custom",
		Reducers: map[string]scenario.ReducerFunc{"max": maxReducer},
	})
}
