// Package diffcase makes and runs the random cases of the differential
// tests: each case runs on the built-in engine and on a real runtime
// (LangGraph JS through runtimes/langgraphjs, or another behind
// engine.Runtime), and the two must end every commit alike.
//
//	opts := diffcase.Options{Profiles: map[string]int{"langgraph": 3, "dawn": 1}}
//	c := diffcase.Generate(seed, i, opts)      // case i of a seed
//	want, err := diffcase.RunEngine(c)         // the built-in engine
//	got, err := diffcase.RunSession(rt, c)     // a session of another runtime
//	diffcase.Agree(want[j], got[j])
//
// # A case
//
// A case is one line of JSON whose key order is the order every side sees
// (an update's keys are written in that order, which decides which field's
// error LangGraph reports):
//
//	{"profile": "langgraph",
//	 "fields": {"x": {}, "log": {"reducer": "append", "default": []}, "m": {"reducer": "messages"}},
//	 "commits": [
//	   {"input": {"x": 1, "m": "hi"}},
//	   {"step": [{"node": "b", "output": {"log": ["b"], "x": 2}},
//	             {"node": "a", "command": true, "output": {"update": [["log", "a1"]], "goto": "other"}}]},
//	   {"tool": "search", "result": {"update": {"x": 3}}}]}
//
// Its keys:
//
//   - profile: the engine profile the case is written for (Options.Profiles).
//   - fields: the schema, each field with an optional reducer (last-value,
//     replace, append, merge, merge-patch, sum, messages, union, join(","))
//     and an optional default. Without a reducer a field takes the
//     profile's default: last-value, or on dawn append for an array default
//     and replace otherwise; dawn also has an implicit messages field.
//     Every field is of type any: types are the harness's own rule.
//   - commits: on one thread, in order; the first is always an input.
//     {"input": {...}} is a run's input (engine.Graph.Invoke). {"step":
//     [...]} is one superstep: each node, listed in any order, returns its
//     output, a command's {"update", "goto"} when "command" is true.
//     {"tool": name, "result": ...} is a tool call's result
//     (engine.Graph.ToolCall), which a runtime sees only as the writes the
//     harness makes of it.
//
// Outputs are what a scripted node returns: update objects (known and
// unknown keys, both wire forms of an overwrite), commands, a command's
// {"lg_name": "Command", ...} form alone or inside an array, falsy returns
// (null, false, 0, "") and invalid ones ("done", 3, true, [1], []). Values
// are mostly of the kind the field's reducer takes, sometimes refused;
// messages are strings, [role, content] pairs, objects with type or role
// and ids from a pool of three, and removes.
package diffcase
