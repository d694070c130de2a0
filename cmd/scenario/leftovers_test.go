package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/toolchain"
)

// spawningGraphJS is a team's graph whose node starts a process of its
// own (a server, a tool) and then waits: the runtime process's child.
const spawningGraphJS = `import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Annotation, StateGraph, START, END } from "@langchain/langgraph";
const State = Annotation.Root({ n: Annotation() });
export const graph = new StateGraph(State)
  .addNode("hang", async () => {
    const child = spawn("sleep", ["600"], { stdio: "ignore" });
    writeFileSync("child.pid", String(child.pid));
    await new Promise(() => {});
    return {};
  })
  .addEdge(START, "hang")
  .addEdge("hang", END)
  .compile();
`

const spawningGraphPy = `import subprocess
from typing import Any

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict


class State(TypedDict):
    n: Any


def hang(state: State) -> dict:
    child = subprocess.Popen(["sleep", "600"])
    with open("child.pid", "w") as f:
        f.write(str(child.pid))
    child.wait()
    return {}


graph = StateGraph(State).add_node("hang", hang).add_edge(START, "hang").add_edge("hang", END).compile()
`

func spawningFeature(profile, module string) string {
	return `Feature: spawning
  Scenario: the node starts a process and waits
    Given the "` + profile + `" profile
    And the graph from "` + module + `:graph"
    And the input state:
      """json
      {"n": 1}
      """
    When node "hang" runs
    Then field "n" should equal 1
`
}

// TestFaultKill9EndsTheNodesChildren kills the CLI with SIGKILL while a
// real node of the suite's graph waits on a process it started: the
// runtime process dies with the CLI, and so must that process (its
// grandchild), on langgraph-js and on langgraph-py.
func TestFaultKill9EndsTheNodesChildren(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("process groups and SIGKILL are Unix")
	}
	bin, err := buildCLI()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		runtime, profile, module, graph string
		setup                           func(t *testing.T, dir string) []string
	}{
		{"langgraph-js", "langgraph", "scenarios/graphs/spawning.mjs", spawningGraphJS, func(t *testing.T, dir string) []string {
			linkNodeModules(t, toolchain.Node(t), dir)
			return nil
		}},
		{"langgraph-py", "langgraph-py", "scenarios/graphs/spawning.py", spawningGraphPy, func(t *testing.T, dir string) []string {
			return []string{"--python", toolchain.LangGraphPython(t)} // its graph imports langgraph
		}},
	}
	for _, tc := range cases {
		t.Run(tc.runtime, func(t *testing.T) {
			dir := newSuite(t, map[string]string{
				tc.module:                   tc.graph,
				"features/spawning.feature": spawningFeature(tc.profile, tc.module),
			})
			args := append([]string{"run", "--root", dir, "--no-color", "--format", "progress", "--runtime", tc.runtime}, tc.setup(t, dir)...)
			cmd := exec.Command(bin, args...)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			child := waitPIDFile(t, filepath.Join(dir, "child.pid"), done, &out)
			defer syscall.Kill(child, syscall.SIGKILL)
			cmd.Process.Signal(syscall.SIGKILL)
			<-done
			// polled, not timed: the bound is far above any machine's need
			if !processGone(child, 30*time.Second) {
				t.Errorf("the node's child %d (%s) still runs after the CLI was killed", child, cmdline(child))
			}
		})
	}
}

// processGone waits until pid no longer runs: /proc where there is one,
// else kill -0 (which a zombie still answers).
func processGone(pid int, within time.Duration) bool {
	if runtime.GOOS == "linux" {
		return gone(pid, within)
	}
	for end := time.Now().Add(within); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if syscall.Kill(pid, 0) != nil {
			return true
		}
	}
	return false
}

// slowStart, imported into every langgraph-js runtime process through
// NODE_OPTIONS, notes each start in STARTS_FILE and holds the start that
// HOLD_START counts (1 the first) for good: a runtime starting slowly, as a
// large graph module does.
const slowStart = `import { appendFileSync, readFileSync } from "node:fs";
appendFileSync(process.env.STARTS_FILE, process.pid + "\n");
const starts = readFileSync(process.env.STARTS_FILE, "utf8").trim().split("\n").length;
if (starts === Number(process.env.HOLD_START)) await new Promise(() => setInterval(() => {}, 1000));
`

// TestFaultSignalDuringStartLeavesNoTempDir stops the CLI with SIGINT or
// SIGTERM while a langgraph-js runtime process starts: the first one,
// before the run watches for signals, and one started again after a node
// ended the first, while it does. The directory the runtime's script was
// written to ($TMPDIR/scenario-langgraph-js-*) goes too.
func TestFaultSignalDuringStartLeavesNoTempDir(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	env := toolchain.Node(t)
	bin, err := buildCLI()
	if err != nil {
		t.Fatal(err)
	}
	for _, hold := range []int{1, 2} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(fmt.Sprintf("start %d/%s", hold, sig), func(t *testing.T) {
				dir := newSuite(t, map[string]string{
					"scenarios/graphs/faulty.mjs": faultyGraph,
					"features/faults.feature":     faultySuite("leave"),
					"slow.mjs":                    slowStart,
				})
				linkNodeModules(t, env, dir)
				tmp, starts := t.TempDir(), filepath.Join(dir, "starts.txt")
				cmd := exec.Command(bin, "run", "--root", dir, "--no-color", "--format", "progress", "--runtime", "langgraph-js")
				cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "STARTS_FILE="+starts, fmt.Sprintf("HOLD_START=%d", hold),
					"NODE_OPTIONS=--import="+filepath.Join(dir, "slow.mjs"))
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer cmd.Process.Kill()
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				for end := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
					data, _ := os.ReadFile(starts)
					if strings.Count(string(data), "\n") >= hold {
						break
					}
					select {
					case err := <-done:
						t.Fatalf("the CLI ended (%v) before start %d:\n%s", err, hold, out.String())
					default:
					}
					if time.Now().After(end) {
						t.Fatalf("no start %d:\n%s", hold, out.String())
					}
				}
				if left, _ := filepath.Glob(filepath.Join(tmp, "scenario-langgraph-js-*")); len(left) != 1 {
					t.Fatalf("%v in TMPDIR while the runtime starts; want its one directory", left)
				}
				cmd.Process.Signal(sig)
				<-done
				// polled, not timed: the bound is far above any machine's need
				for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
					if left, _ := filepath.Glob(filepath.Join(tmp, "scenario-*")); len(left) == 0 {
						return
					}
				}
				left, _ := filepath.Glob(filepath.Join(tmp, "scenario-*"))
				t.Errorf("%v left in TMPDIR after %s during start %d:\n%s", left, sig, hold, out.String())
			})
		}
	}
}
