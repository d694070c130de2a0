package langgraphjs_test

import (
	"fmt"
	"log"

	"github.com/stateharness/scenario/engine"
	"github.com/stateharness/scenario/runtimes/langgraphjs"
)

// A scenario's commits run on LangGraph JS itself: one bridge per run,
// handed to each scenario's graph as its runtime. With engine.Builtin() next
// to it, every commit runs on both and a difference fails it with
// RUNTIME_DISAGREEMENT.
func Example() {
	bridge, err := langgraphjs.Start(".", langgraphjs.Options{}) // the suite root: its node_modules has @langchain/langgraph
	if err != nil {
		log.Fatal(err) // e.g. cannot resolve @langchain/langgraph from ...: run npm install @langchain/langgraph @langchain/core
	}
	defer bridge.Close()

	schema, err := engine.SchemaFromValue(map[string]any{"fields": map[string]any{
		"messages": map[string]any{"type": "array", "default": []any{}, "reducer": "messages"},
	}})
	if err != nil {
		log.Fatal(err)
	}
	g, err := engine.New(schema, engine.Options{Runtimes: []engine.Runtime{engine.Builtin(), bridge}})
	if err != nil {
		log.Fatal(err)
	}
	defer g.Close()
	if err := g.Invoke("main", map[string]any{"messages": "hi"}); err != nil {
		log.Fatal(err)
	}
	if err := g.Node("main", "agent", map[string]any{"messages": []any{[]any{"ai", "hello"}}}); err != nil {
		log.Fatal(err)
	}
	fmt.Println(g.State("main")["messages"])
}
