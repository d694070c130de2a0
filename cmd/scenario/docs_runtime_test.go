package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// nodeSuite is an empty suite whose node_modules are the pinned packages.
func nodeSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	node := toolchain.Node(t)
	dir := newSuite(t, files)
	if err := os.Symlink(node.NodePath(), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func repoFile(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(toolchain.RepoRoot(), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// checkReadmeOwnGraph runs the README's scenarios on a graph of their own
// (scenarios/graphs/support.mjs where the README puts one) on LangGraph JS.
func checkReadmeOwnGraph(t *testing.T, _ *docFixtures, b docBlock) {
	dir := nodeSuite(t, map[string]string{
		"features/own.feature": featureOf(b),
		"src/agent/graph.mjs":  repoFile(t, "scenarios/graphs/support.mjs"),
	})
	for _, cmd := range []string{"update", "check"} {
		if r := runCLI(t, append(suiteArgs(cmd, dir), "--runtime", "langgraph-js")...); r.code != exitPassed {
			t.Errorf("%s on a graph of its own: %s --runtime langgraph-js exits %d:\n%s", b, cmd, r.code, r.all())
		}
	}
}

// checkReadmeStreamJS runs the README's JS loop on a graph (run.mjs, as
// its comment says) and records what it printed.
func checkReadmeStreamJS(t *testing.T, _ *docFixtures, b docBlock) {
	node := toolchain.Node(t)
	prelude := "import { readFileSync } from \"node:fs\";\nimport { graph } from \"./chat_graph.mjs\";\nconst input = JSON.parse(readFileSync(\"chat_input.json\", \"utf8\"));\n"
	dir := nodeSuite(t, map[string]string{
		"run.mjs":         prelude + b.text,
		"chat_graph.mjs":  repoFile(t, "internal/record/testdata/chat_graph.mjs"),
		"chat_input.json": repoFile(t, "internal/record/testdata/chat_input.json"),
	})
	recordStream(t, b, dir, exec.Command(node.Node, "run.mjs"))
}

// checkReadmeStreamPython runs the README's Python loop on a graph (run.py,
// as its comment says) and records what it printed.
func checkReadmeStreamPython(t *testing.T, _ *docFixtures, b docBlock) {
	python := toolchain.LangGraphPython(t)
	prelude := "from chat_graph import graph\ninputs = json.load(open(\"chat_input.json\"))\n"
	text := b.text
	// the block's imports first, then what it streams
	if i := strings.Index(text, "for chunk"); i >= 0 {
		text = text[:i] + prelude + text[i:]
	}
	dir := newSuite(t, map[string]string{
		"run.py":          text,
		"chat_graph.py":   repoFile(t, "internal/record/testdata/chat_graph.py"),
		"chat_input.json": repoFile(t, "internal/record/testdata/chat_py_input.json"),
		"scenario.yaml":   "profile: langgraph-py\n",
	})
	recordStream(t, b, dir, exec.Command(python, "run.py"))
}

// recordStream runs cmd in dir into runs/chat.jsonl, then scenario record
// and check on it.
func recordStream(t *testing.T, b docBlock, dir string, cmd *exec.Cmd) {
	t.Helper()
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", b, err, stderrOf(err))
	}
	writeFiles(t, dir, map[string]string{"runs/chat.jsonl": string(out)})
	if r := runCLIAt(t, dir, nil, []string{"record", "runs/chat.jsonl"}); r.code != exitPassed {
		t.Fatalf("%s: scenario record of what it printed exits %d:\n%s\nthe run:\n%s", b, r.code, r.all(), out)
	}
	if r := runCLIAt(t, dir, nil, []string{"check", "--no-color", "--format", "progress"}); r.code != exitPassed {
		t.Errorf("%s: check of the recorded scenario exits %d:\n%s", b, r.code, r.all())
	}
}

// versionLine is "runtime: pkg 1.2.3, pkg 4.5.6, node v20.1.0".
var versionPart = regexp.MustCompile(`^(\S+) (v?[0-9][0-9.]*)$`)

// checkVersionLines compares the library versions of the reference's
// sample with the versions this repository pins (the interpreters' own are
// the machine's and not checked).
func checkVersionLines(t *testing.T, _ *docFixtures, b docBlock) {
	pins := map[string]string{
		"@langchain/langgraph": lockVersion(t, "@langchain/langgraph"),
		"@langchain/core":      lockVersion(t, "@langchain/core"),
		"langgraph":            pinnedPy(t, "runtimes/langgraphpy/requirements.txt", "langgraph"),
		"langchain-core":       pinnedPy(t, "runtimes/langgraphpy/requirements.txt", "langchain-core"),
		"llmfy":                pinnedPy(t, "runtimes/llmfy/requirements.txt", "llmfy"),
		"pydantic":             pinnedPy(t, "runtimes/llmfy/requirements.txt", "pydantic"),
		"awaken-runtime":       regexp.MustCompile(`name = "awaken-runtime"\nversion = "([^"]+)"`).FindStringSubmatch(repoFile(t, "runtimes/awaken/bridge/Cargo.lock"))[1],
	}
	machine := map[string]bool{"node": true, "python": true, "rustc": true}
	for _, l := range lines(b.text) {
		_, parts, ok := strings.Cut(l, ": ")
		if !ok {
			t.Errorf("%s: %q is no runtime's version line", b, l)
			continue
		}
		for _, p := range strings.Split(parts, ", ") {
			m := versionPart.FindStringSubmatch(p)
			switch {
			case m == nil:
				t.Errorf("%s: %q is not \"<package> <version>\"", b, p)
			case machine[m[1]]:
			case pins[m[1]] == "":
				t.Errorf("%s: %s is no package this repository pins", b, m[1])
			case pins[m[1]] != m[2]:
				t.Errorf("%s says %s %s; the repository pins %s", b, m[1], m[2], pins[m[1]])
			}
		}
	}
}

func lockVersion(t *testing.T, pkg string) string {
	t.Helper()
	var lock struct {
		Packages map[string]struct{ Version string }
	}
	if err := json.Unmarshal([]byte(repoFile(t, "package-lock.json")), &lock); err != nil {
		t.Fatal(err)
	}
	return lock.Packages["node_modules/"+pkg].Version
}

func pinnedPy(t *testing.T, file, pkg string) string {
	t.Helper()
	for _, l := range strings.Split(repoFile(t, file), "\n") {
		if name, v, ok := strings.Cut(strings.TrimSpace(l), "=="); ok && strings.EqualFold(name, pkg) {
			return v
		}
	}
	t.Fatalf("%s pins no %s", file, pkg)
	return ""
}

// checkSkipSummary runs a suite that gives the reference's sample summary
// (an awaken scenario and one on a graph of its own, side by side with
// LangGraph JS) and wants the sample's lines in what the run prints.
func checkSkipSummary(t *testing.T, _ *docFixtures, b docBlock) {
	dir := nodeSuite(t, map[string]string{
		"graph.mjs": repoFile(t, "scenarios/graphs/support.mjs"),
		"features/skips.feature": `Feature: skips

  Scenario: a scenario of the awaken profile
    Given the "awaken" profile
    And the state schema:
      | field | type    | reducer |
      | n     | integer | sum     |
    And the input state:
      """json
      {"n": 1}
      """
    Then field "n" should equal 1

  Scenario: a scenario on its own graph
    Given the graph from "graph.mjs:graph"
    And an empty input state
    Then field "status" should be absent
`,
	})
	r := runCLI(t, append(suiteArgs("run", dir), "--runtime", "builtin,langgraph-js")...)
	if r.code != exitPassed {
		t.Fatalf("exit %d:\n%s", r.code, r.all())
	}
	want := strings.Join(lines(b.text), "\n")
	if got := strings.Join(lines(r.all()), "\n"); !strings.Contains(got, want) {
		t.Errorf("%s shows\n%s\nbut such a run (an awaken scenario and one on its own graph, --runtime builtin,langgraph-js) prints\n%s", b, b.text, r.all())
	}
}

// checkWholeGraph runs a whole-graph example as it stands, its graph at
// module (scenarios/graphs/react.mjs put where the example names it) on
// LangGraph JS, then, as the docs say it does, with that graph's Python
// twin (react.py) on LangGraph Python.
func checkWholeGraph(module string) func(t *testing.T, _ *docFixtures, b docBlock) {
	return func(t *testing.T, _ *docFixtures, b docBlock) {
		t.Run("js", func(t *testing.T) {
			dir := nodeSuite(t, map[string]string{
				"features/whole.feature": featureOf(b),
				module:                   repoFile(t, "scenarios/graphs/react.mjs"),
			})
			for _, cmd := range []string{"update", "check"} {
				if r := runCLI(t, append(suiteArgs(cmd, dir), "--runtime", "langgraph-js")...); r.code != exitPassed {
					t.Errorf("%s: %s --runtime langgraph-js exits %d:\n%s", b, cmd, r.code, r.all())
				}
			}
		})
		t.Run("python", func(t *testing.T) {
			python := toolchain.LangGraphPython(t)
			py := strings.TrimSuffix(module, ".mjs") + ".py"
			feature := strings.Replace(featureOf(b), module+":graph", py+":graph", 1)
			dir := newSuite(t, map[string]string{
				"features/whole.feature": feature,
				py:                       repoFile(t, "scenarios/graphs/react.py"),
			})
			for _, cmd := range []string{"update", "check"} {
				if r := runCLI(t, append(suiteArgs(cmd, dir), "--runtime", "langgraph-py", "--python", python)...); r.code != exitPassed {
					t.Errorf("%s on %s: %s --runtime langgraph-py exits %d:\n%s", b, py, cmd, r.code, r.all())
				}
			}
		})
	}
}
