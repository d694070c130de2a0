package suite_test

import (
	"fmt"
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

// BenchmarkLongScenario runs one scenario of n node steps: the time per
// step must not grow with n (it grew linearly, the whole run quadratically,
// when each step looked up the scenario's values through a context chain
// one link longer per step).
func BenchmarkLongScenario(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		b.Run(fmt.Sprintf("steps=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			if err := typical.WriteLong(dir, n); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				res, err := runner.Run(runner.Config{Root: dir, Format: "progress", Output: io.Discard})
				if err != nil || res.Status != 0 {
					b.Fatalf("run: %v, status %v", err, res)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/step")
		})
	}
}
