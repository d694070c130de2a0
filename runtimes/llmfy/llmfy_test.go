package llmfy

import (
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/toolchain"
)

// The process itself is runtimes/bridge's and tested there; these are what
// llmfy adds.

var sharedBridge struct {
	once sync.Once
	b    *Bridge
	err  error
}

// bridgeFor is one bridge on the repository's Python for the package's
// tests, or a skip naming what is missing.
func bridgeFor(t testing.TB) *Bridge {
	t.Helper()
	python := toolchain.LlmfyPython(t)
	sharedBridge.once.Do(func() {
		sharedBridge.b, sharedBridge.err = Start(toolchain.RepoRoot(), Options{Python: python})
	})
	if sharedBridge.err != nil {
		t.Fatal(sharedBridge.err)
	}
	return sharedBridge.b
}

// llmfyGraph is a graph of the llmfy profile on the given runtimes.
func llmfyGraph(t *testing.T, schema string, rts ...engine.Runtime) *engine.Graph {
	t.Helper()
	doc, err := engine.DecodeJSON([]byte(schema), engine.Source{Name: "schema"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.SchemaFromValue(doc)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(s, engine.Options{Profile: Profile, Runtimes: rts})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

func ordered(t *testing.T, text string) engine.Checked {
	t.Helper()
	v, err := engine.DecodeJSONOrdered(text, engine.Source{Name: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestVersions: the bridge reports llmfy, then pydantic and Python.
func TestVersions(t *testing.T) {
	v := bridgeFor(t).Versions
	if len(v) != 3 || v[0].Name != "llmfy" || v[1].Name != "pydantic" || v[2].Name != "python" || !strings.HasPrefix(v[2].Version, "3.") {
		t.Errorf("versions %v; want llmfy, pydantic, python", v)
	}
}

// TestStartWithoutLlmfy: a suite .venv without llmfy names the command
// that installs it.
func TestStartWithoutLlmfy(t *testing.T) {
	python := toolchain.LlmfyPython(t)
	root := t.TempDir()
	if out, err := exec.Command(python, "-m", "venv", "--without-pip", filepath.Join(root, ".venv")).CombinedOutput(); err != nil {
		t.Fatalf("python -m venv: %v\n%s", err, out)
	}
	_, err := Start(root, Options{})
	if err == nil || !strings.Contains(err.Error(), "cannot import") || !strings.Contains(err.Error(), install) {
		t.Fatalf("got %v; want cannot import ... %s", err, install)
	}
}

// TestAccept: the llmfy profile alone, without the messages reducer or
// merge declarations; an own graph only as a Python module under it.
func TestAccept(t *testing.T) {
	for _, c := range []struct {
		spec engine.GraphSpec
		ok   bool
	}{
		{engine.GraphSpec{Profile: "llmfy", Fields: []engine.FieldSpec{{Name: "log", Reducer: "append"}}}, true},
		{engine.GraphSpec{Profile: "langgraph-py"}, false},
		{engine.GraphSpec{Profile: ""}, false},
		{engine.GraphSpec{Profile: "llmfy", Fields: []engine.FieldSpec{{Name: "m", Reducer: "messages"}}}, false},
		{engine.GraphSpec{Profile: "llmfy", Fields: []engine.FieldSpec{{Name: "x", Reducer: "replace", Merge: engine.Commutative}}}, false},
		{engine.GraphSpec{Profile: "llmfy", Graph: "agent.py:flow"}, true},
		{engine.GraphSpec{Profile: "langgraph-py", Graph: "agent.py:flow"}, false},
		{engine.GraphSpec{Profile: "llmfy", Graph: "agent.mjs:flow"}, false},
	} {
		if err := accept(c.spec); (err == nil) != c.ok {
			t.Errorf("accept(%+v) = %v; want ok %v", c.spec, err, c.ok)
		}
	}
}

// TestSideBySide: the rules of the llmfy profile, side by side with
// llmfy itself: a first input copied as it is (no reducers, no defaults), a
// later one through the reducers, a fan-out of disjoint fields, falsy and
// refused returns.
func TestSideBySide(t *testing.T) {
	b := bridgeFor(t)
	g := llmfyGraph(t, `{"fields": {"log": {"reducer": "append", "default": ["boot"]}, "n": {"reducer": "sum"}, "status": {}}}`, engine.Builtin(), b)
	steps := []struct {
		name string
		do   func() error
		code engine.Code
		want string
	}{
		{"first input", func() error { return g.Invoke("main", ordered(t, `{"log": "a", "n": 1}`)) }, "", `{"log": "a", "n": 1}`},
		{"later input", func() error { return g.Invoke("main", ordered(t, `{"n": 2, "extra": true}`)) }, "", `{"log": "a", "n": 3, "extra": true}`},
		{"fan-out", func() error {
			return g.Step("main", []engine.NodeOutput{{Node: "b", Output: ordered(t, `{"n": 1}`)}, {Node: "a", Output: ordered(t, `{"status": "s"}`)}, {Node: "c", Output: ordered(t, `[]`)}})
		}, "", `{"log": "a", "n": 4, "extra": true, "status": "s"}`},
		{"falsy", func() error { return g.Node("main", "a", ordered(t, `0`)) }, "", `{"log": "a", "n": 4, "extra": true, "status": "s"}`},
		{"a list", func() error { return g.Node("main", "a", ordered(t, `[{"n": 1}]`)) }, engine.InvalidNodeReturn, ""},
		{"a command", func() error {
			return g.Step("main", []engine.NodeOutput{{Node: "a", Output: ordered(t, `{"update": {"n": 1}}`), Command: true}})
		}, engine.InvalidNodeReturn, ""},
	}
	for _, s := range steps {
		err := s.do()
		if engine.CodeOf(err) != s.code || (s.code == "" && err != nil) {
			t.Fatalf("%s: err = %v; want code %q", s.name, err, s.code)
		}
		if s.want == "" {
			continue
		}
		want, _ := engine.DecodeJSON([]byte(s.want), engine.Source{Name: "want"})
		if got := g.State("main"); !engine.Equal(got, want) {
			t.Fatalf("%s: state %v; want %v", s.name, got, want)
		}
	}
}

// TestDisagreement: an llmfy whose sum subtracts is caught on the first
// commit that differs.
func TestDisagreement(t *testing.T) {
	python := toolchain.LlmfyPython(t)
	plain := `                ann[f["name"]] = Any`
	script := strings.Replace(bridgePy, plain, plain+`
            elif reducer == "sum":
                ann[f["name"]] = Annotated[Any, lambda a, b: (a or 0) - b]`, 1)
	if script == bridgePy {
		t.Fatal("bridge.py's state class changed: update the test")
	}
	b, err := Start(toolchain.RepoRoot(), Options{Python: python, Script: script})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	g := llmfyGraph(t, `{"fields": {"count": {"type": "integer", "reducer": "sum"}}}`, engine.Builtin(), b)
	if err := g.Invoke("main", ordered(t, `{"count": 1}`)); err != nil {
		t.Fatalf("the runtimes agree on a copied first input: %v", err)
	}
	err = g.Node("main", "n", ordered(t, `{"count": 2}`))
	if engine.CodeOf(err) != engine.RuntimeDisagreement || !strings.Contains(err.Error(), "$.count") || !strings.Contains(err.Error(), "builtin: 3") || !strings.Contains(err.Error(), "llmfy: -1") {
		t.Fatalf("err = %v; want RUNTIME_DISAGREEMENT at $.count, 3 against -1", err)
	}
}
