package scenario_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stateharness/scenario"
	"github.com/stateharness/scenario/internal/toolchain"
)

// TestInterruptedRunStopsTheBridge interrupts a test binary whose
// scenario.Run waits on a hanging node of the suite's own graph on
// langgraph-js: the run kills the bridge, says so, and the binary exits
// 130.
func TestInterruptedRunStopsTheBridge(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	env := toolchain.Node(t)
	dir := t.TempDir()
	files := map[string]string{
		"scenarios/graphs/stuck.mjs": `import { writeFileSync } from "node:fs";
import { Annotation, StateGraph, START, END } from "@langchain/langgraph";
export const graph = new StateGraph(Annotation.Root({ n: Annotation() }))
  .addNode("hang", async () => { writeFileSync("bridge.pid", String(process.pid)); await new Promise(() => {}); })
  .addEdge(START, "hang").addEdge("hang", END).compile();
`,
		"features/stuck.feature": `Feature: stuck
  Scenario: the node never returns
    Given the graph from "scenarios/graphs/stuck.mjs:graph"
    And the input state:
      """json
      {"n": 1}
      """
    When node "hang" runs
`,
	}
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(env.NodePath(), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRunsAStuckSuite$", "-test.v")
	cmd.Env = append(os.Environ(), "SCENARIO_HELPER_ROOT="+dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	pid := 0
	for end := time.Now().Add(60 * time.Second); pid == 0 && time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("the test binary ended (%v) before the node ran:\n%s", err, out.String())
		default:
		}
		data, _ := os.ReadFile(filepath.Join(dir, "bridge.pid"))
		pid, _ = strconv.Atoi(string(data))
	}
	if pid == 0 {
		t.Fatalf("the node did not run:\n%s", out.String())
	}
	defer syscall.Kill(pid, syscall.SIGKILL)
	cmd.Process.Signal(os.Interrupt)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the test binary still runs 10s after SIGINT:\n%s", out.String())
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code %d; want 130:\n%s", code, out.String())
	}
	if !strings.Contains(out.String(), "the run stopped, and the runtime processes with it") {
		t.Errorf("the run does not say it stopped:\n%s", out.String())
	}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		s := string(data)
		i := strings.LastIndexByte(s, ')')
		if err != nil || (i > 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X')) {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("bridge %d still runs after the test binary was interrupted", pid)
		}
	}
}

// TestHelperRunsAStuckSuite is TestInterruptedRunStopsTheBridge's test
// binary: it runs the suite it is given on langgraph-js.
func TestHelperRunsAStuckSuite(t *testing.T) {
	root := os.Getenv("SCENARIO_HELPER_ROOT")
	if root == "" {
		t.Skip("a helper process of TestInterruptedRunStopsTheBridge")
	}
	scenario.Run(t, scenario.Options{Root: root, Runtime: "langgraph-js"})
}
