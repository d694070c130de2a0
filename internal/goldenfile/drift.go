package goldenfile

import (
	"fmt"
	"strings"

	"github.com/stateharness/scenario/internal/jsonv"
)

// A trace golden of a whole-graph run holds one entry per superstep
// ("source": "run"). When the run no longer matches it, what a user needs
// is where the graph drifted: the first superstep that differs, the nodes
// the recording ran there and the nodes that ran now, and the first JSON
// path inside the superstep with both values. Later supersteps follow
// from the first difference and are left out.

// Drift is where a whole-graph run left its recorded trace.
type Drift struct {
	// Rows are the run's supersteps up to the first that differs, which
	// is the last row.
	Rows []DriftRow
}

// DriftRow is one superstep of a drift table: its number, the nodes the
// recording and the run ran in it, and, on the row that differs, the
// first JSON path inside the superstep's entry with both values.
type DriftRow struct {
	Step          int
	Recorded, Ran string
	Path          string
	Want, Got     string
}

// DriftOf is the drift of a trace whose golden (want) and value (got)
// hold whole-graph runs and differ in one of their supersteps; nil when
// either is not such a trace or their runs' supersteps are equal.
func DriftOf(want, got any) *Drift {
	w, g := runEntries(want), runEntries(got)
	if w == nil || g == nil {
		return nil
	}
	d := &Drift{}
	for i := 0; i < len(w) || i < len(g); i++ {
		row := DriftRow{Step: i + 1, Recorded: ended, Ran: ended}
		var we, ge any = jsonv.Missing{}, jsonv.Missing{}
		if i < len(w) {
			we, row.Recorded = w[i], taskNodes(w[i])
			row.Step = stepOf(w[i], i+1)
		}
		if i < len(g) {
			ge, row.Ran = g[i], taskNodes(g[i])
			row.Step = stepOf(g[i], row.Step)
		}
		// only a run's last superstep says where it went next: where one
		// run ends and the other goes on, that is the next row's difference
		if (i == len(w)-1) != (i == len(g)-1) {
			we, ge = withoutEnd(we), withoutEnd(ge)
		}
		diffs := jsonv.Compare(we, ge)
		if len(diffs) == 0 {
			d.Rows = append(d.Rows, row)
			continue
		}
		first := diffs[0]
		row.Path, row.Want, row.Got = first.Path, jsonv.Render(first.Want, true), jsonv.Render(first.Got, true)
		if i >= len(w) || i >= len(g) {
			row.Path, row.Want, row.Got = "", "", ""
		}
		d.Rows = append(d.Rows, row)
		return d
	}
	return nil
}

// ended is a drift table's cell for a superstep one side never ran.
const ended = "(none: the run ended)"

// String is the drift as a table, each cell clipped to a line.
func (d *Drift) String() string {
	last := d.Rows[len(d.Rows)-1]
	var b strings.Builder
	fmt.Fprintf(&b, "  the run drifted from the recorded trace at superstep %d:\n", last.Step)
	fmt.Fprintf(&b, "    | step | recorded | ran | first difference |\n")
	for _, r := range d.Rows {
		diff := "same"
		if r == last {
			diff = "differs"
			switch {
			case r.Ran == ended:
				diff = "the run ended before it"
			case r.Recorded == ended:
				diff = "the recording ended before it"
			}
			if r.Path != "" {
				diff = fmt.Sprintf("%s: recorded %s, ran %s", r.Path, jsonv.Clip(r.Want, 200), jsonv.Clip(r.Got, 200))
			}
		}
		fmt.Fprintf(&b, "    | %d | %s | %s | %s |\n", r.Step, r.Recorded, r.Ran, diff)
	}
	b.WriteString("  (later supersteps follow from this one and are not compared)\n")
	return b.String()
}

// runEntries are a trace's whole-graph run entries, or nil when it has
// none or is not a trace.
func runEntries(v any) []any {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	var out []any
	for _, e := range list {
		if m, ok := e.(map[string]any); ok && m["source"] == "run" {
			out = append(out, e)
		}
	}
	return out
}

// taskNodes are a run entry's nodes, comma-separated, as the steps table
// writes them.
func taskNodes(e any) string {
	m, _ := e.(map[string]any)
	tasks, _ := m["tasks"].([]any)
	var nodes []string
	for _, t := range tasks {
		if tm, ok := t.(map[string]any); ok {
			if n, ok := tm["node"].(string); ok {
				nodes = append(nodes, n)
			}
		}
	}
	if len(nodes) == 0 {
		return "(no task)"
	}
	return strings.Join(nodes, ", ")
}

// stepOf is a run entry's superstep number, or def.
func stepOf(e any, def int) int {
	m, _ := e.(map[string]any)
	if n, ok := m["step"].(float64); ok {
		return int(n)
	}
	return def
}

// withoutEnd is a run entry without what only a run's last superstep
// holds (its next nodes and interrupts).
func withoutEnd(e any) any {
	m, ok := e.(map[string]any)
	if !ok {
		return e
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		if k != "next" && k != "interrupts" {
			out[k] = v
		}
	}
	return out
}
