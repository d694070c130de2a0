// Package bridge runs a runtime of docs/reference.md, Runtimes that lives in another
// language: one process per run (a [Pool] of N under --concurrency N), which
// the harness starts, talks to in JSON lines over stdin and stdout, and
// stops. Every such runtime shares this
// plumbing; a runtime's own package (runtimes/langgraphjs) says only what
// differs, as a [Program]: the command and its arguments, the files it
// needs (an embedded script), the key order of what it is sent, what it
// accepts and the framework's name for its refusals.
//
//	b, err := bridge.Start(bridge.Program{Name: "langgraph-js", Command: node, ...})
//	if err != nil { ... } // the program's own words: what to install
//	defer b.Close()
//	g, err := engine.New(schema, engine.Options{Runtimes: []engine.Runtime{b}})
//
// # The protocol
//
// This is the one description of the protocol: the programs
// (runtimes/langgraphjs/bridge.mjs, runtimes/langgraphpy/bridge.py,
// runtimes/llmfy/bridge.py on runtimes/pybridge, runtimes/awaken/bridge)
// point here, and the transcripts of testdata/transcripts hold each of
// them to it (see Transcripts). What every program must do, whatever its
// language:
//
//   - Its first line on stdout is {"ready": {"<name>": "<version>", ...}},
//     what it runs on, libraries first (the run prints them in that order:
//     [Versions]), or {"fatal": "<message>"} when it cannot start; the
//     message says what to install and is the start's error as it is.
//   - Then it reads one JSON object per line on stdin, a request
//     {"id": n, "op": ..., ...}, and writes one JSON object per line on
//     stdout, the answer, with the request's id, in order: one request is
//     under way at a time. Anything it cannot do is {"id", "fatal": "..."}.
//   - stdout carries the protocol only: a program sends whatever else
//     writes to stdout (a library's print) to stderr, whose last 8 KB go
//     into the error of a program that dies.
//   - It exits when stdin closes (end of file), even while busy.
//
// The requests, and which programs answer them (every one answers open
// with fields, commit and close):
//
//	{"id", "op": "open", "spec": {"profile", "idPrefix", "fields": [{"name", "reducer", "code"?, "merge"?, "scope", "default"?}]}}
//	  → {"id", "graph": n}
//	  (code: the module, relative to the suite root, whose default export
//	  is the field's reducer: a Dawn route's reducers/<field>.ts)
//	{"id", "op": "route", "dir": "<route directory>"}
//	  → {"id", "fields": [{"name", "default", "reducer"?: "<dir>/reducers/<name>.ts"}]}
//	  or {"id", "error": {"code": "SCHEMA_INVALID", "message"}}
//	  (a Dawn route's state.ts and reducers/, read as Dawn reads them;
//	  langgraph-js alone, a Program with Routes)
//	{"id", "op": "open", "spec": {"profile", "idPrefix", "graph": "<module>:<export>"}}
//	  → {"id", "graph": n, "channels": [...], "nodes": [...], "kinds": {channel: kind}}
//	  (langgraph-js and langgraph-py)
//	{"id", "op": "commit", "graph": n, "kind": "input"|"step"|"tool", "before": {...}|null,
//	 "input"?: {...}, "outputs"?: [{"node", "output", "command"?} | {"node", "run": true}],
//	 "tool"?: name, "writes"?: [[field, value], ...], "nextId": n}
//	  → {"id", "nextId": n, "values": {...}, "returned"?: {node: value}, "revision"?: n, "held"?: true}
//	  or {"id", "error": {"code", "message", "name"?, "field"?, "path"?: [key or index, ...]}}
//	  (run: a real node of an own graph; command: the output is a Command,
//	  {"update"?, "goto"?}, which llmfy refuses; revision: awaken's alone)
//	{"id", "op": "close", "graph": n} → {"id"}
//	{"id", "op": "stream", "graph": "<module>:<export>", "input": {...}}
//	  → {"id", "chunks": [[mode, chunk], ...], "kinds": {channel: kind}}
//	  or {"id", "error": {"code", "message", "name"?, "path"?}}
//	  (langgraph-js and langgraph-py)
//	{"id", "op": "run", "graph": n, "nextId": n, "thread": "<id>", "continue"?: true,
//	 "before": {...}|null, "input": {...}|null,
//	 "resume"?: {"value": v} | {"byId": {"interrupt-N": v, ...}},
//	 "command"?: {"resume"?: v, "update"?: {...}, "goto"?: "<node>"|[...]},
//	 "replies": [reply, ...], "offset": n,
//	 "nodeReplies"?: {"<node>": {"replies": [reply, ...], "offset": n}},
//	 "returns"?: {"<node>": {"returns": [output, ...], "offset": n}},
//	 "tools"?: {"<tool>": {"answers": [answer, ...], "offset": n, "inTurn": bool}},
//	 "recursionLimit"?: n, "capture"?: {"tools": bool}}
//	  → {"id", "nextId": n, "values": {...},
//	     "steps": [{"step", "nodes": [...], "state": {...},
//	                "tasks": [{"node", "writes": [[channel, value], ...], "steps"?: [step, ...]}]}],
//	     "next": [...], "interrupts": [{"id": "interrupt-N", "node", "value"}],
//	     "calls": [{"step", "node", "reply", "script"?: "<node>", "last"?: message}],
//	     "returns": [{"step", "node", "index"}], "tools": [{"step", "node", "tool", "answer"}],
//	     "captured"?: {"replies": [{"step", "node", "reply"} | {"step", "node", "refused"}],
//	                   "tools": [{"step", "node", "tool", "answer"} | {"step", "node", "tool", "error"}]}}
//	  or {"id", "error": {"code", "message", "name"?, "path"?}}
//	  (langgraph-js and langgraph-py, on an own graph's open)
//
// An own graph's open names its channels (the state's fields), its nodes
// (the names a scenario may script) and each channel's kind: "last-value"
// (a LastValue), "messages" (the framework's messages reducer), "add"
// (Python's operator.add), "reducer" (another reducer function) or "other";
// the engine holds a scenario's schema to them (docs/reference.md, Runtimes). A real node's
// ("run") return comes back in returned, by node.
//
// A stream (scenario record --graph, [Bridge.Stream]) is a live run: the
// program loads the graph as an open with spec.graph does, runs the
// compiled graph's own stream of input with the modes "updates" and
// "values" end to end, and answers with every such chunk in order, each
// [mode, chunk] as the library serialises it (messages in LangChain's
// lc: 1 form), once it has checked each is JSON (NON_JSON_VALUE at the
// path, naming the node of an update), and with the graph's channels by
// kind, as an open names them. A node that failed is NODE_ERROR
// naming the node and the suite's line; what the harness has no step for
// (an interrupt, a graph compiled with a checkpointer, which needs a
// thread_id) is a RUNTIME_ERROR saying so and what to do. The runtime
// timeout bounds the whole run.
//
// A run ([engine.GraphRunner], docs/reference.md, Whole-graph runs) runs
// the open own graph whole, through the graph's own nodes and edges, to
// its end or an interrupt. The program keeps, per open graph, a
// checkpointer thread for each scenario thread a run named: with
// "continue" the run goes on from the thread the last run on that thread
// left (its checkpoints, its pending interrupts and next nodes); without
// it, the run starts on a fresh thread seeded with before (the thread's
// state, put in a checkpoint as a commit's; null for a new thread), which
// then replaces the kept one. input null is a run with no input (the
// library's invoke(null): the thread's pending next nodes); resume is a
// Command(resume=value), or per interrupt by the ids the program gave
// them (byId); command is a Command of its members. A resume or command
// the library refuses (no pending interrupt, an unknown id) is a
// RUNTIME_ERROR quoting it.
//
// The scripts: every LangChain chat model the graph calls answers from
// replies in order (a string, the AI message's content, or an object as
// an AIMessage takes it), or, for a call made inside a node of
// nodeReplies, from that node's replies; a node of returns does not run
// its code: its N-th visit in the scenario returns returns[N-1] (as a
// commit's output); a tool of tools does not run its function: every
// call gets answers[0] (inTurn false) or the N-th call answers[N-1], the
// tool message answering the model's own tool call id; other tools run.
// Each offset is how many an earlier run of the scenario used, which the
// answer's numbers count from (1-based).
//
// It answers the state at the end; the parent graph's supersteps from 1
// (the input's is none) with the nodes of each in name order, the state
// after it (the checkpoint the superstep wrote) and its tasks, each with
// the writes it made ([channel, value], values as plain JSON, messages
// as an update carries them) and, for a node that is a subgraph, the
// subgraph's own supersteps in the same shape; the nodes it would run
// next (none: it ended or is interrupted); the interrupts pending at the
// end, each named interrupt-N in the order the open graph's runs raised
// them, with the node that raised it and its value; each model call (the
// superstep, the node, the reply's number in its script, script naming
// the node when the call used a node's script, last the last message
// it was given); each scripted node visit (index: the output's number);
// each scripted tool call (answer: the answer's number).
//
// A run with capture (scenario record --graph ... --input) is a real run:
// no script applies, every chat model the graph calls answers as its
// class does, and each call's reply is captured, in call order, as a
// script's reply would give it ({content, tool_calls: [{name, args, id}],
// id, additional_kwargs?, response_metadata?, usage_metadata?}: what the
// AIMessage holds, as plain JSON); with capture.tools every tool call's
// result is captured too (the content of the tool message it makes, a
// string, or its JSON value), in call order. Tools run for real either
// way. The order is the order in which the calls started (the order a
// script answers them); each is placed by the superstep and the node
// that made it. What a script could not give is captured as such: a
// reply that is not an AI message is {refused: "<why>"}, a tool that
// threw {error: "<its message>"}; [Bridge.Capture] reads them and the
// recording refuses them.
//
// Errors, each naming the superstep, the node and the call: a call past
// the last reply is MODEL_SCRIPT_EXHAUSTED with the last message the
// model was given; a reply whose tool_calls name a tool the call was not
// bound to (when the call carries bound tools) is MODEL_SCRIPT_INVALID
// naming the bound tools; a tool call past the end of its answers is
// TOOL_SCRIPT_EXHAUSTED; a node visit past the end of its returns is
// NODE_SCRIPT_EXHAUSTED; a run the library stops at its recursion limit
// (recursionLimit, or the library's) is GRAPH_RECURSION_LIMIT naming the
// limit, the last supersteps and the next nodes; a node that throws is
// NODE_ERROR with the user's own file and line. Message ids count from
// nextId as a commit's do.
//
// A commit is stateless on the program's side (but for held, below): the harness owns the
// threads and sends the state before each commit; the program answers with
// the whole state after it. An error's code is a §11 code (any other is a
// RUNTIME_ERROR quoting it, "<Library> refused the commit (CODE): ...");
// field or path says where, as the engine writes paths ($.messages[2]).
// Message ids the framework generates are idPrefix + n, counted from the
// commit's nextId; the answer's nextId is where the next commit counts
// from. revision is the awaken program's: the revision of a fresh store
// after the commit (0: Awaken did not count it as one). held says that
// the process keeps the state after the commit in a form its JSON does
// not carry, which the next commit from that state depends on
// (langgraph-py: a messages field holding what add_messages did not
// make, dicts); the harness answers a repeated commit from memory only
// when it is absent.
//
// # Transcripts
//
// testdata/transcripts/*.txt are conversations with a program, which
// TestTranscripts replays against the program of every runtime of the
// registry (runtimes.Registry) that a transcript names, from its start to
// its stdin's end (it must then exit). A line is one of:
//
//	# a comment
//	runtimes: langgraph-js langgraph-py   the programs that replay it (none: every one)
//	> {"id":1,"op":"open",...}            a request, sent as written
//	< {"id": 1, "graph": 1}               the next answer expected
//	<@awaken {"id": 1, ...}               what the awaken program answers instead
//
// In a request, $profile is the runtime's own profile (the first of its
// row) and $graph its own graph, testdata/graph.<extension> (graph.mjs,
// graph.py). An answer is compared as JSON: the same members, items and
// values, but where it holds one of the strings "<any>", "<string>",
// "<number>", "<object>" or "<array>", which stand for any value of that
// kind (versions, a framework's own message).
//
// # What the harness does
//
// A close's answer is not waited for: the harness reads it before it sends
// the next request, so one request is still under way at a time, and a
// scenario's end costs no round trip. A program that dies answering a
// close harms no scenario: the next request starts a new one.
//
// A request that outlasts the timeout (--runtime-timeout), a program that
// dies, writes what is not an answer, or answers another id, fails the one
// request under way with RUNTIME_ERROR, quoting how it exited and its
// stderr; the program is killed and the next request starts a new one,
// where the open sessions open their graphs again. The program runs in a
// process group of its own, which Close and Kill end; on Linux it also dies
// with the process that started it (Pdeathsig, from one thread locked for
// the life of the process, since the signal follows the starting thread).
// On Unix a watcher started by /bin/sh beside the program kills that group
// when the process that started it dies, however it dies (SIGKILL
// included): so the processes the graph's nodes started go too, which
// Pdeathsig does not reach. A process that leaves the group (setsid, a
// detached spawn) is out of reach; on Windows only the program is killed.
//
// # Where things live
//
//   - program.go: [Program], what differs from one runtime to the next.
//   - bridge.go: [Bridge], the runtime: start, one request at a time,
//     restart after a death, Close and Kill.
//   - process.go: one process: start, its lines, timeouts, the stderr
//     tail, how it failed; proc_*.go: process groups, their watcher and
//     Pdeathsig.
//   - protocol.go: the request writer, the answers, errors mapped to codes.
//   - session.go: a scenario's graph on the program (engine.Session) and
//     the commit request.
//   - stream.go: [Bridge.Stream], a live run of an own graph.
//   - run.go: a whole-graph run of an own graph (the run request).
//   - version.go: [Versions] and [CommandVersion].
//   - launch.go: [Launch], what every runtime's Start does.
//   - pool.go: [Pool], --concurrency N's processes of one Program, each
//     scenario's graph on one of them.
//
// The tests run the test binary itself as the program (TestMain), so that
// they need Go alone.
package bridge
