package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/internal/toolchain"
)

// TestNewTypeScriptTeam is a TypeScript team's first hour with what npm
// installs today, not what this repository pins: `npm init -y` (a CommonJS
// package), `npm install` of the newest @langchain/langgraph, @langchain/core,
// zod and tsx, the zod-state graph of scenarios/graphs/closing.ts, and a
// scenario on it. The harness's state after the real node must be the
// graph's own invoke(). Skips when the npm registry cannot be reached,
// except under SCENARIO_REQUIRE_NETWORK=1, which .ci/run sets.
func TestNewTypeScriptTeam(t *testing.T) {
	if testing.Short() {
		t.Skip("installs packages from the npm registry; skipped with -short")
	}
	node := toolchain.Node(t)
	npm := toolchain.OnPath(t, "npm", toolchain.RequireNode)
	dir := t.TempDir()
	sh := func(timeout time.Duration, name string, args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := sh(time.Minute, npm, "view", "@langchain/langgraph", "version"); err != nil {
		if env.On("SCENARIO_REQUIRE_NETWORK") {
			t.Fatalf("SCENARIO_REQUIRE_NETWORK is set and the npm registry cannot be reached: %v\n%s", err, out)
		}
		t.Skipf("the npm registry cannot be reached (SCENARIO_REQUIRE_NETWORK=1 fails instead): %s", strings.TrimSpace(out))
	}
	for _, args := range [][]string{
		{"init", "-y"},
		{"install", "--no-audit", "--no-fund", "--loglevel=error", "@langchain/langgraph", "@langchain/core", "zod", "tsx"},
	} {
		if out, err := sh(5*time.Minute, npm, args...); err != nil {
			t.Fatalf("npm %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	versions, _ := sh(time.Minute, npm, "ls", "--depth=0")
	t.Logf("installed:\n%s", versions)
	graph, err := os.ReadFile(filepath.Join(node.Root, "scenarios", "graphs", "closing.ts"))
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"graph.ts": string(graph),
		"invoke.mts": `import { graph } from "./graph.ts";
const out = await graph.invoke({ messages: [["user", "bye"]], notes: ["a"] });
console.log(JSON.stringify({ messages: out.messages.map((m) => ({ type: m.getType(), content: m.content })), notes: out.notes }));
`,
		"features/closing.feature": `Feature: A new team's zod graph
  Scenario: the graph's own reducers fold the input and a real node's notes
    Given the graph from "graph.ts:graph"
    And the input state:
      """json
      {"messages": [["user", "bye"]], "notes": ["a"]}
      """
    When node "close" runs
    Then the state should equal:
      """json
      {"messages": [{"type": "human", "content": "bye", "id": "auto-1"}], "notes": ["a", "closed after 1"]}
      """
`,
	})
	// the graph's own answer, as the team's code gets it
	real, err := sh(2*time.Minute, node.Node, "--import", "tsx", "invoke.mts")
	const want = `{"messages":[{"type":"human","content":"bye"}],"notes":["a","closed after 1"]}`
	if err != nil || strings.TrimSpace(real) != want {
		t.Fatalf("the graph's own invoke(): %v\n%s\nwant %s", err, real, want)
	}
	r := runCLI(t, append(suiteArgs("check", dir), "--runtime", "langgraph-js")...)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "1 scenarios (1 passed)")
}
