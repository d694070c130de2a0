package bridge

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Stream runs the own graph ("<module>:<export>") end to end on the program,
// input its input (an engine.Checked keeps the key order it was written
// in), and returns what the graph's own stream gave for the modes
// "updates" and "values": one JSON line [mode, chunk] a chunk, messages in
// LangChain's serialised form, as scenario record reads a run; and the
// graph's channels by kind ("last-value", "messages", "add" for Python's
// operator.add, "reducer" for another reducer, "other"). The
// runtime timeout bounds the whole run. A node that failed, a value that
// is not JSON and what the live run cannot record (an interrupt, a graph
// that needs a thread_id) are errors, with the program's words.
func (b *Bridge) Stream(graph string, input any) ([]byte, map[string]string, error) {
	resp, err := b.request(nil, "stream", func(w *requestWriter) error {
		w.str("graph", graph)
		w.key("input")
		return writeChecked(w, input, nil)
	})
	if err != nil {
		return nil, nil, err
	}
	if resp.Error != nil {
		return nil, nil, resp.Error.engineError(b.prog.Library)
	}
	if resp.Chunks == nil || resp.Kinds == nil {
		return nil, nil, runtimeError(fmt.Sprintf("%s answered the run of %s without its chunks and channels", b.prog.Name, graph))
	}
	var out bytes.Buffer
	for _, c := range resp.Chunks {
		if err := json.Compact(&out, c); err != nil {
			return nil, nil, runtimeError(fmt.Sprintf("%s answered the run of %s with a chunk that is not JSON: %v", b.prog.Name, graph, err))
		}
		out.WriteByte('\n')
	}
	return out.Bytes(), resp.Kinds, nil
}
