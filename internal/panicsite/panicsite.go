// Package panicsite finds where a recovered panic happened in a team's own
// code (a Go node, tool or reducer), so that the error names that line and
// not the harness's frames that called it.
package panicsite

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// harness is the package path of this module: its frames are never the
// site (its _test package, a team's code in our own tests, is).
const harness = "github.com/stateharness/scenario"

// Where returns "file:line" of the code that panicked: the innermost frame
// below the panic that is neither the runtime's, nor the standard library's,
// nor this module's; else the innermost frame outside the runtime; "" when
// no panic is under way. Call it from the deferred function that recovers.
// The file is relative to the working directory (the test package's, under
// go test) when it is inside it.
func Where() string {
	pcs := make([]uintptr, 100)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	goroot, fallback := "", ""
	for {
		f, more := frames.Next()
		switch {
		case goroot == "":
			// the frames above the panic are the recovering function's
			if f.Function == "runtime.gopanic" {
				goroot = strings.TrimSuffix(f.File, "runtime/panic.go")
			}
		case strings.HasPrefix(f.Function, "runtime."):
		case strings.HasPrefix(f.File, goroot) || ownFrame(f.Function):
			if fallback == "" {
				fallback = site(f)
			}
		default:
			return site(f)
		}
		if !more {
			return fallback
		}
	}
}

// ownFrame reports whether a function is this module's (not its tests').
func ownFrame(function string) bool {
	rest, ok := strings.CutPrefix(function, harness)
	return ok && (strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "/"))
}

// site renders a frame's file:line.
func site(f runtime.Frame) string {
	file := f.File
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, file); err == nil && filepath.IsLocal(rel) {
			file = rel
		}
	}
	return filepath.ToSlash(file) + ":" + strconv.Itoa(f.Line)
}
