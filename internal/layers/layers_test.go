// Package layers holds the module's floors as a test: which package may
// stand on which. An import that runs the wrong way fails here, not in a
// review. docs/architecture.md draws the same floors.
package layers

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/stateharness/scenario"

// rule forbids a package (and the packages under it, for a prefix ending
// in "/...") to depend, directly or through others, on any of forbidden.
type rule struct {
	pkg       string
	forbidden []string
	why       string
}

// rules are the floors, from the ground up.
var rules = []rule{
	{"internal/jsonv", []string{"..."}, "JSON values are the ground floor: they stand on nothing of the module"},
	{"engine/...", []string{"steps", "internal/goldenfile", "runtimes/...", "internal/suite", "internal/runner", "internal/report", "internal/htmlreport", "cmd/...", "github.com/cucumber/godog"}, "the engine is a state model: values in, values out, no Gherkin, files or processes"},
	{"internal/goldenfile", []string{"internal/suite", "steps", "internal/runner", "internal/report", "github.com/cucumber/godog", "github.com/cucumber/gherkin/go/v42"}, "golden files know no Gherkin and no run"},
	{"steps", []string{"internal/runner", "runtimes/...", "cmd/..."}, "steps translate Gherkin into engine calls; runtimes reach them through an interface"},
	{"runtimes/...", []string{"steps", "internal/runner", "internal/goldenfile", "internal/report", "internal/htmlreport", "cmd/..."}, "a runtime runs commits; it knows nothing of scenarios or reports"},
}

// deps lists each package of the module with every package it depends on,
// as `go list -deps` sees them (tests excluded).
func deps(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, module+"/...").Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok {
			msg += ": " + string(ee.Stderr)
		}
		t.Fatalf("go list: %s", msg)
	}
	all := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) > 0 {
			all[f[0]] = f[1:]
		}
	}
	return all
}

// full is a rule's pattern as an import path pattern: module-relative
// unless it names another module; "..." alone is the whole module.
func full(p string) string {
	switch {
	case p == "...":
		return module + "/..."
	case strings.Contains(strings.SplitN(p, "/", 2)[0], "."):
		return p
	}
	return module + "/" + p
}

func matches(pattern, pkg string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// violations are the forbidden arrows in graph, one line each, sorted.
func violations(graph map[string][]string) []string {
	var bad []string
	for _, r := range rules {
		for pkg, ds := range graph {
			if !matches(full(r.pkg), pkg) {
				continue
			}
			for _, d := range ds {
				for _, f := range r.forbidden {
					if matches(full(f), d) && d != pkg {
						bad = append(bad, fmt.Sprintf("%s depends on %s: %s", strings.TrimPrefix(pkg, module+"/"), strings.TrimPrefix(d, module+"/"), r.why))
					}
				}
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func TestFloors(t *testing.T) {
	graph := deps(t)
	for _, r := range rules {
		found := false
		for pkg := range graph {
			found = found || matches(full(r.pkg), pkg)
		}
		if !found {
			t.Errorf("the rule for %s matches no package of the module: update rules", r.pkg)
		}
	}
	for _, v := range violations(graph) {
		t.Error(v)
	}
}

// The check itself: an arrow the wrong way, even through another package,
// is found.
func TestFloorsFindAWrongArrow(t *testing.T) {
	graph := map[string][]string{
		module + "/engine":              {"strings", module + "/internal/jsonv", module + "/steps"},
		module + "/internal/jsonv":      {"strings"},
		module + "/internal/goldenfile": {module + "/internal/jsonv", "github.com/cucumber/godog"},
		module + "/steps":               {module + "/engine"},
	}
	got := violations(graph)
	want := []string{
		"engine depends on steps: " + rules[1].why,
		"internal/goldenfile depends on github.com/cucumber/godog: " + rules[2].why,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// docs/architecture.md names files and directories for the reader to open:
// each must exist, so that a move updates the page.
func TestArchitecturePageNamesFilesThatExist(t *testing.T) {
	page, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile("`((?:engine|steps|internal|runtimes|cmd|docs|features)/[A-Za-z0-9_./<>-]*)`").FindAllStringSubmatch(string(page), -1)
	if len(named) < 20 {
		t.Fatalf("the page names %d files; the pattern no longer finds them", len(named))
	}
	for _, m := range named {
		name := strings.TrimSuffix(m[1], "/...")
		if strings.Contains(name, "<") { // a pattern such as profile_<name>.go
			continue
		}
		if _, err := os.Stat(filepath.Join("../..", filepath.FromSlash(name))); err != nil {
			t.Errorf("docs/architecture.md names %s, which does not exist", m[1])
		}
	}
}
