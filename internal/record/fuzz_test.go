package record

import (
	"strings"
	"testing"
)

// FuzzParseRun: any text is a run or an error, never a panic.
func FuzzParseRun(f *testing.F) {
	f.Add(chatRun)
	f.Add("[\"values\", {}]\n[\"updates\", {\"__interrupt__\": []}]\n")
	f.Add("{\"a\": {\"messages\": [{\"lc\": 1, \"type\": \"constructor\", \"id\": [\"AIMessage\"], \"kwargs\": {}}]}}")
	f.Fuzz(func(t *testing.T, text string) {
		run, err := ParseRun("run.jsonl", strings.NewReader(text))
		if err == nil {
			Infer(run, nil)
		}
	})
}
