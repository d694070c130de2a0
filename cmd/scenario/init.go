package main

import (
	"bytes"
	"cmp"
	"embed"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"text/template"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/env"
	"github.com/stateharness/scenario/runtimes"
)

// scaffold is the suite `scenario init` writes: each file under template/
// at the same path, except that a .tmpl file loses its suffix and is
// rendered with scaffoldData. all: keeps .github and .gitkeep.
//
//go:embed all:template
var scaffold embed.FS

// scaffoldData fills the .tmpl files of the scaffold.
type scaffoldData struct {
	Package string // the test package's name, without _test
	// GoModule: the suite is in a Go module, so it gets scenario_test.go and
	// its workflow runs go test too.
	GoModule bool
	// Version is the CLI's version the workflow runs (never latest).
	Version string
	// Install installs the repository's JavaScript packages before the CLI
	// runs (npm ci where a package.json is, so that langgraph-js and a
	// team's own graph find them); empty without a package.json.
	Install string
	// Profile is the suite's profile: --profile, else --runtime's, else
	// the project's (suiteProfile).
	Profile string
	// Runtime is scenario.yaml's runtime: as init --runtime gave it; empty
	// leaves the built-in engine, commented.
	Runtime string
	// PyInstall makes the Python project's .venv with its packages before
	// the CLI runs (so that langgraph-py finds LangGraph Python, llmfy
	// llmfy); empty when the suite needs no Python. PyFor says what for.
	// Python is scenario.yaml's python: when that .venv is not at the suite
	// root.
	PyInstall, PyFor, Python string
	// Cargo sets up Rust and caches the awaken runtime's build (the awaken
	// profile or runtime).
	Cargo bool
	// WorkDir is the suite's directory from the repository root, where the
	// workflow's jobs run; empty when the workflow is at the suite root.
	WorkDir string
	// GoModFile is go.mod's path from the repository root (setup-go's
	// go-version-file); GoSum is go.sum's for its cache, set only when the
	// module is not at the repository root.
	GoModFile, GoSum string
	// Eino: the module requires cloudwego/eino, so scenario_test.go
	// registers the team's eino graph (runtimes/eino) for
	// `Given the graph from "eino:graph"`.
	Eino bool
	// Shards are the workflow's matrix of parts, 1 to N (init --shards N);
	// none for one check job.
	Shards []int
	// Dirs is where features/, golden/ and scenarios/ go from the suite
	// root, with a trailing slash: tests/scenario/ in a flat layout
	// (scenario.yaml then names them), else empty.
	Dirs string
}

// Messages reports whether the example uses LangGraph's messages reducer:
// the LangGraph and Dawn profiles' runtimes have it; Awaken and llmfy have
// none (their runtimes skip such a scenario), so their example appends to a
// list instead.
func (d scaffoldData) Messages() bool {
	return d.Profile != "awaken" && d.Profile != "llmfy"
}

// runtimeProfiles are the profiles each runtime other than the built-in
// engine runs (docs/reference.md, Runtimes), from the registry; init writes the first when
// --profile is not given.
var runtimeProfiles = runtimes.Profiles()

// pythonMarkers are the files that make a directory a Python project, in
// the order their install is chosen.
var pythonMarkers = []string{"uv.lock", "poetry.lock", "requirements.txt", "pyproject.toml", "setup.py"}

// pythonProject finds the Python project at or above dir: the command that
// makes its .venv, as CI runs it from dir, and the interpreter's path
// from dir when the .venv is elsewhere; "" outside a Python project.
func pythonProject(dir string) (install, python string) {
	project := ""
	for _, m := range pythonMarkers {
		if p := env.FindUp(dir, m); p != "" && len(p) > len(project) {
			project = p
		}
	}
	if project == "" {
		return "", ""
	}
	prefix := ""
	if rel, err := filepath.Rel(dir, project); err == nil && rel != "." {
		prefix = "cd " + quote(filepath.ToSlash(rel)) + " && "
		python = path.Join(filepath.ToSlash(rel), ".venv/bin/python")
	}
	has := func(name string) bool {
		_, err := os.Stat(filepath.Join(project, name))
		return err == nil
	}
	switch {
	case has("uv.lock"):
		install = "pip install uv && uv sync --frozen"
	case has("poetry.lock"):
		install = "pip install poetry && poetry config virtualenvs.in-project true && poetry install --no-root"
	case has("requirements.txt"):
		install = "python -m venv .venv && .venv/bin/pip install -r requirements.txt"
	default:
		install = "python -m venv .venv && .venv/bin/pip install ."
	}
	return prefix + install, python
}

// suiteProfile is the profile init writes when neither --profile nor
// --runtime chooses one, from the project nearest to dir: langgraph-py for
// a Python project (llmfy for one that depends on llmfy, pythonProfile),
// awaken for a Cargo crate, else langgraph. A Python or
// JavaScript project in the crate's own directory (a Rust extension, a
// napi package) keeps its language's profile.
func suiteProfile(dir string) string {
	py := ""
	for _, m := range pythonMarkers {
		if p := env.FindUp(dir, m); len(p) > len(py) {
			py = p
		}
	}
	js, crate := env.FindUp(dir, "package.json"), env.FindUp(dir, "Cargo.toml")
	switch {
	case py != "" && len(py) > len(js) && len(py) >= len(crate):
		return pythonProfile(py)
	case crate != "" && len(crate) > len(js) && len(crate) > len(py):
		return "awaken"
	}
	return "langgraph"
}

// suiteChoice is the profile and runtime init writes: --profile and
// --runtime when given and known (a runtime's own profile when only
// --runtime is), else the profile of the project around dir. An unknown
// name, or a profile the runtime does not run, is refused naming the ones
// that work.
func suiteChoice(dir string, opts initOptions) (profile, runtime string, err error) {
	profile = strings.TrimSpace(opts.Profile)
	if profile != "" && !slices.Contains(engine.Profiles(), profile) {
		return "", "", fmt.Errorf("--profile %s: unknown profile; init writes one of %s", profile, strings.Join(engine.Profiles(), ", "))
	}
	other := "" // the runtime besides the built-in engine
	if opts.Runtime != "" {
		names := strings.Split(opts.Runtime, ",")
		for i, n := range names {
			names[i] = strings.TrimSpace(n)
			if _, ok := runtimeProfiles[names[i]]; !ok && names[i] != runtimes.Builtin {
				return "", "", fmt.Errorf("--runtime %s: unknown runtime %q; init writes one of %s, or builtin and another side by side (builtin,langgraph-py)", opts.Runtime, names[i], strings.Join(initRuntimes(), ", "))
			}
			if names[i] != runtimes.Builtin {
				other = names[i]
			}
		}
		if len(names) > 2 || len(names) == 2 && (names[0] == names[1] || !slices.Contains(names, runtimes.Builtin)) {
			return "", "", fmt.Errorf("--runtime %s: a suite runs on one runtime, or on builtin and one other side by side (builtin,%s)", opts.Runtime, cmp.Or(other, "langgraph-py"))
		}
		runtime = strings.Join(names, ",")
	}
	if other == "" {
		return cmp.Or(profile, suiteProfile(dir)), runtime, nil
	}
	ok := runtimeProfiles[other]
	if profile == "" {
		return ok[0], runtime, nil
	}
	if !slices.Contains(ok, profile) {
		return "", "", fmt.Errorf("--profile %s --runtime %s: the %s runtime runs the %s profile, and would skip every scenario of %s; give --profile %s, or a runtime that runs %s (%s)", profile, opts.Runtime, other, strings.Join(ok, " and "), profile, ok[0], profile, strings.Join(runtimesOf(profile), ", "))
	}
	return profile, runtime, nil
}

// initRuntimes are the runtimes init scaffolds for, the built-in one first.
func initRuntimes() []string {
	names := []string{runtimes.Builtin}
	for n := range runtimeProfiles {
		names = append(names, n)
	}
	slices.Sort(names[1:])
	return names
}

// runtimesOf are the runtimes that run profile, the built-in one first.
func runtimesOf(profile string) []string {
	var out []string
	for _, n := range initRuntimes() {
		if n == runtimes.Builtin || slices.Contains(runtimeProfiles[n], profile) {
			out = append(out, n)
		}
	}
	return out
}

// flatLayout reports whether dir is the root of a Python project whose
// packages setuptools discovers itself in a flat layout (setup.py, or a
// pyproject.toml with a [project] table, without a packages list or a src/
// directory, and no other build backend): there every directory named like
// a package becomes one, and features/, golden/ and scenarios/ beside the
// project's own package make pip install . fail ("Multiple top-level
// packages discovered in a flat-layout").
func flatLayout(dir string) bool {
	if info, err := os.Stat(filepath.Join(dir, "src")); err == nil && info.IsDir() {
		return false
	}
	pyproject, errPy := os.ReadFile(filepath.Join(dir, "pyproject.toml"))
	setup, errSetup := os.ReadFile(filepath.Join(dir, "setup.py"))
	if errPy != nil && errSetup != nil {
		return false
	}
	if errSetup == nil && (bytes.Contains(setup, []byte("packages")) || bytes.Contains(setup, []byte("py_modules"))) {
		return false
	}
	if errSetup != nil && !bytes.Contains(pyproject, []byte("[project]")) {
		return false // a pyproject.toml of tool settings alone builds no package
	}
	inSetuptools := false
	for _, line := range strings.Split(string(pyproject), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			inSetuptools = strings.HasPrefix(line, "[tool.setuptools")
			if strings.HasPrefix(line, "[tool.setuptools.packages") {
				return false
			}
			continue
		}
		key, value, _ := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		switch {
		case key == "build-backend" && !strings.Contains(value, "setuptools"):
			return false
		case inSetuptools && (key == "packages" || key == "py-modules"):
			return false
		}
	}
	return true
}

// flatSuite is where init puts the features, golden files and scenarios of
// a suite asked for at the root of a flat layout: setuptools leaves tests/
// and what is under it out of the packages it discovers. scenario.yaml
// stays at the root, which stays the suite root, so that steps name the
// project's own files (agent/graph.py:graph) as they are.
const flatSuite = "tests/scenario"

// suiteDirs are the scaffold's directories scenario.yaml can move.
var suiteDirs = []string{"features/", "golden/", "scenarios/"}

// nodeInstall is the command that installs the packages of the
// package.json at or above dir, as CI runs it from dir: npm ci with a
// package-lock.json, the lock file's own tool for yarn and pnpm, else npm
// install; "" without a package.json.
func nodeInstall(dir string) string {
	pkg := env.FindUp(dir, "package.json")
	if pkg == "" {
		return ""
	}
	prefix := ""
	if rel, err := filepath.Rel(dir, pkg); err == nil && rel != "." {
		prefix = "cd " + quote(filepath.ToSlash(rel)) + " && "
	}
	has := func(name string) bool {
		_, err := os.Stat(filepath.Join(pkg, name))
		return err == nil
	}
	switch {
	case has("package-lock.json") || has("npm-shrinkwrap.json"):
		return prefix + "npm ci"
	case has("pnpm-lock.yaml"):
		return prefix + "corepack enable && pnpm install --frozen-lockfile"
	case has("yarn.lock"):
		return prefix + "corepack enable && yarn install --frozen-lockfile"
	}
	return prefix + "npm install"
}

// scaffoldFile is one file init writes: a slash path under the suite root
// and its content.
type scaffoldFile struct {
	name    string
	content []byte
}

// initOptions are init's flags: the profile and the runtime the suite is
// for (--profile, --runtime); empty ones are chosen from the project.
type initOptions struct {
	Profile, Runtime string
	// Shards splits the workflow's check into a matrix of parts and a
	// report merge (init_shards.go); 0 or 1 is one job.
	Shards int
}

// runInit scaffolds a suite in dir for the project around it.
func runInit(dir string, stdout io.Writer) error {
	return runInitWith(dir, initOptions{}, stdout)
}

// runInitWith scaffolds a suite in dir (created if missing; "." by
// default) and reports what it wrote. At the root of a flat-layout Python
// project features/, golden/ and scenarios/ go to tests/scenario/ instead,
// and scenario.yaml at the root names them. The workflow goes to
// the repository root's .github/workflows/, the only place GitHub reads,
// its jobs running in the suite's directory; it never replaces a workflow
// there. Nothing is written unless everything can be.
func runInitWith(dir string, opts initOptions, stdout io.Writer) error {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	profile, runtime, err := suiteChoice(abs, opts)
	if err != nil {
		return err
	}
	var notes []string
	top, topDir := abs, dir // the directory init was given
	flat := flatLayout(abs)
	if flat {
		notes = append(notes, fmt.Sprintf("features/, golden/ and scenarios/ are in %s, as %s names them (features:, golden:, scenarios:): %s is the root of a Python project whose packages setuptools finds in a flat layout, where each of them would become a package and pip install . would fail (\"Multiple top-level packages discovered in a flat-layout\"); setuptools leaves tests/ out. %s stays the suite root, so steps name the project's files from there (e.g. Given the graph from \"agent/graph.py:graph\")", filepath.Join(dir, filepath.FromSlash(flatSuite)), filepath.Join(dir, "scenario.yaml"), quote(topDir), quote(topDir)))
	} else if w := flatPackageWarning(abs); w != "" {
		notes = append(notes, w)
	}
	var before []string // what the runtime needs on this machine first
	data := scaffoldData{Package: testPackage(abs), GoModule: env.FindUp(abs, "go.mod") != "", Version: pinnedVersion(), Install: nodeInstall(abs), Profile: profile, Runtime: runtime}
	data.Eino = data.GoModule && requiresEino(filepath.Join(env.FindUp(abs, "go.mod"), "go.mod"))
	if data.Eino {
		notes = append(notes, "go.mod requires cloudwego/eino: scenario_test.go registers your eino graph for Given the graph from \"eino:graph\" (fill in its Build); go mod tidy adds github.com/stateharness/scenario/runtimes/eino")
	}
	uses := func(name string) bool { return slices.Contains(strings.Split(runtime, ","), name) }
	switch {
	case profile == "langgraph-py" || profile == "llmfy" || uses("langgraph-py") || uses("llmfy"):
		data.PyInstall, data.Python = pythonProject(abs)
		data.PyFor = "LangGraph Python for --runtime langgraph-py"
		packages, minimum := "langgraph langchain-core", "3.10"
		if profile == "llmfy" {
			data.PyFor, packages, minimum = "llmfy for --runtime llmfy", "llmfy", "3.11"
		}
		if data.PyInstall == "" && (uses("langgraph-py") || uses("llmfy")) {
			// no Python project to install: the runtime's own packages
			data.PyInstall = "python -m venv .venv && .venv/bin/pip install " + packages
			before = append(before, fmt.Sprintf("runtime: %s runs in the Python of the suite's .venv; before the first run (Python >= %s), e.g.:\n  python3 -m venv .venv && .venv/bin/pip install %s", strings.TrimPrefix(runtime, "builtin,"), minimum, packages))
		}
	case uses("langgraph-js") && data.Install == "":
		data.Install = "npm install @langchain/langgraph @langchain/core"
		before = append(before, "runtime: langgraph-js loads LangGraph JS from the suite's node_modules; before the first run (node >= 20):\n  "+data.Install)
	}
	data.Cargo = profile == "awaken" || uses("awaken")
	if data.Shards, err = workflowShards(opts.Shards, data.GoModule); err != nil {
		return err
	}
	if flat {
		data.Dirs = flatSuite + "/"
	}
	switch {
	case uses("awaken"):
		before = append(before, "runtime: awaken builds its program with your cargo on the first run (Rust >= 1.85; a few minutes, once per version); the workflow caches that build")
	case data.Cargo:
		before = append(before, "the awaken example runs on the built-in engine; on Awaken itself with --runtime awaken (or runtime: awaken in scenario.yaml), which builds its program with your cargo on the first run (Rust >= 1.85; a few minutes, once per version); the workflow sets up cargo and caches that build")
	}

	// The workflow: at the repository root, else where init was asked to
	// write the suite.
	repo := env.FindUp(abs, ".git")
	if repo == "" {
		repo = top
	}
	if rel, err := filepath.Rel(repo, abs); err == nil && rel != "." {
		data.WorkDir = filepath.ToSlash(rel)
	}
	if data.GoModule {
		mod := env.FindUp(abs, "go.mod")
		if rel, err := filepath.Rel(repo, mod); err == nil && !strings.HasPrefix(rel, "..") {
			data.GoModFile = path.Join(filepath.ToSlash(rel), "go.mod")
			if rel != "." {
				data.GoSum = path.Join(filepath.ToSlash(rel), "go.sum")
			}
		}
	}
	workflows := filepath.Join(repo, ".github", "workflows")
	workflow := filepath.Join(workflows, "scenarios.yml")
	if data.WorkDir != "" {
		if _, err := os.Lstat(workflow); err == nil {
			workflow = filepath.Join(workflows, "scenarios-"+slug(data.WorkDir)+".yml")
			notes = append(notes, fmt.Sprintf("%s is the repository's own and stays as it is: this suite's workflow is %s", filepath.Join(workflows, "scenarios.yml"), filepath.Base(workflow)))
		}
		notes = append(notes, fmt.Sprintf("the workflow is at the repository root, where GitHub reads workflows, and runs its jobs in %s (defaults: run: working-directory)", data.WorkDir))
	}

	files, err := scaffoldFiles(data)
	if err != nil {
		return err
	}
	if data.Cargo {
		files = append(files, awakenCrateFeature(abs))
		notes = append(notes, awakenCrateNote)
	}
	if !data.GoModule {
		// a TypeScript or Python repository gets a CLI-only suite
		files = slices.DeleteFunc(files, func(f scaffoldFile) bool { return f.name == "scenario_test.go" })
	}
	for i, f := range files {
		if data.Dirs != "" && slices.ContainsFunc(suiteDirs, func(d string) bool { return strings.HasPrefix(f.name, d) }) {
			files[i].name = data.Dirs + f.name
		}
	}
	slices.SortFunc(files, func(a, b scaffoldFile) int { return strings.Compare(a.name, b.name) })
	// where each file goes, and how the output names it
	target := func(f scaffoldFile) (p, shown string) {
		if f.name == ".github/workflows/scenarios.yml" {
			if rel, err := filepath.Rel(top, workflow); err == nil && !strings.HasPrefix(rel, "..") {
				return workflow, filepath.Join(topDir, rel)
			}
			return workflow, workflow
		}
		return filepath.Join(abs, filepath.FromSlash(f.name)), filepath.Join(dir, filepath.FromSlash(f.name))
	}
	// Check every target before writing any, so that a refusal leaves the
	// directory as it was.
	var taken []string
	for _, f := range files {
		p, shown := target(f)
		if _, err := os.Lstat(p); err == nil {
			if f.name != ".github/workflows/scenarios.yml" || data.WorkDir == "" {
				shown = f.name
			}
			taken = append(taken, shown)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if len(taken) > 0 {
		verb, it := "exists", "it"
		if len(taken) > 1 {
			verb, it = "exist", "them"
		}
		return fmt.Errorf("%s already %s in %s; nothing was written (move %s away, or init another directory)", strings.Join(taken, ", "), verb, dir, it)
	}
	var written, shown []string
	for _, f := range files {
		p, s := target(f)
		if err := writeNew(p, f.content); err != nil {
			// Take back what this run wrote: init either scaffolds the whole
			// suite or leaves no file behind.
			for _, w := range written {
				os.Remove(w)
			}
			return err
		}
		written, shown = append(written, p), append(shown, s)
	}
	for _, s := range shown {
		fmt.Fprintf(stdout, "created %s\n", s)
	}
	printNextSteps(stdout, dir, abs, data.Dirs)
	for _, b := range before {
		fmt.Fprintln(stdout, b)
	}
	for _, n := range notes {
		fmt.Fprintf(stdout, "note: %s\n", n)
	}
	return nil
}

// flatPackageWarning warns when dir is a new top-level directory of a
// flat-layout Python project that setuptools would take for a package.
func flatPackageWarning(dir string) string {
	project := cmp.Or(env.FindUp(dir, "pyproject.toml"), env.FindUp(dir, "setup.py"))
	if project == "" || project == dir || !flatLayout(project) {
		return ""
	}
	rel, err := filepath.Rel(project, dir)
	if err != nil {
		return ""
	}
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	if _, err := os.Stat(filepath.Join(project, first)); err == nil || !token.IsIdentifier(first) || slices.Contains(setuptoolsExcluded, strings.ToLower(first)) {
		return ""
	}
	return fmt.Sprintf("%s is a new top-level directory of the flat-layout Python project at %s: setuptools takes it for a package, and pip install . fails with more than one; init in tests/%s instead, or list the project's packages in pyproject.toml ([tool.setuptools] packages)", first, project, first)
}

// setuptoolsExcluded are top-level directories setuptools' flat-layout
// discovery leaves out (setuptools.discovery.FlatLayoutPackageFinder).
var setuptoolsExcluded = []string{"benchmark", "benchmarks", "bin", "build", "changelog", "ci", "debian", "dist", "doc", "docs", "documentation", "env", "example", "examples", "exercise", "exercises", "manpages", "news", "newsfragments", "python", "requirements", "scripts", "site_scons", "tasks", "test", "tests", "tools", "unit_test", "unit_tests", "util", "utils", "venv"}

// slug makes a directory path part of a file name: services/agent →
// services-agent.
func slug(p string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(p) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
			b.WriteByte('-')
		}
	}
	return cmp.Or(strings.Trim(b.String(), "-"), "suite")
}

// scaffoldFiles renders the scaffold, sorted by path.
func scaffoldFiles(data scaffoldData) ([]scaffoldFile, error) {
	var files []scaffoldFile
	err := fs.WalkDir(scaffold, "template", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		content, err := scaffold.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "template/")
		if strings.HasSuffix(name, ".tmpl") {
			// The suffix keeps go build and go vet away from a .go file
			// that is a template.
			name = strings.TrimSuffix(name, ".tmpl")
			tmpl, err := template.New(path.Base(name)).Option("missingkey=error").Funcs(template.FuncMap{"slug": slug}).Parse(string(content))
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			if err := tmpl.Execute(&buf, data); err != nil {
				return err
			}
			content = buf.Bytes()
		}
		files = append(files, scaffoldFile{name: name, content: content})
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	return files, err
}

// writeNew creates the file at p with content, and its directories; it
// fails rather than replace a file that appeared since the check.
func writeNew(p string, content []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(content); err != nil {
		f.Close()
		os.Remove(p)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(p)
		return err
	}
	return nil
}

// testPackage names the package of scenario_test.go (without _test): the
// package already in dir, since an external test package must be named
// after it, else dir's base name made an identifier, else "scenarios".
func testPackage(dir string) string {
	if name := goPackageIn(dir); name != "" {
		return name
	}
	var b strings.Builder
	for _, r := range strings.ToLower(filepath.Base(dir)) {
		switch {
		case r >= 'a' && r <= 'z', r == '_':
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			if b.Len() > 0 {
				b.WriteRune(r)
			}
		}
	}
	name := strings.Trim(b.String(), "_")
	if name == "" || token.IsKeyword(name) {
		return "scenarios"
	}
	return name
}

// goPackageIn is the package name of the Go files in dir ("" when none):
// that of a non-test file if there is one, else of a test file without its
// _test suffix.
func goPackageIn(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	fromTest := ""
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, parser.PackageClauseOnly)
		if err != nil {
			continue
		}
		name := f.Name.Name
		if !strings.HasSuffix(e.Name(), "_test.go") {
			return name
		}
		if fromTest == "" {
			fromTest = strings.TrimSuffix(name, "_test")
		}
	}
	return fromTest
}

// requiresEino reports whether the go.mod at path requires
// github.com/cloudwego/eino (in a require block or a require line).
func requiresEino(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	return einoRequire.Match(data)
}

// einoRequire is eino's line in go.mod's requires.
var einoRequire = regexp.MustCompile(`(?m)^\s*(require\s+)?github\.com/cloudwego/eino\s+v`)

// printNextSteps says how to run the new suite: under go test once the
// directory is in a module, and the CLI as a tool of that module (go run
// of the CLI inside a module needs go.sum entries that go mod tidy drops
// unless go.mod names the tool), or with the CLI at a pinned version.
func printNextSteps(out io.Writer, dir, abs, dirs string) {
	fmt.Fprintln(out, "\nnext steps:")
	if dirs != "" {
		fmt.Fprintf(out, "  # scenarios go in %sfeatures/; the CLI runs from %s, the suite root (scenario.yaml)\n", dirs, quote(dir))
	}
	if dir != "." {
		fmt.Fprintf(out, "  cd %s\n", quote(dir))
	}
	if gomod := env.FindUp(abs, "go.mod"); gomod != "" {
		fmt.Fprintln(out, "  go mod tidy                     # adds github.com/stateharness/scenario")
		fmt.Fprintf(out, "  go test ./...                   # runs %sfeatures/ through scenario_test.go\n", dirs)
		fmt.Fprintln(out, "or with the CLI, a tool of this module (go.mod pins its version; go mod tidy keeps it):")
		pinned := declaresTool(filepath.Join(gomod, "go.mod"), cliPackage)
		if !pinned {
			fmt.Fprintf(out, "  go get -tool %s@%s\n", cliPackage, pinnedVersion())
		}
		fmt.Fprintln(out, "  go tool scenario run")
		if !pinned {
			warnUnpinned(out)
		}
	} else {
		fmt.Fprintf(out, "  go run %s@%s run\n", cliPackage, pinnedVersion())
		warnUnpinned(out)
	}
}

// cliPackage is this command's package path.
const cliPackage = "github.com/stateharness/scenario/cmd/scenario"

// declaresTool reports whether the go.mod file at path names pkg in a tool
// directive (go get -tool wrote it).
func declaresTool(path, pkg string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	inBlock := false
	for line := range strings.Lines(string(data)) {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case inBlock && f[0] == ")":
			inBlock = false
		case inBlock:
			if strings.Trim(f[0], `"`) == pkg {
				return true
			}
		case f[0] == "tool" && len(f) == 2 && f[1] == "(":
			inBlock = true
		case f[0] == "tool" && len(f) == 2 && strings.Trim(f[1], `"`) == pkg:
			return true
		}
	}
	return false
}

// pinnedVersion is the version a scaffold pins the CLI to: this binary's
// module version, else the commit it was built from; never latest.
func pinnedVersion() string {
	if v := version(); v != "(devel)" && v != "" {
		return v
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		revision, modified := "", false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if revision != "" && !modified {
			return revision
		}
	}
	return unknownVersion
}

// unknownVersion stands for the version in a scaffold written by a build
// that knows none (go run, or a tree with changes): the user sets it.
const unknownVersion = "VERSION"

// warnUnpinned says so when the scaffold could not be pinned.
func warnUnpinned(out io.Writer) {
	if pinnedVersion() != unknownVersion {
		return
	}
	fmt.Fprintln(out, "warning: this scenario binary knows no version of its own (it was built by go run, or from a tree with changes),")
	fmt.Fprintln(out, "so the workflow and the command above say @VERSION: replace it with a release, e.g. @v0.1.0,")
	fmt.Fprintln(out, "or scaffold with a binary from go install github.com/stateharness/scenario/cmd/scenario@<version>")
}
