package suite_test

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stateharness/scenario/bench/suite/typical"
	"github.com/stateharness/scenario/internal/runner"
)

// sizes are the suites BenchmarkScenario and BenchmarkBareGodog run, in
// scenarios; the largest is left out under -short.
var sizes = []int{1000, 10000}

var (
	suitesMu sync.Mutex
	suites   = map[int]string{} // generated suites by size, removed by TestMain
)

// typicalSuite generates n typical scenarios, 20 to a feature file, and
// their golden files, once per size for the package's benchmarks.
func typicalSuite(b *testing.B, n int) string {
	suitesMu.Lock()
	defer suitesMu.Unlock()
	if dir, ok := suites[n]; ok {
		return dir
	}
	dir, err := os.MkdirTemp("", "typical-")
	if err != nil {
		b.Fatal(err)
	}
	suites[n] = dir
	if err := typical.Write(dir, n, 20); err != nil {
		b.Fatal(err)
	}
	res, err := runner.Run(runner.Config{Root: dir, Update: true, Output: io.Discard})
	if err != nil || res.Status != 0 {
		b.Fatalf("writing the golden files: %v, status %v", err, res)
	}
	return dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range suites {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// eachSize runs bench on the typical suite of each size, as sub-benchmarks
// n=1000 and n=10000, reporting besides time and allocations the largest
// live heap a collection found (peak-live-MiB), the heap a process's peak
// RSS follows.
func eachSize(b *testing.B, bench func(b *testing.B, dir string)) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if n > 1000 && testing.Short() {
				b.Skip("-short: the 1,000-scenario suite only")
			}
			dir := typicalSuite(b, n)
			runtime.GC()
			peak := watchLiveHeap()
			b.ReportAllocs()
			b.ResetTimer()
			bench(b, dir)
			b.StopTimer()
			b.ReportMetric(float64(peak())/(1<<20), "peak-live-MiB")
		})
	}
}

// watchLiveHeap samples the live heap after every collection until the
// returned function is called, which gives the largest sample.
func watchLiveHeap() func() uint64 {
	var (
		mu      sync.Mutex
		largest uint64
		stopped bool
	)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var afterGC func(*gcSentinel)
	afterGC = func(*gcSentinel) {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			largest = max(largest, sample[0].Value.Uint64())
		}
		runtime.SetFinalizer(&gcSentinel{}, afterGC)
	}
	runtime.SetFinalizer(&gcSentinel{}, afterGC)
	return func() uint64 {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		return largest
	}
}

// gcSentinel is garbage at once; its finalizer runs after each collection.
// Its pointer keeps it out of the tiny allocator, whose blocks finalizers
// may miss.
type gcSentinel struct{ _ *byte }

// BenchmarkScenario runs the typical scenarios as `scenario run` does
// (progress output, thrown away).
func BenchmarkScenario(b *testing.B) {
	eachSize(b, func(b *testing.B, dir string) {
		for b.Loop() {
			res, err := runner.Run(runner.Config{Root: dir, Format: "progress", Output: io.Discard})
			if err != nil || res.Status != 0 {
				b.Fatalf("run: %v, status %v", err, res)
			}
		}
	})
}

// BenchmarkBareGodog runs the same step texts on no-op steps with godog
// alone: the baseline.
func BenchmarkBareGodog(b *testing.B) {
	eachSize(b, func(b *testing.B, dir string) {
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
	})
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
