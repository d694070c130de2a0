// Package eino runs scenarios on a Go team's own cloudwego/eino graph,
// under go test and in process: a Graph is a scenario.Runtime that
// scenario.Options.Graphs names.
//
//	scenario.Run(t, scenario.Options{Graphs: map[string]scenario.Runtime{
//		"eino:orders": &eino.Graph{Build: buildOrders},
//	}})
//
// Build builds the team's compose.Graph[map[string]any, map[string]any]
// with the chat model and tools the Env hands it; each scenario gets a
// fresh graph. The scenario's state is what flows between the graph's
// nodes, a map, plus the graph's local state (WithGenLocalState) under the
// field "local", as its JSON tags write it:
//
//   - Step level, a step's outputs are merged by eino itself (the fan-in of
//     a graph whose nodes return them into one node): a key two nodes both
//     write is refused as eino refuses it, INVALID_CONCURRENT_GRAPH_UPDATE
//     quoting eino's "duplicated key" message. The state after the step is
//     that merge, which is what eino hands the next node (a node's output
//     replaces its input; nothing else carries over but the local state).
//   - `When node "<name>" runs` runs the graph's real node (a lambda, a
//     chat model, a tools node, a subgraph) with its state pre and post
//     handlers, on the current state, its local state seeded from "local".
//   - Whole-graph runs (`When the graph runs with:`) run the compiled graph
//     with eino's Invoke: Env.Model answers from `Given the model replies:`,
//     tools wrapped by Env.Tool answer from `Given tool "<name>"
//     answers:` (else they run), and the supersteps are read from eino's
//     own run (callbacks designated per node, grouped by the graph's edges
//     and branches: eino's Pregel mode runs a superstep's tasks together;
//     a DAG-mode graph is compiled with eager execution disabled, so that
//     it runs in supersteps too, with the same outputs).
//
// Messages keep eino's shape: a *schema.Message becomes what encoding/json
// writes for it (role, content, tool_calls with function.name and
// function.arguments, tool_call_id, tool_name), never LangChain's. A field
// that holds Go values (messages) is declared in Graph.Types, so that its
// JSON becomes them again before a node runs; a reply in a model script
// may be written in LangChain's short form ({content, tool_calls: [{name,
// args, id}]}) or in eino's own (tool_calls with function).
package eino
