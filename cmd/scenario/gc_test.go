package main

import (
	"runtime/debug"
	"testing"
)

// TestTuneGCLeavesGOGCAlone: a GOGC in the environment is the user's
// choice; without one a run starts with room (200).
func TestTuneGCLeavesGOGCAlone(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	tuneGC()
	if got := debug.SetGCPercent(50); got != 50 {
		t.Errorf("with GOGC=50 set, the GC percent became %d", got)
	}
	t.Setenv("GOGC", "")
	tuneGC()
	if got := debug.SetGCPercent(100); got != 200 {
		t.Errorf("without GOGC, the GC percent is %d, want 200", got)
	}
}
