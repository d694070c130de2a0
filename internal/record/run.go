package record

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/stateharness/scenario/engine"
)

// MaxRunBytes is the largest run record reads, as large as a file a step
// may read (docs/reference.md, Values's files).
const MaxRunBytes = 64 << 20

// A Write is one node's update in a superstep, as the "updates" mode
// streamed it.
type Write struct {
	Node   string
	Output any
	// Command: the update is LangGraph JS's Command ({"lg_name": "Command"}).
	Command bool
	// Order is the order of Output's keys in the run.
	Order *engine.KeyOrder
	// Line is the run's line that streamed it.
	Line int
}

// A Superstep is the updates streamed between two values chunks, and the
// values chunk that ends it (nil when the run streamed none).
type Superstep struct {
	Writes     []Write
	Values     map[string]any
	ValuesLine int
}

// Run is a parsed stream: its first values chunk (the input) and its
// supersteps.
type Run struct {
	Name      string
	Input     map[string]any
	InputLine int
	// InputOrder is the order of Input's keys in the run.
	InputOrder *engine.KeyOrder
	// InputUnstreamed: the run began with updates, no values chunk
	// before them (an input that wrote no channel); Input is then {}.
	InputUnstreamed bool
	Steps           []Superstep
	Warnings        []string
}

// LineError is a run's line at fault.
type LineError struct {
	Name string
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg) }

// ParseRun reads a stream of JSON lines, each [mode, chunk] (or an updates
// chunk alone, {node: update}), as LangGraph writes them for the modes
// "updates" and "values".
func ParseRun(name string, r io.Reader) (*Run, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRunBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxRunBytes {
		return nil, fmt.Errorf("%s is over the %d MiB limit for a run; record a shorter run", name, MaxRunBytes>>20)
	}
	run := &Run{Name: name}
	var cur Superstep
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<16), MaxRunBytes+1)
	line := 0
	sawUpdates := false
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		c, err := engine.DecodeJSONOrdered(string(text), engine.Source{Name: name, Line: line})
		if err != nil {
			return nil, &LineError{name, line, "not a JSON line LangGraph streams: " + err.Error()}
		}
		v := c.Value
		mode, chunk := "updates", v
		if pair, ok := v.([]any); ok {
			if len(pair) == 3 && isArray(pair[0]) {
				return nil, &LineError{name, line, "a chunk of a subgraph stream ([namespace, mode, chunk], streamed with subgraphs: true): record reads the parent graph's stream; stream it without subgraphs, where a subgraph is one node's step"}
			}
			if len(pair) != 2 {
				return nil, &LineError{name, line, fmt.Sprintf("expected [mode, chunk], received an array of %d elements", len(pair))}
			}
			m, ok := pair[0].(string)
			if !ok {
				return nil, &LineError{name, line, fmt.Sprintf("the mode of [mode, chunk] is %s; expected \"updates\" or \"values\"", engine.TypeName(pair[0]))}
			}
			mode, chunk = m, pair[1]
		}
		norm, err := ordered(chunk, c.Order)
		if err != nil {
			return nil, &LineError{name, line, err.Error()}
		}
		chunk = norm.Value
		switch mode {
		case "values":
			obj, ok := chunk.(map[string]any)
			if !ok {
				return nil, &LineError{name, line, fmt.Sprintf("a values chunk is %s; expected the state, an object", engine.TypeName(chunk))}
			}
			if run.Input == nil && len(cur.Writes) == 0 {
				run.Input, run.InputLine, run.InputOrder = obj, line, norm.Order
				continue
			}
			if run.Input == nil {
				// updates before any values chunk: the input wrote no
				// channel, so LangGraph streamed no state for it; the run
				// started from the empty state, and this chunk ends the
				// first superstep
				run.Input, run.InputUnstreamed = map[string]any{}, true
			}
			if len(cur.Writes) == 0 {
				run.Warnings = append(run.Warnings, fmt.Sprintf("%s:%d: a values chunk with no updates before it: skipped", name, line))
				continue
			}
			cur.Values, cur.ValuesLine = obj, line
			run.Steps = append(run.Steps, cur)
			cur = Superstep{}
		case "updates":
			obj, ok := chunk.(map[string]any)
			if !ok {
				return nil, &LineError{name, line, fmt.Sprintf("an updates chunk is %s; expected {node: update}", engine.TypeName(chunk))}
			}
			sawUpdates = true
			for _, node := range norm.Order.Written(obj) {
				if node == "" {
					return nil, &LineError{name, line, "a node named \"\" (the empty string): a node's name is a non-empty string"}
				}
				if strings.HasPrefix(node, "__") {
					what := "a special channel"
					if node == "__interrupt__" {
						what = "an interrupt"
					}
					return nil, &LineError{name, line, fmt.Sprintf("%q is %s; the harness has no step for it: record a run without it", node, what)}
				}
				out := obj[node]
				w := Write{Node: node, Output: out, Line: line, Command: isCommand(out), Order: norm.Order}
				cur.Writes = append(cur.Writes, w)
			}
		default:
			run.Warnings = append(run.Warnings, fmt.Sprintf("%s:%d: a chunk of mode %q: skipped (record reads \"updates\" and \"values\")", name, line, mode))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(cur.Writes) > 0 {
		run.Steps = append(run.Steps, cur)
	}
	if !sawUpdates {
		return nil, &LineError{name, line, "the stream has no updates: stream the graph with streamMode [\"updates\", \"values\"] (Python: stream_mode=[\"updates\", \"values\"])"}
	}
	return run, nil
}

func isArray(v any) bool {
	_, ok := v.([]any)
	return ok
}

// isCommand tells LangGraph JS's serialised Command.
func isCommand(v any) bool {
	obj, ok := v.(map[string]any)
	return ok && obj["lg_name"] == "Command"
}
