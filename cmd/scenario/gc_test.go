package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestTuneGC: a GOGC in the environment is the user's choice; without one
// a run starts with room (200) and, once a collection finds the live heap
// over the limit, goes back to the default.
func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	tuneGC()
	if got := debug.SetGCPercent(50); got != 50 {
		t.Errorf("with GOGC=50 set, the GC percent became %d", got)
	}
	t.Setenv("GOGC", "")
	tuneGC()
	if got := debug.SetGCPercent(200); got != 200 {
		t.Fatalf("without GOGC, the GC percent is %d, want 200", got)
	}
	runtime.GC() // a small heap keeps the room
	time.Sleep(10 * time.Millisecond)
	if got := debug.SetGCPercent(200); got != 200 {
		t.Fatalf("after a collection of a small heap, the GC percent is %d, want 200", got)
	}
	live := make([][]byte, 0, roomyHeapLimit>>20+16)
	for range cap(live) {
		live = append(live, make([]byte, 1<<20))
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		got := debug.SetGCPercent(-1)
		debug.SetGCPercent(got)
		if got == 100 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("with %d MiB live, the GC percent stayed %d", len(live), got)
		}
	}
	runtime.KeepAlive(live)
}
