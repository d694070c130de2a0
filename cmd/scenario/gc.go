package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// roomyHeapLimit is the live heap up to which a run collects garbage less
// often (GC percent 200); past it the collector's default (100) holds.
const roomyHeapLimit = 128<<20 + 64<<20

// tuneGC lets a run collect less often while its heap is small: a run is
// short and most of what it allocates is garbage at once, so extra room
// buys time. A large suite's heap grows with every scenario (godog keeps
// each step's result), and there the default keeps the peak near godog's
// own. A GOGC set in the environment is left alone.
func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(200)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var afterGC func(*gcSentinel)
	afterGC = func(*gcSentinel) {
		metrics.Read(sample)
		if roomy(sample[0].Value) {
			runtime.SetFinalizer(&gcSentinel{}, afterGC)
			return
		}
		debug.SetGCPercent(100)
	}
	runtime.SetFinalizer(&gcSentinel{}, afterGC)
}

// roomy reports whether a live heap leaves room for GC percent 200.
func roomy(live metrics.Value) bool {
	return live.Kind() == metrics.KindUint64 && live.Uint64() <= roomyHeapLimit
}

// gcSentinel is garbage at once; its finalizer runs after each collection.
// Its pointer keeps it out of the tiny allocator, whose blocks finalizers
// may miss.
type gcSentinel struct{ _ *byte }
