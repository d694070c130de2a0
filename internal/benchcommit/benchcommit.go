// Package benchcommit times the commits of a runtime's session for the
// runtimes' benchmarks: b.N commits of one request, after a warm-up, with
// the median reported beside the mean. Each commit counts generated ids
// from a next id of its own, so that every one reaches the runtime: a
// repeated commit of a schema-built graph is answered from memory.
package benchcommit

import (
	"sort"
	"testing"
	"time"

	"github.com/stateharness/scenario/engine"
)

// Run commits req warmup times untimed (a runtime builds its graph on
// the first), then b.N times timed, and reports the median in µs. The
// commits are req but for their next ids, each its own.
func Run(b *testing.B, s engine.Session, req *engine.CommitRequest, warmup int) {
	b.Helper()
	c := *req
	commit := func() error {
		c.NextID++
		_, err := s.Commit(&c)
		return err
	}
	for i := 0; i < warmup; i++ {
		if err := commit(); err != nil {
			b.Fatal(err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if err := commit(); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
}
