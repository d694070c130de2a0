package suite_test

import (
	"io"
	"os"
	"sync"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/bench/suite/typical"
	"github.com/stateharness/scenario/internal/runner"
)

var (
	once    sync.Once
	root    string
	rootErr error
)

// suite1000 generates the 1,000 typical scenarios and their golden files
// once for the package's benchmarks.
func suite1000(b *testing.B) string {
	once.Do(func() {
		root, rootErr = os.MkdirTemp("", "typical-")
		if rootErr != nil {
			return
		}
		if rootErr = typical.Write(root, 1000, 20); rootErr != nil {
			return
		}
		var res *runner.Result
		res, rootErr = runner.Run(runner.Config{Root: root, Update: true, Output: io.Discard})
		if rootErr == nil && res.Status != 0 {
			rootErr = io.ErrUnexpectedEOF
		}
	})
	if rootErr != nil {
		b.Fatal(rootErr)
	}
	return root
}

func TestMain(m *testing.M) {
	code := m.Run()
	if root != "" {
		os.RemoveAll(root)
	}
	os.Exit(code)
}

// BenchmarkScenario runs the 1,000 typical scenarios as `scenario run`
// does (progress output, thrown away).
func BenchmarkScenario(b *testing.B) {
	dir := suite1000(b)
	b.ReportAllocs()
	for b.Loop() {
		res, err := runner.Run(runner.Config{Root: dir, Format: "progress", Output: io.Discard})
		if err != nil || res.Status != 0 {
			b.Fatalf("run: %v, status %v", err, res)
		}
	}
}

// BenchmarkBareGodog runs the same step texts on no-op steps with godog
// alone: the baseline.
func BenchmarkBareGodog(b *testing.B) {
	dir := suite1000(b)
	b.ReportAllocs()
	for b.Loop() {
		ts := godog.TestSuite{
			Name:                "bare",
			ScenarioInitializer: typical.BareSteps(),
			Options: &godog.Options{
				Format: "progress", Paths: []string{"features"}, FS: os.DirFS(dir),
				Strict: true, Output: io.Discard,
			},
		}
		if st := ts.Run(); st != 0 {
			b.Fatalf("bare godog: status %d", st)
		}
	}
}
