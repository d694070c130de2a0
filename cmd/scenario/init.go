package main

import (
	"bytes"
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
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"text/template"

	"github.com/stateharness/scenario/internal/env"
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
	// Profile is the suite's profile: langgraph-py in a Python project,
	// else langgraph.
	Profile string
	// PyInstall makes the Python project's .venv with its packages before
	// the CLI runs (so that langgraph-py finds LangGraph Python); empty
	// outside a Python project. Python is scenario.yaml's python: when that
	// .venv is not at the suite root.
	PyInstall, Python string
}

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

// suiteProfile is the profile init writes: langgraph-py when the Python
// project is nearer to dir than any package.json, else langgraph.
func suiteProfile(dir string) string {
	py := ""
	for _, m := range pythonMarkers {
		if p := env.FindUp(dir, m); len(p) > len(py) {
			py = p
		}
	}
	if py != "" && len(py) > len(env.FindUp(dir, "package.json")) {
		return "langgraph-py"
	}
	return "langgraph"
}

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

// runInit scaffolds a suite in dir (created if missing; "." by default) and
// reports what it wrote.
func runInit(dir string, stdout io.Writer) error {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	data := scaffoldData{Package: testPackage(abs), GoModule: env.FindUp(abs, "go.mod") != "", Version: pinnedVersion(), Install: nodeInstall(abs), Profile: suiteProfile(abs)}
	if data.Profile == "langgraph-py" {
		data.PyInstall, data.Python = pythonProject(abs)
	}
	files, err := scaffoldFiles(data)
	if err != nil {
		return err
	}
	if !data.GoModule {
		// a TypeScript or Python repository gets a CLI-only suite
		files = slices.DeleteFunc(files, func(f scaffoldFile) bool { return f.name == "scenario_test.go" })
	}
	// Check every target before writing any, so that a refusal leaves the
	// directory as it was.
	var taken []string
	for _, f := range files {
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(f.name))); err == nil {
			taken = append(taken, f.name)
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
	var written []string
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := writeNew(p, f.content); err != nil {
			// Take back what this run wrote: init either scaffolds the whole
			// suite or leaves no file behind.
			for _, w := range written {
				os.Remove(w)
			}
			return err
		}
		written = append(written, p)
	}
	for _, w := range written {
		fmt.Fprintf(stdout, "created %s\n", w)
	}
	printNextSteps(stdout, dir, abs)
	return nil
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
			tmpl, err := template.New(path.Base(name)).Option("missingkey=error").Parse(string(content))
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

// printNextSteps says how to run the new suite: under go test once the
// directory is in a module, and the CLI as a tool of that module (go run
// of the CLI inside a module needs go.sum entries that go mod tidy drops
// unless go.mod names the tool), or with the CLI at a pinned version.
func printNextSteps(out io.Writer, dir, abs string) {
	fmt.Fprintln(out, "\nnext steps:")
	if dir != "." {
		fmt.Fprintf(out, "  cd %s\n", quote(dir))
	}
	if gomod := env.FindUp(abs, "go.mod"); gomod != "" {
		fmt.Fprintln(out, "  go mod tidy                     # adds github.com/stateharness/scenario")
		fmt.Fprintln(out, "  go test ./...                   # runs features/ through scenario_test.go")
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
	if repo := env.FindUp(abs, ".git"); repo != "" && repo != abs {
		rel, _ := filepath.Rel(repo, abs)
		fmt.Fprintf(out, "GitHub reads workflows only from the repository root: move .github/ to %s and run its jobs in %s (defaults: run: working-directory).\n", repo, filepath.ToSlash(rel))
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
