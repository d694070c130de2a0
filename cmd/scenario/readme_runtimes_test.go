package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// readmeSections are the README's sections that recommend commands for the
// runtimes.
var readmeSections = []string{"Using it in CI", "Run on the real LangGraph", "Your own graph", "For Python teams"}

// readmeCommand is a command of the README as a user pastes it: the
// scenario CLI's arguments, and the files the lines before it in its block
// write (echo "..." > file).
type readmeCommand struct {
	line    string
	args    []string
	writes  map[string]string
	section string
}

// readmeCommands reads the scenario commands of the README's sh blocks in
// sections; other lines (installs, an export of the user's schema) are what
// the test's suites have already.
func readmeCommands(t *testing.T, sections []string) []readmeCommand {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(toolchain.RepoRoot(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []readmeCommand
	section, inFence, inSh := "", false, false
	var writes map[string]string
	echo := regexp.MustCompile(`^echo "([^"]*)" > (\S+)$`)
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(strings.TrimSpace(line), "```"):
			inFence = !inFence
			inSh, writes = inFence && strings.TrimSpace(line) == "```sh", map[string]string{}
			continue
		case !inFence && strings.HasPrefix(line, "#"):
			section = strings.TrimSpace(strings.TrimLeft(line, "#"))
			continue
		case !inSh || !slicesContains(sections, section):
			continue
		}
		text := strings.TrimSpace(stripComment(line))
		if m := echo.FindStringSubmatch(text); m != nil {
			writes[m[2]] = m[1] + "\n"
			continue
		}
		words := strings.Fields(text)
		for i, w := range words {
			if w == "scenario" || strings.HasSuffix(w, "/cmd/scenario") || strings.Contains(w, "/cmd/scenario@") {
				copied := map[string]string{}
				for k, v := range writes {
					copied[k] = v
				}
				cmds = append(cmds, readmeCommand{line: text, args: words[i+1:], writes: copied, section: section})
				break
			}
		}
	}
	return cmds
}

func slicesContains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// Own-graph scenarios, each language with and without a schema: side by
// side the built-in engine checks the schema's fields of the one, and the
// other runs on the runtime alone.
const (
	jsGraphModule = `import { Annotation, StateGraph, START, END } from "@langchain/langgraph";

const State = Annotation.Root({
  notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
  status: Annotation(),
});

export const graph = new StateGraph(State)
  .addNode("close", (state) => ({ notes: [` + "`closed after ${state.notes.length}`" + `], status: "closed" }))
  .addEdge(START, "close")
  .addEdge("close", END)
  .compile();
`
	pyGraphModule = `import operator
from typing import Annotated, TypedDict

from langgraph.graph import END, START, StateGraph


class State(TypedDict, total=False):
    notes: Annotated[list[str], operator.add]
    status: str


def close(state: State):
    return {"notes": [f"closed after {len(state.get('notes', []))}"], "status": "closed"}


builder = StateGraph(State)
builder.add_node("close", close)
builder.add_edge(START, "close")
builder.add_edge("close", END)
graph = builder.compile()
`
	ownGraphScenarios = `Feature: The team's own graph

  Scenario: a real node closes the ticket
    Given the graph from "%GRAPH%"
    And the input state:
      """json
      {"notes": ["a"]}
      """
    When node "close" runs
    Then field "notes" should equal ["a", "closed after 1"]
    And field "status" should equal "closed"

  Scenario: a schema adds the harness's rules to the graph's fields
    Given the graph from "%GRAPH%"
    And the state schema:
      | field  | type   | reducer    | default |
      | notes  | array  | append     | []      |
      | status | string | last-value |         |
    And the input state:
      """json
      {"notes": ["a"]}
      """
    When node "close" runs
    And node "close" returns:
      """json
      {"notes": ["reopened"], "status": "open"}
      """
    Then field "notes" should equal ["a", "closed after 1", "reopened"]
    And field "status" should equal "open"
`
)

// TestReadmeRuntimeCommandsPassOnOwnGraphs runs each command the README
// recommends for the runtimes, as a user pastes it in the suite's
// directory, on a suite init scaffolded in a JavaScript project and one in
// a Python project, each with scenarios on the team's own graph (with and
// without a schema): every one passes, with nothing skipped.
func TestReadmeRuntimeCommandsPassOnOwnGraphs(t *testing.T) {
	node := toolchain.Node(t)
	python := toolchain.LangGraphPython(t)
	cmds := readmeCommands(t, readmeSections)
	// the README's prose recommends LangGraph Python alone too
	cmds = append(cmds, readmeCommand{args: []string{"check", "--runtime", "langgraph-py"}, section: "For Python teams"})
	var names []string
	for _, c := range cmds {
		names = append(names, strings.Join(c.args, " "))
	}
	for _, want := range []string{"check --runtime builtin,langgraph-js", "check --runtime langgraph-js", "check --runtime builtin,langgraph-py", "check --format progress,junit:scenarios.xml"} {
		if !slicesContains(names, want) {
			t.Fatalf("the README recommends no %q any more (found %q): update this test", want, names)
		}
	}
	suites := map[string]func(t *testing.T) string{
		"langgraph-js": func(t *testing.T) string {
			dir := writeFiles(t, t.TempDir(), map[string]string{
				"package.json":               `{"name": "agent", "private": true, "type": "module"}` + "\n",
				"src/graph.mjs":              jsGraphModule,
				"features/own_graph.feature": strings.ReplaceAll(ownGraphScenarios, "%GRAPH%", "src/graph.mjs:graph"),
			})
			linkNodeModules(t, node, dir)
			return dir
		},
		"langgraph-py": func(t *testing.T) string {
			dir := writeFiles(t, t.TempDir(), map[string]string{
				// its package listed: in a flat layout init puts features/ in tests/scenario
				"pyproject.toml":             "[project]\nname = \"agent\"\nversion = \"0.1.0\"\n\n[tool.setuptools]\npackages = [\"agent\"]\n",
				"agent/__init__.py":          "",
				"agent/graph.py":             pyGraphModule,
				"features/own_graph.feature": strings.ReplaceAll(ownGraphScenarios, "%GRAPH%", "agent/graph.py:graph"),
			})
			// the project's .venv, with the langgraph the repository pins
			if err := os.Symlink(filepath.Dir(filepath.Dir(python)), filepath.Join(dir, ".venv")); err != nil {
				t.Fatal(err)
			}
			return dir
		},
	}
	ran := 0
	for _, c := range cmds {
		for _, rt := range []string{"langgraph-js", "langgraph-py"} {
			line := strings.Join(c.args, " ")
			named := strings.Contains(line, "langgraph-js") || strings.Contains(line, "langgraph-py")
			if named && !strings.Contains(line, rt) || strings.Contains(line, "llmfy") || strings.Contains(line, "awaken") {
				continue
			}
			t.Run(c.section+"/"+rt+"/"+line, func(t *testing.T) {
				dir := suites[rt](t)
				if err := runInit(dir, &bytes.Buffer{}); err != nil {
					t.Fatal(err)
				}
				if !named {
					// CI runs the runtime scenario.yaml names, as the README's
					// CI section says
					conf, err := os.ReadFile(filepath.Join(dir, "scenario.yaml"))
					if err != nil {
						t.Fatal(err)
					}
					writeFiles(t, dir, map[string]string{"scenario.yaml": string(conf) + "runtime: " + rt + "\n"})
				}
				writeFiles(t, dir, c.writes)
				t.Chdir(dir)
				r := runCLI(t, c.args...)
				wantCode(t, r, exitPassed)
				wantContains(t, r, "3 scenarios (3 passed)")
				wantNotContains(t, r, "skipped")
				if strings.Contains(line, "builtin,") {
					// the scenario without a schema is counted on the runtime;
					// the one with a schema is compared
					wantContains(t, r, "1 scenario ran on "+rt+" alone")
				}
			})
			ran++
		}
	}
	if ran < 6 {
		t.Fatalf("ran %d commands of the README, want at least 6: %q", ran, names)
	}
}
