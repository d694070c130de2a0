package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// shardWorkflow is what a sharded GitHub Actions workflow holds that the
// test runs: each job's matrix of shards and the commands of its steps.
type shardWorkflow struct {
	Jobs map[string]struct {
		Needs    any `yaml:"needs"`
		Strategy struct {
			Matrix struct {
				Shard []int `yaml:"shard"`
			} `yaml:"matrix"`
		} `yaml:"strategy"`
		Steps []struct {
			Run string `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// runShardWorkflow runs a sharded workflow's CLI commands in dir as GitHub
// would: the matrix job once per shard (${{ matrix.shard }} filled in), then
// the job that needs it, with its file patterns expanded by the shell. It
// returns the matrix's shards.
func runShardWorkflow(t *testing.T, fx *docFixtures, dir, at, content string) []int {
	t.Helper()
	var wf shardWorkflow
	if err := yaml.Unmarshal([]byte(content), &wf); err != nil {
		t.Fatalf("%s: %v", at, err)
	}
	var matrix, after string
	for name, j := range wf.Jobs {
		if len(j.Strategy.Matrix.Shard) > 0 {
			matrix = name
		} else if j.Needs != nil {
			after = name
		}
	}
	if matrix == "" || after == "" {
		t.Fatalf("%s: want a job with a matrix of shards and a job that needs it; jobs %v", at, wf.Jobs)
	}
	runCommands := func(job string, shard int) int {
		ran := 0
		for _, st := range wf.Jobs[job].Steps {
			if st.Run == "" {
				continue
			}
			cmd := strings.ReplaceAll(st.Run, "${{ matrix.shard }}", strconv.Itoa(shard))
			words, _ := docShellWords(cmd)
			args, ok := fx.cliArgs(words)
			if !ok {
				continue // setup: installs, caches
			}
			var expanded []string
			for _, a := range args {
				if strings.ContainsAny(a, "*?") {
					matches, err := filepath.Glob(filepath.Join(dir, a))
					if err != nil || len(matches) == 0 {
						t.Fatalf("%s: %q matches no file in %s", at, a, dir)
					}
					for _, m := range matches {
						expanded = append(expanded, filepath.Base(m))
					}
					continue
				}
				expanded = append(expanded, a)
			}
			if r := runCLIAt(t, dir, nil, expanded); r.code != exitPassed {
				t.Errorf("%s: job %s, `%s` exits %d:\n%s", at, job, cmd, r.code, r.all())
			}
			ran++
		}
		return ran
	}
	shards := wf.Jobs[matrix].Strategy.Matrix.Shard
	for _, k := range shards {
		if runCommands(matrix, k) == 0 {
			t.Fatalf("%s: job %s runs no scenario command", at, matrix)
		}
	}
	if runCommands(after, 0) == 0 {
		t.Fatalf("%s: job %s runs no scenario command", at, after)
	}
	return shards
}

// checkShardWorkflow runs the README's sharded workflow on a fresh
// scaffold: every shard's check passes, and report merge writes the
// reports it names.
func checkShardWorkflow(t *testing.T, fx *docFixtures, b docBlock) {
	clearShardVariables(t)
	dir := fx.scaffold(t)
	if shards := runShardWorkflow(t, fx, dir, b.String(), b.text); len(shards) != 3 {
		t.Errorf("%s: %d shards, want the 3 the text says", b, len(shards))
	}
	for _, f := range []string{"scenarios.xml", "scenarios.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: report merge wrote no %s", b, f)
		}
	}
}
