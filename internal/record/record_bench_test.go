package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchRun is a run of n supersteps, each one node appending to a log and
// replacing a 2 KB text: about 10 MB for 1,000.
func benchRun(n int) []byte {
	var b bytes.Buffer
	log := []string{"start"}
	blob := strings.Repeat("x", 2000)
	line := func(mode string, chunk any) {
		data, _ := json.Marshal([]any{mode, chunk})
		b.Write(data)
		b.WriteByte('\n')
	}
	line("values", map[string]any{"log": log, "text": ""})
	for i := 0; i < n; i++ {
		entry := fmt.Sprintf("step %d", i)
		text := fmt.Sprintf("%d %s", i, blob)
		log = append(log, entry)
		line("updates", map[string]any{fmt.Sprintf("node%d", i%3): map[string]any{"log": []string{entry}, "text": text}})
		line("values", map[string]any{"log": log, "text": text})
	}
	return b.Bytes()
}

// BenchmarkRecord records a run of 1,000 supersteps (about 10 MB): parse,
// infer the schema, replay on the built-in engine comparing every state,
// write the feature and the golden.
func BenchmarkRecord(b *testing.B) {
	run := benchRun(1000)
	b.SetBytes(int64(len(run)))
	b.ReportMetric(float64(len(run))/1e6, "MB/run")
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		_, err := Record(Options{Root: dir, Layout: layout, RunName: "run.jsonl", Run: bytes.NewReader(run),
			Feature: "features/recorded/run.feature", Name: "a long run"})
		if err != nil {
			b.Fatal(err)
		}
	}
}
