package steps

import (
	"fmt"
	"sort"
	"sync"
)

// GoldenStatus is what an assertion found in, or did to, a golden file.
type GoldenStatus int

// The statuses a run records per golden file.
const (
	GoldenSame    GoldenStatus = iota // the file held the expected bytes
	GoldenMissing                     // no file, not in update mode
	GoldenStale                       // the file differed, not in update mode
	GoldenWritten                     // update mode created or rewrote it
)

// GoldenLog records the golden files a run referenced and what it found or
// did. It is safe for concurrent scenarios.
type GoldenLog struct {
	mu     sync.Mutex
	status map[string]GoldenStatus
	owner  map[string]string // golden path → the scenario that claimed it
}

// claim gives path to one scenario of the run; a second scenario that maps
// to the same file is refused (SPEC §12), so that neither overwrites the
// other's golden.
func (l *GoldenLog) claim(path, scenario string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.owner == nil {
		l.owner = map[string]string{}
	}
	if other, ok := l.owner[path]; ok && other != scenario {
		return fmt.Errorf("golden file %s is used by two scenarios, %s and %s; give one of them its own name with `the golden file \"<name>\"`", path, other, scenario)
	}
	l.owner[path] = scenario
	return nil
}

func (l *GoldenLog) record(path string, s GoldenStatus) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.status == nil {
		l.status = map[string]GoldenStatus{}
	}
	l.status[path] = s
}

// With lists, sorted, the golden files that ended the run with status s.
func (l *GoldenLog) With(s GoldenStatus) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for p, st := range l.status {
		if st == s {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Written lists the golden files the run wrote, sorted.
func (l *GoldenLog) Written() []string { return l.With(GoldenWritten) }

// Referenced reports whether a scenario of the run used the golden file.
func (l *GoldenLog) Referenced(path string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.status[path]
	return ok
}
