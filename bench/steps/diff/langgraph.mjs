// langgraph.mjs: the LangGraph JS side of the differential check of whole
// supersteps (bench/steps/diff).
//
// Reads one case per line on stdin and writes one JSON line per case. A case
// is {"profile", "fields", "input", "step"?} (see README.md). For each case
// it builds a real StateGraph from the fields, invokes it on a new thread
// with the input, and lets every node of the step run in ONE superstep:
// START fans out to all of them, each returns its scripted output, and the
// graph is compiled with interruptAfter on them (and a MemorySaver), so a
// command's goto never starts another superstep.
//
// Answer: {"state": {...}} (messages as plain JSON, generated ids as auto-n)
// or {"phase": "input"|"step", "errors": [{message, code, name, field}]}
// (several entries for an AggregateError, in its order).
//
// Generated ids: messagesStateReducer calls uuid v4, which uses
// crypto.randomUUID; it is replaced by a counter reset per case, so the n-th
// generated id becomes "auto-n", the engine's numbering.
import { createRequire } from "node:module";
import readline from "node:readline";
import { plain } from "../../messages/plain.mjs";

const require = createRequire(import.meta.url);

let generated = 0;
const prefix = "00000000-0000-4000-8000-";
crypto.randomUUID = () => prefix + String(++generated).padStart(12, "0");

const { Annotation, Command, MemorySaver, START, StateGraph, messagesStateReducer } = require("@langchain/langgraph");
const { LastValue } = require("@langchain/langgraph/channels");
const { BaseMessage } = require("@langchain/core/messages");

function autoID(id) {
  if (typeof id === "string" && id.startsWith(prefix)) return "auto-" + Number(id.slice(prefix.length));
  return id;
}

// toPlain maps the BaseMessages anywhere in a state value to plain JSON.
function toPlain(v) {
  if (BaseMessage.isInstance(v)) return plain(v, autoID);
  if (Array.isArray(v)) return v.map(toPlain);
  if (v !== null && typeof v === "object") {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = toPlain(x);
    return out;
  }
  return v;
}

// ReducerTypeError is a write of the wrong type for one of SPEC §5's
// reducers (REDUCER_TYPE_ERROR).
class ReducerTypeError extends Error {
  constructor(field, reducer, want, got) {
    super(`field "${field}" with reducer ${reducer} expects ${want}, received ${jsonType(got)}`);
    this.name = "ReducerTypeError";
    this.lc_error_code = "REDUCER_TYPE_ERROR";
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

// reducerFor returns SPEC §5's reducer as a JS function for one field.
function reducerFor(field, spec) {
  const name = spec;
  const list = (cur, want) => {
    if (cur === undefined || cur === null) return [];
    if (!Array.isArray(cur)) throw new ReducerTypeError(field, name, want, cur);
    return cur;
  };
  switch (true) {
    case spec === "replace":
      return (_, b) => b;
    case spec === "append":
      return (a, b) => [...list(a, "the current value to be an array"), ...(Array.isArray(b) ? b : [b])];
    case spec === "merge":
      return (a, b) => {
        if (!isObject(b)) throw new ReducerTypeError(field, name, "an object", b);
        if (a !== undefined && a !== null && !isObject(a)) throw new ReducerTypeError(field, name, "the current value to be an object", a);
        return { ...(a ?? {}), ...b };
      };
    case spec === "sum":
      return (a, b) => {
        if (typeof b !== "number") throw new ReducerTypeError(field, name, "a number", b);
        if (a !== undefined && a !== null && typeof a !== "number") throw new ReducerTypeError(field, name, "the current value to be a number", a);
        return (a ?? 0) + b;
      };
    case spec === "union":
      return (a, b) => {
        const out = [...list(a, "the current value to be an array")];
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
    case spec.startsWith("join(") && spec.endsWith(")"):
      const sep = JSON.parse(spec.slice(5, -1));
      return (a, b) => {
        if (typeof b !== "string") throw new ReducerTypeError(field, name, "a string", b);
        if (a === undefined || a === null) return b;
        if (typeof a !== "string") throw new ReducerTypeError(field, name, "the current value to be a string", a);
        return a === "" ? b : a + sep + b;
      };
    case spec === "messages":
      return (a, b) => {
        try {
          return messagesStateReducer(a, b);
        } catch (e) {
          if (e !== null && typeof e === "object") e.field ??= field;
          throw e;
        }
      };
  }
  throw new Error(`unknown reducer ${spec}`);
}

// channelsFor declares the fields: a last-value field is a LastValue
// channel (given an initial value factory when it has a default), any other
// a reducer with a default factory. Dawn builds every field as a reducer
// function and always has messages.
function channelsFor(profile, fields) {
  const spec = {};
  const all = { ...fields };
  if (profile === "dawn" && !("messages" in all)) all.messages = { reducer: "messages", default: [] };
  for (const [name, f] of Object.entries(all)) {
    let reducer = f.reducer;
    if (reducer === undefined) {
      if (profile === "dawn") reducer = Array.isArray(f.default) ? "append" : "replace";
      else reducer = "last-value";
    }
    const has = Object.prototype.hasOwnProperty.call(f, "default");
    const def = has ? () => structuredClone(f.default) : undefined;
    if (reducer === "last-value") spec[name] = has ? new LastValue(def) : new LastValue();
    else spec[name] = Annotation({ reducer: reducerFor(name, reducer), default: def });
  }
  return spec;
}

// nodeOutput is what a node of the case returns. A command output
// {"update", "goto"} becomes a Command; so does a command's JSON.stringify
// form {"lg_name": "Command", ...} wherever a node may return a Command (the
// output itself, or an element of an array), revived as LangGraph revives it
// (_deserializeCommandSendObjectGraph: new Command(x)). Anything else is
// returned as it is.
function nodeOutput(n) {
  const revive = (v) => (isObject(v) && v.lg_name === "Command" ? new Command(v) : v);
  if (n.command && isObject(n.output)) return new Command(n.output);
  if (Array.isArray(n.output)) return n.output.map(revive);
  return revive(n.output);
}

function errorEntry(e) {
  if (e === null || typeof e !== "object") return { message: String(e), code: null, name: null, field: null };
  return {
    message: String(e.message),
    code: e.lc_error_code ?? null,
    name: e.name ?? e.constructor?.name ?? null,
    field: e.field ?? null,
  };
}

function gotoTargets(step) {
  const out = new Set();
  const add = (cmd) => {
    if (!isObject(cmd)) return;
    const g = cmd.goto;
    for (const t of Array.isArray(g) ? g : [g]) if (typeof t === "string" && t !== "__end__") out.add(t);
  };
  for (const n of step) {
    if (n.command || (isObject(n.output) && n.output.lg_name === "Command")) add(n.output);
    if (Array.isArray(n.output)) for (const el of n.output) if (isObject(el) && el.lg_name === "Command") add(el);
  }
  return out;
}

async function run(c) {
  const step = c.step ?? [];
  const builder = new StateGraph(Annotation.Root(channelsFor(c.profile ?? "langgraph", c.fields ?? {})));
  const ran = new Set();
  const stepNodes = step.map((n) => n.node);
  const targets = [...gotoTargets(step)];
  for (const n of step) {
    const run = () => {
      ran.add(n.node);
      return nodeOutput(n);
    };
    builder.addNode(n.node, run, targets.length ? { ends: targets } : undefined);
    builder.addEdge(START, n.node);
  }
  // goto targets and, for a case without a step, a node the input leads to
  // that never runs
  const idle = targets.filter((t) => !stepNodes.includes(t));
  if (step.length === 0) idle.push("idle");
  for (const t of idle) builder.addNode(t, () => null);
  if (step.length === 0) builder.addEdge(START, "idle");
  const graph = builder.compile({
    checkpointer: new MemorySaver(),
    interruptAfter: stepNodes.length ? stepNodes : undefined,
    interruptBefore: step.length === 0 ? ["idle"] : undefined,
  });
  const config = { configurable: { thread_id: "main" } };
  try {
    await graph.invoke(c.input, config);
  } catch (e) {
    const phase = ran.size === 0 ? "input" : "step";
    if (e instanceof AggregateError) return { phase, aggregate: true, errors: e.errors.map(errorEntry) };
    return { phase, errors: [errorEntry(e)] };
  }
  const snap = await graph.getState(config);
  return { state: toPlain(snap.values) };
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (line.trim() === "") continue;
  generated = 0;
  let answer;
  try {
    answer = await run(JSON.parse(line));
  } catch (e) {
    answer = { harness: String(e?.stack ?? e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
