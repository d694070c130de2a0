package langgraphpy

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// A live run streams what the graph's own lines stream (chat_graph.py,
// json.dumps(dumpd(chunk)) each chunk), and names the graph's channels by
// kind.
func TestStreamIsTheGraphsOwnStream(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := toolchain.RepoRoot()
	b, err := Start(root, Options{Python: python})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	input, err := os.ReadFile(filepath.Join(root, "internal", "record", "testdata", "chat_py_input.json"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := engine.DecodeJSONOrdered(string(input), engine.Source{})
	if err != nil {
		t.Fatal(err)
	}
	got, kinds, err := b.Stream("internal/record/testdata/chat_graph.py:graph", in)
	if err != nil {
		t.Fatal(err)
	}
	own, err := exec.Command(python, filepath.Join(root, "internal", "record", "testdata", "chat_graph.py")).Output()
	if err != nil {
		t.Fatal(err)
	}
	gotLines, wantLines := bytes.Split(bytes.TrimSpace(got), []byte("\n")), bytes.Split(bytes.TrimSpace(own), []byte("\n"))
	if len(gotLines) != len(wantLines) {
		t.Fatalf("Stream gave %d lines\n%s\nthe graph's own stream %d\n%s", len(gotLines), got, len(wantLines), own)
	}
	for i := range gotLines {
		g, err := engine.DecodeJSON(gotLines[i], engine.Source{Name: "stream", Line: i + 1})
		if err != nil {
			t.Fatal(err)
		}
		w, err := engine.DecodeJSON(wantLines[i], engine.Source{Name: "own", Line: i + 1})
		if err != nil {
			t.Fatal(err)
		}
		if !engine.Equal(g, w) {
			t.Errorf("line %d: Stream gave\n%s\nthe graph's own stream\n%s", i+1, gotLines[i], wantLines[i])
		}
	}
	if w := map[string]string{"messages": "messages", "log": "add", "status": "last-value"}; !reflect.DeepEqual(kinds, w) {
		t.Errorf("kinds %v; want %v", kinds, w)
	}
}
