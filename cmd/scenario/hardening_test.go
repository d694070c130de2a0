package main

import (
	"bytes"
	"fmt"
	"github.com/stateharness/scenario/internal/toolchain"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// moduleRoot is this repository's root, two levels above cmd/scenario.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// copyTree copies src/dir into dst/dir.
func copyTree(t *testing.T, src, dst, dir string) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join(src, dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestBundledSuiteIsDeterministic runs the bundled features twice from
// scratch with different random orders and four scenarios at a time: both
// runs must pass and write the same golden files, byte for byte, as the
// ones committed.
func TestBundledSuiteIsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole bundled suite twice")
	}
	repo := moduleRoot(t)
	// the scenarios on the suite's own graph and on a Dawn route with
	// TypeScript need langgraph-js; without node they are skipped and their
	// goldens left out of the comparison
	env, withNode := toolchain.LookupNode(t)
	var trees []map[string]string
	for _, seed := range []string{"7", "1234567"} {
		dir := t.TempDir()
		copyTree(t, repo, dir, "features")
		copyTree(t, repo, dir, "scenarios")
		// features/awaken_own_keys.feature names this crate (skipped on
		// these runtimes, once found)
		copyTree(t, repo, dir, filepath.FromSlash("runtimes/awaken/testdata/userkeys/src"))
		for _, f := range []string{"Cargo.toml", "Cargo.lock"} {
			copyTree(t, repo, dir, filepath.Join("runtimes", "awaken", "testdata", "userkeys", f))
		}
		args := []string{"update", "--root", dir, "--no-color", "--format", "progress", "--random=" + seed, "--concurrency", "4"}
		if withNode {
			linkNodeModules(t, env, dir)
			args = append(args, "--runtime", "builtin,langgraph-js")
		}
		r := runCLI(t, args...)
		if r.code != exitPassed {
			t.Fatalf("update with seed %s exited %d:\n%s", seed, r.code, r.all())
		}
		trees = append(trees, readTree(t, filepath.Join(dir, "golden")))
	}
	committed := readTree(t, filepath.Join(repo, "golden"))
	for name := range committed {
		// the run has no langgraph-py: the goldens it leaves out of a
		// feature on a Python graph are runtimes/langgraphpy's
		// TestWholeGraphFeaturesAreDeterministic's
		_, written := trees[0][name]
		if (!withNode && needsLangGraphJS(t, repo, name)) || (!written && featureMatches(repo, name, pyGraph)) {
			delete(committed, name)
		}
	}
	for i, tree := range trees {
		if len(tree) != len(committed) {
			t.Errorf("run %d wrote %d golden files, %d are committed", i+1, len(tree), len(committed))
		}
		for name, content := range committed {
			if tree[name] != content {
				t.Errorf("run %d: golden %s differs from the committed one", i+1, name)
			}
		}
	}
}

// jsGraph is a step that needs langgraph-js: a graph from a JavaScript or
// TypeScript module, or a Dawn route.
var jsGraph = regexp.MustCompile(`the graph from "[^"]*\.(?:mjs|cjs|js|mts|cts|ts):|the route from "`)

// pyGraph is a step that needs langgraph-py: a graph from a Python module.
var pyGraph = regexp.MustCompile(`the graph from "[^"]*\.py:`)

// featureMatches says whether the feature file of the committed golden
// (golden/<feature path>/<scenario>.json) matches re.
func featureMatches(repo, golden string, re *regexp.Regexp) bool {
	text, err := os.ReadFile(filepath.Join(repo, "features", filepath.FromSlash(path.Dir(strings.TrimPrefix(golden, "golden/")))+".feature"))
	return err == nil && re.Match(text)
}

// needsLangGraphJS says whether the committed golden (golden/<feature
// path>/<scenario>.json) belongs to a feature file that runs on
// langgraph-js: without node its scenarios are skipped and write nothing.
func needsLangGraphJS(t *testing.T, repo, golden string) bool {
	t.Helper()
	feature := filepath.Join(repo, "features", filepath.FromSlash(path.Dir(strings.TrimPrefix(golden, "golden/")))+".feature")
	text, err := os.ReadFile(feature)
	if err != nil {
		return false
	}
	return jsGraph.Match(text)
}

// TestInterruptedUpdateNeverCutsAGolden kills `scenario update` part-way
// through rewriting many goldens: every golden must then hold its old or
// its new content, never a mix or a cut.
func TestInterruptedUpdateNeverCutsAGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI and kills it repeatedly")
	}
	bin := filepath.Join(t.TempDir(), "scenario")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const scenarios = 150
	var feature strings.Builder
	feature.WriteString("Feature: many\n")
	big := strings.Repeat("x", 20000)
	for i := 0; i < scenarios; i++ {
		fmt.Fprintf(&feature, `
  Scenario: golden %d
    Given the state schema:
      | field |
      | text  |
    And the input state:
      """json
      {"text": "%s-%d"}
      """
    Then the state should match the golden file
`, i, big, i)
	}
	for round, delay := range []time.Duration{30 * time.Millisecond, 80 * time.Millisecond, 150 * time.Millisecond, 300 * time.Millisecond} {
		dir := newSuite(t, map[string]string{"features/many.feature": feature.String()})
		old := map[string]string{}
		for i := 0; i < scenarios; i++ {
			name := filepath.Join(dir, "golden", "many", fmt.Sprintf("golden-%d.json", i))
			content := fmt.Sprintf("{\n  \"text\": \"old-%d\"\n}\n", i)
			writeFiles(t, dir, map[string]string{fmt.Sprintf("golden/many/golden-%d.json", i): content})
			old[name] = content
		}
		cmd := exec.Command(bin, "update", "--root", dir, "--no-color", "--format", "progress")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		changed := 0
		for i := 0; i < scenarios; i++ {
			name := filepath.Join(dir, "golden", "many", fmt.Sprintf("golden-%d.json", i))
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("round %d: golden %d is gone: %v", round, i, err)
			}
			newContent := fmt.Sprintf("{\n  \"text\": \"%s-%d\"\n}\n", big, i)
			switch string(data) {
			case old[name]:
			case newContent:
				changed++
			default:
				t.Fatalf("round %d (killed after %v): golden %d is neither old nor new (%d bytes)", round, delay, i, len(data))
			}
		}
		t.Logf("killed after %v: %d of %d goldens rewritten", delay, changed, scenarios)
	}
}
