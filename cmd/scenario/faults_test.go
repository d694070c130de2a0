package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/toolchain"
)

// faultyGraph has a node that works and nodes that end or stall the
// bridge they run in.
const faultyGraph = `import { writeFileSync } from "node:fs";
import { Annotation, StateGraph, START, END } from "@langchain/langgraph";
const State = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
export const graph = new StateGraph(State)
  .addNode("count", () => ({ n: 1 }))
  .addNode("leave", () => { process.stderr.write("leaving now\n"); process.exit(3); })
  .addNode("hang", async () => { writeFileSync("bridge.pid", String(process.pid)); await new Promise(() => {}); })
  .addEdge(START, "count")
  .addEdge("count", "leave")
  .addEdge("leave", "hang")
  .addEdge("hang", END)
  .compile();
`

// faultySuite is five scenarios of which the second runs node bad.
func faultySuite(bad string) string {
	var b strings.Builder
	b.WriteString("Feature: faults\n  Background:\n    Given the graph from \"scenarios/graphs/faulty.mjs:graph\"\n")
	for i := 1; i <= 5; i++ {
		node := "count"
		if i == 2 {
			node = bad
		}
		fmt.Fprintf(&b, `
  Scenario: scenario %d
    Given the input state:
      """json
      {"n": 1}
      """
    When node "%s" runs
    And node "count" runs
    Then field "n" should equal 3
`, i, node)
	}
	return b.String()
}

// TestADeadBridgeFailsOnlyItsScenario: the second of five scenarios ends
// its bridge (the node calls process.exit; the bridge is killed from
// outside; the node outlasts --runtime-timeout): that scenario fails
// saying why, the bridge starts again, and the other four pass.
func TestADeadBridgeFailsOnlyItsScenario(t *testing.T) {
	env := toolchain.Node(t)
	bin, err := buildCLI()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, node string
		flags      []string
		config     string // scenario.yaml
		kill       bool
		want       []string
	}{
		{name: "process.exit", node: "leave", want: []string{"langgraph-js stopped (exit status 3)", "leaving now"}},
		{name: "kill -9", node: "hang", kill: true, want: []string{"langgraph-js stopped (signal: killed)"}},
		{name: "timeout", node: "hang", flags: []string{"--runtime-timeout", "3s"}, want: []string{"did not answer commit within 3s (the runtime timeout: --runtime-timeout"}},
		{name: "runtime_timeout", node: "hang", config: "runtime_timeout: 3s\n", want: []string{"did not answer commit within 3s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newSuite(t, map[string]string{
				"scenarios/graphs/faulty.mjs": faultyGraph,
				"features/faults.feature":     faultySuite(tc.node),
			})
			if tc.config != "" {
				writeFiles(t, dir, map[string]string{"scenario.yaml": tc.config})
			}
			linkNodeModules(t, env, dir)
			args := append([]string{"run", "--root", dir, "--no-color", "--format", "pretty", "--runtime", "langgraph-js"}, tc.flags...)
			cmd := exec.Command(bin, args...)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			if tc.kill {
				pid := waitPIDFile(t, filepath.Join(dir, "bridge.pid"), done, &out)
				syscall.Kill(pid, syscall.SIGKILL)
			}
			select {
			case <-done:
			case <-time.After(2 * time.Minute):
				t.Fatalf("the run did not end:\n%s", out.String())
			}
			report := out.String()
			if code := cmd.ProcessState.ExitCode(); code != exitFailed {
				t.Errorf("exit code %d; want %d", code, exitFailed)
			}
			wants := append([]string{"5 scenarios (4 passed, 1 failed)", "features/faults.feature:19: RUNTIME_ERROR:", "it starts again for the next request"}, tc.want...)
			for _, want := range wants {
				if !strings.Contains(report, want) {
					t.Errorf("the report does not say %q:\n%s", want, report)
				}
			}
		})
	}
}
