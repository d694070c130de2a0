package runner

import (
	"bytes"
	"io"
	"os"
	"sync"
	"time"
)

// flushAfter is the longest godog's output waits in a lineWriter.
const flushAfter = 100 * time.Millisecond

// lineWriter passes godog's output on to a file or a pipe a line at a
// time: the progress format writes a character per step, a write system
// call each (80,000 of them for 10,000 scenarios of 8 steps). What a line
// has so far is passed on within flushAfter, so a log read as it grows
// still shows each step soon after it ran; the bytes are the same.
type lineWriter struct {
	mu    sync.Mutex
	w     io.Writer
	buf   []byte
	timer *time.Timer
}

// outputFor is what godog writes to for out: a lineWriter over a file or
// pipe, out itself over a terminal (where each character shows as it
// comes) or any other writer. flush passes on what the lineWriter holds.
func outputFor(out io.Writer) (w io.Writer, flush func()) {
	f, ok := out.(*os.File)
	if !ok {
		return out, func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice != 0 {
		return out, func() {}
	}
	l := &lineWriter{w: f}
	return l, l.flush
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	switch {
	case bytes.IndexByte(p, '\n') >= 0 || len(l.buf) >= 64<<10:
		l.flushLocked()
	case l.timer == nil:
		l.timer = time.AfterFunc(flushAfter, l.flush)
	}
	return len(p), nil
}

// flush passes on what the writer holds.
func (l *lineWriter) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flushLocked()
}

func (l *lineWriter) flushLocked() {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	if len(l.buf) > 0 {
		// godog ignores its writes' errors, as it did writing here
		l.w.Write(l.buf) //nolint:errcheck
		l.buf = l.buf[:0]
	}
}
