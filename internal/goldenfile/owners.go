package goldenfile

// Owners are the golden files the run's scenarios claimed, each with the
// scenario that claimed it (its key): report merge looks across shards
// for a file two scenarios claim, which one run refuses.
func (l *Log) Owners() map[string]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string]string, len(l.owner))
	for p, s := range l.owner {
		out[p] = s
	}
	return out
}
