package engine_test

import (
	"fmt"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/internal/jsonv"
)

// exampleJSON prints a value the way golden files compare it: canonical
// JSON, here in its compact form.
func exampleJSON(v any) string {
	b, err := jsonv.Compact(v)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// Example drives the engine from Go, without godog: a schema, a run on a
// thread, one node, two nodes in one step, and a second run that continues
// the thread.
func Example() {
	schema, err := engine.SchemaFromValue(map[string]any{
		"fields": map[string]any{
			"messages": map[string]any{"type": "array", "default": []any{}, "reducer": "append"},
			"status":   map[string]any{"type": "string"},
			"scratch":  map[string]any{"type": "string", "scope": "run"},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := engine.New(schema, engine.Options{Profile: "langgraph"})
	if err != nil {
		fmt.Println(err)
		return
	}

	// The first input starts thread "main" from the defaults: revision 1.
	if err := g.Invoke("main", map[string]any{"messages": []any{"user: hi"}, "status": "start"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Revision("main"), exampleJSON(g.State("main")))

	// One node's partial output goes through the reducers.
	if err := g.Node("main", "agent", map[string]any{"messages": []any{"agent: hello"}, "scratch": "greeted"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Revision("main"), exampleJSON(g.State("main")))

	// Two nodes in one superstep commit together; LangGraph folds their
	// appends in node-name order, so "critic" comes before "writer".
	err = g.Step("main", []engine.NodeOutput{
		{Node: "writer", Output: map[string]any{"messages": []any{"writer: draft"}}},
		{Node: "critic", Output: map[string]any{"messages": []any{"critic: too long"}, "status": "reviewed"}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Revision("main"), exampleJSON(g.State("main")))

	// A second run keeps the thread's state and merges its input through
	// the reducers; the run-scoped "scratch" starts the run absent again.
	if err := g.Invoke("main", map[string]any{"messages": []any{"user: thanks"}, "status": "continuing"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Revision("main"), exampleJSON(g.State("main")))
	fmt.Println(exampleJSON(g.Checkpoint("main")))

	// Output:
	// 1 {"messages":["user: hi"],"status":"start"}
	// 2 {"messages":["user: hi","agent: hello"],"scratch":"greeted","status":"start"}
	// 3 {"messages":["user: hi","agent: hello","critic: too long","writer: draft"],"scratch":"greeted","status":"reviewed"}
	// 4 {"messages":["user: hi","agent: hello","critic: too long","writer: draft","user: thanks"],"status":"continuing"}
	// {"revision":4,"values":{"messages":["user: hi","agent: hello","critic: too long","writer: draft","user: thanks"],"status":"continuing"}}
}

// ExampleGraph_Invoke shows llmfy's continuation: the first input is copied
// as it is, later inputs go through the reducers, and what an input leaves
// out is carried over. llmfy has no defaults: a new thread's state is its
// first input.
func ExampleGraph_Invoke() {
	schema, _ := engine.SchemaFromValue(map[string]any{
		"profile": "llmfy",
		"fields": map[string]any{
			"messages": map[string]any{"type": "array", "default": []any{}, "reducer": "append"},
			"status":   map[string]any{"type": "string", "reducer": "replace"},
			"counter":  map[string]any{"type": "integer", "reducer": "replace"},
		},
	})
	g, _ := engine.New(schema, engine.Options{})
	_ = g.Invoke("main", map[string]any{"messages": []any{}, "status": "start", "counter": 0})
	_ = g.Invoke("main", map[string]any{"messages": []any{"new input"}, "status": "continuing"})
	fmt.Println(g.Revision("main"), exampleJSON(g.State("main")))

	// Another thread is separate: its state is its own first input.
	_ = g.Invoke("t2", map[string]any{"status": "other"})
	fmt.Println(g.Revision("t2"), exampleJSON(g.State("t2")))

	// Output:
	// 2 {"counter":0,"messages":["new input"],"status":"continuing"}
	// 1 {"status":"other"}
}

// ExampleGraph_InvokeNoInput: a run with no input is EMPTY_INPUT on a new
// thread and changes nothing on a thread that has state.
func ExampleGraph_InvokeNoInput() {
	schema, _ := engine.SchemaFromValue(map[string]any{
		"fields": map[string]any{"status": map[string]any{"type": "string", "default": "idle"}},
	})
	g, _ := engine.New(schema, engine.Options{})
	err := g.InvokeNoInput("main")
	fmt.Println(engine.CodeOf(err), g.HasThread("main"))

	_ = g.Invoke("main", map[string]any{"status": "busy"})
	err = g.InvokeNoInput("main")
	fmt.Println(err, g.Revision("main"), exampleJSON(g.State("main")))

	// Output:
	// EMPTY_INPUT false
	// <nil> 1 {"status":"busy"}
}

// ExampleGraph_Checkpoint shows a thread's persisted form: its revision and
// its persistent fields. Awaken starts every run at revision 0 and its input
// seeds the run without counting as a commit.
func ExampleGraph_Checkpoint() {
	schema, _ := engine.SchemaFromValue(map[string]any{
		"profile": "awaken",
		"fields": map[string]any{
			"history": map[string]any{"type": "array", "default": []any{}, "reducer": "append", "scope": "thread"},
			"steps":   map[string]any{"type": "integer", "default": 0, "reducer": "sum"},
			"tokens":  map[string]any{"type": "integer", "default": 0, "reducer": "sum", "scope": "thread", "persistent": false},
		},
	})
	g, _ := engine.New(schema, engine.Options{})
	_ = g.Invoke("main", map[string]any{"history": []any{"q1"}})
	fmt.Println(exampleJSON(g.Checkpoint("main")))
	_ = g.Node("main", "agent", map[string]any{"history": []any{"a1"}, "steps": 1, "tokens": 120})
	fmt.Println(exampleJSON(g.Checkpoint("main")))
	fmt.Println(exampleJSON(g.State("main")))

	// The next run: thread-scoped history is kept; steps (run-scoped, the
	// awaken default) and tokens (not persistent) are back to 0. An input
	// naming history would set it as written: it is the run's seed.
	_ = g.Invoke("main", map[string]any{})
	fmt.Println(exampleJSON(g.State("main")))
	fmt.Println(exampleJSON(g.Checkpoint("main")))

	// Output:
	// {"revision":0,"values":{"history":["q1"],"steps":0}}
	// {"revision":1,"values":{"history":["q1","a1"],"steps":1}}
	// {"history":["q1","a1"],"steps":1,"tokens":120}
	// {"history":["q1","a1"],"steps":0,"tokens":0}
	// {"revision":0,"values":{"history":["q1","a1"],"steps":0}}
}

// ExampleGraph_Step shows that a step commits atomically: two writes to a
// plain field in one superstep fail, and nothing of the step is kept.
func ExampleGraph_Step() {
	schema, _ := engine.SchemaFromValue(map[string]any{
		"fields": map[string]any{
			"status": map[string]any{"type": "string"},
			"log":    map[string]any{"type": "array", "default": []any{}, "reducer": "append"},
		},
	})
	g, _ := engine.New(schema, engine.Options{})
	_ = g.Invoke("main", map[string]any{"status": "start"})
	err := g.Step("main", []engine.NodeOutput{
		{Node: "a", Output: map[string]any{"status": "from a", "log": []any{"a ran"}}},
		{Node: "b", Output: map[string]any{"status": "from b"}},
	})
	fmt.Println(engine.CodeOf(err))
	fmt.Println(g.Revision("main"), exampleJSON(g.State("main")))

	// Output:
	// INVALID_CONCURRENT_GRAPH_UPDATE
	// 1 {"log":[],"status":"start"}
}

// ExampleOptions registers a custom reducer, "max", and names it in a
// schema like a built-in one.
func ExampleOptions() {
	maxReducer := func(current, incoming any) (any, error) {
		in, ok := incoming.(float64)
		if !ok {
			return nil, fmt.Errorf("max takes numbers, received %s", engine.TypeName(incoming))
		}
		if cur, ok := current.(float64); ok && cur > in {
			return cur, nil
		}
		return in, nil
	}
	schema, _ := engine.SchemaFromValue(map[string]any{
		"fields": map[string]any{"best": map[string]any{"type": "number", "reducer": "max"}},
	})
	g, err := engine.New(schema, engine.Options{Reducers: map[string]engine.ReducerFunc{"max": maxReducer}})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = g.Invoke("main", map[string]any{"best": 3})
	// A commutative reducer folds both writes of a step.
	_ = g.Step("main", []engine.NodeOutput{
		{Node: "a", Output: map[string]any{"best": 7}},
		{Node: "b", Output: map[string]any{"best": 5}},
	})
	fmt.Println(exampleJSON(g.State("main")))
	_ = g.Node("main", "c", map[string]any{"best": 4})
	fmt.Println(exampleJSON(g.State("main")), g.Revision("main"))

	err = g.Node("main", "d", map[string]any{"best": "high"})
	fmt.Println(engine.CodeOf(err))

	// Output:
	// {"best":7}
	// {"best":7} 2
	// REDUCER_TYPE_ERROR
}
