//go:build unix

package engine

import (
	"math"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// TestSchemaEnumScalesLinearly reads an enum, an anyOf of enums and an
// allOf of enums 8 times as long: linear reading takes about 8 times as
// long, the quadratic one it replaced 64 times (a 200,000-value enum took
// minutes a scenario). It compares the CPU time of the process, which other
// work on a busy machine does not inflate as it does the time on a clock,
// and takes the best of a few runs, each after a collection.
func TestSchemaEnumScalesLinearly(t *testing.T) {
	read := func(doc map[string]any, n int) time.Duration {
		runtime.GC()
		start := cpuTime(t)
		s, err := SchemaFromJSONSchema(doc)
		d := cpuTime(t) - start
		if err != nil {
			t.Fatal(err)
		}
		if got := len(s.Field("either").Type.Enum); got != n {
			t.Fatalf("either has %d values, want %d", got, n)
		}
		if got := len(s.Field("both").Type.Enum); got != n-n/2 {
			t.Fatalf("both has %d values, want %d", got, n-n/2)
		}
		return d
	}
	const n = 4000
	smallDoc, largeDoc := enumSchema(n), enumSchema(8*n)
	small := time.Duration(math.MaxInt64)
	for range 5 {
		small = min(small, read(smallDoc, n))
	}
	// A noisy run may be retried; a quadratic one (about 64) is not.
	var ratio float64
	for range 3 {
		large := read(largeDoc, 8*n)
		if ratio = float64(large) / float64(max(small, time.Millisecond)); ratio <= 24 {
			return
		}
		t.Logf("%d values: %v of CPU, %d values: %v", n, small, 8*n, large)
		if ratio > 48 {
			break
		}
	}
	t.Errorf("an enum 8 times as long took %.0f times the CPU time to read; want about 8", ratio)
}

// cpuTime is the user and system time the process has used.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
