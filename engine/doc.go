// Package engine is the state model of a LangGraph-style agent: it applies
// what nodes and tools return to a JSON state through per-field reducers,
// and refuses, with a coded error, what the modelled framework would refuse.
// It is pure (values in, values out) and usable without godog.
//
//	schema, err := engine.SchemaFromValue(doc)       // or SchemaFromTable, SchemaFromJSONSchema
//	g, err := engine.New(schema, engine.Options{Profile: "langgraph"})
//	err = g.Invoke("main", map[string]any{"messages": []any{"hi"}}) // a run's input
//	err = g.Node("main", "agent", map[string]any{"status": "done"}) // one node's step
//	err = g.Step("main", []engine.NodeOutput{{Node: "a", ...}, {Node: "b", ...}})
//	state, rev := g.State("main"), g.Revision("main")
//
// A [Graph] holds a [Schema] resolved under a profile. The schema's fields
// ([Field]) each have a [Type], a default, a reducer ([ReducerSpec]: replace,
// append, messages, sum, join("\n"), or a [ReducerFunc] registered in
// [Options]), readonly (the whole field or sub-paths), a [Merge] (exclusive
// or commutative) and a [Scope] (run or thread). The profile, one of
// [Profiles] (langgraph by default, langgraph-py, dawn, awaken, llmfy), fills in what the
// schema leaves out and decides the framework's rules: default reducers and
// merges, unknown keys, what a node may return, the order of a step's writes.
//
// State lives in threads, named by the caller ("main"); each has a state and
// a revision. Every change is a commit, atomic: [Graph.Invoke] (a run's
// input), [Graph.Node] and [Graph.Step] (one or more nodes in one superstep),
// [Graph.ToolCall] (a tool's result) and [Graph.WriteTodos] (Dawn's planning
// tool). A commit goes through the graph's runtime(s) ([Options].Runtimes),
// which apply the writes through the channels and reducers: the built-in
// engine ([Builtin], the default), or a [Runtime] such as LangGraph JS
// (runtimes/langgraphjs), or both side by side (RUNTIME_DISAGREEMENT when
// they differ). Then the harness's own rules apply whatever the runtime:
// readonly, types, revisions, generated ids, the trace and the events.
//
// Every rule the engine enforces fails with an [*Error]: a [Code] (all of
// them in codes.go, described by [Codes]), the JSON path of the value at
// fault ($.messages[2]) and, for decoded text, file:line:column; [CodeOf]
// reads the code of any error. Mistakes in the scenario itself have no code:
// text that does not parse ([*SyntaxError]), a commit on a thread that no
// run has started ([*NoState]). A commit that fails changes nothing.
//
// Each successful commit is recorded in the trace ([Graph.Trace],
// [Graph.TraceValue]) and as the events a stream would carry: "updates" per
// writer, then "values", then a tool's "tool_result" or "plan_update"
// ([Graph.Events], [Graph.EventsValue]). [Graph.Checkpoint] is a thread's
// persisted form.
//
// # Values
//
// Values are the engine's model of JSON: nil, bool, float64, string, []any
// and map[string]any. [DecodeJSON] and [DecodeYAML] read text strictly
// (docs/reference.md, Values: no NaN, no duplicate keys, no unsafe integers, ...), with
// positions in errors; their Ordered forms also keep the order in which
// object keys were written ([KeyOrder]), which LangGraph JS observes.
// [Normalize] brings values built in Go into the model and checks them. The
// engine never modifies a value it was given or has handed out: untouched
// parts of a state are shared, not copied.
//
// # Where things live
//
// One rule a file, in the order a commit meets them (SPEC's sections):
//
//   - values.go: values (§2) are package internal/jsonv's (decoders,
//     Equal, Validate, Normalize, paths, key order, canonical bytes, the
//     aligned diff); values.go keeps the engine's names for them.
//   - schema.go, schema_jsonschema*.go, types.go: the schema (§3) and its
//     types; graph.go resolves it under a profile.
//   - profile.go: the profiles (§4), the only place a profile is named: one
//     row a framework, each in its file with the functions only it uses,
//     profile_langgraph.go (LangGraph JS, whose functions Dawn's row
//     reuses), profile_dawn.go, profile_awaken.go (with Awaken's order of
//     rules 2–3 and the reducers' refusals), profile_llmfy.go (its returns,
//     its fan-out, what it has not: defaults, commands, Overwrite) and
//     profile_langgraph_py.go. Their on/off rules are data; functions that
//     several rows share are in the file of their rule. The languages'
//     semantics they stand on: internal/jsvalue (truthiness, typeof,
//     String, JSON.parse), internal/pyvalue (Python's str and repr, type names,
//     truthiness, json.loads and json.dumps), message_coerce_python.go
//     (langchain-core's _convert_to_message), whose tool calls are
//     message_tool_calls_python.go, and tool_python.go (ToolNode's message).
//   - run.go: runs and their input (§7); step.go: steps (§6); node_return.go:
//     what a node's return and a command write; write_order.go: the order
//     of an object's writes; write.go: writes and their writers.
//   - commit_end.go: where a commit ends, on the graph's runtimes (alone
//     or side by side); disagreement.go: how two runtimes' outcomes differ
//     (RUNTIME_DISAGREEMENT); sessions.go: a graph's sessions on its
//     runtimes, its own graph, and [Unsupported]; runtime.go the
//     interface, runtime_builtin.go the built-in engine as a [Runtime].
//   - apply.go: the built-in runtime, a field's fold (§6 rules 2–4):
//     unknown_keys.go (rule 2), exclusive.go (rule 3),
//     order_independence.go (rule 4), overwrite.go and the reducers (§5) in reducer.go and
//     reducer_messages.go, whose coercion is message_coerce.go and
//     message_construct.go.
//   - commit.go: the harness's rules on any runtime's result: readonly.go
//     (rule 5), types.go (rule 6), then whether anything changed (rule 7);
//     trace.go records the commit and its events.
//   - tool.go: tool calls (§8); plan.go: Dawn's planning capability;
//     route.go: a Dawn route's TypeScript ([RouteReader]) and the fields
//     whose reducer is the user's own code, which only a runtime runs.
//   - codes.go: every code (the error type is jsonv's; no_state.go: the
//     error of a thread no run has started).
//
// # Runtimes
//
// A [Runtime] opens a [Session] per scenario from a [GraphSpec] (the profile
// and the resolved fields, each with its type, reducer, default and declared
// merge) and answers each [CommitRequest] with the whole state after it
// ([CommitResult]). The runtime decides what it can run: its Open refuses
// the rest with an [*Unsupported] (another framework's profile, a merge
// declaration it cannot honour, an own graph it cannot load), and the
// scenario is skipped on it, or, side by side, runs on the built-in engine
// alone. The engine itself refuses only what no runtime but the built-in one
// can run: a reducer registered in Go; and the built-in engine refuses what
// only another runtime can run: a reducer that is the user's TypeScript
// (Field.ReducerFile). No rule here names a runtime. A scenario's own graph
// runs on the runtime that loads it; side by side, the built-in engine
// re-applies each commit's writes to the schema's fields and compares them,
// or, without a schema, has nothing to compare ([Graph.RanAlone]): the
// scenario is not skipped.
//
// This package never starts a process. Runtimes that do live under
// runtimes/: runtimes (the registry of names --runtime accepts),
// runtimes/bridge (the plumbing and the protocol every runtime in another
// language shares) and one package per runtime (runtimes/langgraphjs,
// runtimes/langgraphpy, runtimes/awaken).
package engine
