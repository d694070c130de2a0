package langgraphjs

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stateharness/scenario/engine"
)

// A live run streams what the graph's own lines stream
// (internal/record/testdata/chat.jsonl, written by chat_graph.mjs): the
// same JSON lines, byte for byte, and names the graph's channels by kind.
func TestStreamIsTheGraphsOwnStream(t *testing.T) {
	b := bridgeFor(t)
	testdata := filepath.Join(b.Dir(), "internal", "record", "testdata")
	input, err := os.ReadFile(filepath.Join(testdata, "chat_input.json"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := engine.DecodeJSONOrdered(string(input), engine.Source{})
	if err != nil {
		t.Fatal(err)
	}
	got, kinds, err := b.Stream("internal/record/testdata/chat_graph.mjs:graph", in)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(testdata, "chat.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("Stream gave\n%s\nthe graph's own stream\n%s", got, want)
	}
	if w := map[string]string{"messages": "messages", "total": "reducer", "log": "reducer", "status": "last-value"}; !reflect.DeepEqual(kinds, w) {
		t.Errorf("kinds %v; want %v", kinds, w)
	}
}

// A live run whose state holds a value that is not JSON because a field
// started from its channel's default blames that default, naming the field.
func TestStreamBlamesAChannelDefault(t *testing.T) {
	_, _, err := bridgeFor(t).Stream("runtimes/langgraphjs/testdata/own/values.mjs:defaults", map[string]any{})
	e, ok := err.(*engine.Error)
	if !ok || e.Code != engine.NonJSONValue || e.Path != "$.prefs.theme" {
		t.Fatalf("got %T %v; want NON_JSON_VALUE at $.prefs.theme", err, err)
	}
	if want := `holds undefined, which is not a JSON value (the default of the graph's field "prefs" holds it`; !strings.Contains(e.Message, want) {
		t.Errorf("%q; want it to say %q", e.Message, want)
	}
}
