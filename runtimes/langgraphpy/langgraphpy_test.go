package langgraphpy

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// The process itself (deaths, timeouts, kills, orphans) is runtimes/bridge's
// and tested there; these are what Python adds.

var sharedBridge struct {
	once sync.Once
	b    *Bridge
	err  error
}

// bridgeFor is one bridge on the repository's Python for the package's
// tests, or a skip naming what is missing.
func bridgeFor(t testing.TB) *Bridge {
	t.Helper()
	python := toolchain.LangGraphPython(t)
	sharedBridge.once.Do(func() {
		sharedBridge.b, sharedBridge.err = Start(toolchain.RepoRoot(), Options{Python: python})
	})
	if sharedBridge.err != nil {
		t.Fatal(sharedBridge.err)
	}
	return sharedBridge.b
}

// TestVersions: the bridge reports the packages it imported, then Python.
func TestVersions(t *testing.T) {
	v := bridgeFor(t).Versions
	if len(v) != 3 || v[0].Name != "langgraph" || v[1].Name != "langchain-core" || v[2].Name != "python" || !strings.HasPrefix(v[2].Version, "3.") {
		t.Errorf("versions %v; want langgraph, langchain-core, python", v)
	}
}

// TestStartWithoutPackages: the suite's .venv comes first, and one
// without langgraph names the command that installs it.
func TestStartWithoutPackages(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	root := t.TempDir()
	if out, err := exec.Command(python, "-m", "venv", "--without-pip", filepath.Join(root, ".venv")).CombinedOutput(); err != nil {
		t.Fatalf("python -m venv: %v\n%s", err, out)
	}
	_, err := Start(root, Options{})
	want := "in " + filepath.Join(root, ".venv", "bin", "python") + ": run " + install
	if err == nil || !strings.Contains(err.Error(), "cannot import langgraph") || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want cannot import langgraph ... %s", err, want)
	}
}

func TestStartWithoutPython(t *testing.T) {
	_, err := Start(t.TempDir(), Options{Python: filepath.Join(t.TempDir(), "no-python-here")})
	if err == nil || !strings.Contains(err.Error(), "langgraph-py needs Python ≥ 3.10") || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("got %v; want Python ≥ 3.10 ... not found", err)
	}
}

func TestStartWithOldPython(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake python is a shell script")
	}
	fake := filepath.Join(t.TempDir(), "python")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho Python 3.9.18\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Start(t.TempDir(), Options{Python: fake})
	if err == nil || !strings.Contains(err.Error(), "langgraph-py needs Python ≥ 3.10") || !strings.Contains(err.Error(), "Python 3.9.18") {
		t.Fatalf("got %v", err)
	}
}

// TestAccept: LangGraph Python runs the langgraph-py profile alone,
// without merge declarations; an own graph is a .py module of that
// profile.
func TestAccept(t *testing.T) {
	for _, tc := range []struct {
		spec engine.GraphSpec
		ok   bool
	}{
		{engine.GraphSpec{Profile: "langgraph-py"}, true},
		{engine.GraphSpec{Profile: "langgraph"}, false},
		{engine.GraphSpec{Profile: ""}, false},
		{engine.GraphSpec{Profile: "dawn"}, false},
		{engine.GraphSpec{Profile: "llmfy"}, false},
		{engine.GraphSpec{Profile: "langgraph-py", Fields: []engine.FieldSpec{{Name: "x", Merge: engine.Commutative}}}, false},
		{engine.GraphSpec{Profile: "langgraph-py", Graph: "agent/graph.py:graph"}, true},
		{engine.GraphSpec{Profile: "langgraph", Graph: "agent/graph.mjs:graph"}, false},
	} {
		err := accept(tc.spec)
		if _, skip := err.(*engine.Unsupported); tc.ok != (err == nil) || (err != nil && !skip) {
			t.Errorf("%+v: %v; want ok %v, else *engine.Unsupported", tc.spec, err, tc.ok)
		}
	}
	// a Python graph under another profile is a mistake in the scenario
	err := accept(engine.GraphSpec{Profile: "langgraph", Graph: "agent/graph.py:graph"})
	if engine.CodeOf(err) != engine.SchemaInvalid {
		t.Errorf("a .py graph under langgraph: %v; want SCHEMA_INVALID", err)
	}
}

func pyGraph(t *testing.T, schema string, rts ...engine.Runtime) *engine.Graph {
	t.Helper()
	c, err := engine.DecodeJSONOrdered(schema, engine.Source{Name: "schema"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.SchemaFromValue(c.Value)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(s, engine.Options{Profile: "langgraph-py", Runtimes: rts})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

func ordered(t *testing.T, text string) engine.Checked {
	t.Helper()
	c, err := engine.DecodeJSONOrdered(text, engine.Source{Name: "case"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCommit: an input and a step run as real supersteps of LangGraph
// Python, side by side with the built-in engine: typed starting values,
// add_messages with the harness's ids, and an error's code read from the
// troubleshooting URL.
func TestCommit(t *testing.T) {
	b := bridgeFor(t)
	g := pyGraph(t, `{"fields": {
		"messages": {"type": "array", "reducer": "messages"},
		"count": {"type": "integer", "reducer": "sum"},
		"status": {}}}`, engine.Builtin(), b)
	if err := g.Invoke("main", ordered(t, `{"messages": [{"role": "user", "content": "hi"}], "status": "new"}`)); err != nil {
		t.Fatal(err)
	}
	if err := g.Node("main", "agent", ordered(t, `{"messages": [{"type": "ai", "content": "hello"}], "count": 2}`)); err != nil {
		t.Fatal(err)
	}
	st := g.State("main")
	msgs, _ := st["messages"].([]any)
	if len(msgs) != 2 || msgs[1].(map[string]any)["id"] != "auto-2" || st["count"] != 2.0 || st["status"] != "new" {
		t.Fatalf("state %v; want two messages (auto-1, auto-2), count 2, status new", st)
	}
	err := g.Node("main", "agent", ordered(t, `0`))
	if engine.CodeOf(err) != engine.InvalidNodeReturn || !strings.Contains(err.Error(), "Expected dict, got 0") {
		t.Fatalf("err = %v; want INVALID_GRAPH_NODE_RETURN_VALUE: Expected dict, got 0", err)
	}
	err = g.Step("main", []engine.NodeOutput{{Node: "a", Output: ordered(t, `{"status": "x"}`)}, {Node: "b", Output: ordered(t, `{"status": "y"}`)}})
	if engine.CodeOf(err) != engine.InvalidConcurrentGraphUpdate {
		t.Fatalf("err = %v; want INVALID_CONCURRENT_GRAPH_UPDATE", err)
	}
}

// TestDisagreement: a LangGraph Python whose sum subtracts is caught on
// the first commit that differs, with both values.
func TestDisagreement(t *testing.T) {
	python := toolchain.LangGraphPython(t)
	shared := `reducer_for(f["name"], reducer)`
	script := strings.Replace(bridgePy, shared, `((lambda a, b: (a or 0) - b) if reducer == "sum" else `+shared+`)`, 1)
	if script == bridgePy {
		t.Fatal("bridge.py's reducers changed: update the test")
	}
	b, err := Start(toolchain.RepoRoot(), Options{Python: python, Script: script})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	g := pyGraph(t, `{"fields": {"count": {"type": "integer", "reducer": "sum"}}}`, engine.Builtin(), b)
	if err := g.Invoke("main", ordered(t, `{}`)); err != nil {
		t.Fatalf("the runtimes agree on an empty input: %v", err)
	}
	err = g.Node("main", "n", ordered(t, `{"count": 2}`))
	if engine.CodeOf(err) != engine.RuntimeDisagreement || !strings.Contains(err.Error(), "$.count") || !strings.Contains(err.Error(), "builtin: 2") || !strings.Contains(err.Error(), "langgraph-py: -2") {
		t.Fatalf("err = %v; want RUNTIME_DISAGREEMENT at $.count, 2 against -2", err)
	}
}
