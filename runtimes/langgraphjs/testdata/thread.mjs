// thread.mjs: a test's ground truth for sequences of commits. Each case
// runs on ONE real LangGraph thread, kept by a real MemorySaver with its
// own serializer, one invoke per commit: an input is graph.invoke(input),
// a step graph.invoke(new Command({goto: [its nodes]})), with interruptAfter
// on every node. Nothing is seeded: this is what the bridge's seeded
// checkpoints must give.
//
// Usage: node thread.mjs <suite root>; one case per line on stdin:
//   {"profile", "fields": [{"name", "reducer", "default"?}], "commits": [{"kind": "input", "input"} | {"kind": "step", "outputs": [{"node", "output", "command"?}]}]}
// One answer per line: {"outcomes": [{"values"} | {"error": {"code", "field"?, "message"}}]},
// stopping at the first error.
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";

const require = createRequire(path.join(path.resolve(process.argv[2]), "package.json"));
const { Annotation, Command, END, MemorySaver, START, StateGraph, messagesStateReducer } = require("@langchain/langgraph");
const { LastValue } = require("@langchain/langgraph/channels");
const { BaseMessage } = require("@langchain/core/messages");

// ids: the n-th generated id of a case is auto-n, as the harness counts
let generated = 0;
let inReducer = 0;
const real = crypto.randomUUID.bind(crypto);
crypto.randomUUID = () => (inReducer > 0 ? "auto-" + ++generated : real());

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const jsonType = (v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const canon = (v) =>
  Array.isArray(v) ? "[" + v.map(canon).join(",") + "]" : isObject(v) ? "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}" : JSON.stringify(v);

class ReducerError extends Error {
  constructor(code, field, message) {
    super(message);
    this.lc_error_code = code;
    this.field = field;
  }
}

function reducerFor(field, name) {
  const te = (want, got) => new ReducerError("REDUCER_TYPE_ERROR", field, `field ${JSON.stringify(field)} with reducer ${name} expects ${want}, received ${jsonType(got)}`);
  const list = (a) => {
    if (a === undefined || a === null) return [];
    if (!Array.isArray(a)) throw te("the current value to be an array", a);
    return a;
  };
  const patch = (t, p) => {
    if (!isObject(p)) return p;
    const out = isObject(t) ? { ...t } : {};
    for (const [k, v] of Object.entries(p)) if (v === null) delete out[k];
    else out[k] = patch(out[k], v);
    return out;
  };
  if (name === "replace") return (_, b) => b;
  if (name === "append") return (a, b) => [...list(a), ...(Array.isArray(b) ? b : [b])];
  if (name === "merge-patch") return patch;
  if (name === "merge")
    return (a, b) => {
      if (!isObject(b)) throw te("an object", b);
      if (a !== undefined && a !== null && !isObject(a)) throw te("the current value to be an object", a);
      return { ...(a ?? {}), ...b };
    };
  if (name === "sum")
    return (a, b) => {
      if (typeof b !== "number") throw te("a number", b);
      if (a !== undefined && a !== null && typeof a !== "number") throw te("the current value to be a number", a);
      const s = (a ?? 0) + b;
      if (!Number.isFinite(s)) throw new ReducerError("NON_JSON_VALUE", field, "overflow");
      if (Number.isInteger(s) && Math.abs(s) > Number.MAX_SAFE_INTEGER) throw new ReducerError("UNSAFE_INTEGER", field, "unsafe");
      return s;
    };
  if (name === "union")
    return (a, b) => {
      const out = [...list(a)];
      const seen = new Set(out.map(canon));
      for (const v of Array.isArray(b) ? b : [b]) if (!seen.has(canon(v))) seen.add(canon(v)), out.push(v);
      return out;
    };
  if (name.startsWith("join(")) {
    const sep = JSON.parse(name.slice(5, -1));
    return (a, b) => {
      if (typeof b !== "string") throw te("a string", b);
      if (a === undefined || a === null) return b;
      if (typeof a !== "string") throw te("the current value to be a string", a);
      return a === "" ? b : a + sep + b;
    };
  }
  if (name === "messages")
    return (a, b) => {
      inReducer++;
      try {
        return messagesStateReducer(a, b);
      } catch (e) {
        if (e !== null && typeof e === "object") e.field ??= field;
        throw e;
      } finally {
        inReducer--;
      }
    };
  throw new Error("unknown reducer " + name);
}

const defaults = { additional_kwargs: (v) => isObject(v) && !Object.keys(v).length, response_metadata: (v) => isObject(v) && !Object.keys(v).length, tool_calls: (v) => Array.isArray(v) && !v.length, invalid_tool_calls: (v) => Array.isArray(v) && !v.length };
function toPlain(v) {
  if (BaseMessage.isInstance(v)) {
    const out = { type: v._getType() };
    for (const [k, x] of Object.entries(v)) {
      if (k === "type" || k.startsWith("lc_") || x === undefined || defaults[k]?.(x)) continue;
      if (k === "content" && out.type === "remove" && Array.isArray(x) && !x.length) continue;
      out[k] = toPlain(x);
    }
    return out;
  }
  if (Array.isArray(v)) return v.map(toPlain);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPlain(x)]));
  return v;
}

function errorOf(c, e) {
  while (e instanceof AggregateError && e.errors?.length) e = e.errors[0];
  let message = String(e?.message ?? e);
  const cut = message.indexOf("\n\nTroubleshooting URL:");
  if (cut >= 0) message = message.slice(0, cut);
  let field = e?.field;
  const m = /^Invalid update for channel "((?:[^"\\]|\\.)*)"/.exec(message);
  if (m && field === undefined) field = JSON.parse('"' + m[1] + '"');
  let code = e?.lc_error_code;
  if (!code) {
    const reducer = c.fields.find((f) => f.name === field)?.reducer;
    if (message.endsWith("Can receive only one Overwrite value per step.")) code = "INVALID_CONCURRENT_GRAPH_UPDATE";
    else if (message.startsWith("Attempting to delete a message with an ID that doesn't exist")) code = "MESSAGE_NOT_FOUND";
    else if (e?.name === "TypeError" && reducer === "messages") code = "MESSAGE_COERCION_FAILURE";
    else code = "RUNTIME_ERROR";
  }
  return { code, field, message };
}

const revive = (v) => (isObject(v) && v.lg_name === "Command" ? new Command(v) : v);
function nodeOutput(n) {
  if (n.command && isObject(n.output)) return new Command(n.output);
  if (Array.isArray(n.output)) return n.output.map(revive);
  return revive(n.output);
}

async function run(c) {
  generated = 0;
  const names = new Set();
  for (const cm of c.commits)
    for (const o of cm.outputs ?? []) {
      names.add(o.node);
      const cmds = [];
      if (o.command || (isObject(o.output) && o.output.lg_name === "Command")) cmds.push(o.output);
      if (Array.isArray(o.output)) for (const el of o.output) if (isObject(el) && el.lg_name === "Command") cmds.push(el);
      for (const cmd of cmds) for (const t of [cmd?.goto].flat()) if (typeof t === "string" && t !== "__end__") names.add(t);
    }
  const channels = {};
  for (const f of c.fields) {
    const has = Object.prototype.hasOwnProperty.call(f, "default");
    const def = has ? () => structuredClone(f.default) : undefined;
    channels[f.name] = f.reducer === "last-value" ? (has ? new LastValue(def) : new LastValue()) : Annotation({ reducer: reducerFor(f.name, f.reducer), default: def });
  }
  const builder = new StateGraph(Annotation.Root(channels));
  let returns = new Map();
  const all = [...names].sort();
  for (const n of all)
    builder.addNode(
      n,
      () => {
        const out = returns.has(n) ? returns.get(n) : null;
        returns.delete(n);
        return out;
      },
      { ends: all },
    );
  builder.addEdge(START, END);
  const graph = builder.compile({ checkpointer: new MemorySaver(), interruptAfter: all.length ? all : undefined });
  const config = { configurable: { thread_id: "main" } };
  const outcomes = [];
  for (const cm of c.commits) {
    try {
      if (cm.kind === "input") await graph.invoke(cm.input, config);
      else {
        returns = new Map(cm.outputs.map((o) => [o.node, nodeOutput(o)]));
        await graph.invoke(new Command({ goto: [...returns.keys()] }), config);
      }
    } catch (e) {
      outcomes.push({ error: errorOf(c, e) });
      break;
    }
    outcomes.push({ values: toPlain((await graph.getState(config)).values) });
  }
  return { outcomes };
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let answer;
  try {
    answer = await run(JSON.parse(line));
  } catch (e) {
    answer = { harness: String(e?.stack ?? e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
