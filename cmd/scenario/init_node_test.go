package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
	"github.com/stateharness/scenario/runtimes"
)

// TestTypeScriptWorkflowPassesInACleanClone is a TypeScript team's CI: init
// --runtime langgraph-js in a repository with a package.json (at its root,
// and in a monorepo's sub-directory), a clean clone, then the check job's
// run: steps as one shell script in the job's working directory, the CLI
// they name replaced by this build. Without the install step the same
// script fails as CI did (cannot resolve @langchain/langgraph).
func TestTypeScriptWorkflowPassesInACleanClone(t *testing.T) {
	if testing.Short() {
		t.Skip("installs packages and builds the CLI; skipped with -short")
	}
	node := toolchain.Node(t)
	tools := map[string]string{}
	for _, name := range []string{"git", "npm", "go", "bash"} {
		tools[name] = toolchain.OnPath(t, name, toolchain.RequireNode)
	}
	sh := func(dir, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(tools[name], args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	bin := filepath.Join(t.TempDir(), "scenario")
	sh(".", "go", "build", "-o", bin, ".")

	// the team's package at the repository root, and in a monorepo's
	// packages/agent, where the workflow init writes at the repository root
	// runs its steps (defaults: run: working-directory)
	for _, sub := range []string{"", "packages/agent"} {
		t.Run(cmpOr(sub, "the repository root"), func(t *testing.T) {
			// its package.json and lock file pin LangGraph JS
			repo := filepath.Join(t.TempDir(), "agent")
			pkg := filepath.Join(repo, filepath.FromSlash(sub))
			for _, f := range []string{"package.json", "package-lock.json"} {
				data, err := os.ReadFile(filepath.Join(node.Root, f))
				if err != nil {
					t.Fatal(err)
				}
				writeFiles(t, pkg, map[string]string{f: string(data)})
			}
			sh(repo, "git", "init", "-q")
			if err := runInitWith(pkg, initOptions{Runtime: "langgraph-js"}, &bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
			sh(repo, "git", "add", "-A")
			sh(repo, "git", "commit", "-qm", "scenario suite")

			wf := readWorkflow(t, filepath.Join(repo, ".github", "workflows", "scenarios.yml"))
			if wf.Defaults.Run.WorkingDirectory != sub {
				t.Fatalf("the workflow runs in %q, want %q", wf.Defaults.Run.WorkingDirectory, sub)
			}
			script := func(install bool) string {
				// go run of the pinned CLI runs this build instead
				s := "set -e\ngo() {\n  case \"$1 $2\" in\n    \"run github.com/stateharness/scenario/cmd/scenario@\"*) shift 2; " + quote(bin) + " \"$@\" ;;\n    *) command go \"$@\" ;;\n  esac\n}\n"
				for _, step := range wf.Jobs["check"].Steps {
					if step.Run == "" || !install && strings.Contains(step.Run, "npm") {
						continue
					}
					s += step.Run + "\n"
				}
				return s
			}
			if !strings.Contains(script(true), "npm ci\n") {
				t.Fatalf("the check job installs no packages:\n%s", script(true))
			}
			runScript := func(s string) (string, error) {
				clone := filepath.Join(t.TempDir(), "clone")
				sh(".", "git", "clone", "-q", repo, clone)
				cmd := exec.Command(tools["bash"], "-c", s)
				cmd.Dir = filepath.Join(clone, filepath.FromSlash(wf.Defaults.Run.WorkingDirectory))
				for _, kv := range os.Environ() {
					if !strings.HasPrefix(kv, "NODE_PATH=") {
						cmd.Env = append(cmd.Env, kv)
					}
				}
				out, err := cmd.CombinedOutput()
				return string(out), err
			}
			out, err := runScript(script(true))
			if err != nil || !strings.Contains(out, "1 scenarios (1 passed)") || !strings.Contains(out, "langgraph-js: ") {
				t.Fatalf("the workflow's check steps in a clean clone: %v\n%s", err, out)
			}
			out, err = runScript(script(false))
			if err == nil || !strings.Contains(out, "cannot resolve @langchain/langgraph") {
				t.Fatalf("without npm ci the check passed or failed for another reason: %v\n%s", err, out)
			}
		})
	}
}

func TestNodeInstall(t *testing.T) {
	for _, tc := range []struct {
		files map[string]string
		dir   string // where init runs, under the temporary directory
		want  string
	}{
		{map[string]string{"go.mod": "module x\n"}, ".", ""},
		{map[string]string{"package.json": "{}", "package-lock.json": "{}"}, ".", "npm ci"},
		{map[string]string{"package.json": "{}", "pnpm-lock.yaml": ""}, ".", "corepack enable && pnpm install --frozen-lockfile"},
		{map[string]string{"package.json": "{}", "yarn.lock": ""}, ".", "corepack enable && yarn install --frozen-lockfile"},
		{map[string]string{"package.json": "{}"}, ".", "npm install"},
		{map[string]string{"package.json": "{}", "package-lock.json": "{}", "tests/x": ""}, "tests", "cd .. && npm ci"},
	} {
		root := writeFiles(t, t.TempDir(), tc.files)
		if got := nodeInstall(filepath.Join(root, tc.dir)); got != tc.want {
			t.Errorf("nodeInstall with %v in %s = %q, want %q", keys(tc.files), tc.dir, got, tc.want)
		}
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestInitEveryProfileAndRuntimePasses: for every profile and runtime init
// offers (init --profile P --runtime R, each runtime alone and side by side
// with the built-in engine), the scaffold passes scenario check at once on
// that runtime, with no scenario skipped: LangGraph JS from the suite's
// node_modules, LangGraph Python and llmfy from the repository's Python.
// Awaken builds are not run here: its scaffold is checked on the built-in
// engine.
func TestInitEveryProfileAndRuntimePasses(t *testing.T) {
	if got, want := initRuntimes(), runtimes.Names(); !slices.Equal(got, want) {
		t.Fatalf("init scaffolds for the runtimes %v; --runtime accepts %v", got, want)
	}
	type combo struct{ profile, runtime string }
	var combos []combo
	for _, p := range engine.Profiles() {
		combos = append(combos, combo{p, ""}, combo{p, runtimes.Builtin})
	}
	for _, rt := range initRuntimes()[1:] {
		for _, p := range runtimeProfiles[rt] {
			combos = append(combos, combo{p, rt}, combo{p, runtimes.Builtin + "," + rt})
		}
	}
	for _, c := range combos {
		t.Run(c.profile+" on "+cmpOr(c.runtime, "the default runtime"), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "suite")
			args := []string{"init", dir, "--profile", c.profile}
			if c.runtime != "" {
				args = append(args, "--runtime", c.runtime)
			}
			wantCode(t, runCLI(t, args...), exitPassed)
			check := suiteArgs("check", dir)
			uses := func(n string) bool { return slices.Contains(strings.Split(c.runtime, ","), n) }
			switch {
			case uses("langgraph-js"):
				if err := os.Symlink(toolchain.Node(t).NodePath(), filepath.Join(dir, "node_modules")); err != nil {
					t.Fatal(err)
				}
			case uses("langgraph-py"):
				check = append(check, "--python", toolchain.LangGraphPython(t))
			case uses("llmfy"):
				check = append(check, "--python", toolchain.LlmfyPython(t))
			case uses("awaken"):
				check = append(check, "--runtime", runtimes.Builtin)
			}
			r := runCLI(t, check...)
			wantCode(t, r, exitPassed)
			wantContains(t, r, "1 scenarios (1 passed)")
			if strings.Contains(r.out, "skipped") {
				t.Errorf("a scenario was skipped:\n%s", r.out)
			}
			if rt := strings.TrimPrefix(c.runtime, runtimes.Builtin+","); rt != "" && rt != runtimes.Builtin && rt != "awaken" && !strings.Contains(r.all(), rt+": ") {
				t.Errorf("the check did not run on %s:\n%s", rt, r.all())
			}
		})
	}
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}
