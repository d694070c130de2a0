package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// roomyHeapLimit is the live heap up to which a run collects garbage less
// often (GC percent 200); past it the collector's default (100) holds.
const roomyHeapLimit = 192 << 20

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
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > roomyHeapLimit {
			debug.SetGCPercent(100)
			return
		}
		runtime.SetFinalizer(&gcSentinel{}, afterGC)
	}
	runtime.SetFinalizer(&gcSentinel{}, afterGC)
}

// gcSentinel is garbage at once; its finalizer runs after each collection.
type gcSentinel struct{ _ *byte } // a pointer keeps it out of the tiny allocator, whose blocks finalizers may miss
