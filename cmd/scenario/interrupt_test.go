package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/toolchain"
)

// stuckGraph is a team's graph whose nodes never finish: one awaits what
// never comes, one loops. Each first writes the bridge's pid where the
// test finds it (the bridge runs in the suite root).
const stuckGraph = `import { writeFileSync } from "node:fs";
import { Annotation, StateGraph, START, END } from "@langchain/langgraph";
const State = Annotation.Root({ n: Annotation() });
const mark = () => writeFileSync("bridge.pid", String(process.pid));
export const graph = new StateGraph(State)
  .addNode("hang", async () => { mark(); await new Promise(() => {}); return {}; })
  .addNode("spin", () => { mark(); for (;;) {} })
  .addEdge(START, "hang")
  .addEdge("hang", "spin")
  .addEdge("spin", END)
  .compile();
`

func stuckFeature(node string) string {
	return `Feature: stuck
  Scenario: the node never returns
    Given the graph from "scenarios/graphs/stuck.mjs:graph"
    And the input state:
      """json
      {"n": 1}
      """
    When node "` + node + `" runs
    Then field "n" should equal 1
`
}

// buildCLI builds this command once per test binary.
var buildCLI = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "scenario-cli-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "scenario")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// TestSignalStopsTheBridge interrupts the CLI while a real node of the
// suite's graph hangs or loops on langgraph-js: SIGINT and SIGTERM end the
// run with 130 and 143, SIGKILL ends it at once; no bridge process is left
// in any case.
func TestSignalStopsTheBridge(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc; SIGKILL leaves no bridge only on Linux (Pdeathsig)")
	}
	env := toolchain.Node(t)
	bin, err := buildCLI()
	if err != nil {
		t.Fatal(err)
	}
	for _, node := range []string{"hang", "spin"} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
			t.Run(node+"/"+sig.String(), func(t *testing.T) {
				dir := newSuite(t, map[string]string{
					"scenarios/graphs/stuck.mjs": stuckGraph,
					"features/stuck.feature":     stuckFeature(node),
				})
				linkNodeModules(t, env, dir)
				cmd := exec.Command(bin, "run", "--root", dir, "--no-color", "--format", "progress", "--runtime", "langgraph-js")
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer cmd.Process.Kill()
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				pid := waitPIDFile(t, filepath.Join(dir, "bridge.pid"), done, &out)
				defer syscall.Kill(pid, syscall.SIGKILL)
				cmd.Process.Signal(sig)
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					t.Fatalf("the CLI still runs 10s after %s:\n%s", sig, out.String())
				}
				want := map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143, syscall.SIGKILL: -1}[sig]
				if got := cmd.ProcessState.ExitCode(); got != want {
					t.Errorf("exit code %d; want %d\n%s", got, want, out.String())
				}
				if sig != syscall.SIGKILL && !strings.Contains(out.String(), "the run stopped, and the runtime processes with it") {
					t.Errorf("the CLI does not say it stopped:\n%s", out.String())
				}
				if !gone(pid, 5*time.Second) {
					t.Errorf("bridge %d (%s) still runs after the CLI got %s", pid, cmdline(pid), sig)
				}
			})
		}
	}
}

// waitPIDFile waits for a node of the suite to write the bridge's pid.
// The command that runs it may not end first (done).
func waitPIDFile(t *testing.T, file string, done <-chan error, out *bytes.Buffer) int {
	t.Helper()
	for end := time.Now().Add(60 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("it ended (%v) before a node wrote %s:\n%s", err, file, out.String())
		default:
		}
		data, err := os.ReadFile(file)
		if err != nil || len(data) == 0 {
			continue
		}
		pid, err := strconv.Atoi(string(data))
		if err != nil {
			continue
		}
		return pid
	}
	t.Fatalf("no node wrote %s:\n%s", file, out.String())
	return 0
}

// gone waits until pid no longer runs (a zombie nobody reaps does not).
func gone(pid int, within time.Duration) bool {
	for end := time.Now().Add(within); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return true
		}
		s := string(data)
		if i := strings.LastIndexByte(s, ')'); i > 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X') {
			return true
		}
	}
	return false
}

func cmdline(pid int) string {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return strings.ReplaceAll(string(data), "\x00", " ")
}
