// bridge.mjs: the JavaScript side of the langgraph-js runtime (SPEC §15).
//
// One node process per run. It loads @langchain/langgraph and
// @langchain/core from the suite root given as its first argument (never
// from where this file sits), then reads one JSON request per line on stdin
// and writes one JSON response per line on stdout, in order, each carrying
// the request's id. It exits when stdin closes.
//
// Requests and responses (see protocol.go):
//   {"id", "op": "open", "spec": {"profile", "idPrefix", "fields": [{"name", "reducer", "default"?}]}}
//     → {"id", "graph": n}
//   {"id", "op": "commit", "graph": n, "kind": "input"|"step"|"tool", "before": {...}|null,
//    "input"?: {...}, "outputs"?: [{"node", "output", "command"?}], "tool"?: name,
//    "writes"?: [[field, value], ...], "nextId": n}
//     → {"id", "nextId": n, "values": {...}}  or  {"id", "error": {"code", "message", "field"?, "name"?}}
//   {"id", "op": "close", "graph": n} → {"id"}
// Anything the bridge itself cannot do is {"id", "fatal": "..."}. The first
// line it writes is {"ready": {"node", "langgraph", "core"}} or {"fatal": "..."}.
//
// A commit is one real superstep on a thread seeded with the state before
// it: a fresh thread of a MemorySaver gets a checkpoint whose channel values
// are `before`, then
//   input: graph.invoke(input) — LangGraph's own input handling; START leads
//          to END, so no node runs;
//   step:  graph.invoke(new Command({goto: [the step's nodes]})) — the nodes
//          run in one superstep, each returning its scripted output, and the
//          graph is interrupted after every node, so no goto runs another;
//   tool:  the same with one node, named after the tool, returning
//          new Command({update: [[field, value], ...]}).
// The state is read back with getState; messages become plain JSON.
// Generated message ids: the messages reducer calls crypto.randomUUID (uuid
// v4); inside the reducer it returns idPrefix + n, counted from the commit's
// nextId, so the ids are those the harness numbers.

import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";

// stdout carries the protocol alone: whatever else writes to it (a
// console.log in a library) goes to stderr.
const stdoutWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);
function send(obj) {
  stdoutWrite(JSON.stringify(obj) + "\n");
}

function fatal(msg) {
  send({ fatal: msg });
  process.exit(3);
}

const root = process.argv[2];
if (!root) fatal("bridge.mjs needs the suite root as its first argument");
const major = Number(process.versions.node.split(".")[0]);
if (major < 20) fatal(`langgraph-js needs node ≥ 20; found ${process.version}`);

const requireFromRoot = createRequire(path.join(path.resolve(root), "package.json"));
function load(pkg, sub = "") {
  try {
    return requireFromRoot(pkg + sub);
  } catch (e) {
    if (e?.code === "MODULE_NOT_FOUND" || e?.code === "ERR_PACKAGE_PATH_NOT_EXPORTED") {
      fatal(`cannot resolve ${pkg} from ${root}: run npm install @langchain/langgraph @langchain/core`);
    }
    fatal(`cannot load ${pkg}${sub} from ${root}: ${e?.message ?? e}`);
  }
}
const lg = load("@langchain/langgraph");
const { LastValue } = load("@langchain/langgraph", "/channels");
const { BaseMessage } = load("@langchain/core", "/messages");
const { Annotation, Command, END, MemorySaver, START, StateGraph, messagesStateReducer, copyCheckpoint, emptyCheckpoint } = lg;

function versionOf(pkg) {
  try {
    return requireFromRoot(pkg + "/package.json").version;
  } catch {
    return "";
  }
}

// Generated ids. Only the messages reducer draws them; elsewhere
// randomUUID stays random.
const realRandomUUID = crypto.randomUUID.bind(crypto);
const ids = { active: 0, prefix: "auto-", next: 0 };
crypto.randomUUID = () => (ids.active > 0 ? ids.prefix + String(++ids.next) : realRandomUUID());

// ---- reducers (SPEC §5) ----

// ReducerError is a refused write, with the harness's code and the
// engine's message.
class ReducerError extends Error {
  constructor(code, field, message) {
    super(message);
    this.name = "ReducerError";
    this.lc_error_code = code;
    this.field = field;
  }
}

function jsonType(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "object") return "object";
  return typeof v;
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// canon is a JSON text with sorted keys: union's JSON equality.
function canon(v) {
  if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
  if (isObject(v)) return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
  return JSON.stringify(v);
}

function mergePatch(target, patch) {
  if (!isObject(patch)) return patch;
  const out = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

const maxSafe = Number.MAX_SAFE_INTEGER;

// reducerFor is the reducer of one field as a JS function.
function reducerFor(field, name) {
  const typeError = (want, got) =>
    new ReducerError("REDUCER_TYPE_ERROR", field, `field ${JSON.stringify(field)} with reducer ${name} expects ${want}, received ${jsonType(got)}`);
  const list = (cur) => {
    if (cur === undefined || cur === null) return [];
    if (!Array.isArray(cur)) throw typeError("the current value to be an array", cur);
    return cur;
  };
  switch (true) {
    case name === "replace":
      return (_, b) => b;
    case name === "append":
      return (a, b) => [...list(a), ...(Array.isArray(b) ? b : [b])];
    case name === "merge":
      return (a, b) => {
        if (!isObject(b)) throw typeError("an object", b);
        if (a !== undefined && a !== null && !isObject(a)) throw typeError("the current value to be an object", a);
        return { ...(a ?? {}), ...b };
      };
    case name === "merge-patch":
      return (a, b) => mergePatch(a, b);
    case name === "sum":
      return (a, b) => {
        if (typeof b !== "number") throw typeError("a number", b);
        if (a !== undefined && a !== null && typeof a !== "number") throw typeError("the current value to be a number", a);
        const base = a ?? 0;
        const s = base + b;
        // the harness's rules of SPEC §2 on what a runtime returns, worded as the engine words them
        if (!Number.isFinite(s)) {
          throw new ReducerError("NON_JSON_VALUE", field, `field ${JSON.stringify(field)}: ${JSON.stringify(base)} + ${JSON.stringify(b)} overflows to infinity, which is not a JSON number`);
        }
        if (Number.isInteger(s) && Math.abs(s) > maxSafe) {
          throw new ReducerError("UNSAFE_INTEGER", field, `field ${JSON.stringify(field)}: ${JSON.stringify(base)} + ${JSON.stringify(b)} is outside ±(2^53−1) and loses precision in JavaScript runtimes`);
        }
        return s;
      };
    case name === "union":
      return (a, b) => {
        const out = [...list(a)];
        const seen = new Set(out.map(canon));
        for (const v of Array.isArray(b) ? b : [b]) {
          const k = canon(v);
          if (!seen.has(k)) {
            seen.add(k);
            out.push(v);
          }
        }
        return out;
      };
    case name.startsWith("join(") && name.endsWith(")"): {
      let sep;
      try {
        sep = JSON.parse(name.slice(5, -1));
      } catch {
        sep = undefined;
      }
      if (typeof sep !== "string") throw new Error(`field ${JSON.stringify(field)}: cannot read the separator of ${name}`);
      return (a, b) => {
        if (typeof b !== "string") throw typeError("a string", b);
        if (a === undefined || a === null) return b;
        if (typeof a !== "string") throw typeError("the current value to be a string", a);
        return a === "" ? b : a + sep + b;
      };
    }
    case name === "messages":
      return (a, b) => {
        ids.active++;
        try {
          return messagesStateReducer(a, b);
        } catch (e) {
          if (e !== null && typeof e === "object") e.field ??= field;
          throw e;
        }
      finally {
          ids.active--;
        }
      };
  }
  throw new Error(`field ${JSON.stringify(field)}: the reducer ${name} is not one langgraph-js knows`);
}

// ---- graphs ----

// A Spec is one scenario's schema as the harness resolved it; its graphs
// (one per set of node names) are compiled once.
class Spec {
  constructor(spec) {
    this.idPrefix = spec.idPrefix || "auto-";
    this.fields = spec.fields ?? [];
    // check the reducers now, so open fails on a reducer that cannot run
    for (const f of this.fields) if (f.reducer !== "last-value") reducerFor(f.name, f.reducer);
    this.graphs = new Map();
  }

  // channels declares the fields: a last-value field is a LastValue channel
  // (with an initial value factory when it has a default), any other a
  // reducer with a default factory.
  channels() {
    const out = {};
    for (const f of this.fields) {
      const has = Object.prototype.hasOwnProperty.call(f, "default");
      const def = has ? () => structuredClone(f.default) : undefined;
      if (f.reducer === "last-value") out[f.name] = has ? new LastValue(def) : new LastValue();
      else out[f.name] = Annotation({ reducer: reducerFor(f.name, f.reducer), default: def });
    }
    return out;
  }

  graph(nodes) {
    const names = [...new Set(nodes)].sort();
    const key = JSON.stringify(names);
    let g = this.graphs.get(key);
    if (g) {
      this.graphs.delete(key); // to the end: the most recently used
    } else {
      g = compile(this, names);
      if (this.graphs.size >= keepGraphs) this.graphs.delete(this.graphs.keys().next().value);
    }
    this.graphs.set(key, g);
    return g;
  }

  // toolNode names a tool's node: the tool's name, unless LangGraph would
  // refuse it as a node name, then "tools" (ToolNode's name): one node's
  // writes do not depend on its name.
  toolNode(tool) {
    const bad =
      typeof tool !== "string" || tool === "" || tool.includes("|") || tool.includes(":") ||
      tool === "__start__" || tool === "__end__" || this.fields.some((f) => f.name === tool);
    return bad ? "tools" : tool;
  }
}

// keepGraphs is how many graphs (sets of node names) a spec keeps compiled.
const keepGraphs = 32;

// current is the commit being run: what each node returns. Commits run one
// at a time.
let current = null;

function compile(spec, names) {
  const builder = new StateGraph(Annotation.Root(spec.channels()));
  for (const name of names) {
    // ends: each node may send a command to any, which makes them
    // reachable without edges
    builder.addNode(name, () => current?.take(name) ?? null, { ends: names });
  }
  // an input runs no node
  builder.addEdge(START, END);
  const checkpointer = new MemorySaver(identitySerde);
  return {
    checkpointer,
    graph: builder.compile({ checkpointer, interruptAfter: names.length ? names : undefined }),
  };
}

// identitySerde keeps checkpoints as the objects they are: a commit's
// thread lives for one invoke, and a serialising round trip would revive
// LangChain's serialised forms in plain values.
const identitySerde = {
  async dumpsTyped(obj) {
    return ["json", obj];
  },
  async loadsTyped(_type, data) {
    if (isObject(data) && "channel_values" in data) return copyCheckpoint(data);
    return data;
  },
};

// ---- commits ----

let threads = 0;

// nodeOutput is what a node returns: a command output {"update", "goto"}
// becomes a Command; so does a command's JSON.stringify form {"lg_name":
// "Command", ...} wherever a node may return a Command (the output itself,
// or an element of an array), revived as LangGraph revives it.
function nodeOutput(n) {
  const revive = (v) => (isObject(v) && v.lg_name === "Command" ? new Command(v) : v);
  if (n.command && isObject(n.output)) return new Command(n.output);
  if (Array.isArray(n.output)) return n.output.map(revive);
  return revive(n.output);
}

async function seed(checkpointer, config, before) {
  const cp = emptyCheckpoint();
  for (const [k, v] of Object.entries(before)) {
    cp.channel_values[k] = v;
    cp.channel_versions[k] = 1;
  }
  return checkpointer.put(config, cp, { source: "input", step: -1, parents: {} }, {});
}

async function commit(spec, req) {
  const outputs = req.outputs ?? [];
  let nodes = [];
  let returns = new Map();
  switch (req.kind) {
    case "input":
      break;
    case "step":
      // a goto names a node of the graph or none: LangGraph drops a write
      // to a node it does not have, and no goto runs here anyway
      for (const o of outputs) returns.set(o.node, nodeOutput(o));
      nodes = [...returns.keys()];
      break;
    case "tool": {
      const name = spec.toolNode(req.tool);
      returns.set(name, new Command({ update: req.writes ?? [] }));
      nodes = [name];
      break;
    }
    default:
      throw new Error(`unknown commit kind ${JSON.stringify(req.kind)}`);
  }
  const { graph, checkpointer } = spec.graph(nodes);
  const thread = "t" + ++threads;
  // the thread lives for this one commit: its checkpoint is needed only
  // at the end
  const config = { configurable: { thread_id: thread }, durability: "exit" };
  ids.prefix = spec.idPrefix;
  ids.next = req.nextId ?? 0;
  current = {
    take(name) {
      if (!returns.has(name)) return null;
      const out = returns.get(name);
      returns.delete(name);
      return out;
    },
  };
  try {
    if (req.before) await seed(checkpointer, config, req.before);
    try {
      if (req.kind === "input") await graph.invoke(req.input ?? {}, config);
      else if (returns.size > 0) await graph.invoke(new Command({ goto: [...returns.keys()] }), config);
    } catch (e) {
      return { error: errorOf(spec, e) };
    }
    const snap = await graph.getState(config);
    return { nextId: ids.next, values: toPlain(snap.values ?? {}) };
  } finally {
    current = null;
    await checkpointer.deleteThread(thread);
  }
}

// ---- answers ----

function isEmptyObject(v) {
  return isObject(v) && Object.keys(v).length === 0;
}

function isEmptyArray(v) {
  return Array.isArray(v) && v.length === 0;
}

// defaults are the values a message class's constructor gives a field it
// was not given; the canonical form leaves them out.
const messageDefaults = {
  additional_kwargs: isEmptyObject,
  response_metadata: isEmptyObject,
  tool_calls: isEmptyArray,
  invalid_tool_calls: isEmptyArray,
  tool_call_chunks: isEmptyArray,
};

// plain maps a message to its type and every field its class keeps (as
// bench/messages/plain.mjs does).
function plain(m) {
  const out = { type: m._getType() };
  for (const [k, v] of Object.entries(m)) {
    if (k === "type" || k.startsWith("lc_") || v === undefined) continue;
    if (messageDefaults[k]?.(v)) continue;
    if (k === "content" && out.type === "remove" && isEmptyArray(v)) continue;
    out[k] = toPlain(v);
  }
  return out;
}

function toPlain(v) {
  if (BaseMessage.isInstance(v)) return plain(v);
  if (Array.isArray(v)) return v.map(toPlain);
  if (isObject(v)) {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = toPlain(x);
    return out;
  }
  return v;
}

const troubleshooting = "\n\nTroubleshooting URL:";
const channelRe = /^Invalid update for channel "((?:[^"\\]|\\.)*)"/;

function firstError(e) {
  while (e instanceof AggregateError && e.errors?.length) e = e.errors[0];
  return e;
}

// errorOf maps an error LangGraph threw to the harness's code (SPEC §15).
function errorOf(spec, err) {
  const e = firstError(err);
  if (e === null || typeof e !== "object") return { code: "RUNTIME_ERROR", message: String(e) };
  let message = String(e.message ?? e);
  const cut = message.indexOf(troubleshooting);
  if (cut >= 0) message = message.slice(0, cut);
  let field = typeof e.field === "string" ? e.field : undefined;
  const m = channelRe.exec(message);
  if (m && field === undefined) field = JSON.parse('"' + m[1] + '"');
  const name = e.name ?? e.constructor?.name;
  let code = typeof e.lc_error_code === "string" ? e.lc_error_code : undefined;
  if (!code) {
    const reducer = spec.fields.find((f) => f.name === field)?.reducer;
    if (message.endsWith("Can receive only one Overwrite value per step.")) code = "INVALID_CONCURRENT_GRAPH_UPDATE";
    else if (message.startsWith("Attempting to delete a message with an ID that doesn't exist")) code = "MESSAGE_NOT_FOUND";
    else if ((name === "TypeError" || name === "SyntaxError") && reducer === "messages") code = "MESSAGE_COERCION_FAILURE";
    else code = "RUNTIME_ERROR";
  }
  const out = { code, message, name };
  if (field !== undefined) out.field = field;
  return out;
}

// ---- the loop ----

// Specs are shared by the scenarios that open the same one, and kept a
// while after the last closes, so that a suite compiles each graph once.
const specs = new Map(); // key → {id, spec, refs}
const byID = new Map(); // id → entry
const keepClosed = 64;
let nextSpec = 0;

function open(raw) {
  const key = JSON.stringify(raw);
  let entry = specs.get(key);
  if (entry) {
    specs.delete(key); // to the end: the most recently used
  } else {
    entry = { id: ++nextSpec, key, spec: new Spec(raw), refs: 0 };
    byID.set(entry.id, entry);
  }
  specs.set(key, entry);
  entry.refs++;
  let closed = 0;
  for (const e of specs.values()) if (e.refs === 0) closed++;
  for (const e of specs.values()) {
    if (closed <= keepClosed) break;
    if (e.refs === 0) {
      specs.delete(e.key);
      byID.delete(e.id);
      closed--;
    }
  }
  return entry.id;
}

async function handle(req) {
  switch (req.op) {
    case "open":
      try {
        return { graph: open(req.spec ?? {}) };
      } catch (e) {
        return { error: { code: "RUNTIME_ERROR", message: String(e?.message ?? e) } };
      }
    case "commit": {
      const entry = byID.get(req.graph);
      if (!entry) return { fatal: `no graph ${req.graph} is open` };
      return commit(entry.spec, req);
    }
    case "close": {
      const entry = byID.get(req.graph);
      if (entry && entry.refs > 0) entry.refs--;
      return {};
    }
  }
  return { fatal: `unknown op ${JSON.stringify(req.op)}` };
}

send({ ready: { node: process.version, langgraph: versionOf("@langchain/langgraph"), core: versionOf("@langchain/core") } });

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (line.trim() === "") continue;
  let id = null;
  let answer;
  try {
    const req = JSON.parse(line);
    id = req.id ?? null;
    answer = await handle(req);
  } catch (e) {
    answer = { fatal: String(e?.stack ?? e) };
  }
  send({ id, ...answer });
}
process.exit(0);
