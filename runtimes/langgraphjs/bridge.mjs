// bridge.mjs: the JavaScript side of the langgraph-js runtime (docs/reference.md, Runtimes).
//
// One node process per run. It loads @langchain/langgraph and
// @langchain/core from the suite root given as its first argument (never
// from where this file sits), then reads one JSON request per line on stdin
// and writes one JSON response per line on stdout, in order, each carrying
// the request's id. It exits when stdin closes. It reads the requests and
// writes the answers on descriptors of its own, reopened from stdin's and
// stdout's pipes; for the user's nodes, stdin reads /dev/null and stdout
// writes to stderr.
//
// The protocol (the requests, the answers, the ready and fatal lines) is
// written once, in runtimes/bridge/doc.go, and held to by the transcripts
// of runtimes/bridge/testdata/transcripts; this bridge answers every
// request there, route included. Its ready line names
// @langchain/langgraph, @langchain/core and node.
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
//
// A field of a schema's graph may name its own reducer (code: a Dawn route's
// reducers/<field>.ts, imported through tsx): its channel is that function,
// as Dawn's Annotation({reducer, default}) declares it. A route (the route
// request) is read as Dawn's discoverStateDefinition reads it: state.ts's
// default export gives the fields and defaults, reducers/ their functions;
// what Dawn would drop without a word is refused, naming the file.
//
// The scenario's own graph (spec.graph) is imported from the suite root
// (.ts through tsx), afresh at each open (see fresh), and runs in the
// scenario's own working directory and environment (ProcessState); each
// commit's graph is then a copy of the user's builder, so its channels,
// reducers and schemas are the user's own, with the step's nodes: a
// scripted node returns its output, a real one ("run") is the user's node,
// taking the messages of a messages channel as LangChain messages, whose
// return comes back in "returned".
// A stream is a live run of the scenario's own graph, for scenario record:
// the compiled graph's own graph.stream(input, {streamMode: ["updates",
// "values"]}) end to end (with "tasks" too, only to name the node that
// threw), its chunks answered as JSON.stringify writes them (messages in
// LangChain's serialised form), once each is checked to be JSON. What the
// harness has no step for is refused, saying what to do: a graph compiled
// with a checkpointer (it needs a thread_id), an interrupt. kinds name the
// graph's channels: "last-value", "messages" (messagesStateReducer),
// "reducer" (another) or "other", which record's schema takes from it.
// A run is a whole-graph run of the scenario's own graph (runWhole,
// wholegraph.mjs): the user's builder compiled whole on the counted
// channels and the open graph's one checkpointer (its scripted nodes
// answering from the scenario's script), on a checkpointer thread kept
// per scenario thread across runs, streamed with subgraphs and the modes
// "debug" (its supersteps' tasks, their writes and interrupts, a
// subgraph's by its namespace) and "values", the chat models and the
// scripted tools answering from the scenario's scripts.
// Generated message ids: the messages reducer calls crypto.randomUUID (uuid
// v4); inside the reducer it returns idPrefix + n, counted from the commit's
// nextId, so the ids are those the harness numbers.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import module_ from "node:module";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { plainMessage } from "./message.mjs";
import { Run, Trace, during, libraryOf, patchLibraries, scriptedNode } from "./wholegraph.mjs";

const { createRequire } = module_;

// The requests come on a descriptor of their own, and descriptor 0 reads
// /dev/null: a node of the user's that reads stdin (fs.readFileSync(0),
// process.stdin) reads nothing instead of the requests. Where the pipe
// cannot be reopened (no /proc/self/fd or /dev/fd), stdin stays the
// protocol's.
function protocolInput() {
  for (const name of ["/proc/self/fd/0", "/dev/fd/0"]) {
    let fd;
    try {
      fd = fs.openSync(name, "r");
    } catch {
      continue;
    }
    try {
      fs.closeSync(0);
      // the lowest free descriptor: 0
      const nul = fs.openSync("/dev/null", "r");
      if (nul !== 0) fs.closeSync(nul);
    } catch {
      // stdin is closed at worst: a read of it fails
    }
    return new net.Socket({ fd, readable: true, writable: false });
  }
  return process.stdin;
}
const input = protocolInput();

// The answers go out on a descriptor of their own too, and descriptor 1
// writes to stderr: what a node writes to stdout past console.log
// (fs.writeSync(1, ...), a child process with inherited stdio) cannot
// come between two answers. Where stdout's pipe cannot be reopened, the
// answers go to process.stdout. Before anything touches process.stdout,
// which opens descriptor 1 once.
function protocolOutput() {
  for (const dir of ["/proc/self/fd/", "/dev/fd/"]) {
    let fd;
    try {
      fd = fs.openSync(dir + "1", "w");
    } catch {
      continue;
    }
    try {
      fs.closeSync(1);
      // the lowest free descriptor: 1
      const err = fs.openSync(dir + "2", "a");
      if (err !== 1) fs.closeSync(err);
    } catch {
      // stdout is closed at worst: a write to it fails
    }
    return (text) => {
      const buf = Buffer.from(text);
      for (let off = 0; off < buf.length; ) off += fs.writeSync(fd, buf, off);
    };
  }
  return null;
}

// stdout carries the protocol alone: whatever else writes to it (a
// console.log in a library) goes to stderr.
const stdoutWrite = protocolOutput() ?? process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);
function send(obj) {
  let text;
  try {
    text = JSON.stringify(obj);
  } catch (e) {
    // a value that slipped past the checks must not end the bridge
    text = JSON.stringify({ id: obj?.id ?? null, fatal: `cannot write the answer as JSON: ${e?.message ?? e}` });
  }
  stdoutWrite(text + "\n");
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
const { Annotation, Command, END, MemorySaver, START, StateGraph, messagesStateReducer, copyCheckpoint, emptyCheckpoint, isGraphInterrupt } = lg;

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

// ---- reducers (docs/reference.md, Reducers) ----

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
        // the harness's rules of docs/reference.md, Values on what a runtime returns, worded as the engine words them
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
  // code holds the user's own reducers (a Dawn route's reducers/<field>.ts)
  // by field, imported by codeReducers.
  constructor(spec, code = new Map()) {
    this.idPrefix = spec.idPrefix || "auto-";
    this.fields = spec.fields ?? [];
    this.code = code;
    // check the reducers now, so open fails on a reducer that cannot run
    for (const f of this.fields) if (f.reducer !== "last-value" && !f.code) reducerFor(f.name, f.reducer);
    this.graphs = new Map();
  }

  // channels declares the fields: a last-value field is a LastValue channel
  // (with an initial value factory when it has a default), any other a
  // reducer with a default factory; a field with its own reducer (code) is
  // that function, as Dawn's Annotation({reducer, default}) declares it.
  channels() {
    const out = {};
    for (const f of this.fields) {
      const has = Object.prototype.hasOwnProperty.call(f, "default");
      const def = has ? () => structuredClone(f.default) : undefined;
      if (f.code) out[f.name] = Annotation({ reducer: userReducer(f.name, f.code, this.code.get(f.name)), default: def });
      else if (f.reducer === "last-value") out[f.name] = has ? new LastValue(def) : new LastValue();
      else out[f.name] = Annotation({ reducer: reducerFor(f.name, f.reducer), default: def });
    }
    return out;
  }

  graph(nodes, real) {
    return cachedGraph(this.graphs, nodes, real, (names) => compile(this, names));
  }

  // real says why a node cannot run for real: a schema's graph has none.
  real(node) {
    return `node ${JSON.stringify(node)} is a real node, which needs the scenario's own graph (Given the graph from "<module>:<export>")`;
  }

  isMessages(field) {
    return this.fields.find((f) => f.name === field)?.reducer === "messages";
  }

  // toolNode names a tool's node: the tool's name, unless LangGraph would
  // refuse it as a node name, then "tools" (ToolNode's name): one node's
  // writes do not depend on its name.
  toolNode(tool) {
    return toolNode(tool, (name) => this.fields.some((f) => f.name === name));
  }
}

// ---- a Dawn route (docs/reference.md, Tools) ----

// RouteError is a route the bridge cannot read as Dawn reads it, naming the
// file and what to change.
class RouteError extends Error {}

// defaultExport is a module's default export; tsx compiles a .ts file of a
// package without "type": "module" as CommonJS, whose export default
// arrives one level down.
function defaultExport(mod) {
  let d = mod?.default;
  if (isObject(d) && d.__esModule === true && "default" in d) d = d.default;
  return d;
}

// describeValue names what a module exported, for an error.
function describeValue(v) {
  if (v === undefined) return "missing (no export default)";
  if (v === null) return "null";
  if (typeof v === "function") return "a function";
  if (typeof v !== "object") return `the ${typeof v} ${JSON.stringify(v)}`;
  if (Array.isArray(v)) return "an array";
  return v.constructor?.name && v.constructor.name !== "Object" ? `an instance of ${v.constructor.name}` : "a plain object";
}

// importRouteFile imports a .ts file of a route (rel: its path from the
// suite root), as Dawn does, through tsx.
async function importRouteFile(rel) {
  const file = path.resolve(root, rel);
  try {
    return await importModule(file, rel);
  } catch (e) {
    if (e instanceof LoadError) throw new RouteError(e.message);
    throw new RouteError(`cannot load ${rel}: ${describeLoadError(e, file)}`);
  }
}

// issueText is the first issue of a Standard Schema or zod refusal.
function issueText(issues) {
  const issue = Array.isArray(issues) ? issues[0] : undefined;
  if (!isObject(issue)) return "invalid";
  const at = Array.isArray(issue.path) ? issue.path.map((k) => (isObject(k) ? k.key : k)) : [];
  return `${at.length ? `field ${JSON.stringify(String(at[0]))}: ` : ""}${issue.message ?? "invalid"}`;
}

// readRoute reads a route directory (relative to the suite root) as Dawn's
// discoverStateDefinition does: state.ts's default export gives the
// defaults (Standard Schema's validate({}), else zod's parse({})), each
// reducers/<field>.ts (not .d.ts) whose default export is a function that
// field's reducer. Where Dawn would drop what it cannot use without a
// word, the harness refuses, naming the file.
async function readRoute(dir) {
  const rel = (name) => path.posix.join(dir, name);
  const routeDir = path.resolve(root, dir);
  let entries = [];
  try {
    // names, as Dawn lists them: a link to a reducer is read like the file
    entries = fs.readdirSync(path.join(routeDir, "reducers"));
  } catch (e) {
    if (e?.code !== "ENOENT") throw new RouteError(`cannot read ${rel("reducers")}: ${e?.message ?? e}`);
  }
  const reducerFiles = entries.filter((n) => n.endsWith(".ts") && !n.endsWith(".d.ts")).sort();
  if (!fs.existsSync(path.join(routeDir, "state.ts"))) {
    if (reducerFiles.length > 0) {
      const f = reducerFiles[0];
      throw new RouteError(`${rel("reducers/" + f)} is the reducer of field ${JSON.stringify(f.slice(0, -3))}, but the route has no state.ts, so Dawn never reads it: add ${rel("state.ts")} declaring the field with a default, or remove the reducer`);
    }
    return [];
  }
  const schema = defaultExport(await importRouteFile(rel("state.ts")));
  let value;
  const std = schema !== null && typeof schema === "object" ? schema["~standard"] : undefined;
  if (isObject(std) && typeof std.validate === "function") {
    let r = std.validate({});
    if (typeof r?.then === "function") r = await r;
    if (r?.issues) throw new RouteError(`${rel("state.ts")}: its schema refuses an empty state, so Dawn reads no fields from it (${issueText(r.issues)}): give every field a default (.default(...)) or make it optional`);
    value = r?.value;
  } else if (schema !== null && typeof schema === "object" && typeof schema.parse === "function") {
    try {
      value = schema.parse({});
    } catch (e) {
      throw new RouteError(`${rel("state.ts")}: its schema refuses an empty state, so Dawn reads no fields from it (${Array.isArray(e?.issues) ? issueText(e.issues) : String(e?.message ?? e)}): give every field a default (.default(...)) or make it optional`);
    }
  } else {
    throw new RouteError(`${rel("state.ts")}: its default export is ${describeValue(schema)}, not a zod or Standard Schema object, so Dawn reads no fields from it: export default z.object({...}) with a default for each field`);
  }
  if (!isObject(value)) throw new RouteError(`${rel("state.ts")}: its schema gives an empty state the value ${describeValue(value)}, not an object of fields: export default z.object({...})`);
  const fields = [];
  for (const [name, v] of Object.entries(value)) {
    if (v === undefined) continue;
    let def;
    try {
      def = toJSONValue(v, [name], new Set(), false);
    } catch (e) {
      if (!(e instanceof NonJSON)) throw e;
      throw new RouteError(`${rel("state.ts")}: the default of field ${JSON.stringify(name)} is ${e.what}, which is not a JSON value: ${e.hint}`);
    }
    fields.push({ name, default: def });
  }
  for (const f of reducerFiles) {
    const name = f.slice(0, -3);
    const file = rel("reducers/" + f);
    const field = fields.find((x) => x.name === name);
    if (!field) {
      const names = fields.map((x) => x.name).sort();
      throw new RouteError(`${file} is the reducer of field ${JSON.stringify(name)}, which ${rel("state.ts")} does not declare (its fields: ${names.join(", ") || "none"}): name the file after a field, or add the field with a default to state.ts`);
    }
    const fn = defaultExport(await importRouteFile(file));
    if (typeof fn !== "function") throw new RouteError(reducerNotFunction(file, fn));
    field.reducer = file;
  }
  return fields.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function reducerNotFunction(file, v) {
  return `${file}: its default export is ${describeValue(v)}, not a reducer function, so Dawn would drop it and use its default reducer: export default (current, incoming) => merged`;
}

// codeReducers imports the user's own reducers of a spec's fields (code:
// the module, relative to the suite root), by field.
async function codeReducers(fields) {
  const out = new Map();
  for (const f of fields ?? []) {
    if (!f.code) continue;
    const fn = defaultExport(await importRouteFile(f.code));
    if (typeof fn !== "function") throw new RouteError(reducerNotFunction(f.code, fn));
    out.set(f.name, fn);
  }
  return out;
}

// userReducer runs the user's own reducer of a field: what it throws is
// REDUCER_TYPE_ERROR naming the field, the file and the line that threw, as
// a Go custom reducer's error is; so is a return that is a Promise (LangGraph
// would store it) or undefined (the field would vanish).
function userReducer(field, file, fn) {
  return (a, b) => {
    let out;
    try {
      out = fn(a, b);
    } catch (e) {
      const what = e !== null && typeof e === "object" ? `${e.name ?? "Error"}: ${stripLink(String(e.message ?? e))}` : String(e);
      const at = userFrame(e);
      throw new ReducerError("REDUCER_TYPE_ERROR", field, `field ${JSON.stringify(field)}: the reducer ${file} threw ${what}${at ? ` (at ${at})` : ""}`);
    }
    if (typeof out?.then === "function") {
      throw new ReducerError("REDUCER_TYPE_ERROR", field, `field ${JSON.stringify(field)}: the reducer ${file} returned a Promise; a reducer returns the merged value itself (no async)`);
    }
    if (out === undefined) {
      // LangGraph would drop the field from the state without a word
      throw new ReducerError("REDUCER_TYPE_ERROR", field, `field ${JSON.stringify(field)}: the reducer ${file} returned undefined; a reducer returns the merged value (return it, or return current to keep the value)`);
    }
    return out;
  };
}

function toolNode(tool, isChannel) {
  const bad =
    typeof tool !== "string" || tool === "" || tool.includes("|") || tool.includes(":") ||
    tool === "__start__" || tool === "__end__" || isChannel(tool);
  return bad ? "tools" : tool;
}

// keepGraphs is how many graphs (sets of node names) a spec keeps compiled.
const keepGraphs = 32;

// cachedGraph is the graph of a set of node names (real: the names that
// run the user's own node), compiled once.
function cachedGraph(graphs, nodes, real, build) {
  const names = [...new Set(nodes)].sort();
  const key = JSON.stringify(names.map((n) => (real.has(n) ? [n] : n)));
  let g = graphs.get(key);
  if (g) {
    graphs.delete(key); // to the end: the most recently used
  } else {
    g = build(names);
    if (graphs.size >= keepGraphs) graphs.delete(graphs.keys().next().value);
  }
  graphs.set(key, g);
  return g;
}

// ---- the scenario's own graph ----

// LoadError is a graph the bridge cannot load, said plainly.
class LoadError extends Error {}

// importGraph imports "<module>:<export>" from the suite root and checks
// that it is a compiled StateGraph.
async function importGraph(ref) {
  const i = ref.lastIndexOf(":");
  if (i <= 0) throw new LoadError(`graph ${JSON.stringify(ref)}: expected "<module>:<export>"`);
  const module = ref.slice(0, i);
  const name = ref.slice(i + 1);
  const file = path.resolve(root, module);
  let mod;
  try {
    mod = await importModule(file, module);
  } catch (e) {
    if (e instanceof LoadError) throw e;
    throw new LoadError(`cannot load ${module}: ${describeLoadError(e, file)}`);
  }
  let g = mod[name];
  // a CommonJS module's exports are its default export too
  if (g === undefined && isObject(mod.default) && name in mod.default) g = mod.default[name];
  if (g === undefined) {
    const names = new Set(Object.keys(mod));
    if (isObject(mod.default)) for (const k of Object.keys(mod.default)) names.add(k);
    const list = [...names].sort();
    throw new LoadError(`the module ${module} has no export ${JSON.stringify(name)} (its exports: ${list.length ? list.join(", ") : "none"})`);
  }
  const b = g?.builder;
  const compiled = isObject(b) && isObject(b.channels) && isObject(b.nodes) && b._schemaDefinitions instanceof Map && typeof g.invoke === "function";
  if (!compiled) {
    let hint = "";
    if (isObject(g?.channels) && isObject(g?.nodes) && typeof g?.compile === "function") hint = ": it is a StateGraph that is not compiled; export its .compile()";
    throw new LoadError(`the export ${JSON.stringify(name)} of ${module} is not a compiled LangGraph graph (a CompiledStateGraph from StateGraph(...).compile())${hint}`);
  }
  return g;
}

// importModule imports a module of the suite afresh (see fresh): .ts
// through tsx, which the suite must have.
async function importModule(file, module) {
  const ext = path.extname(file).toLowerCase();
  const ts = ext === ".ts" || ext === ".mts" || ext === ".cts";
  // the last load before a loader hook: see warmLibrary
  if ((ts && !tsxRegistered) || (generation > 0 && !freshHooked)) await warmLibrary();
  if (ts) {
    const ok = await registerTsx();
    if (!ok) throw new LoadError(`cannot load ${module}: .ts modules need tsx: npm install -D tsx`);
  }
  return import(fresh(pathToFileURL(file).href));
}

// ---- a fresh graph per scenario ----

// Each scenario's graph is loaded afresh: its module, and every module it
// imports outside node_modules (a fake chat model in a sibling file, a
// cache, a counter), evaluated again, so that nothing a module keeps at
// module level carries from one scenario to the next. An ES module is
// imported under a URL of its own (?scenario-graph=N), which freshHook
// passes on to the modules it imports; a CommonJS one (a .cjs, a .js or
// tsx's .ts in a CommonJS package, and what it requires) leaves require's
// cache first. The packages under node_modules (LangGraph itself) load once.
const freshParam = "scenario-graph";
let generation = 0;
let freshHooked = false;

// freshHook resolves what a fresh module imports: a file outside
// node_modules gets the importer's generation.
const freshHook = `
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (!context.parentURL?.startsWith("file:") || typeof r?.url !== "string" || !r.url.startsWith("file:")) return r;
  const gen = new URL(context.parentURL).searchParams.get(${JSON.stringify(freshParam)});
  if (!gen) return r;
  const url = new URL(r.url);
  if (url.searchParams.has(${JSON.stringify(freshParam)}) || url.pathname.split("/").includes("node_modules")) return r;
  url.searchParams.set(${JSON.stringify(freshParam)}, gen);
  return { ...r, url: url.href };
}
`;

// fresh is the URL under which to import a module of the suite afresh.
// The process's first import of a graph loads the first of everything
// (nothing of the suite has loaded before it), so it needs no hook: the
// hook, whose every request crosses to the loader's thread, comes with the
// second, by when the packages the graph imports (all of LangGraph) have
// loaded without it.
function fresh(url) {
  if (generation === 0) {
    generation++;
    return url;
  }
  if (!freshHooked) {
    freshHooked = true;
    // node < 20.6 has no loader hooks: the graph's own module alone is fresh
    if (typeof module_.register === "function") module_.register("data:text/javascript," + encodeURIComponent(freshHook));
  }
  // the cache holds the bridge's own LangGraph too: hundreds of files
  const cache = requireFromRoot.cache;
  const packages = `${path.sep}node_modules${path.sep}`;
  for (const file in cache) if (!file.includes(packages)) delete cache[file];
  return `${url}?${freshParam}=${++generation}`;
}

let tsxRegistered = false;

// ---- the library, loaded before the first loader hook ----

// Once a loader hook is registered (fresh's, or tsx's for .ts), every
// module the process loads crosses to the hooks' thread and back, which
// makes a graph's first load of LangGraph's ES modules (hundreds of files)
// several times slower. So, before the first hook, the ES builds of what
// graphs import from the library are loaded without one. A graph that
// imports them gets these very modules, as it would have loaded them: the
// library is loaded once a process, like the bridge's own; nothing of the
// suite's is.
const warmEntries = [
  ["@langchain/langgraph", "."],
  ["@langchain/langgraph", "./prebuilt"],
  ["@langchain/core", "./messages"],
  ["@langchain/core", "./tools"],
];
let warmed = false;

async function warmLibrary() {
  if (warmed) return;
  warmed = true;
  for (const [pkg, sub] of warmEntries) {
    const file = esmEntry(pkg, sub);
    if (!file) continue;
    try {
      await import(pathToFileURL(file).href);
    } catch {
      // a graph that imports it says what is wrong
    }
  }
}

// esmEntry is the file an ES module of the suite loads for pkg's subpath,
// as Node resolves it from the suite root (the exports of the first
// node_modules/<pkg> up from it, under the conditions of an import), or
// null.
function esmEntry(pkg, sub) {
  for (const dir of requireFromRoot.resolve.paths(pkg) ?? []) {
    const pkgDir = path.join(dir, pkg);
    let meta;
    try {
      meta = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
    } catch {
      continue;
    }
    const target = exportTarget(isObject(meta.exports) ? meta.exports[sub] : undefined);
    return target ? path.join(pkgDir, target) : null;
  }
  return null;
}

// exportTarget picks an exports entry's target as Node does for an import:
// the first of its conditions, in their order, that an import in Node
// meets.
function exportTarget(t) {
  if (typeof t === "string") return t;
  if (!isObject(t)) return null;
  for (const [cond, next] of Object.entries(t)) {
    if (cond !== "node" && cond !== "import" && cond !== "default") continue;
    const r = exportTarget(next);
    if (r) return r;
  }
  return null;
}

// registerTsx registers tsx's loaders for the rest of the process, for
// import and require alike, as `node --import tsx` does; it gives false
// without tsx. Not tsImport: its namespace gives the user's module fresh
// copies of the packages it loads first (@langchain/langgraph/zod) beside
// the ones the bridge already loaded (@langchain/langgraph), and two copies
// of LangGraph's zod registry lose every reducer a zod schema declares.
async function registerTsx() {
  if (tsxRegistered) return true;
  let pkgFile;
  try {
    pkgFile = requireFromRoot.resolve("tsx/package.json");
  } catch {
    return false;
  }
  const pkg = requireFromRoot("tsx/package.json");
  const entry = (sub) => {
    let e = pkg.exports?.[sub]?.import;
    if (isObject(e)) e = e.default;
    return typeof e === "string" ? pathToFileURL(path.join(path.dirname(pkgFile), e)).href : null;
  };
  const esm = entry("./esm/api");
  const cjs = entry("./cjs/api");
  if (!esm || !cjs) throw new LoadError(`tsx ${pkg.version} has no loader API (tsx/esm/api, tsx/cjs/api): npm install -D tsx@4`);
  const [e, c] = await Promise.all([import(esm), import(cjs)]);
  if (typeof e.register !== "function" || typeof c.register !== "function") throw new LoadError(`tsx ${pkg.version} has no register(): npm install -D tsx@4`);
  e.register();
  c.register();
  tsxRegistered = true;
  return true;
}

// describeLoadError says why a module did not load. A syntax error in
// an imported module carries no position: node --check finds it, when it
// is in the module itself.
function describeLoadError(e, file) {
  if (e === null || typeof e !== "object") return String(e);
  if (e.code === "ERR_MODULE_NOT_FOUND" && String(e.url).replace(/\?.*$/, "") === pathToFileURL(file).href) return "no such file";
  // positions in the suite's files, relative to its root (esbuild's are absolute)
  const msg = `${e.name ?? "Error"}: ${stripLink(String(e.message ?? e)).trimEnd()}`.split(path.resolve(root) + path.sep).join("");
  if (e.name === "SyntaxError" && [".js", ".mjs", ".cjs"].includes(path.extname(file).toLowerCase())) {
    const check = spawnSync(process.execPath, ["--check", file], { encoding: "utf8", timeout: 10000 });
    const at = /^(?:file:\/\/)?(\/.*):(\d+)$/m.exec(check.stderr ?? "");
    if (at) return `${msg} (line ${at[2]})`;
  }
  const at = userFrame(e);
  return at ? `${msg} (at ${at})` : msg;
}

// countedChannel is a copy of a reducer channel whose reducer counts the
// message ids it generates (see ids) and names its field in its errors.
function countedChannel(key, ch) {
  let prop;
  if (ch?.lc_graph_name === "BinaryOperatorAggregate" && typeof ch.operator === "function") prop = "operator";
  else if (ch?.lc_graph_name === "DeltaChannel" && typeof ch.reducer === "function") prop = "reducer";
  else return { channel: ch, messages: false, op: null };
  const op = ch[prop];
  const messages = op === messagesStateReducer || op.name === "messagesStateReducer";
  const c = Object.create(Object.getPrototypeOf(ch));
  Object.assign(c, ch);
  c[prop] = function (a, b) {
    ids.active++;
    try {
      return op.call(this, a, b);
    } catch (e) {
      if (e !== null && typeof e === "object") {
        e.field ??= key;
        if (messages) e.messagesReducer ??= true;
      }
      throw e;
    } finally {
      ids.active--;
    }
  };
  return { channel: c, messages, op };
}

// OwnGraph is a scenario's own compiled graph; its graphs (one per set of
// node names) are copies of its builder with the step's nodes.
class OwnGraph {
  constructor(raw, user, proc) {
    this.ref = raw.graph;
    this.proc = proc;
    this.idPrefix = raw.idPrefix || "auto-";
    this.user = user;
    const b = user.builder;
    this.channels = {};
    this.messages = new Map(); // messages channel → its reducer
    for (const [k, ch] of Object.entries(b.channels)) {
      const c = countedChannel(k, ch);
      this.channels[k] = c.channel;
      if (c.messages) this.messages.set(k, c.op);
    }
    this.nodes = Object.keys(b.nodes).filter((n) => !b.nodes[n]?.isErrorHandler);
    this.graphs = new Map();
    // a whole-graph run's threads, by scenario thread: the checkpointer's
    // thread id and the harness's names of its interrupts (library id →
    // interrupt-N, numbered per open graph in the order raised)
    this.threads = new Map();
    this.interrupts = 0;
  }

  graph(nodes, real) {
    return cachedGraph(this.graphs, nodes, real, (names) => this.compile(names, real));
  }

  real(node) {
    if (this.nodes.includes(node)) return "";
    return `the graph ${this.ref} has no node ${JSON.stringify(node)} (its nodes: ${this.nodes.join(", ") || "none"})`;
  }

  isMessages(field) {
    return this.messages.has(field);
  }

  toolNode(tool) {
    return toolNode(tool, (name) => name in this.channels);
  }

  // held is a field's value as the graph's channel holds it, which its
  // nodes receive: the messages of a messages channel are LangChain
  // messages (HumanMessage, AIMessage with its tool_calls, ToolMessage),
  // each coerced by the channel's own reducer as a write of it would be.
  // A message without an id keeps none.
  held(field, value) {
    const op = this.messages.get(field);
    if (!op || !Array.isArray(value)) return value;
    return value.map((m) => {
      const [c] = op([], [m]);
      if ((m?.id === undefined || m?.id === null) && c !== null && typeof c === "object") {
        c.id = undefined;
        if (isObject(c.lc_kwargs)) c.lc_kwargs.id = undefined;
      }
      return c;
    });
  }

  // compile copies the user's builder (channels, schemas, input and output
  // definitions, node defaults) without its nodes and edges, and adds the
  // step's: a real node is the user's node spec (its input schema, retry
  // policy, subgraphs) around a runnable that keeps what it returned.
  compile(names, real) {
    const user = this.user.builder;
    const b = Object.create(Object.getPrototypeOf(user));
    Object.assign(b, user);
    b.nodes = {};
    b.edges = new Set();
    b.branches = {};
    b.waitingEdges = new Set();
    b.entryPoint = undefined;
    b.compiled = false;
    b.channels = { ...this.channels };
    b._schemaDefinitions = new Map(user._schemaDefinitions);
    // an error handler would turn a node's error into a route: the step
    // reports the error instead
    b._nodeDefaults = { ...(user._nodeDefaults ?? {}), errorHandler: undefined };
    for (const name of names) {
      if (!real.has(name)) {
        b.addNode(name, () => current?.take(name) ?? null, { ends: names });
        continue;
      }
      const spec = user.nodes[name];
      b.addNode(name, async (state, config) => {
        try {
          const out = await spec.runnable.invoke(state, config);
          current?.ran(name, out);
          return out;
        } catch (e) {
          current?.threw(name, e);
          throw e;
        }
      }, { ends: names });
      b.nodes[name] = { ...spec, runnable: b.nodes[name].runnable, ends: names, errorHandlerNode: undefined };
    }
    b.addEdge(START, END);
    const checkpointer = new MemorySaver(identitySerde);
    return {
      checkpointer,
      graph: b.compile({ checkpointer, interruptAfter: names.length ? names : undefined }),
    };
  }

  // whole is the user's graph whole, its nodes and edges as they are, on
  // the counted channels (generated ids are the harness's), but for the
  // scripted nodes (a run's returns), whose code does not run: compiled
  // once per set of scripted nodes, every copy on the graph's one
  // checkpointer, so a scenario thread goes on across runs. lib is the
  // graph's own @langchain/langgraph (libraryOf), whose Command a scripted
  // node returns.
  whole(scripted, lib) {
    const key = JSON.stringify([...scripted].sort());
    this.wholeGraphs ??= new Map();
    let g = this.wholeGraphs.get(key);
    if (g) return g;
    this.checkpointer ??= new MemorySaver(identitySerde);
    const user = this.user.builder;
    const b = Object.create(Object.getPrototypeOf(user));
    Object.assign(b, user);
    b.compiled = false;
    b.channels = { ...this.channels };
    b.nodes = { ...user.nodes };
    b._schemaDefinitions = new Map(user._schemaDefinitions);
    for (const name of scripted) {
      const spec = user.nodes[name];
      delete b.nodes[name];
      b.addNode(name, scriptedNode(name, (output) => nodeOutput({ output }, lib?.Command ?? Command)));
      b.nodes[name] = { ...spec, runnable: b.nodes[name].runnable, subgraphs: undefined };
    }
    // the user's static breakpoints stop the run where the library's own run stops
    const { interruptBefore, interruptAfter } = this.user;
    g = { checkpointer: this.checkpointer, graph: b.compile({ checkpointer: this.checkpointer, interruptBefore, interruptAfter }) };
    this.wholeGraphs.set(key, g);
    return g;
  }

  // file is the graph module's path.
  file() {
    return path.resolve(root, this.ref.slice(0, this.ref.lastIndexOf(":")));
  }
}

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
function nodeOutput(n, Cmd = Command) {
  const revive = (v) => (isObject(v) && v.lg_name === "Command" ? new Cmd(v) : v);
  if (n.command && isObject(n.output)) return new Cmd(n.output);
  if (Array.isArray(n.output)) return n.output.map(revive);
  return revive(n.output);
}

// seed puts the state before a commit in a fresh thread, each value as
// the spec's channel holds it.
async function seed(spec, checkpointer, config, before) {
  const cp = emptyCheckpoint();
  for (const [k, v] of Object.entries(before)) {
    cp.channel_values[k] = spec.held ? spec.held(k, v) : v;
    cp.channel_versions[k] = 1;
  }
  return checkpointer.put(config, cp, { source: "input", step: -1, parents: {} }, {});
}

async function commit(spec, req) {
  const outputs = req.outputs ?? [];
  let nodes = [];
  const returns = new Map();
  const real = new Set();
  switch (req.kind) {
    case "input":
      break;
    case "step":
      // a goto names a node of the graph or none: LangGraph drops a write
      // to a node it does not have, and no goto runs here anyway
      for (const o of outputs) {
        if (o.run) {
          const why = spec.real(o.node);
          if (why) return { error: { code: "RUNTIME_ERROR", message: why } };
          real.add(o.node);
          returns.delete(o.node);
        } else {
          real.delete(o.node);
          returns.set(o.node, nodeOutput(o));
        }
      }
      nodes = [...new Set(outputs.map((o) => o.node))];
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
  let built;
  try {
    built = spec.graph(nodes, real);
  } catch (e) {
    return { error: errorOf(spec, e) };
  }
  const { graph, checkpointer } = built;
  const thread = "t" + ++threads;
  // the thread lives for this one commit: its checkpoint is needed only
  // at the end
  const config = { configurable: { thread_id: thread }, durability: "exit" };
  ids.prefix = spec.idPrefix;
  ids.next = req.nextId ?? 0;
  const ran = new Map(); // real node → what it returned
  const threw = new Map(); // real node → what it threw last
  current = {
    take(name) {
      if (!returns.has(name)) return null;
      const out = returns.get(name);
      returns.delete(name);
      return out;
    },
    ran(name, out) {
      ran.set(name, out);
      threw.delete(name); // a retry that succeeded
    },
    threw(name, e) {
      threw.set(name, e);
    },
  };
  try {
    let result;
    try {
      if (req.before) await seed(spec, checkpointer, config, req.before);
      if (req.kind === "input") result = await graph.invoke(req.input ?? {}, config);
      else if (nodes.length > 0) result = await graph.invoke(new Command({ goto: nodes }), config);
    } catch (e) {
      // a real node's return that is not JSON comes before what LangGraph made of it
      return { error: nonJSONReturn(ran) ?? errorOf(spec, e, threw, () => writersOf(req, outputs, ran)) };
    }
    for (const [name, e] of threw) {
      if (isGraphInterrupt(e)) {
        return { error: { code: "RUNTIME_ERROR", message: `node ${JSON.stringify(name)} called interrupt(): a scenario cannot resume a real node yet` } };
      }
    }
    if (Array.isArray(result?.__interrupt__) && result.__interrupt__.length > 0) {
      return { error: { code: "RUNTIME_ERROR", message: "the step was interrupted (interrupt()): a scenario cannot resume a real node yet" } };
    }
    const bad = nonJSONReturn(ran);
    if (bad) return { error: bad };
    const snap = await graph.getState(config);
    let values;
    try {
      // a channel with no value reads as an undefined member (StateSchema's
      // optional fields): absent, as in the JSON of the graph's invoke()
      const present = Object.entries(snap.values ?? {}).filter(([, x]) => x !== undefined);
      values = toJSONValue(Object.fromEntries(present), [], new Set(), false);
    } catch (e) {
      if (!(e instanceof NonJSON)) throw e;
      // a field the state before lacked starts from its channel's default
      const fromDefault = spec instanceof OwnGraph && !Object.prototype.hasOwnProperty.call(req.before ?? {}, e.path[0]) && defaultHolds(spec.channels, e.path);
      return { error: e.answer("after the step, the state holds", fromDefault ? defaultBlame(e.path[0]) : "a reducer or a node of the graph produced it") };
    }
    const out = { nextId: ids.next, values };
    if (real.size > 0) {
      out.returned = {};
      for (const name of real) out.returned[name] = returnedJSON(ran.get(name));
    }
    return out;
  } finally {
    current = null;
    await checkpointer.deleteThread(thread);
  }
}

// ---- answers ----

// plain maps a message to docs/reference.md, Reducers's JSON message (message.mjs), each
// field checked to be JSON.
function plain(m, path, ancestors) {
  return plainMessage(m, (k, v) => toJSONValue(v, [...path, k], ancestors, false));
}

// ---- JSON values (docs/reference.md, Values) ----

// NonJSON is a value that is not JSON where a node's return or the state
// must be JSON. The harness refuses it: JSON.stringify would change it
// silently (NaN to null, a Date to a string, a Map to {}, an undefined
// member away) or throw (a BigInt, a cycle).
class NonJSON extends Error {
  constructor(path, what, hint) {
    super(what);
    this.path = path;
    this.what = what;
    this.hint = hint;
  }

  answer(prefix, why) {
    const message = `${prefix} ${this.what}, which is not a JSON value${why ? ` (${why})` : ""}: ${this.hint}`;
    return { code: "NON_JSON_VALUE", message, path: this.path };
  }
}

// kindOf names a value that is not JSON and says what to write instead.
function kindOf(v) {
  switch (typeof v) {
    case "number":
      return [String(v), "JSON has no NaN or Infinity; use null or a string"];
    case "undefined":
      return ["undefined", "leave the key out, or use null"];
    case "bigint":
      return [`the BigInt ${v}n`, "use a number within ±(2^53−1), or a string"];
    case "function":
      return ["a function", "leave it out"];
    case "symbol":
      return ["a symbol", "use a string"];
  }
  if (v instanceof Date) return ["a Date", "use date.toISOString()"];
  if (v instanceof Map) return ["a Map", "use Object.fromEntries(map)"];
  if (v instanceof Set) return ["a Set", "use [...set]"];
  const name = v?.constructor?.name;
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return [`a ${name ?? "typed array"}`, "use Array.from(...)"];
  return [name ? `an instance of ${name}` : "an object of a class", "use a plain object ({...value})"];
}

// isLangGraphValue is a Command, Send or Overwrite, of whichever copy of
// @langchain/langgraph the graph imported.
function isLangGraphValue(v) {
  return ["Command", "Send", "Overwrite"].includes(v.lg_name) && typeof v.toJSON === "function";
}

// toJSONValue is v as JSON, messages in their plain form, or throws
// NonJSON naming the path of the first value that is not JSON. langgraph
// admits Commands, Sends and Overwrites (what a node may return), as their
// toJSON() gives them.
function toJSONValue(v, path, ancestors, langgraph) {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v !== "object") throw new NonJSON(path, ...kindOf(v));
  if (ancestors.has(v)) throw new NonJSON(path, "a reference to an object that contains it (a cycle)", "return a copy without the cycle");
  ancestors.add(v);
  try {
    if (BaseMessage.isInstance(v)) return plain(v, path, ancestors);
    if (Array.isArray(v)) return v.map((x, i) => toJSONValue(x, [...path, i], ancestors, langgraph));
    if (langgraph && isLangGraphValue(v)) {
      // the members toJSON() leaves undefined are LangGraph's, not the node's
      const j = v.toJSON();
      const own = isObject(j) ? Object.fromEntries(Object.entries(j).filter(([, x]) => x !== undefined)) : j;
      return toJSONValue(own, path, ancestors, langgraph);
    }
    if (!isPlainObject(v)) throw new NonJSON(path, ...kindOf(v));
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = toJSONValue(x, [...path, k], ancestors, langgraph);
    return out;
  } finally {
    ancestors.delete(v);
  }
}

// returnedJSON is what a real node returned as JSON: nothing is null,
// messages are in their plain form, a Command as its toJSON() gives it.
// It throws NonJSON.
function returnedJSON(v) {
  if (v === undefined) return null;
  return toJSONValue(v, [], new Set(), true);
}

// nonJSONReturn is the error of the first real node whose return is not
// JSON, or null.
function nonJSONReturn(ran) {
  for (const [name, v] of ran) {
    try {
      returnedJSON(v);
    } catch (e) {
      if (!(e instanceof NonJSON)) throw e;
      return e.answer(`node ${JSON.stringify(name)} returned`);
    }
  }
  return null;
}

function isPlainObject(v) {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const troubleshooting = "\n\nTroubleshooting URL:";
const channelRe = /^Invalid update for channel "((?:[^"\\]|\\.)*)"/;

function stripLink(message) {
  const cut = message.indexOf(troubleshooting);
  return cut >= 0 ? message.slice(0, cut) : message;
}

function firstError(e) {
  while (e instanceof AggregateError && e.errors?.length) e = e.errors[0];
  return e;
}

// errorOf maps an error LangGraph threw to the harness's code (docs/reference.md, Runtimes);
// writers lists what the commit wrote, to quote a value a schema refused.
function errorOf(spec, err, threw, writers) {
  const e = firstError(err);
  // what a real node threw is the node's error, whatever it is
  for (const [node, t] of threw ?? []) {
    if (t === e || t === err) {
      return nodeThrew(node, e);
    }
  }
  if (e === null || typeof e !== "object") return { code: "RUNTIME_ERROR", message: String(e) };
  const refused = schemaRefusal(e, writers);
  if (refused) return refused;
  const message = stripLink(String(e.message ?? e));
  let field = typeof e.field === "string" ? e.field : undefined;
  const m = channelRe.exec(message);
  if (m && field === undefined) field = JSON.parse('"' + m[1] + '"');
  const name = e.name ?? e.constructor?.name;
  let code = typeof e.lc_error_code === "string" ? e.lc_error_code : undefined;
  if (!code) {
    if (message.endsWith("Can receive only one Overwrite value per step.")) code = "INVALID_CONCURRENT_GRAPH_UPDATE";
    else if (message.startsWith("Attempting to delete a message with an ID that doesn't exist")) code = "MESSAGE_NOT_FOUND";
    else if ((name === "TypeError" || name === "SyntaxError") && (e.messagesReducer || spec.isMessages(field))) code = "MESSAGE_COERCION_FAILURE";
    else code = "RUNTIME_ERROR";
  }
  const out = { code, message, name };
  if (field !== undefined) out.field = field;
  return out;
}

// nodeThrew is the NODE_ERROR of a real node that threw e, naming the
// first line of the suite's code in its stack.
function nodeThrew(node, e) {
  const what = e !== null && typeof e === "object" ? `${e.name ?? "Error"}: ${stripLink(String(e.message ?? e))}` : String(e);
  const at = userFrame(e);
  return { code: "NODE_ERROR", message: `node ${JSON.stringify(node)} threw ${what}${at ? ` (at ${at})` : ""}`, name: e?.name };
}

// ---- where an error comes from ----

const bridgeFile = fileURLToPath(import.meta.url);

// userFrame is the first frame of an error's stack in the suite's own code
// (under the root, outside node_modules), as "file:line:col" relative to
// the root, or "".
function userFrame(e) {
  const stack = typeof e?.stack === "string" ? e.stack : "";
  for (const line of stack.split("\n")) {
    const m = /^\s+at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (!m) continue;
    let file = m[1].replace(/^async /, "");
    if (file.startsWith("file://")) {
      try {
        file = fileURLToPath(file.replace(/\?.*$/, ""));
      } catch {
        continue;
      }
    }
    if (!path.isAbsolute(file) || path.dirname(file) === path.dirname(bridgeFile)) continue;
    const rel = path.relative(path.resolve(root), file);
    if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel) || rel.split(path.sep).includes("node_modules")) continue;
    return `${rel.split(path.sep).join("/")}:${m[2]}:${m[3]}`;
  }
  return "";
}

// schemaRefusal is a write the graph's own schema refused (zod's ZodError
// for a zod state, StateSchema's "Validation failed for field" for a
// StateSchema) as TYPE_MISMATCH at the JSON path of its first issue, with
// zod's message: the code the built-in engine gives a value its schema's
// type or enum refuses. Otherwise null.
function schemaRefusal(e, writers) {
  let issues = null;
  let prefix = [];
  if (Array.isArray(e.issues) && /ZodError$/.test(String(e.name ?? e.constructor?.name ?? ""))) {
    issues = e.issues;
  } else {
    const m = /^Validation failed for field "((?:[^"\\]|\\.)*)": (\[[\s\S]*\])$/.exec(String(e.message ?? ""));
    if (!m) return null;
    try {
      prefix = [JSON.parse('"' + m[1] + '"')];
      issues = JSON.parse(m[2]);
    } catch {
      return null;
    }
  }
  const issue = issues?.[0];
  if (!isObject(issue)) return null;
  const at = [...prefix, ...(Array.isArray(issue.path) ? issue.path : [])].map((k) => (isObject(k) ? k.key : k));
  if (!at.every((k) => typeof k === "string" || Number.isInteger(k)) || (at.length > 0 && typeof at[0] !== "string")) return null;
  const more = issues.length > 1 ? `; and ${issues.length - 1} more ${issues.length > 2 ? "issues" : "issue"}` : "";
  if (at.length === 0) return { code: "TYPE_MISMATCH", message: `the graph's schema refuses the update: ${issue.message ?? "invalid"}${more}`, name: e.name };
  let message = `field ${JSON.stringify(at[0])} does not match the graph's schema: ${issue.message ?? "invalid"}`;
  for (const [who, value] of writers?.() ?? []) {
    let v = value;
    for (const k of at) v = v !== null && typeof v === "object" && Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
    if (v === undefined) continue;
    let text;
    try {
      text = JSON.stringify(toJSONValue(v, [], new Set(), true));
    } catch {
      text = undefined;
    }
    if (text !== undefined) message += ` (the value is ${text.length > 200 ? text.slice(0, 200) + "…" : text}, from ${who})`;
    break;
  }
  return { code: "TYPE_MISMATCH", message: message + more, name: e.name, field: at[0], path: at };
}

// writersOf lists what a commit wrote, as [who, value]: the input, each
// scripted node's update, each real node's return.
function writersOf(req, outputs, ran) {
  const out = [];
  const update = (v) => (v?.lg_name === "Command" ? (isObject(v.update) ? v.update : Array.isArray(v.update) ? Object.fromEntries(v.update) : null) : v);
  if (req.kind === "input") out.push(["input", req.input]);
  for (const o of outputs) {
    if (!o.run) out.push([`node ${JSON.stringify(o.node)}`, update(nodeOutput(o))]);
    else if (ran.has(o.node)) out.push([`node ${JSON.stringify(o.node)}`, update(ran.get(o.node))]);
  }
  if (req.kind === "tool") out.push([`tool ${JSON.stringify(req.tool)}`, Object.fromEntries(req.writes ?? [])]);
  return out.filter(([, v]) => isObject(v));
}

// defaultHolds says whether the default of the channel of path[0] holds
// a value that is not JSON at the rest of path: the value a step's state
// holds there came from the default (the factory's {theme: undefined}),
// not from a reducer or a node.
function defaultHolds(channels, path) {
  const factory = channels?.[path[0]]?.initialValueFactory;
  if (typeof path[0] !== "string" || typeof factory !== "function") return false;
  let v;
  try {
    v = factory();
  } catch {
    return false;
  }
  for (const k of path.slice(1)) {
    if (v === null || typeof v !== "object" || !Object.prototype.hasOwnProperty.call(v, k)) return false;
    v = v[k];
  }
  try {
    toJSONValue(v, [], new Set(), false);
    return false;
  } catch (e) {
    if (!(e instanceof NonJSON)) return false;
    return e.path.length === 0;
  }
}

function defaultBlame(field) {
  return `the default of the graph's field ${JSON.stringify(field)} holds it: its channel's default factory returns it`;
}

// ---- a live run (scenario record --graph) ----

// yourself is what to do with a run the live form cannot record.
const yourself = "stream the run yourself (graph.stream(input, {streamMode: [\"updates\", \"values\"]}), one JSON line per chunk) and pass the file to scenario record";

// streamGraph runs the graph end to end and answers with its updates and
// values chunks.
async function streamGraph(req) {
  let graph;
  try {
    graph = await importGraph(String(req.graph ?? ""));
  } catch (e) {
    return { error: { code: "RUNTIME_ERROR", message: `cannot load the graph ${req.graph}: ${String(e?.message ?? e)}` } };
  }
  if (graph.checkpointer) {
    return { error: { code: "RUNTIME_ERROR", message: `the graph ${req.graph} is compiled with a checkpointer, so a run needs a thread_id and may resume: the live run does not support it; ${yourself}` } };
  }
  const chunks = [];
  const names = new Map(); // task id → node
  const interrupted = (node) => ({ code: "RUNTIME_ERROR", message: `${node === undefined ? "the run was interrupted" : `node ${JSON.stringify(node)} called interrupt()`}: the live run does not support interrupts (the harness has no step for a resume); ${yourself}, up to the interrupt` });
  try {
    for await (const [mode, chunk] of await graph.stream(req.input ?? {}, { streamMode: ["updates", "values", "tasks"] })) {
      if (mode === "tasks") {
        if (typeof chunk?.id === "string") names.set(chunk.id, chunk.name);
        continue;
      }
      if (mode === "updates" && isObject(chunk) && "__interrupt__" in chunk) return { error: interrupted() };
      // a channel with no value reads as an undefined member: absent
      const value = mode === "values" && isObject(chunk) ? Object.fromEntries(Object.entries(chunk).filter(([, x]) => x !== undefined)) : chunk;
      const bad = nonJSONChunk(mode, value, chunks.length + 1, graph.builder.channels);
      if (bad) return { error: bad };
      chunks.push([mode, value]);
    }
  } catch (err) {
    const e = firstError(err);
    const node = names.get(e?.pregelTaskId);
    if (e?.lc_error_code === "MISSING_CHECKPOINTER" || isGraphInterrupt(e)) return { error: interrupted(node) };
    if (node !== undefined) return { error: nodeThrew(node, e) };
    return { error: errorOf({ isMessages: () => false }, err) };
  }
  return { chunks, kinds: channelKinds(graph) };
}

// runWhole runs the scenario's own graph whole (runtimes/bridge/doc.go, "A
// run"): on the scenario thread's checkpointer thread, kept across runs
// (continue) or fresh and seeded with before, from the input, a resume or
// a command, the chat models, scripted nodes and tools answering from the
// request's scripts. It answers the state at the end, the supersteps with
// their tasks (a subgraph's nested), the next nodes, the pending
// interrupts and what used each script.
async function runWhole(spec, req) {
  await patchLibraries(spec.file());
  const run = new Run(req, describeMessage);
  for (const n of run.returns.keys()) {
    const why = spec.real(n);
    if (why) return { error: { code: "RUNTIME_ERROR", message: why } };
  }
  // the graph's own LangGraph: its Command is the one the graph knows
  const lib = await libraryOf(spec.file(), spec.user.builder);
  const Cmd = lib?.Command ?? Command;
  let built;
  try {
    built = spec.whole([...run.returns.keys()], lib);
  } catch (e) {
    return { error: errorOf(spec, e) };
  }
  const { graph, checkpointer } = built;
  const key = String(req.thread ?? "");
  let thread = spec.threads.get(key);
  const fresh = !req.continue || !thread;
  if (fresh) {
    if (thread) await checkpointer.deleteThread(thread.id);
    thread = { id: "w" + ++threads, ids: new Map() };
    spec.threads.set(key, thread);
  }
  const config = { configurable: { thread_id: thread.id } };
  ids.prefix = spec.idPrefix;
  ids.next = req.nextId ?? 0;
  if (fresh && req.before) await seed(spec, checkpointer, config, req.before);
  let input = req.input ?? null;
  if (req.resume || req.command) {
    const pending = (await graph.getState(config)).tasks.flatMap((t) => (t.interrupts ?? []).map((i) => ({ lib: i.id, node: t.name, id: thread.ids.get(i.id) })));
    const resumeOf = (r, byId) => {
      if (pending.length === 0) throw new Refusal("there is no pending interrupt on the thread to resume (the last run ended or stopped at a breakpoint): run the graph with no input to go on");
      if (!byId) return r;
      const names = pending.map((p) => `${p.id ?? p.lib} (node ${JSON.stringify(p.node)})`).join(", ");
      const out = {};
      for (const [id, v] of Object.entries(r)) {
        const p = pending.find((x) => x.id === id);
        if (!p) throw new Refusal(`no pending interrupt is named ${JSON.stringify(id)} (pending: ${names})`);
        out[p.lib] = v;
      }
      return out;
    };
    // a command's resume names interrupts as the harness does when every key is such a name
    const named = (v) => isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => /^interrupt-\d+$/.test(k));
    try {
      if (req.resume) {
        const byId = isObject(req.resume.byId);
        input = new Cmd({ resume: resumeOf(byId ? req.resume.byId : req.resume.value, byId) });
      } else {
        const c = req.command ?? {};
        const fields = {};
        if ("resume" in c) fields.resume = resumeOf(c.resume, named(c.resume));
        if ("update" in c) fields.update = c.update;
        if ("goto" in c) fields.goto = c.goto;
        input = new Cmd(fields);
      }
    } catch (e) {
      if (e instanceof Refusal) return { error: { code: "RUNTIME_ERROR", message: `cannot resume: ${e.message}` } };
      throw e;
    }
  }
  const trace = new Trace();
  let last;
  const opts = { ...config, streamMode: ["debug", "values"], subgraphs: true };
  if (req.recursionLimit) opts.recursionLimit = req.recursionLimit;
  try {
    await during(run, async () => {
      for await (const [ns, mode, chunk] of await graph.stream(input, opts)) {
        if (mode === "debug") trace.add(ns, chunk);
        else if (ns.length === 0) last = chunk;
      }
    });
  } catch (err) {
    if (run.failure) return { error: scriptFailure(run.failure, trace) };
    const e = firstError(err);
    if (e?.lc_error_code === "GRAPH_RECURSION_LIMIT" || e?.name === "GraphRecursionError") return { error: recursionLimitReached(e, req.recursionLimit, trace.nodes(), (await graph.getState(config)).next ?? []) };
    const task = trace.taskOf(e?.pregelTaskId);
    if (task) {
      const out = nodeThrew(task.inner ?? task.node, e);
      out.message = `superstep ${task.step}: ${out.message}${task.inner ? ` (in the subgraph of node ${JSON.stringify(task.node)})` : ""}`;
      return { error: out };
    }
    // a write the graph refused (a channel's conflict, a reducer's error): the superstep that wrote it
    const out = errorOf(spec, err);
    const last = trace.nodes().at(-1);
    if (last) out.message = `superstep ${last.step} (${last.nodes.join(", ")}): ${out.message}`;
    return { error: out };
  }
  if (run.failure) return { error: scriptFailure(run.failure, trace) };
  const snap = await graph.getState(config);
  const json = (v) => toJSONValue(v, [], new Set(), true);
  const plainState = (v) => json(Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => x !== undefined)));
  let values;
  try {
    values = plainState(snap.values ?? last);
  } catch (e) {
    if (!(e instanceof NonJSON)) throw e;
    return { error: e.answer("after the run, the state holds", "a reducer or a node of the graph produced it") };
  }
  let steps;
  try {
    steps = trace.steps(plainState, json, "", values);
  } catch (e) {
    if (!(e instanceof NonJSON)) throw e;
    return { error: e.answer("a superstep of the run wrote", "a node of the graph produced it") };
  }
  const interrupts = [];
  const raisedAt = (lib) => {
    const i = trace.raised.indexOf(lib);
    return i < 0 ? Infinity : i;
  };
  // a subgraph's interrupt is its parent task's too: the inner node raised it
  const pending = [];
  const walk = (s) => {
    for (const t of s?.tasks ?? []) {
      for (const i of t.interrupts ?? []) {
        const at = pending.find((p) => p.lib === i.id);
        if (at) at.node = String(t.name);
        else pending.push({ lib: i.id, node: String(t.name), value: i.value });
      }
      if (t.state?.tasks) walk(t.state);
    }
  };
  walk(await graph.getState(config, { subgraphs: true }));
  pending.sort((a, b) => raisedAt(a.lib) - raisedAt(b.lib));
  for (const p of pending) {
    if (!thread.ids.has(p.lib)) thread.ids.set(p.lib, `interrupt-${++spec.interrupts}`);
    let value;
    try {
      value = json(p.value ?? null);
    } catch (e) {
      if (!(e instanceof NonJSON)) throw e;
      return { error: e.answer(`the interrupt of node ${JSON.stringify(p.node)} holds`, "interrupt() was given it") };
    }
    interrupts.push({ id: thread.ids.get(p.lib), node: p.node, value });
  }
  return {
    nextId: ids.next,
    values,
    steps,
    next: [...(snap.next ?? [])].sort(),
    interrupts,
    calls: run.calls.map((c) => {
      const out = { ...trace.locate(c.at), reply: c.reply };
      if (c.script) out.script = c.script;
      if (c.last !== undefined) out.last = c.last;
      return out;
    }),
    returns: run.returned.map((r) => ({ ...trace.locate(r.at), index: r.index })),
    tools: run.answered.map((t) => ({ ...trace.locate(t.at), tool: t.tool, answer: t.answer })),
    ...(run.capture ? { captured: run.captured(trace) } : {}),
  };
}

// Refusal is a resume the run cannot give: no interrupt is pending, or
// none has the name given.
class Refusal extends Error {}

// scriptFailure is the error of a script that refused a call, naming the
// superstep and the node.
function scriptFailure(f, trace) {
  return { code: f.lc_error_code, message: f.say(trace.describe(f.at)) };
}

// describeMessage is a message a model was given as plain JSON, as the
// state holds messages.
function describeMessage(m) {
  try {
    if (BaseMessage.isInstance(m)) return plain(m, [], new Set());
    return toJSONValue(m, [], new Set(), false);
  } catch {
    return { type: typeof m?._getType === "function" ? m._getType() : "unknown", content: String(m?.content ?? m) };
  }
}

// recursionLimitReached is the GRAPH_RECURSION_LIMIT of a run the library
// stopped at its recursion limit: the limit, the last supersteps and the
// nodes it would have run next (next, the thread's: the debug stream
// stops before the last superstep's checkpoint).
function recursionLimitReached(e, limit, supersteps, next) {
  const n = /Recursion limit of (\d+)/.exec(String(e.message))?.[1] ?? limit ?? "?";
  const steps = supersteps.map((s, i) => `${i + 1}: ${s.nodes.join(", ")}`);
  const last = steps.length ? `its last supersteps: ${steps.slice(-3).join("; ")}` : "it ran no superstep";
  const then = next.length ? `; next it would run ${[...next].sort().join(", ")}` : "";
  return { code: "GRAPH_RECURSION_LIMIT", message: `the run reached the recursion limit of ${n} supersteps without ending (${last}${then}). Find the route that loops, or raise the limit with "Given the recursion limit is <n>"` };
}

// channelKinds names each channel of the graph by kind.
function channelKinds(graph) {
  const kinds = {};
  for (const [k, ch] of Object.entries(graph.builder.channels)) {
    if (k.startsWith("__")) continue;
    if (ch?.lc_graph_name === "LastValue") kinds[k] = "last-value";
    else if (countedChannel(k, ch).messages) kinds[k] = "messages";
    else if (ch?.lc_graph_name === "BinaryOperatorAggregate" || ch?.lc_graph_name === "DeltaChannel") kinds[k] = "reducer";
    else kinds[k] = "other";
  }
  return kinds;
}

// nonJSONChunk is the error of a chunk that is not JSON (n: its place in
// the run), or null: an update names its node, a state the chunk.
function nonJSONChunk(mode, value, n, channels) {
  const updates = mode === "updates" && isObject(value) ? Object.entries(value) : [[null, value]];
  for (const [node, v] of updates) {
    try {
      toJSONValue(v, [], new Set(), node !== null);
    } catch (e) {
      if (!(e instanceof NonJSON)) throw e;
      if (node !== null) return e.answer(`node ${JSON.stringify(node)} returned`);
      return e.answer(`the state of the run's chunk ${n} holds`, defaultHolds(channels, e.path) ? defaultBlame(e.path[0]) : "a reducer or a node of the graph produced it");
    }
  }
  return null;
}

// ---- the process a scenario's nodes run in ----

// ProcessState is a scenario's working directory and environment. The
// scenarios share one process: a node that changes either (process.chdir,
// process.env) changes it for the rest of its own scenario, as in a run of
// its own, and never for another's. during(f) runs f in this state and
// keeps what f changed, leaving the process as the bridge started.
class ProcessState {
  constructor() {
    this.cwd = started.cwd;
    this.env = started.env;
  }

  async during(f) {
    enter(this);
    try {
      return await f();
    } finally {
      this.cwd = process.cwd();
      this.env = { ...process.env };
      enter(started);
    }
  }
}

const started = { cwd: process.cwd(), env: { ...process.env } };

// enter makes the process's directory and environment those of state.
function enter(state) {
  if (process.cwd() !== state.cwd) {
    try {
      process.chdir(state.cwd);
    } catch {
      // a directory a node removed: stay where the process is
    }
  }
  for (const k of Object.keys(process.env)) if (!Object.prototype.hasOwnProperty.call(state.env, k)) delete process.env[k];
  for (const [k, v] of Object.entries(state.env)) if (process.env[k] !== v) process.env[k] = v;
}

// ---- the loop ----

// Specs from a schema are shared by the scenarios that open the same one,
// and kept a while after the last closes, so that a suite compiles each
// graph once. A scenario's own graph is its own: loaded afresh at its open
// (see fresh), dropped at its close. One that closes without having run a
// commit is as fresh as a new one (none of its code ran after its
// module's top level): it is kept as the spare of its graph, for the next
// open of the same graph (the scenario's own, after the Given step
// opened it to check that it loads).
const specs = new Map(); // key → {id, spec, refs}
const byID = new Map(); // id → entry
const spares = new Map(); // key → an own graph's entry that ran nothing
const keepClosed = 64;
let nextSpec = 0;

async function open(raw) {
  const key = JSON.stringify(raw);
  if (raw.graph) {
    let spec = spares.get(key)?.spec;
    spares.delete(key);
    if (!spec) {
      // the module's top level runs in the scenario's process state
      const proc = new ProcessState();
      spec = await proc.during(async () => new OwnGraph(raw, await importGraph(raw.graph), proc));
    }
    const entry = { id: ++nextSpec, key, spec, refs: 1, ran: false };
    byID.set(entry.id, entry);
    return { graph: entry.id, channels: Object.keys(spec.channels), nodes: spec.nodes, kinds: channelKinds(spec.user) };
  }
  let entry = specs.get(key);
  if (entry) {
    specs.delete(key); // to the end: the most recently used
  } else {
    entry = { id: ++nextSpec, key, spec: new Spec(raw, await codeReducers(raw.fields)), refs: 0 };
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
  return { graph: entry.id };
}

async function handle(req) {
  switch (req.op) {
    case "open":
      try {
        return await open(req.spec ?? {});
      } catch (e) {
        return { error: { code: "RUNTIME_ERROR", message: String(e?.message ?? e) } };
      }
    case "commit": {
      const entry = byID.get(req.graph);
      if (!entry) return { fatal: `no graph ${req.graph} is open` };
      // a scenario's own nodes run in its own directory and environment
      if (entry.spec instanceof OwnGraph) {
        entry.ran = true;
        return entry.spec.proc.during(() => commit(entry.spec, req));
      }
      return commit(entry.spec, req);
    }
    case "stream":
      return new ProcessState().during(() => streamGraph(req));
    case "run": {
      const entry = byID.get(req.graph);
      if (!entry) return { fatal: `no graph ${req.graph} is open` };
      if (!(entry.spec instanceof OwnGraph)) return { error: { code: "RUNTIME_ERROR", message: "a whole-graph run needs the scenario's own graph (Given the graph from)" } };
      entry.ran = true;
      return entry.spec.proc.during(() => runWhole(entry.spec, req));
    }
    case "route":
      try {
        return { fields: await readRoute(String(req.dir ?? "")) };
      } catch (e) {
        if (e instanceof RouteError) return { error: { code: "SCHEMA_INVALID", message: e.message } };
        return { error: { code: "RUNTIME_ERROR", message: `cannot read the route ${req.dir}: ${String(e?.message ?? e)}` } };
      }
    case "close": {
      const entry = byID.get(req.graph);
      if (entry && entry.refs > 0) entry.refs--;
      if (entry?.spec instanceof OwnGraph) {
        byID.delete(req.graph);
        if (!entry.ran) spares.set(entry.key, entry);
      }
      return {};
    }
  }
  return { fatal: `unknown op ${JSON.stringify(req.op)}` };
}

send({ ready: { "@langchain/langgraph": versionOf("@langchain/langgraph"), "@langchain/core": versionOf("@langchain/core"), node: process.version } });

const rl = readline.createInterface({ input, crlfDelay: Infinity });
// stdin closes when the harness stops the bridge or dies: exit then, even
// while a node of the user's awaits something that never comes
rl.on("close", () => process.exit(0));
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
