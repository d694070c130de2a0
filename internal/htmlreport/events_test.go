package htmlreport

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

func TestNewEvents(t *testing.T) {
	state := map[string]any{"status": "done"}
	big := strings.Repeat("x", MaxValue)
	events := []engine.Event{
		{Type: "updates", Data: map[string]any{"agent": map[string]any{"status": "done"}}},
		{Type: "values", Data: state},
		{Type: "tool_result", Data: map[string]any{"name": "search", "output": big}},
		{Type: "updates", Data: map[string]any{"search": map[string]any{}}},
		{Type: "values", Data: state},
		{Type: "plan_update", Data: map[string]any{"todos": []any{map[string]any{"content": "a", "status": "pending"}}}},
	}
	out, more := NewEvents(events, 2)
	if more != 0 || len(out) != len(events) {
		t.Fatalf("%d events, %d more; want %d, 0", len(out), more, len(events))
	}
	if string(out[0].Data) != `{"agent":{"status":"done"}}` || out[0].Commit != 0 {
		t.Errorf("updates: %+v", out[0])
	}
	// values events name their commits, in order, and keep no data
	if out[1].Commit != 1 || out[1].Data != nil || out[4].Commit != 2 || out[4].Data != nil {
		t.Errorf("values: %+v, %+v; want commits 1 and 2 without data", out[1], out[4])
	}
	// a large value is cut, as text, with its size
	if e := out[2]; e.Data != nil || !strings.HasSuffix(e.Clipped, "bytes in all)") || len(e.Clipped) > MaxValue+40 {
		t.Errorf("tool_result of %d bytes: data %d bytes, clipped %d bytes ending %q", len(big), len(e.Data), len(e.Clipped), e.Clipped[max(0, len(e.Clipped)-30):])
	}
	if string(out[5].Data) != `{"todos":[{"content":"a","status":"pending"}]}` {
		t.Errorf("plan_update: %s", out[5].Data)
	}

	// values events that do not pair with the commits keep their data
	out, _ = NewEvents(events[:2], 0)
	if out[1].Commit != 0 || string(out[1].Data) != `{"status":"done"}` {
		t.Errorf("a values event without its commit: %+v", out[1])
	}
}

func TestNewEventsMax(t *testing.T) {
	events := make([]engine.Event, MaxEvents+5)
	for i := range events {
		events[i] = engine.Event{Type: "values", Data: map[string]any{}}
	}
	out, more := NewEvents(events, len(events))
	if len(out) != MaxEvents || more != 5 || out[MaxEvents-1].Commit != MaxEvents {
		t.Errorf("%d events, %d more, last %+v; want %d, 5, commit %d", len(out), more, out[len(out)-1], MaxEvents, MaxEvents)
	}
}

// An event's data goes into the page as JSON; nothing in it can end the
// page's data script.
func TestWriteEscapesEventData(t *testing.T) {
	out, _ := NewEvents([]engine.Event{{Type: "tool_result", Data: map[string]any{"output": "</script><script>alert(1)</script>"}}}, 0)
	r := &Report{Features: []Feature{{Path: "features/a.feature", Scenarios: []Scenario{{
		Name: "a", Key: "features/a.feature:3", Status: Passed, Steps: []Step{{Text: "x", Status: Passed, Events: out}},
	}}}}}
	var b bytes.Buffer
	if err := Write(&b, r); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "</script>"); n != 2 {
		t.Fatalf("the page has %d </script>, want 2 (its own)", n)
	}
	i := strings.Index(page, `id="data">`) + len(`id="data">`)
	j := strings.Index(page[i:], "</script>")
	var back Report
	if err := json.Unmarshal([]byte(page[i:i+j]), &back); err != nil {
		t.Fatal(err)
	}
	if got := string(back.Features[0].Scenarios[0].Steps[0].Events[0].Data); !strings.Contains(got, `\u003c/script\u003e`) {
		t.Errorf("the data reads back as %s", got)
	}
}
