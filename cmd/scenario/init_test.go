package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/internal/toolchain"
	"gopkg.in/yaml.v3"
)

// initFiles is what init writes into a directory of a Go module (go.mod
// aside); a directory outside one gets the same but scenario_test.go.
var initFiles = []string{
	".github/workflows/scenarios.yml",
	"features/example.feature",
	"golden/example/the-agent-answers-and-finishes.json",
	"scenario.yaml",
	"scenario_test.go",
	"scenarios/.gitkeep",
}

// cliFiles is what init writes outside a Go module: a CLI-only suite.
var cliFiles = slices.DeleteFunc(slices.Clone(initFiles), func(f string) bool { return f == "scenario_test.go" })

// goModule makes dir the root of a Go module.
func goModule(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/agent\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// filesUnder lists the regular files under dir as sorted slash paths.
func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		files = append(files, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// initSuite runs init into a new directory of a Go module and returns it.
func initSuite(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "agent")
	goModule(t, dir)
	var out bytes.Buffer
	if err := runInit(dir, &out); err != nil {
		t.Fatalf("init: %v", err)
	}
	return dir
}

func TestInitWritesTheScaffold(t *testing.T) {
	for _, tc := range []struct {
		name     string
		goModule bool
		files    []string
		steps    []string
	}{
		{"a Go module", true, initFiles, []string{"go mod tidy", "go test ./...", "  go get -tool github.com/stateharness/scenario/cmd/scenario@" + pinnedVersion() + "\n  go tool scenario run\n"}},
		{"a repository without Go", false, cliFiles, []string{"go run github.com/stateharness/scenario/cmd/scenario@" + pinnedVersion() + " run"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.goModule {
				goModule(t, dir)
			}
			var out bytes.Buffer
			if err := runInit(dir, &out); err != nil {
				t.Fatalf("init: %v", err)
			}
			got := slices.DeleteFunc(filesUnder(t, dir), func(f string) bool { return f == "go.mod" })
			if !slices.Equal(got, tc.files) {
				t.Errorf("init wrote\n  %v\nwant\n  %v", got, tc.files)
			}
			for _, f := range tc.files {
				if !strings.Contains(out.String(), "created "+filepath.Join(dir, filepath.FromSlash(f))+"\n") {
					t.Errorf("output does not report %s:\n%s", f, out.String())
				}
			}
			for _, step := range tc.steps {
				if !strings.Contains(out.String(), step) {
					t.Errorf("next steps do not mention %q:\n%s", step, out.String())
				}
			}
			if strings.Contains(out.String(), "@latest") {
				t.Errorf("next steps name @latest:\n%s", out.String())
			}
			if !tc.goModule {
				return
			}
			test, err := os.ReadFile(filepath.Join(dir, "scenario_test.go"))
			if err != nil {
				t.Fatal(err)
			}
			if want := "package " + testPackage(dir) + "_test\n"; !strings.HasPrefix(string(test), want) {
				t.Errorf("scenario_test.go starts\n%s\nwant %q", test, want)
			}
		})
	}
}

// TestInitInAModuleWithTheTool: where go.mod names the CLI as a tool (go
// get -tool, as the README says), the next steps run it as one, pinned by
// go.mod, with no version to fill in.
func TestInitInAModuleWithTheTool(t *testing.T) {
	for _, gomod := range []string{
		"module example.com/agent\n\ngo 1.26\n\ntool github.com/stateharness/scenario/cmd/scenario\n",
		"module example.com/agent\n\ngo 1.26\n\ntool (\n\tgolang.org/x/tools/cmd/stringer\n\tgithub.com/stateharness/scenario/cmd/scenario // the CLI\n)\n",
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := runInit(dir, &out); err != nil {
			t.Fatalf("init: %v", err)
		}
		_, next, _ := strings.Cut(out.String(), "next steps:")
		if !strings.Contains(next, "\n  go tool scenario run\n") || strings.Contains(next, "go get") || strings.Contains(next, "VERSION") {
			t.Errorf("next steps in a module with the tool (go.mod:\n%s):%s\nwant go tool scenario run, and no go get or version", gomod, next)
		}
	}
}

func TestInitRefusesToOverwrite(t *testing.T) {
	t.Run("a second init", func(t *testing.T) {
		dir := initSuite(t)
		// A golden file the user accepted since must survive.
		golden := filepath.Join(dir, filepath.FromSlash(initFiles[2]))
		if err := os.WriteFile(golden, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err := runInit(dir, &out)
		if err == nil {
			t.Fatal("second init succeeded")
		}
		for _, f := range initFiles {
			if !strings.Contains(err.Error(), f) {
				t.Errorf("error does not name %s: %v", f, err)
			}
		}
		if out.Len() > 0 {
			t.Errorf("refusing init printed\n%s", out.String())
		}
		if data, _ := os.ReadFile(golden); string(data) != "{}\n" {
			t.Errorf("golden file rewritten: %q", data)
		}
	})
	for _, taken := range initFiles {
		t.Run(taken, func(t *testing.T) {
			dir := t.TempDir()
			goModule(t, dir)
			p := filepath.Join(dir, filepath.FromSlash(taken))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte("mine\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			err := runInit(dir, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), taken) {
				t.Fatalf("init into a directory holding %s: error %v, want one naming it", taken, err)
			}
			if got := slices.DeleteFunc(filesUnder(t, dir), func(f string) bool { return f == "go.mod" }); !slices.Equal(got, []string{taken}) {
				t.Errorf("refusing init left %v, want only %s", got, taken)
			}
		})
	}
}

func TestInitSuitePassesThroughTheCLI(t *testing.T) {
	dir := initSuite(t)
	for _, cmd := range []string{"run", "check"} {
		var out, errOut bytes.Buffer
		code := run([]string{cmd, "--root", dir, "--no-color", "--format", "progress"}, &out, &errOut)
		if code != 0 {
			t.Fatalf("scenario %s on the scaffold exited %d\nstdout:\n%s\nstderr:\n%s", cmd, code, out.String(), errOut.String())
		}
		if strings.Contains(out.String(), "updated ") {
			t.Errorf("scenario %s rewrote a golden file:\n%s", cmd, out.String())
		}
	}
}

func TestInitTestPackageName(t *testing.T) {
	for _, tc := range []struct{ dir, want string }{
		{"agent", "agent"},
		{"my-agent", "myagent"},
		{"Agent_Tests", "agent_tests"},
		{"2fa", "fa"},
		{"v2", "v2"},
		{"-", "scenarios"},
		{"func", "scenarios"},
		{"évals", "vals"},
	} {
		dir := filepath.Join(t.TempDir(), tc.dir)
		if got := testPackage(dir); got != tc.want {
			t.Errorf("testPackage(%q) = %q, want %q", tc.dir, got, tc.want)
		}
	}
	// A directory with Go code keeps its package: an external test package
	// must be named after it.
	dir := filepath.Join(t.TempDir(), "graph-tests")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "graph.go"), []byte("// Package graph is the agent.\npackage graph\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := testPackage(dir); got != "graph" {
		t.Errorf("testPackage of a directory holding package graph = %q", got)
	}
}

// TestInitSuiteUnderGoTest is the path of a new user: init, a module that
// uses this checkout of scenario, go mod tidy, go test.
func TestInitSuiteUnderGoTest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module; skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	self := env.FindUp(wd, "go.mod")
	if self == "" {
		t.Fatalf("no go.mod above %s", wd)
	}
	dir := initSuite(t)
	goEnv := append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "SCENARIO_UPDATE=", "GOLDIE_UPDATE=", "SCENARIO_CHECK=")
	start := time.Now()
	for _, args := range [][]string{
		{"mod", "edit", "-replace", "github.com/stateharness/scenario=" + self},
		{"mod", "tidy"},
		{"test", "-count=1", "./..."},
	} {
		cmd := exec.Command(goBin, args...)
		cmd.Dir = dir
		cmd.Env = goEnv
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	t.Logf("go mod init, edit, tidy and test took %v", time.Since(start).Round(time.Millisecond))

	// the workflow init wrote passes as written: every run step of the
	// check job, and update-goldens' rewrite (its commit step needs a
	// repository and a remote)
	data, err := os.ReadFile(filepath.Join(dir, ".github", "workflows", "scenarios.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf ghWorkflow
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	var script []string
	for name, j := range wf.Jobs {
		for _, c := range j.commands() {
			if name != "update-goldens" || !strings.Contains(c, "git ") {
				script = append(script, c)
			}
		}
	}
	slices.Sort(script)
	if len(script) < 2 {
		t.Fatalf("the workflow runs %q: want a check and a rewrite", script)
	}
	for _, c := range script {
		cmd := exec.Command("sh", "-ec", c)
		cmd.Dir = dir
		cmd.Env = goEnv
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("the workflow's %q: %v\n%s", c, err, out)
		}
	}
	// and its check fails on an orphan golden file, naming it
	orphan := filepath.Join(dir, "golden", "example", "a-scenario-since-renamed.json")
	if err := os.WriteFile(orphan, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-ec", "SCENARIO_CHECK=1 go test ./...")
	cmd.Dir = dir
	cmd.Env = goEnv
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "golden/example/a-scenario-since-renamed.json") {
		t.Fatalf("the workflow's check with an orphan golden file: err %v, want a failure naming it:\n%s", err, out)
	}
}

func TestWorkflowsRunTheSuite(t *testing.T) {
	workflow := func(goModule bool, install ...string) []byte {
		data := scaffoldData{Package: "agent", GoModule: goModule, Version: "v1.2.3", Install: strings.Join(install, "")}
		if goModule {
			data.GoModFile = "go.mod"
		}
		files, err := scaffoldFiles(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.name == ".github/workflows/scenarios.yml" {
				return f.content
			}
		}
		t.Fatal("the scaffold has no workflow")
		return nil
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	own, err := os.ReadFile(filepath.Join(env.FindUp(wd, "go.mod"), ".github", "workflows", "scenarios.yml"))
	if err != nil {
		t.Fatal(err)
	}
	// the scaffold pins the CLI to the version that wrote it
	const cli = "go run github.com/stateharness/scenario/cmd/scenario@v1.2.3"
	for _, tc := range []struct {
		name          string
		data          []byte
		goVersionFile bool // setup-go reads go.mod
		check, update []string
		never         []string
	}{
		// go test sees the module's Go nodes, steps and reducers; the CLI does not
		{"scaffold in a Go module", workflow(true), true, []string{"SCENARIO_CHECK=1 go test ./..."}, []string{"SCENARIO_UPDATE=1 go test ./..."}, []string{"@latest", "cmd/scenario@", "setup-node", "npm"}},
		{"scaffold without Go", workflow(false), false, []string{cli + " check"}, []string{cli + " update"}, []string{"@latest", "go test", "setup-node", "npm"}},
		{"scaffold in a TypeScript repository", workflow(false, "npm ci"), false, []string{"npm ci", cli + " check"}, []string{"npm ci", cli + " update"}, []string{"@latest", "go test"}},
		{"this repository", own, true, []string{"go vet ./...", "go test -race ./...", "go run ./cmd/scenario check"}, []string{"go run ./cmd/scenario update"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var wf ghWorkflow
			if err := yaml.Unmarshal(tc.data, &wf); err != nil {
				t.Fatalf("not YAML: %v", err)
			}
			for _, event := range []string{"push", "pull_request", "workflow_dispatch"} {
				if _, ok := wf.On[event]; !ok {
					t.Errorf("not triggered by %s", event)
				}
			}
			var checkJob, updateJob *ghJob
			for name, j := range wf.Jobs {
				switch {
				case name == "update-goldens":
					updateJob = &j
				case checkJob == nil:
					checkJob = &j
				default:
					t.Errorf("unexpected job %q", name)
				}
			}
			if checkJob == nil || updateJob == nil {
				t.Fatalf("jobs %v: want a check job and update-goldens", jobNames(wf.Jobs))
			}
			if !strings.Contains(checkJob.If, "!= 'workflow_dispatch'") {
				t.Errorf("check job runs on %q, want every event but workflow_dispatch", checkJob.If)
			}
			if !strings.Contains(updateJob.If, "== 'workflow_dispatch'") {
				t.Errorf("update-goldens runs on %q, want workflow_dispatch only", updateJob.If)
			}
			if updateJob.Permissions["contents"] != "write" {
				t.Errorf("update-goldens permissions %v, want contents: write", updateJob.Permissions)
			}
			for _, j := range []*ghJob{checkJob, updateJob} {
				if !j.uses("actions/checkout@", false) || !j.uses("actions/setup-go@", tc.goVersionFile) {
					t.Errorf("a job does not check out and set up Go: %+v", j.Steps)
				}
			}
			for _, j := range []*ghJob{checkJob, updateJob} {
				if j.runs("npm ci") && (!j.uses("actions/setup-node@", false) || !j.before("npm ci", "cmd/scenario")) {
					t.Errorf("a job runs npm ci without setting up Node first, or after the CLI: %+v", j.Steps)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(string(tc.data), n) {
					t.Errorf("the workflow has %q", n)
				}
			}
			for _, c := range tc.check {
				if !checkJob.runs(c) {
					t.Errorf("check job does not run %q", c)
				}
			}
			for _, c := range append(tc.update, "git status --porcelain golden/", "git add golden/", "git commit", "git push") {
				if !updateJob.runs(c) {
					t.Errorf("update-goldens does not run %q", c)
				}
			}
		})
	}
}

// ghWorkflow is the part of a GitHub Actions workflow the test reads.
type ghWorkflow struct {
	Name     string           `yaml:"name"`
	On       map[string]any   `yaml:"on"`
	Defaults ghDefaults       `yaml:"defaults"`
	Jobs     map[string]ghJob `yaml:"jobs"`
}

type ghDefaults struct {
	Run struct {
		WorkingDirectory string `yaml:"working-directory"`
	} `yaml:"run"`
}

type ghJob struct {
	If          string            `yaml:"if"`
	Permissions map[string]string `yaml:"permissions"`
	Steps       []struct {
		Name string            `yaml:"name"`
		Uses string            `yaml:"uses"`
		With map[string]string `yaml:"with"`
		Env  map[string]string `yaml:"env"`
		Run  string            `yaml:"run"`
	} `yaml:"steps"`
}

// commands are the job's run steps as shell lines, each step's env first
// (`SCENARIO_CHECK=1 go test ./...`).
func (j ghJob) commands() []string {
	var out []string
	for _, s := range j.Steps {
		if s.Run == "" {
			continue
		}
		var vars []string
		for k, v := range s.Env {
			vars = append(vars, k+"="+v+" ")
		}
		slices.Sort(vars)
		out = append(out, strings.Join(vars, "")+s.Run)
	}
	return out
}

func (j ghJob) uses(action string, goVersionFile bool) bool {
	for _, s := range j.Steps {
		if strings.HasPrefix(s.Uses, action) {
			if action == "actions/setup-go@" && (s.With["go-version-file"] == "go.mod") != goVersionFile {
				return false
			}
			return true
		}
	}
	return false
}

func (j ghJob) runs(command string) bool {
	for _, c := range j.commands() {
		if strings.Contains(c, command) {
			return true
		}
	}
	return false
}

// before reports whether a step running a comes before one running b, and
// a step that uses actions/setup-node before both.
func (j ghJob) before(a, b string) bool {
	node, ia, ib := -1, -1, -1
	for i, s := range j.Steps {
		switch {
		case strings.HasPrefix(s.Uses, "actions/setup-node@") && node < 0:
			node = i
		case strings.Contains(s.Run, a) && ia < 0:
			ia = i
		case strings.Contains(s.Run, b) && ib < 0:
			ib = i
		}
	}
	return node >= 0 && node < ia && ia < ib
}

func jobNames(m map[string]ghJob) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestPythonProject(t *testing.T) {
	for _, tc := range []struct {
		files           map[string]string
		dir             string // where init runs, under the temporary directory
		install, python string
		profile         string
	}{
		{map[string]string{"go.mod": "module x\n"}, ".", "", "", "langgraph"},
		{map[string]string{"requirements.txt": ""}, ".", "python -m venv .venv && .venv/bin/pip install -r requirements.txt", "", "langgraph-py"},
		{map[string]string{"pyproject.toml": "", "uv.lock": ""}, ".", "pip install uv && uv sync --frozen", "", "langgraph-py"},
		{map[string]string{"pyproject.toml": "", "poetry.lock": ""}, ".", "pip install poetry && poetry config virtualenvs.in-project true && poetry install --no-root", "", "langgraph-py"},
		{map[string]string{"pyproject.toml": ""}, ".", "python -m venv .venv && .venv/bin/pip install .", "", "langgraph-py"},
		{map[string]string{"pyproject.toml": "", "tests/x": ""}, "tests", "cd .. && python -m venv .venv && .venv/bin/pip install .", "../.venv/bin/python", "langgraph-py"},
		// the nearer project decides the profile
		{map[string]string{"package.json": "{}", "py/requirements.txt": "", "py/tests/x": ""}, "py/tests", "cd .. && python -m venv .venv && .venv/bin/pip install -r requirements.txt", "../.venv/bin/python", "langgraph-py"},
		{map[string]string{"requirements.txt": "", "web/package.json": "{}"}, "web", "cd .. && python -m venv .venv && .venv/bin/pip install -r requirements.txt", "../.venv/bin/python", "langgraph"},
		// a Cargo crate is Awaken's, unless a Python or JavaScript package
		// is as near (a Rust extension, a napi package)
		{map[string]string{"Cargo.toml": "", "src/lib.rs": ""}, ".", "", "", "awaken"},
		{map[string]string{"Cargo.toml": "", "tests/x": ""}, "tests", "", "", "awaken"},
		{map[string]string{"Cargo.toml": "", "pyproject.toml": ""}, ".", "python -m venv .venv && .venv/bin/pip install .", "", "langgraph-py"},
		{map[string]string{"Cargo.toml": "", "package.json": "{}"}, ".", "", "", "langgraph"},
		{map[string]string{"Cargo.toml": "", "web/package.json": "{}"}, "web", "", "", "langgraph"},
		{map[string]string{"requirements.txt": "", "crate/Cargo.toml": ""}, "crate", "cd .. && python -m venv .venv && .venv/bin/pip install -r requirements.txt", "../.venv/bin/python", "awaken"},
	} {
		root := writeFiles(t, t.TempDir(), tc.files)
		dir := filepath.Join(root, tc.dir)
		install, python := pythonProject(dir)
		if install != tc.install || python != tc.python {
			t.Errorf("pythonProject with %v in %s = %q, %q; want %q, %q", keys(tc.files), tc.dir, install, python, tc.install, tc.python)
		}
		if got := suiteProfile(dir); got != tc.profile {
			t.Errorf("suiteProfile with %v in %s = %q, want %q", keys(tc.files), tc.dir, got, tc.profile)
		}
	}
	// a JavaScript package inside a Python repository gets no Python
	// set-up: its suite is LangGraph JS's
	root := writeFiles(t, t.TempDir(), map[string]string{"requirements.txt": "", "web/package.json": "{}"})
	if err := runInit(filepath.Join(root, "web"), &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"scenario.yaml", ".github/workflows/scenarios.yml"} {
		data, err := os.ReadFile(filepath.Join(root, "web", filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "python:") || strings.Contains(string(data), "setup-python") || strings.Contains(string(data), "langgraph-py #") {
			t.Errorf("init of a JS package in a Python repository wrote a Python set-up into %s:\n%s", f, data)
		}
	}
}

// readWorkflow reads and parses the workflow at p.
func readWorkflow(t *testing.T, p string) ghWorkflow {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var wf ghWorkflow
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("%s is not YAML: %v\n%s", p, err, data)
	}
	return wf
}

// readFile is the content of dir's file at the slash path name.
func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestInitHonoursProfileAndRuntime: init --profile and --runtime write the
// suite for them (scenario.yaml, the example's profile, the workflow's
// set-up of the runtime), and an unknown or mismatched name is refused with
// exit 2, naming the ones that work, before anything is written.
func TestInitHonoursProfileAndRuntime(t *testing.T) {
	for _, tc := range []struct {
		args             []string
		profile, runtime string
		workflow         []string // what the check job must run or use
		says             string   // what init says the runtime needs first
	}{
		{[]string{"--profile", "dawn"}, "dawn", "", nil, ""},
		{[]string{"--profile", "awaken"}, "awaken", "", []string{"dtolnay/rust-toolchain@", "actions/cache@"}, "on Awaken itself with --runtime awaken"},
		{[]string{"--runtime", "langgraph-py"}, "langgraph-py", "langgraph-py", []string{"actions/setup-python@", "python -m venv .venv && .venv/bin/pip install langgraph langchain-core"}, "before the first run (Python >= 3.10), e.g.:\n  python3 -m venv .venv && .venv/bin/pip install langgraph langchain-core\n"},
		{[]string{"--runtime", "builtin, llmfy"}, "llmfy", "builtin,llmfy", []string{"actions/setup-python@", ".venv/bin/pip install llmfy"}, "runtime: llmfy runs in the Python of the suite's .venv; before the first run (Python >= 3.11), e.g.:\n  python3 -m venv .venv && .venv/bin/pip install llmfy\n"},
		{[]string{"--runtime", "langgraph-js", "--profile", "dawn"}, "dawn", "langgraph-js", []string{"actions/setup-node@", "npm install @langchain/langgraph @langchain/core"}, "before the first run (node >= 20):\n  npm install @langchain/langgraph @langchain/core\n"},
		{[]string{"--runtime", "awaken"}, "awaken", "awaken", []string{"dtolnay/rust-toolchain@", "actions/cache@"}, "runtime: awaken builds its program with your cargo on the first run"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "suite")
			r := runCLI(t, append([]string{"init", dir}, tc.args...)...)
			wantCode(t, r, exitPassed)
			if tc.says != "" {
				wantContains(t, r, tc.says)
			} else if strings.Contains(r.out, "runtime: ") {
				t.Errorf("init says a runtime needs something:\n%s", r.out)
			}
			conf := readFile(t, dir, "scenario.yaml")
			var c struct{ Profile, Runtime string }
			if err := yaml.Unmarshal([]byte(conf), &c); err != nil {
				t.Fatal(err)
			}
			if c.Profile != tc.profile || c.Runtime != tc.runtime {
				t.Errorf("scenario.yaml has profile %q, runtime %q; want %q, %q:\n%s", c.Profile, c.Runtime, tc.profile, tc.runtime, conf)
			}
			if feature := readFile(t, dir, "features/example.feature"); !strings.Contains(feature, `Given the "`+tc.profile+`" profile`) {
				t.Errorf("the example is not of the %s profile:\n%s", tc.profile, feature)
			}
			wf := readWorkflow(t, filepath.Join(dir, ".github", "workflows", "scenarios.yml"))
			for _, w := range tc.workflow {
				check := wf.Jobs["check"]
				if !check.runs(w) && !check.uses(w, false) {
					t.Errorf("the check job neither runs nor uses %q: %+v", w, check.Steps)
				}
			}
			// the scaffold passes at once on the built-in engine (the
			// runtimes themselves: TestInitEveryProfileAndRuntimePasses)
			wantCode(t, runCLI(t, append(suiteArgs("check", dir), "--runtime", "builtin")...), exitPassed)
		})
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--profile", "langchain"}, []string{`--profile langchain: unknown profile; init writes one of awaken, dawn, langgraph, langgraph-py, llmfy`}},
		{[]string{"--runtime", "deno"}, []string{`--runtime deno: unknown runtime "deno"; init writes one of builtin, awaken, langgraph-js, langgraph-py, llmfy`}},
		{[]string{"--runtime", "langgraph-js,langgraph-py"}, []string{"--runtime langgraph-js,langgraph-py: a suite runs on one runtime, or on builtin and one other side by side"}},
		{[]string{"--profile", "dawn", "--runtime", "langgraph-py"}, []string{"--profile dawn --runtime langgraph-py: the langgraph-py runtime runs the langgraph-py profile", "give --profile langgraph-py, or a runtime that runs dawn (builtin, langgraph-js)"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "suite")
			r := runCLI(t, append([]string{"init", dir}, tc.args...)...)
			wantCode(t, r, exitLoad)
			wantContains(t, r, tc.want...)
			if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a refused init made %s (%v)", dir, err)
			}
		})
	}
}

// TestInitInACargoCrate: a suite in a Rust crate is Awaken's: the example
// is of the awaken profile (no messages reducer, which awaken has not), and
// the workflow sets up cargo and caches the awaken runtime's build.
func TestInitInACargoCrate(t *testing.T) {
	crate := writeFiles(t, t.TempDir(), map[string]string{"Cargo.toml": "[package]\nname = \"agent\"\nversion = \"0.1.0\"\nedition = \"2021\"\n", "src/lib.rs": ""})
	r := runCLI(t, "init", crate)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "on Awaken itself with --runtime awaken", "builds its program with your cargo")
	if conf := readFile(t, crate, "scenario.yaml"); !strings.Contains(conf, "profile: awaken ") {
		t.Errorf("scenario.yaml of a Cargo crate:\n%s", conf)
	}
	feature := readFile(t, crate, "features/example.feature")
	if !strings.Contains(feature, `Given the "awaken" profile`) || strings.Contains(feature, "| messages |") && strings.Contains(feature, "reducer  | messages") {
		t.Errorf("the example of a Cargo crate is not an awaken one:\n%s", feature)
	}
	if strings.Contains(feature, "| messages | array  | messages |") {
		t.Errorf("the awaken example uses the messages reducer, which the awaken runtime skips:\n%s", feature)
	}
	wf := readWorkflow(t, filepath.Join(crate, ".github", "workflows", "scenarios.yml"))
	for name, j := range wf.Jobs {
		if !j.uses("dtolnay/rust-toolchain@", false) || !j.uses("actions/cache@", false) {
			t.Errorf("job %s sets up no cargo, or caches no awaken build: %+v", name, j.Steps)
		}
		for _, s := range j.Steps {
			if strings.HasPrefix(s.Uses, "actions/cache@") && (!strings.Contains(s.With["path"], "~/.cache/scenario/awaken") || !strings.Contains(s.With["key"], "scenario-awaken-"+pinnedVersion())) {
				t.Errorf("job %s caches %q under %q: want the awaken build, keyed by the CLI's version", name, s.With["path"], s.With["key"])
			}
		}
	}
	// it parses and passes on the built-in engine (awaken builds are not
	// run here)
	wantCode(t, runCLI(t, append(suiteArgs("check", crate), "--runtime", "builtin")...), exitPassed)
	wantCode(t, runCLI(t, append(suiteArgs("check", crate), "--runtime", "builtin", "--profile", "langgraph")...), exitPassed)
}

// TestInitInAMonorepo: a suite in a sub-directory of a repository gets its
// workflow at the repository root (GitHub reads no other), running in the
// sub-directory; a workflow of the same name already there is the user's
// and stays as it was: the suite's takes a name of its own, and init says so.
func TestInitInAMonorepo(t *testing.T) {
	repo := writeFiles(t, t.TempDir(), map[string]string{".git/HEAD": "ref: refs/heads/main\n", "services/agent/go.mod": "module example.com/agent\n\ngo 1.26\n"})
	dir := filepath.Join(repo, "services", "agent")
	r := runCLI(t, "init", dir)
	wantCode(t, r, exitPassed)
	workflow := filepath.Join(repo, ".github", "workflows", "scenarios.yml")
	wantContains(t, r, "created "+workflow, "the workflow is at the repository root, where GitHub reads workflows, and runs its jobs in services/agent")
	if _, err := os.Stat(filepath.Join(dir, ".github")); err == nil {
		t.Errorf("init wrote a .github/ in the sub-directory, which GitHub does not read")
	}
	wf := readWorkflow(t, workflow)
	if wf.Defaults.Run.WorkingDirectory != "services/agent" {
		t.Errorf("the workflow runs in %q, want services/agent", wf.Defaults.Run.WorkingDirectory)
	}
	for name, j := range wf.Jobs {
		for _, s := range j.Steps {
			if strings.HasPrefix(s.Uses, "actions/setup-go@") && (s.With["go-version-file"] != "services/agent/go.mod" || s.With["cache-dependency-path"] != "services/agent/go.sum") {
				t.Errorf("job %s sets up Go from %q, caching by %q: want the sub-directory's go.mod and go.sum", name, s.With["go-version-file"], s.With["cache-dependency-path"])
			}
		}
	}

	// a second suite, with the repository's workflow taken
	mine := "name: mine\n"
	if err := os.WriteFile(workflow, []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(repo, "services", "planner")
	r = runCLI(t, "init", dir, "--profile", "dawn")
	wantCode(t, r, exitPassed)
	second := filepath.Join(repo, ".github", "workflows", "scenarios-services-planner.yml")
	wantContains(t, r, "created "+second, workflow+" is the repository's own and stays as it is: this suite's workflow is scenarios-services-planner.yml")
	if got := readFile(t, workflow, ""); got != mine {
		t.Errorf("init changed the user's workflow:\n%s", got)
	}
	wf = readWorkflow(t, second)
	if wf.Defaults.Run.WorkingDirectory != "services/planner" || wf.Name != "scenarios (services/planner)" {
		t.Errorf("the second workflow, %q, runs in %q", wf.Name, wf.Defaults.Run.WorkingDirectory)
	}
	// and a third init of the same suite refuses, naming the workflow
	if err := os.RemoveAll(filepath.Join(dir, "features")); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, "init", dir)
	wantCode(t, r, exitLoad)
	wantContains(t, r, second)
	if _, err := os.Stat(filepath.Join(dir, "features")); err == nil {
		t.Errorf("a refused init wrote features/")
	}
}

// TestInitKeepsAFlatLayoutInstallable: at the root of a pyproject.toml
// project whose package sits beside it (setuptools' flat layout), the
// suite goes to tests/scenario/ and the workflow's install step, run as CI
// runs it, still installs the project.
func TestInitKeepsAFlatLayoutInstallable(t *testing.T) {
	if testing.Short() {
		t.Skip("installs a project with pip; skipped with -short")
	}
	if !env.On("SCENARIO_REQUIRE_NETWORK") {
		t.Skip("pip fetches setuptools from the Python package index to build the project; SCENARIO_REQUIRE_NETWORK=1 runs it")
	}
	project := writeFiles(t, t.TempDir(), map[string]string{
		"pyproject.toml":    "[build-system]\nrequires = [\"setuptools>=61\"]\nbuild-backend = \"setuptools.build_meta\"\n\n[project]\nname = \"agent\"\nversion = \"0.1.0\"\n",
		"agent/__init__.py": "ANSWER = 42\n",
	})
	r := runCLI(t, "init", project)
	wantCode(t, r, exitPassed)
	wf := readWorkflow(t, filepath.Join(project, ".github", "workflows", "scenarios.yml"))

	// the check job's install step, in its working directory, with
	// setup-python's python on PATH
	install := ""
	for _, s := range wf.Jobs["check"].Steps {
		if strings.Contains(s.Name, "Python packages") {
			install = s.Run
		}
	}
	if install == "" {
		t.Fatalf("the check job installs no Python packages: %+v", wf.Jobs["check"].Steps)
	}
	python := toolchain.Python(t, t.TempDir())
	bash := toolchain.OnPath(t, "bash", toolchain.RequirePython)
	shims := t.TempDir()
	if err := os.Symlink(python, filepath.Join(shims, "python")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-c", "set -e\n"+install)
	cmd.Dir = filepath.Join(project, filepath.FromSlash(wf.Defaults.Run.WorkingDirectory))
	cmd.Env = append(os.Environ(), "PATH="+shims+string(os.PathListSeparator)+os.Getenv("PATH"), "PIP_DISABLE_PIP_VERSION_CHECK=1")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the workflow's install step, %s: %v\n%s", install, err, out)
	}
	t.Logf("%s took %v", install, time.Since(start).Round(time.Millisecond))
	got, err := exec.Command(filepath.Join(project, ".venv", "bin", "python"), "-c", "import agent; print(agent.ANSWER)").CombinedOutput()
	if err != nil || strings.TrimSpace(string(got)) != "42" {
		t.Errorf("the installed project does not import: %v\n%s", err, got)
	}

	suite := filepath.Join(project, "tests", "scenario")
	wantContains(t, r, "created "+filepath.Join(project, "scenario.yaml"), "created "+filepath.Join(suite, "features", "example.feature"),
		"note: features/, golden/ and scenarios/ are in "+suite+", as "+filepath.Join(project, "scenario.yaml")+" names them", "Multiple top-level packages discovered in a flat-layout")
	for _, d := range []string{"features", "golden", "scenarios"} {
		if _, err := os.Stat(filepath.Join(project, d)); err == nil {
			t.Errorf("init wrote %s/ beside the project's package", d)
		}
	}
	if wf.Defaults.Run.WorkingDirectory != "" {
		t.Errorf("the workflow runs in %q, want the project root, the suite root", wf.Defaults.Run.WorkingDirectory)
	}
	wantCode(t, runCLI(t, append(suiteArgs("check", project), "--runtime", "builtin")...), exitPassed)
}

// TestInitFlatLayoutTestsItsOwnGraph: after init at the root of a
// flat-layout Python project, a feature written in tests/scenario/features
// names the project's own graph from the project root, and check with
// LangGraph Python passes there, as the README's "For Python teams" says.
func TestInitFlatLayoutTestsItsOwnGraph(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	project := writeFiles(t, t.TempDir(), map[string]string{
		"pyproject.toml":    "[project]\nname = \"agent\"\nversion = \"0.1.0\"\n",
		"agent/__init__.py": "",
		"agent/graph.py":    pyGraphModule,
	})
	// the project's .venv, with the langgraph the repository pins
	if err := os.Symlink(filepath.Dir(filepath.Dir(python)), filepath.Join(project, ".venv")); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "init", project)
	wantCode(t, r, exitPassed)
	wantContains(t, r, "created "+filepath.Join(project, "scenario.yaml"), "# scenarios go in tests/scenario/features/; the CLI runs from "+project+", the suite root")
	conf := readFile(t, project, "scenario.yaml")
	for _, want := range []string{"\nfeatures: tests/scenario/features ", "\ngolden: tests/scenario/golden ", "\nscenarios: tests/scenario/scenarios "} {
		if !strings.Contains(conf, want) {
			t.Errorf("scenario.yaml at the root of a flat layout has no %q:\n%s", strings.TrimSpace(want), conf)
		}
	}
	wf := readFile(t, project, ".github/workflows/scenarios.yml")
	if strings.Contains(wf, "working-directory") || !strings.Contains(wf, "git add tests/scenario/golden/") {
		t.Errorf("the workflow of a flat layout runs at the project root and commits tests/scenario/golden/:\n%s", wf)
	}
	// a second init refuses, naming where the files are
	r = runCLI(t, "init", project)
	wantCode(t, r, exitLoad)
	wantContains(t, r, "scenario.yaml, tests/scenario/features/example.feature, tests/scenario/golden/", "nothing was written")
	writeFiles(t, project, map[string]string{
		"tests/scenario/features/own_graph.feature": strings.ReplaceAll(ownGraphScenarios, "%GRAPH%", "agent/graph.py:graph"),
	})
	t.Chdir(project)
	r = runCLI(t, "check", "--runtime", "langgraph-py", "--no-color", "--format", "progress")
	wantCode(t, r, exitPassed)
	wantContains(t, r, "3 scenarios (3 passed)")
	wantNotContains(t, r, "skipped")
}

func TestFlatLayout(t *testing.T) {
	const project = "[project]\nname = \"agent\"\nversion = \"0.1.0\"\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  bool
	}{
		{"pyproject.toml without a build system", map[string]string{"pyproject.toml": project}, true},
		{"setuptools", map[string]string{"pyproject.toml": "[build-system]\nbuild-backend = \"setuptools.build_meta\"\n" + project}, true},
		{"setup.py alone", map[string]string{"setup.py": "from setuptools import setup\nsetup(name='agent')\n"}, true},
		{"a src layout", map[string]string{"pyproject.toml": project, "src/agent/__init__.py": ""}, false},
		{"a packages list", map[string]string{"pyproject.toml": project + "\n[tool.setuptools]\npackages = [\"agent\"]\n"}, false},
		{"packages.find", map[string]string{"pyproject.toml": project + "\n[tool.setuptools.packages.find]\ninclude = [\"agent*\"]\n"}, false},
		{"hatchling", map[string]string{"pyproject.toml": "[build-system]\nbuild-backend = \"hatchling.build\"\n" + project}, false},
		{"setup.py naming its packages", map[string]string{"setup.py": "setup(name='agent', packages=['agent'])\n"}, false},
		{"tool settings only", map[string]string{"pyproject.toml": "[tool.ruff]\nline-length = 100\n", "requirements.txt": ""}, false},
		{"requirements.txt only", map[string]string{"requirements.txt": ""}, false},
	} {
		if got := flatLayout(writeFiles(t, t.TempDir(), tc.files)); got != tc.want {
			t.Errorf("flatLayout with %s = %v, want %v", tc.name, got, tc.want)
		}
	}
	// a new top-level directory of a flat layout is warned about; tests/
	// and one that exists already are not
	root := writeFiles(t, t.TempDir(), map[string]string{"pyproject.toml": project, "agent/__init__.py": "", "evals2/x": ""})
	for dir, want := range map[string]bool{"evals": true, "evals/suite": true, "tests/scenario": false, "evals2": false, "my-evals": false} {
		if got := flatPackageWarning(filepath.Join(root, filepath.FromSlash(dir))) != ""; got != want {
			t.Errorf("init in %s of a flat layout warns: %v, want %v", dir, got, want)
		}
	}
}
