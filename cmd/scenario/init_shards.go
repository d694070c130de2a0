package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// scenario init --shards N writes a workflow whose check runs in N parts,
// a matrix job each writing its part (--format shard:FILE), and a report
// job that merges them into one JUnit report and HTML page and gives
// check's verdict on orphan golden files (docs/reference.md, Sharding in
// CI).

// maxWorkflowShards bounds --shards: GitHub runs at most 256 jobs of a
// matrix.
const maxWorkflowShards = 256

// withShardsFlag adds init's --shards to cmd.
func withShardsFlag(n *int, cmd *cobra.Command) *cobra.Command {
	cmd.Flags().IntVar(n, "shards", 0, "the workflow checks the suite in N parallel parts (a matrix job) and merges their reports (scenario report merge)")
	return cmd
}

// workflowShards are the matrix of the workflow's parts, 1 to n; none for
// n of 0 or 1. A Go module's workflow runs go test, which the harness
// cannot merge: --shards is refused there.
func workflowShards(n int, goModule bool) ([]int, error) {
	switch {
	case n < 0 || n > maxWorkflowShards:
		return nil, fmt.Errorf("--shards %d: expected 2 to %d parts (0 or 1 for one job)", n, maxWorkflowShards)
	case n <= 1:
		return nil, nil
	case goModule:
		return nil, fmt.Errorf("--shards %d: in a Go module the workflow checks the suite with go test (SCENARIO_CHECK=1), which runs your Go nodes and steps; shard it with Options.Shard or your CI's shard variables (docs/reference.md, Sharding in CI), or run init outside the module", n)
	}
	shards := make([]int, n)
	for i := range shards {
		shards[i] = i + 1
	}
	return shards, nil
}
