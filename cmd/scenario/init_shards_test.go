package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitShardsWritesAMatrixAndAMerge: init --shards 3 writes a workflow
// whose matrix job checks each part and whose report job merges them; run
// as GitHub would, every command passes on the scaffold.
func TestInitShardsWritesAMatrixAndAMerge(t *testing.T) {
	clearShardVariables(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fx := newDocFixtures(t, root)
	dir := filepath.Join(t.TempDir(), "suite")
	var out bytes.Buffer
	if err := runInitWith(dir, initOptions{Shards: 3}, &out); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, ".github", "workflows", "scenarios.yml"))
	if err != nil {
		t.Fatal(err)
	}
	wf := string(data)
	for _, want := range []string{"shard: [1, 2, 3]", "--shard ${{ matrix.shard }}/3", "report merge", "update-goldens:"} {
		if !strings.Contains(wf, want) {
			t.Errorf("the workflow has no %q:\n%s", want, wf)
		}
	}
	if shards := runShardWorkflow(t, fx, dir, "init --shards 3's workflow", wf); len(shards) != 3 {
		t.Errorf("the matrix has %d shards, want 3", len(shards))
	}
	if _, err := os.Stat(filepath.Join(dir, "scenarios.xml")); err != nil {
		t.Errorf("report merge wrote no scenarios.xml: %v", err)
	}

	// without --shards, one check job as before
	one := filepath.Join(t.TempDir(), "one")
	if err := runInitWith(one, initOptions{}, &out); err != nil {
		t.Fatal(err)
	}
	data, err = os.ReadFile(filepath.Join(one, ".github", "workflows", "scenarios.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "matrix") || strings.Contains(string(data), "report merge") {
		t.Errorf("init without --shards wrote a sharded workflow:\n%s", data)
	}
}

func TestInitShardsRefusesAGoModuleAndBadCounts(t *testing.T) {
	mod := writeFiles(t, t.TempDir(), map[string]string{"go.mod": "module example.com/agent\n\ngo 1.26\n"})
	err := runInitWith(filepath.Join(mod, "suite"), initOptions{Shards: 2}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "Go module") {
		t.Errorf("--shards in a Go module: err = %v, want a refusal naming the Go module", err)
	}
	if _, statErr := os.Stat(filepath.Join(mod, "suite")); statErr == nil {
		t.Error("a refused init wrote the suite")
	}
	r := runCLI(t, "init", "--shards", "-2", filepath.Join(t.TempDir(), "s"))
	wantCode(t, r, exitLoad)
	wantContains(t, r, "--shards -2")
}
