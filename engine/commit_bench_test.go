package engine

import (
	"fmt"
	"testing"
)

// benchCommit commits one small field into a state that also holds an
// array of size n: the cost must not grow with n (untouched values are
// shared, never copied).
func benchCommit(b *testing.B, n int) {
	s, err := SchemaFromValue(map[string]any{"fields": map[string]any{
		"big":    map[string]any{"type": "array"},
		"status": map[string]any{"type": "string"},
	}})
	if err != nil {
		b.Fatal(err)
	}
	g, err := New(s, Options{})
	if err != nil {
		b.Fatal(err)
	}
	big := make([]any, n)
	for i := range big {
		big[i] = map[string]any{"id": fmt.Sprint(i), "content": "message text"}
	}
	if err := g.Invoke("main", map[string]any{"big": big, "status": "s"}); err != nil {
		b.Fatal(err)
	}
	outs := []map[string]any{{"status": "a"}, {"status": "b"}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := g.Node("main", "n", outs[i%2]); err != nil {
			b.Fatal(err)
		}
		if len(g.trace) > 1024 { // keep the trace from growing across b.N
			g.trace, g.events = g.trace[:0], g.events[:0]
		}
	}
}

func BenchmarkCommitSmallState(b *testing.B)    { benchCommit(b, 10) }
func BenchmarkCommitWith100kArray(b *testing.B) { benchCommit(b, 100_000) }
