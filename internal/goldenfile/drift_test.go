package goldenfile

import (
	"strings"
	"testing"
)

func runEntry(step float64, state string, nodes ...string) any {
	tasks := []any{}
	for _, n := range nodes {
		tasks = append(tasks, map[string]any{"node": n, "writes": []any{}})
	}
	return map[string]any{"source": "run", "step": step, "tasks": tasks, "state": map[string]any{"last": state}}
}

// TestDriftOf: a rerouted run drifts at the first superstep whose nodes
// or state differ, the table stops there and names the path and both
// values; a run that ends early or runs longer drifts where one ends; a
// trace without run entries, or equal runs, has no drift.
func TestDriftOf(t *testing.T) {
	recorded := []any{runEntry(1, "a", "agent"), runEntry(2, "t", "tools"), runEntry(3, "b", "agent")}
	rerouted := []any{runEntry(1, "a", "agent"), runEntry(2, "x", "escalate"), runEntry(3, "b", "agent")}
	d := DriftOf(recorded, rerouted)
	if d == nil || len(d.Rows) != 2 {
		t.Fatalf("drift %+v; want two rows, the second differing", d)
	}
	text := d.String()
	for _, want := range []string{"at superstep 2", "| 1 | agent | agent | same |", "| 2 | tools | escalate | $.state.last: recorded \"t\", ran \"x\" |"} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "| 3 |") {
		t.Errorf("the table goes past the first drift:\n%s", text)
	}
	short := DriftOf(recorded, recorded[:1])
	if short == nil || !strings.Contains(short.String(), "| 2 | tools | (none: the run ended) | the run ended before it |") {
		t.Errorf("a run that ended early: %v", short)
	}
	// only the last entry of a run says where it went next
	ended := []any{runEntry(1, "a", "agent"), runEntry(2, "t", "tools")}
	ended[1].(map[string]any)["next"] = []any{}
	longer := []any{runEntry(1, "a", "agent"), runEntry(2, "t", "tools"), runEntry(3, "b", "agent")}
	longer[2].(map[string]any)["next"] = []any{}
	if d := DriftOf(ended, longer); d == nil || !strings.Contains(d.String(), "| 2 | tools | tools | same |") || !strings.Contains(d.String(), "| 3 | (none: the run ended) | agent | the recording ended before it |") {
		t.Errorf("a run that goes on where the recording ended: %v", d)
	}
	if DriftOf(recorded, recorded) != nil {
		t.Error("equal runs drift")
	}
	step := []any{map[string]any{"source": "step", "state": map[string]any{}}}
	if DriftOf(step, []any{}) != nil || DriftOf(map[string]any{}, recorded) != nil {
		t.Error("a trace without run entries drifts")
	}
}
