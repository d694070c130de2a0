package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// docFixtures are the places a doc's commands run in: a scaffolded suite,
// a Go module on this checkout, the repository itself.
type docFixtures struct {
	root     string // the repository
	base     string // the parent test's temporary directory
	module   string // the Go module (go.mod's module path)
	goModDir string // the Go module the README's test file goes in, once made
	testFile string // the README's test file, once it compiled
}

func newDocFixtures(t *testing.T, root string) *docFixtures {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	module := strings.TrimSpace(strings.TrimPrefix(strings.SplitN(string(data), "\n", 2)[0], "module"))
	return &docFixtures{root: root, base: t.TempDir(), module: module}
}

// scaffold is a fresh suite as scenario init writes it.
func (fx *docFixtures) scaffold(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "suite")
	if err := runInit(dir, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// emptyModule is a new Go module whose go.mod resolves the harness to
// this checkout.
func (fx *docFixtures) emptyModule(t *testing.T, dir string) string {
	t.Helper()
	sum, err := os.ReadFile(filepath.Join(fx.root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	return writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/agent\n\ngo 1.26\n\nrequire " + fx.module + " v0.0.0\n\nreplace " + fx.module + " => " + fx.root + "\n",
		"go.sum": string(sum),
	})
}

// goModule is the Go module of "In your own Go module": the scaffold's
// suite in a module of its own, shared by the blocks that follow.
func (fx *docFixtures) goModule(t *testing.T) string {
	t.Helper()
	if fx.goModDir != "" {
		return fx.goModDir
	}
	dir := filepath.Join(fx.base, "module")
	if err := runInit(dir, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "scenario_test.go")) // the README's test file takes its place
	fx.goModDir = fx.emptyModule(t, dir)
	return fx.goModDir
}

// goCmd runs go in a module of the test's own (dir), offline (the module
// cache holds what the checkout builds with), with extra environment.
func (fx *docFixtures) goCmd(dir string, extra []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off",
		"SCENARIO_UPDATE=", "GOLDIE_UPDATE=", "SCENARIO_CHECK=")
	cmd.Env = append(cmd.Env, extra...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// shellIn runs an sh block's commands in a fixture: "suite" (a fresh
// scaffold), "node suite" (one with the pinned node_modules), "repo" (this
// checkout, for the commands of a clone), "empty module", "go module".
func shellIn(fixture string) func(t *testing.T, fx *docFixtures, b docBlock) {
	return func(t *testing.T, fx *docFixtures, b docBlock) {
		var dir string
		switch fixture {
		case "repo":
			dir = fx.root
		case "suite":
			dir = fx.scaffold(t)
		case "node suite":
			node := toolchain.Node(t)
			dir = fx.scaffold(t)
			if err := os.Symlink(node.NodePath(), filepath.Join(dir, "node_modules")); err != nil {
				t.Fatal(err)
			}
		case "empty module":
			dir = fx.emptyModule(t, t.TempDir())
		case "go module":
			if fx.testFile == "" {
				t.Fatalf("%s: the README's test file did not compile (or its subtest did not run), so its go test commands cannot run", b)
			}
			dir = fx.goModule(t)
		default:
			t.Fatalf("no fixture %q", fixture)
		}
		runShellBlock(t, fx, b, dir)
	}
}

// shellCommand is one command of a block: its words, and whether it needs
// a shell (a redirection).
type shellCommand struct {
	line  int // in the doc
	words []string
	raw   string
	shell bool
}

// shellCommands splits a block into commands: comments dropped, && split,
// quotes removed, [placeholders...] dropped.
func shellCommands(b docBlock) []shellCommand {
	var cmds []shellCommand
	for i, line := range strings.Split(strings.TrimSuffix(b.text, "\n"), "\n") {
		for _, part := range splitShell(stripComment(line)) {
			words, shell := docShellWords(part)
			if len(words) > 0 {
				cmds = append(cmds, shellCommand{line: b.line + 1 + i, words: words, raw: strings.TrimSpace(part), shell: shell})
			}
		}
	}
	return cmds
}

// unquoted reports, for each byte of line, whether it stands outside
// single or double quotes (a quote character itself is inside).
func unquoted(line string) []bool {
	out := make([]bool, len(line))
	quote := byte(0)
	for j := 0; j < len(line); j++ {
		switch c := line[j]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		default:
			out[j] = true
		}
	}
	return out
}

// stripComment drops a # comment: a # outside quotes that starts a word.
func stripComment(line string) string {
	for j, out := range unquoted(line) {
		if out && line[j] == '#' && (j == 0 || line[j-1] == ' ' || line[j-1] == '\t') {
			return line[:j]
		}
	}
	return line
}

// splitShell splits a line at && outside quotes.
func splitShell(line string) []string {
	var parts []string
	out, start := unquoted(line), 0
	for j := 0; j+1 < len(line); j++ {
		if out[j] && out[j+1] && line[j] == '&' && line[j+1] == '&' {
			parts = append(parts, line[start:j])
			j++
			start = j + 1
		}
	}
	return append(parts, line[start:])
}

// docShellWords are a command's words, quotes removed and [placeholders...]
// dropped, and whether it redirects (and so needs a shell).
func docShellWords(cmd string) ([]string, bool) {
	var words []string
	var word strings.Builder
	inWord, quote, shell := false, byte(0), false
	flush := func() {
		if inWord && !(strings.HasPrefix(word.String(), "[") && strings.HasSuffix(word.String(), "...]")) {
			words = append(words, word.String())
		}
		word.Reset()
		inWord = false
	}
	for j := 0; j < len(cmd); j++ {
		c := cmd[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				word.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote, inWord = c, true
		case c == '>':
			flush()
			shell = true
			words = append(words, ">")
		case c == ' ' || c == '\t':
			flush()
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return words, shell
}

// runShellBlock runs each command of b in dir, or checks what it names
// where running it would reach the network; a command no case knows fails.
func runShellBlock(t *testing.T, fx *docFixtures, b docBlock, dir string) {
	t.Helper()
	cmds := shellCommands(b)
	if len(cmds) == 0 {
		t.Fatalf("%s holds no command", b)
	}
	for _, c := range cmds {
		runShellCommand(t, fx, b, dir, c)
	}
}

func runShellCommand(t *testing.T, fx *docFixtures, b docBlock, dir string, c shellCommand) {
	t.Helper()
	at := b.file + ":" + strconv.Itoa(c.line) + ": `" + c.raw + "`"
	words := c.words
	var env []string
	for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
		env = append(env, words[0])
		words = words[1:]
	}
	if c.shell || words[0] == "echo" || strings.HasPrefix(words[0], ".venv/bin/python") {
		sh := exec.Command("sh", "-ec", c.raw)
		sh.Dir = dir
		if out, err := sh.CombinedOutput(); err != nil {
			t.Errorf("%s in %s: %v\n%s", at, dir, err, out)
		}
		return
	}
	if args, ok := fx.cliArgs(words); ok {
		r := runCLIAt(t, dir, env, args)
		if r.code != exitPassed {
			t.Errorf("%s in %s exits %d:\n%s", at, dir, r.code, r.all())
		}
		return
	}
	switch {
	case len(words) >= 3 && words[0] == "go" && (words[1] == "install" || words[1] == "get"):
		for _, w := range words[2:] {
			if !strings.HasPrefix(w, "-") {
				fx.checkPackage(t, at, w, words[1] == "install")
			}
		}
	case len(words) >= 5 && words[0] == "go" && words[1] == "build" && words[2] == "-o":
		fx.checkPackage(t, at, words[4], true)
	case len(words) >= 2 && words[0] == "go" && words[1] == "test":
		if dir == fx.root {
			// the repository's own tests, of which this one is part: its
			// packages resolve (without -mod=mod, which could touch go.mod)
			list := exec.Command("go", append([]string{"list"}, words[2:]...)...)
			list.Dir = dir
			if out, err := list.CombinedOutput(); err != nil {
				t.Errorf("%s: go list of its packages: %v\n%s", at, err, out)
			}
			return
		}
		if out, err := fx.goCmd(dir, env, words[1:]...); err != nil {
			t.Errorf("%s in %s: %v\n%s", at, dir, err, out)
		}
	case len(words) == 3 && words[0] == "git" && words[1] == "clone":
		if words[2] != "https://"+fx.module {
			t.Errorf("%s clones %s; the module is %s", at, words[2], fx.module)
		}
	case len(words) == 2 && words[0] == "cd":
		if words[1] != path.Base(fx.module) {
			t.Errorf("%s: a clone of %s is in %s", at, fx.module, path.Base(fx.module))
		}
	case len(words) >= 3 && words[0] == "npm" && words[1] == "install":
		fx.checkNpmPackages(t, at, words[2:])
	case len(words) == 4 && words[0] == "python3" && words[1] == "-m" && words[2] == "venv":
		// the pinned environment stands in for a new one
		venv := filepath.Join(dir, words[3])
		if _, err := os.Lstat(venv); err != nil {
			if err := os.Symlink(filepath.Join(fx.root, ".venv"), venv); err != nil {
				t.Fatal(err)
			}
		}
	case len(words) >= 3 && strings.HasSuffix(words[0], "/bin/pip") && words[1] == "install":
		// installing needs the package index; the pinned environment holds each package
		python := filepath.Join(dir, filepath.FromSlash(path.Dir(words[0])), "python")
		script := "import importlib.metadata as m, sys\nfor p in sys.argv[1:]: print(p, m.version(p))"
		out, err := exec.Command(python, append([]string{"-c", script}, words[2:]...)...).CombinedOutput()
		if err != nil {
			t.Errorf("%s: a package is not in the pinned environment: %v\n%s", at, err, out)
		}
	default:
		t.Errorf("%s: no case of runShellCommand (cmd/scenario/docs_shell_test.go) runs or checks this command", at)
	}
}

// cliArgs are the CLI's arguments when words start the CLI: scenario, go
// run ./cmd/scenario, go run <module>/cmd/scenario[@version], go tool
// scenario.
func (fx *docFixtures) cliArgs(words []string) ([]string, bool) {
	switch {
	case words[0] == "scenario":
		return words[1:], true
	case len(words) >= 3 && words[0] == "go" && words[1] == "tool" && words[2] == "scenario":
		return words[3:], true
	case len(words) >= 3 && words[0] == "go" && words[1] == "run":
		pkg, _, _ := strings.Cut(words[2], "@")
		if pkg == "./cmd/scenario" || pkg == fx.module+"/cmd/scenario" {
			return words[3:], true
		}
	}
	return nil, false
}

// runCLIAt runs the CLI in dir, as a user in that directory would, with
// env and no update or check request of the test's own environment.
func runCLIAt(t *testing.T, dir string, env []string, args []string) cliResult {
	t.Helper()
	vars := map[string]string{"SCENARIO_UPDATE": "", "GOLDIE_UPDATE": "", "SCENARIO_CHECK": "", "NO_COLOR": "1"}
	for _, e := range env {
		k, v, _ := strings.Cut(e, "=")
		vars[k] = v
	}
	for k, v := range vars {
		t.Setenv(k, v)
	}
	t.Chdir(dir)
	return runCLI(t, args...)
}

// checkPackage wants pkg[@version] to be a package of this module (a main
// package when it is installed or built).
func (fx *docFixtures) checkPackage(t *testing.T, at, pkg string, main bool) {
	t.Helper()
	p, v, _ := strings.Cut(pkg, "@")
	if v != "" && v != "latest" && !strings.HasPrefix(v, "v") {
		t.Errorf("%s: %q is no version", at, v)
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p, fx.module), "/")
	if strings.HasPrefix(p, "./") {
		rel = strings.TrimPrefix(p, "./")
	} else if !strings.HasPrefix(p, fx.module) {
		t.Errorf("%s: %s is not a package of %s", at, p, fx.module)
		return
	}
	list := exec.Command("go", "list", "-f", "{{.Name}}", "./"+rel)
	list.Dir = fx.root
	out, err := list.CombinedOutput()
	if err != nil {
		t.Errorf("%s: %s is no package of this checkout: %v\n%s", at, p, err, out)
		return
	}
	if main && strings.TrimSpace(string(out)) != "main" {
		t.Errorf("%s: %s is package %s, not a command", at, p, out)
	}
}

// checkNpmPackages wants each package installed to be one package.json
// pins, the versions the runtime is checked with.
func (fx *docFixtures) checkNpmPackages(t *testing.T, at string, args []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fx.root, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct{ Dependencies, DevDependencies map[string]string }
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		if pkg.Dependencies[a] == "" && pkg.DevDependencies[a] == "" {
			t.Errorf("%s installs %s, which package.json does not pin", at, a)
		}
	}
}

func TestDocShellCommandsSplit(t *testing.T) {
	b := docBlock{file: "README.md", line: 10, lang: "sh", text: `git clone https://example.com/x && cd x   # a comment
SCENARIO_UPDATE=1 go run ./cmd/scenario update [paths...]
echo "profile: a # b" > scenario.yaml
go test . -run 'TestX/a b'
`}
	got := shellCommands(b)
	want := []shellCommand{
		{line: 11, words: []string{"git", "clone", "https://example.com/x"}, raw: "git clone https://example.com/x"},
		{line: 11, words: []string{"cd", "x"}, raw: "cd x"},
		{line: 12, words: []string{"SCENARIO_UPDATE=1", "go", "run", "./cmd/scenario", "update"}, raw: "SCENARIO_UPDATE=1 go run ./cmd/scenario update [paths...]"},
		{line: 13, words: []string{"echo", "profile: a # b", ">", "scenario.yaml"}, raw: `echo "profile: a # b" > scenario.yaml`, shell: true},
		{line: 14, words: []string{"go", "test", ".", "-run", "TestX/a b"}, raw: "go test . -run 'TestX/a b'"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d commands, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].line != want[i].line || got[i].raw != want[i].raw || got[i].shell != want[i].shell || strings.Join(got[i].words, "|") != strings.Join(want[i].words, "|") {
			t.Errorf("command %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
