package main

import (
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/runner"
	"github.com/stateharness/scenario/internal/toolchain"
)

// docBlock is one fenced code block of a user doc, as a user copies it.
type docBlock struct {
	file string // slash path from the repository root
	line int    // the line of its opening fence
	lang string // the fence's info string: sh, go, python, ...
	text string // its lines, each ending in \n
}

func (b docBlock) String() string { return fmt.Sprintf("%s:%d (```%s)", b.file, b.line, b.lang) }

// docFiles are the docs whose every code block a test runs or parses.
var docFiles = []string{"README.md", "docs/reference.md"}

var fence = regexp.MustCompile("^(```+)\\s*([^`\\s]*)")

// docBlocks are the fenced blocks of a Markdown file.
func docBlocks(t *testing.T, root, file string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []docBlock
	var cur *docBlock
	var closing string
	for i, line := range strings.Split(string(data), "\n") {
		if cur != nil {
			if strings.TrimSpace(line) == closing {
				blocks = append(blocks, *cur)
				cur = nil
				continue
			}
			cur.text += line + "\n"
			continue
		}
		if m := fence.FindStringSubmatch(line); m != nil {
			cur, closing = &docBlock{file: file, line: i + 1, lang: m[2]}, m[1]
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: a code block that is never closed", file, cur.line)
	}
	return blocks
}

// docBlockUse says what tests a block: a line it holds finds it, and
// either check runs or parses it, or why names the test that runs it, or
// illustrative says why nothing can.
type docBlockUse struct {
	file, lang, marker string
	check              func(t *testing.T, fx *docFixtures, b docBlock)
	ranBy              string // the test that runs the block itself
	illustrative       string // why no test runs it
}

// docBlockUses are the blocks that need more than their language's check
// (langChecks), or another place to run.
var docBlockUses = []docBlockUse{
	{file: "README.md", lang: "sh", marker: "scenario record --graph scenarios/graphs/recorded/orders.mjs:graph", ranBy: "TestReadmeRecordLoop"},
	{file: "README.md", lang: "text", marker: "the run drifted from the recorded trace at superstep 3", ranBy: "TestReadmeRecordLoop"},
	{file: "README.md", lang: "sh", marker: "git clone https://github.com/stateharness/scenario", check: shellIn("repo")},
	{file: "README.md", lang: "sh", marker: "go run ./cmd/scenario     # run the bundled features/", check: shellIn("repo")},
	{file: "README.md", lang: "gherkin", marker: "Scenario: llmfy's reducer table", check: checkReadmeScenario},
	{file: "README.md", lang: "json", marker: `"counter": 2`, check: checkJSON},                    // and compared with the golden the scenario writes
	{file: "README.md", lang: "sh", marker: "go get -tool ", ranBy: "TestGoModuleAsTheReadmeSays"}, // the root package's freshmodule_test.go, through the module proxy
	{file: "README.md", lang: "go", marker: "func TestFeatures(t *testing.T)", check: checkReadmeTestFile},
	{file: "README.md", lang: "sh", marker: "SCENARIO_CHECK=1 go test ./...", check: shellIn("go module")},
	{file: "README.md", lang: "sh", marker: "SCENARIO_UPDATE=1 go test ./...", check: shellIn("go module")},
	{file: "README.md", lang: "sh", marker: "npm install @langchain/langgraph @langchain/core", check: shellIn("node suite")},
	{file: "README.md", lang: "gherkin", marker: `Given the graph from "src/agent/graph.mjs:graph"`, check: checkReadmeOwnGraph},
	// the eino module of "In your own Go module": runtimes/eino's own test builds it from these blocks, the
	// module required through replace directives to the checkout (it is on the proxy once tagged)
	{file: "README.md", lang: "sh", marker: "go get github.com/stateharness/scenario/runtimes/eino@latest", ranBy: "TestReadmeEinoModule (runtimes/eino)"},
	{file: "README.md", lang: "", marker: "github.com/stateharness/scenario/runtimes/eino => ../scenario/runtimes/eino", ranBy: "TestReadmeEinoModule (runtimes/eino), with the checkout's own path"},
	{file: "README.md", lang: "go", marker: "func Build(chat model.ToolCallingChatModel", ranBy: "TestReadmeEinoModule (runtimes/eino)"},
	{file: "README.md", lang: "go", marker: "func TestAgent(t *testing.T)", ranBy: "TestReadmeEinoModule (runtimes/eino)"},
	{file: "README.md", lang: "gherkin", marker: `Given the graph from "eino:agent"`, ranBy: "TestReadmeEinoModule (runtimes/eino)"},
	{file: "README.md", lang: "sh", marker: "go test -race ./...   # each scenario a subtest of TestAgent", ranBy: "TestReadmeEinoModule (runtimes/eino)"},
	{file: "README.md", lang: "python", marker: readmeStateMarker, ranBy: "TestReadmePythonStateKeepsItsReducers"},
	{file: "README.md", lang: "gherkin", marker: readmeBackgroundMarker, ranBy: "TestReadmePythonStateKeepsItsReducers"},
	{file: "README.md", lang: "sh", marker: readmeExportMarker, ranBy: "TestReadmePythonStateKeepsItsReducers"},
	{file: "README.md", lang: "js", marker: "graph.stream(input,", check: checkReadmeStreamJS},
	{file: "README.md", lang: "python", marker: "graph.stream(inputs,", check: checkReadmeStreamPython},
	{file: "docs/reference.md", lang: "gherkin", marker: "Feature: the support agent looks orders up", check: checkWholeGraph("scenarios/graphs/react.mjs")},
	{file: "README.md", lang: "gherkin", marker: "Feature: the support agent looks an order up", check: checkWholeGraph("src/agent/react.mjs")},
	{file: "docs/reference.md", lang: "", marker: "langgraph-js: @langchain/langgraph", check: checkVersionLines},
	{file: "docs/reference.md", lang: "", marker: "skipped on a runtime (never counted as passed there)", check: checkSkipSummary},
	{file: "README.md", lang: "yaml", marker: "report merge --format junit:scenarios.xml,html:scenarios.html shard-*.json", check: checkShardWorkflow},
	{file: "README.md", lang: "gherkin", marker: `Given the graph from "Cargo.toml:StatePlugin"`, check: checkReadmeAwakenCrate},
	{file: "README.md", lang: "sh", marker: readmeAwakenCommands, ranBy: "TestDocBlocks, with the README's Awaken scenario (checkReadmeAwakenCrate)"},
}

// langChecks run or parse a block of a language no docBlockUses entry
// names.
var langChecks = map[string]func(t *testing.T, fx *docFixtures, b docBlock){
	"sh":      shellIn("suite"),
	"json":    checkJSON,
	"yaml":    checkConfigYAML,
	"gherkin": checkGherkin,
	"go":      checkGofmt,
	"python":  checkPythonSyntax,
	"js":      checkJSSyntax,
}

// TestDocBlocks runs or parses every fenced code block of the README and
// the reference: a block that no check covers, and is not listed as
// illustrative with a reason, fails at its file:line.
func TestDocBlocks(t *testing.T) {
	root := toolchain.RepoRoot()
	fx := newDocFixtures(t, root)
	used := make([]bool, len(docBlockUses))
	for _, file := range docFiles {
		for _, b := range docBlocks(t, root, file) {
			use, i := findDocBlockUse(t, b)
			if i >= 0 {
				used[i] = true
			}
			// no slash in a subtest's name: -run splits patterns at it
			t.Run(fmt.Sprintf("%s:%d_%s", strings.ReplaceAll(b.file, "/", "_"), b.line, b.lang), func(t *testing.T) {
				switch {
				case use.illustrative != "":
					t.Logf("%s: illustrative, not run: %s", b, use.illustrative)
				case use.ranBy != "":
					t.Logf("%s: run by %s", b, use.ranBy)
				case use.check != nil:
					use.check(t, fx, b)
				case langChecks[b.lang] != nil:
					langChecks[b.lang](t, fx, b)
				default:
					t.Errorf("%s: no test runs or parses this block, and it is not listed as illustrative: add it to docBlockUses in cmd/scenario/docs_blocks_test.go\n%s", b, b.text)
				}
			})
		}
	}
	for i, u := range docBlockUses {
		if !used[i] {
			t.Errorf("docBlockUses names a ```%s block of %s holding %q, which the file no longer has: update or drop the entry", u.lang, u.file, u.marker)
		}
	}
}

// findDocBlockUse is the entry naming b, and its index (-1: none).
func findDocBlockUse(t *testing.T, b docBlock) (docBlockUse, int) {
	t.Helper()
	found := -1
	for i, u := range docBlockUses {
		if u.file == b.file && u.lang == b.lang && strings.Contains(b.text, u.marker) {
			if found >= 0 {
				t.Errorf("%s: two docBlockUses entries name it (%q, %q)", b, docBlockUses[found].marker, u.marker)
			}
			found = i
		}
	}
	if found < 0 {
		return docBlockUse{}, -1
	}
	return docBlockUses[found], found
}

// docBlockOf is the one block of file in lang holding marker, for a test
// that runs a block as the docs write it.
func docBlockOf(t *testing.T, file, lang, marker string) docBlock {
	t.Helper()
	var found []docBlock
	for _, b := range docBlocks(t, toolchain.RepoRoot(), file) {
		if b.lang == lang && strings.Contains(b.text, marker) {
			found = append(found, b)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s has %d ```%s blocks holding %q, want 1", file, len(found), lang, marker)
	}
	return found[0]
}

func checkJSON(t *testing.T, _ *docFixtures, b docBlock) {
	var v any
	if err := json.Unmarshal([]byte(b.text), &v); err != nil {
		t.Errorf("%s: not JSON: %v", b, err)
	}
}

// checkConfigYAML reads a scenario.yaml block as the CLI reads
// scenario.yaml (unknown keys refused), then runs check on the scaffold
// with it.
func checkConfigYAML(t *testing.T, fx *docFixtures, b docBlock) {
	dir := fx.scaffold(t)
	writeFiles(t, dir, map[string]string{"scenario.yaml": b.text})
	if _, err := runner.ReadConfigFile(dir); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	r := runCLI(t, suiteArgs("check", dir)...)
	if r.code != exitPassed {
		t.Errorf("%s as scenario.yaml of the scaffold: check exits %d:\n%s", b, r.code, r.all())
	}
}

// checkGherkin runs a feature block (a fragment gets a Feature line) in an
// empty suite: it must load and pass, golden files written by update.
func checkGherkin(t *testing.T, _ *docFixtures, b docBlock) {
	dir := newSuite(t, map[string]string{"features/doc.feature": featureOf(b)})
	for _, cmd := range []string{"update", "check"} {
		if r := runCLI(t, suiteArgs(cmd, dir)...); r.code != exitPassed {
			t.Errorf("%s: scenario %s exits %d:\n%s", b, cmd, r.code, r.all())
		}
	}
}

// featureOf is the block as a feature file: a fragment (steps of a
// Background and Scenarios, indented as in a feature) gets a Feature line.
func featureOf(b docBlock) string {
	if strings.HasPrefix(strings.TrimSpace(b.text), "Feature:") {
		return b.text
	}
	return "Feature: " + b.file + " line " + fmt.Sprint(b.line) + "\n\n" + b.text
}

// checkReadmeScenario runs the README's scenario and compares the golden
// file update writes with the golden the README shows beside it.
func checkReadmeScenario(t *testing.T, _ *docFixtures, b docBlock) {
	dir := newSuite(t, map[string]string{"features/reducers.feature": b.text})
	if r := runCLI(t, suiteArgs("update", dir)...); r.code != exitPassed {
		t.Fatalf("%s: update exits %d:\n%s", b, r.code, r.all())
	}
	golden := docBlockOf(t, "README.md", "json", `"counter": 2`)
	got, err := os.ReadFile(filepath.Join(dir, "golden", "reducers", "llmfy-s-reducer-table-append-replace-replace.json"))
	if err != nil {
		t.Fatalf("%s: update wrote no golden where the README says: %v", b, err)
	}
	if string(got) != golden.text {
		t.Errorf("%s shows the golden file\n%s\nbut the scenario of %s writes\n%s", golden, golden.text, b, got)
	}
	if r := runCLI(t, suiteArgs("check", dir)...); r.code != exitPassed {
		t.Errorf("%s: check exits %d:\n%s", b, r.code, r.all())
	}
}

// checkGofmt parses a Go block and wants it gofmt-formatted.
func checkGofmt(t *testing.T, _ *docFixtures, b docBlock) {
	src, err := format.Source([]byte(b.text))
	if err != nil {
		t.Fatalf("%s: not Go: %v", b, err)
	}
	if string(src) != b.text {
		t.Errorf("%s is not gofmt-formatted; gofmt writes:\n%s", b, src)
	}
}

// checkReadmeTestFile compiles the README's test file in a Go module that
// uses this checkout, where the README's go test commands then run.
func checkReadmeTestFile(t *testing.T, fx *docFixtures, b docBlock) {
	checkGofmt(t, fx, b)
	dir := fx.goModule(t)
	writeFiles(t, dir, map[string]string{"agent_test.go": b.text})
	if out, err := fx.goCmd(dir, nil, "vet", "./..."); err != nil {
		t.Fatalf("%s does not compile in a module of its own: %v\n%s", b, err, out)
	}
	fx.testFile = b.text
}

// checkPythonSyntax compiles a Python block with the repository's Python.
func checkPythonSyntax(t *testing.T, _ *docFixtures, b docBlock) {
	python := toolchain.Python(t, toolchain.RepoRoot())
	cmd := exec.Command(python, "-c", "import sys; compile(sys.stdin.read(), sys.argv[1], 'exec')", b.String())
	cmd.Stdin = strings.NewReader(b.text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s is not Python: %v\n%s", b, err, out)
	}
}

// checkJSSyntax parses a JS block as an ES module with node --check.
func checkJSSyntax(t *testing.T, _ *docFixtures, b docBlock) {
	node := toolchain.Node(t)
	p := filepath.Join(t.TempDir(), "block.mjs")
	if err := os.WriteFile(p, []byte(b.text), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(node.Node, "--check", p).CombinedOutput(); err != nil {
		t.Errorf("%s is not JavaScript: %v\n%s", b, err, out)
	}
}

// lines is text's non-empty lines, trimmed.
func lines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
