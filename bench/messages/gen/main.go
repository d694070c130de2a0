// Command gen writes the scenario files of the messages benchmark: a current
// state of 100,000 messages and a node output of 10,000 messages, half of
// which replace existing ids. The files are large, so they go into a
// directory given by -out (a temporary suite root), never into the
// repository.
//
//	go run ./bench/messages/gen -out /tmp/suite
//
// writes /tmp/suite/scenarios/current.json and incoming.json. The output is
// deterministic: the same flags give the same bytes.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	out := flag.String("out", "", "suite root to write scenarios/ into (required)")
	current := flag.Int("current", 100_000, "messages in the current state")
	incoming := flag.Int("incoming", 10_000, "messages in the node's output; half replace existing ids")
	flag.Parse()
	if *out == "" || *current < 1 || *incoming < 0 {
		flag.Usage()
		os.Exit(2)
	}
	dir := filepath.Join(*out, "scenarios")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail(err)
	}
	cur := make([]any, *current)
	for i := range cur {
		cur[i] = message(i, fmt.Sprintf("m%d", i), "")
	}
	in := make([]any, *incoming)
	stride := max(1, *current/max(1, (*incoming+1)/2))
	for i := range in {
		k := i / 2
		if i%2 == 0 {
			// replaces a message spread over the whole current list, of
			// every kind in turn
			j := (k*stride + k%4) % *current
			in[i] = message(j, fmt.Sprintf("m%d", j), " (edited)")
		} else {
			in[i] = message(*current+k, fmt.Sprintf("n%d", k), "")
		}
	}
	for name, v := range map[string]any{"current.json": cur, "incoming.json": in} {
		if err := write(filepath.Join(dir, name), map[string]any{"messages": v}); err != nil {
			fail(err)
		}
	}
}

// message is the i-th message of a conversation that cycles through a user
// question, an assistant tool call, the tool's answer and the assistant's
// reply, in LangChain's plain message form.
func message(i int, id, suffix string) map[string]any {
	switch i % 4 {
	case 0:
		return map[string]any{"type": "human", "id": id,
			"content": fmt.Sprintf("Question %d: what is the weather in city %d today?%s", i, i%97, suffix)}
	case 1:
		return map[string]any{"type": "ai", "id": id, "content": "",
			"tool_calls": []any{map[string]any{"id": fmt.Sprintf("call_%d", i), "name": "weather",
				"args": map[string]any{"city": fmt.Sprintf("city %d", i%97)}, "type": "tool_call"}}}
	case 2:
		return map[string]any{"type": "tool", "id": id, "name": "weather", "tool_call_id": fmt.Sprintf("call_%d", i-1),
			"content": fmt.Sprintf(`{"temperature": %d, "sky": "clear"}%s`, i%35, suffix)}
	}
	return map[string]any{"type": "ai", "id": id,
		"content": fmt.Sprintf("It is %d degrees and clear in city %d.%s", (i-1)%35, (i-3)%97, suffix)}
}

func write(path string, v any) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}
